import type { Kysely } from 'kysely';

// 每车每日油耗里程 (truck_day): the daily figures of each truck, Shanghai day (`day` as the number
// YYYYMMDD) and driver (0 when the trip had none), rolled up from the closed trips and the fuel
// events of the day (modules/energy/roll-up.ts). Units: mileage 0.1 km, fuel_used 0.1 of the
// truck's fuel unit (L, kWh or kg as the trips record it), refuel and drain 0.1 L, drive_seconds s.
// Every fuel, mileage and energy report reads these rows instead of the trips or positions.
// truck_day_state is the roll-up's checkpoint (one row, id 1).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('truck_day')
    .addColumn('truck_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('driver_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('team_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('mileage', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('fuel_used', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('drive_seconds', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('trips', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('refuel', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('drain', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('truck_day_pk', ['truck_id', 'day', 'driver_id'])
    .execute();
  // the reports: a merchant's days of a period (team and truck filtered in the rows read)
  await db.schema
    .createIndex('truck_day_period_idx')
    .on('truck_day')
    .columns(['merchant_id', 'day', 'team_code'])
    .execute();
  await db.schema.createIndex('truck_day_driver_idx').on('truck_day').columns(['driver_id', 'day']).execute();

  await db.schema
    .createTable('truck_day_state')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    // trips that ended before this (device time) are rolled up, less an overlap the job reads again
    .addColumn('rolled_until', 'bigint', (c) => c.notNull())
    // the highest trip and fuel event ids seen: rows written later (late uploads) are rolled up too
    .addColumn('last_trip_id', 'bigint', (c) => c.notNull())
    .addColumn('last_event_id', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // closed trips by end: what the roll-up reads since its checkpoint
  await db.schema.createIndex('trip_end_idx').on('trip').columns(['end_time']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('trip_end_idx').execute();
  await db.schema.dropTable('truck_day_state').execute();
  await db.schema.dropTable('truck_day').execute();
}
