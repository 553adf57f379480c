import { type Kysely, sql } from 'kysely';
import { isPostgres, withId } from './helpers';

// Master data the telematics core needs from the start (truck, terminal, driver), with the fields
// the master-data pages fill in later, and the telematics tables: position history (partitioned by
// day on PostgreSQL), the latest state of each truck, trips and stops.
// Units: coordinates in microdegrees (WGS-84), speed in 0.1 km/h, mileage in 0.1 km, fuel in 0.1 L,
// times in epoch milliseconds, dates as 'YYYY-MM-DD' text.
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('terminal'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
    .addColumn('team_code', 'varchar(36)', (c) => c.notNull())
    // the terminal phone number exactly as the JT/T 808 header carries it (the API's `tid`)
    .addColumn('phone', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('terminal_no', 'varchar(30)')
    .addColumn('model', 'varchar(30)')
    .addColumn('manufacturer', 'varchar(11)')
    .addColumn('protocol_version', 'varchar(10)', (c) => c.notNull().defaultTo('2013'))
    .addColumn('sim_no', 'varchar(20)')
    .addColumn('video_channels', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('auth_code_hash', 'varchar(64)')
    .addColumn('registered_at', 'bigint')
    .addColumn('last_online_at', 'bigint')
    .addColumn('remark', 'varchar(200)')
    .addColumn('deleted_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('terminal_scope_idx')
    .on('terminal')
    .columns(['merchant_id', 'team_code'])
    .execute();

  await withId(db, db.schema.createTable('driver'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
    .addColumn('team_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('name', 'varchar(30)', (c) => c.notNull())
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('id_card', 'varchar(18)')
    .addColumn('license_class', 'varchar(10)')
    .addColumn('license_expiry', 'varchar(10)')
    .addColumn('qualification_no', 'varchar(30)')
    .addColumn('qualification_expiry', 'varchar(10)')
    .addColumn('photos', 'varchar(2000)')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('remark', 'varchar(200)')
    .addColumn('deleted_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('driver_scope_idx')
    .on('driver')
    .columns(['merchant_id', 'team_code'])
    .execute();
  await db.schema.createIndex('driver_phone_idx').on('driver').columns(['merchant_id', 'phone']).execute();

  await withId(db, db.schema.createTable('truck'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
    .addColumn('team_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('car_no', 'varchar(20)', (c) => c.notNull())
    .addColumn('plate_color', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('vin', 'varchar(17)', (c) => c.notNull())
    .addColumn('car_type', 'varchar(20)')
    .addColumn('brand', 'varchar(30)')
    .addColumn('series', 'varchar(30)')
    .addColumn('fuel_type', 'integer', (c) => c.notNull().defaultTo(3))
    // 3 hired (外协), otherwise own
    .addColumn('car_info_type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('owner_name', 'varchar(30)')
    .addColumn('owner_phone', 'varchar(20)')
    .addColumn('terminal_id', 'integer', (c) => c.references('terminal.id').unique())
    .addColumn('driver_id', 'integer', (c) => c.references('driver.id'))
    .addColumn('video_channels', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tank_capacity', 'integer')
    .addColumn('speed_limit', 'integer')
    .addColumn('load_capacity', 'integer')
    .addColumn('engine_no', 'varchar(30)')
    .addColumn('register_date', 'varchar(10)')
    .addColumn('driving_license_expiry', 'varchar(10)')
    .addColumn('operating_license_no', 'varchar(30)')
    .addColumn('operating_license_expiry', 'varchar(10)')
    .addColumn('insurance_expiry', 'varchar(10)')
    .addColumn('annual_inspection_expiry', 'varchar(10)')
    .addColumn('remark', 'varchar(200)')
    .addColumn('deleted_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('truck_scope_idx').on('truck').columns(['merchant_id', 'team_code']).execute();
  await db.schema.createIndex('truck_vin_idx').on('truck').columns(['merchant_id', 'vin']).unique().execute();
  await db.schema.createIndex('truck_car_no_idx').on('truck').columns(['merchant_id', 'car_no']).execute();

  // One row a report. No foreign keys: history outlives master data edits, and writes stay cheap.
  const position = (name: string) =>
    db.schema
      .createTable(name)
      .addColumn('truck_id', 'integer', (c) => c.notNull())
      .addColumn('terminal_id', 'integer', (c) => c.notNull())
      .addColumn('time', 'bigint', (c) => c.notNull())
      .addColumn('received_at', 'bigint', (c) => c.notNull())
      .addColumn('lat', 'integer', (c) => c.notNull())
      .addColumn('lon', 'integer', (c) => c.notNull())
      .addColumn('altitude', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('speed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('direction', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('alarm_bits', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('status_bits', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('mileage', 'integer')
      .addColumn('fuel', 'integer')
      // further additional items, JSON, only when present
      .addColumn('extra', 'text');
  if (isPostgres(db)) {
    await sql`${sql.raw(position('position').compile().sql)} partition by range (time)`.execute(db);
    await sql`create table position_default partition of position default`.execute(db);
  } else {
    await position('position').execute();
  }
  await db.schema
    .createIndex('position_truck_time_idx')
    .on('position')
    .columns(['truck_id', 'time'])
    .execute();

  await db.schema
    .createTable('vehicle_state')
    .addColumn('truck_id', 'integer', (c) => c.primaryKey())
    .addColumn('terminal_id', 'integer', (c) => c.notNull())
    .addColumn('time', 'bigint', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .addColumn('lat', 'integer', (c) => c.notNull())
    .addColumn('lon', 'integer', (c) => c.notNull())
    .addColumn('altitude', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('speed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('direction', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('acc', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('online', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('alarm_bits', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('status_bits', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('mileage', 'integer')
    .addColumn('fuel', 'integer')
    .addColumn('driver_id', 'integer')
    .execute();

  await withId(db, db.schema.createTable('trip'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('team_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('truck_id', 'integer', (c) => c.notNull())
    .addColumn('driver_id', 'integer')
    .addColumn('start_time', 'bigint', (c) => c.notNull())
    .addColumn('end_time', 'bigint')
    .addColumn('start_lat', 'integer', (c) => c.notNull())
    .addColumn('start_lon', 'integer', (c) => c.notNull())
    .addColumn('end_lat', 'integer')
    .addColumn('end_lon', 'integer')
    .addColumn('start_mileage', 'integer')
    .addColumn('mileage', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('start_fuel', 'integer')
    .addColumn('fuel_used', 'integer')
    .addColumn('max_speed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('avg_speed', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('trip_truck_time_idx').on('trip').columns(['truck_id', 'start_time']).execute();
  await db.schema
    .createIndex('trip_scope_idx')
    .on('trip')
    .columns(['merchant_id', 'team_code', 'start_time'])
    .execute();

  await withId(db, db.schema.createTable('stop'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('team_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('truck_id', 'integer', (c) => c.notNull())
    .addColumn('start_time', 'bigint', (c) => c.notNull())
    .addColumn('end_time', 'bigint')
    .addColumn('lat', 'integer', (c) => c.notNull())
    .addColumn('lon', 'integer', (c) => c.notNull())
    .addColumn('acc_off', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('stop_truck_time_idx').on('stop').columns(['truck_id', 'start_time']).execute();
  await db.schema
    .createIndex('stop_scope_idx')
    .on('stop')
    .columns(['merchant_id', 'team_code', 'start_time'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['stop', 'trip', 'vehicle_state', 'position', 'truck', 'driver', 'terminal']) {
    await db.schema.dropTable(table).execute();
  }
}
