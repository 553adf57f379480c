import { type Kysely, sql } from 'kysely';

// 每车每月油耗里程 (truck_month): the sums of truck_day by truck, Shanghai month (`month` YYYYMM),
// driver and team, kept by the roll-up (modules/energy/roll-up-write.ts) in the transaction that
// writes the days; a year's report reads its whole months here and the days of the months it cuts
// from truck_day. `day_bits` has bit d-1 set for each day d of the month with a truck_day row, so
// that the days a truck or driver drove are counted exactly across drivers and trucks.
//
// Plug-in hybrids (fuel type 8, kwh+L) have two figures: fuel_used holds their litres and the new
// power_used their electricity (0.1 kWh), on the trip (as the terminal or an import records it),
// truck_day and truck_month. truck_day_state.open_trip_ids keeps the trips open at the roll-up's last
// run across a restart (a JSON array), so that one closing with an end before the checkpoint is
// still rolled up.
const SUMS = ['mileage', 'fuel_used', 'power_used', 'drive_seconds', 'trips', 'refuel', 'drain'];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('trip').addColumn('power_used', 'bigint').execute();
  await db.schema
    .alterTable('truck_day')
    .addColumn('power_used', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('truck_day_state')
    .addColumn('open_trip_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .createTable('truck_month')
    .addColumn('truck_id', 'integer', (c) => c.notNull())
    .addColumn('month', 'integer', (c) => c.notNull())
    .addColumn('driver_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('team_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('mileage', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('fuel_used', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('power_used', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('drive_seconds', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('trips', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('refuel', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('drain', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('day_bits', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('truck_month_pk', ['truck_id', 'month', 'driver_id', 'team_code'])
    .execute();
  // the reports read a merchant's period from these indexes alone (every key and sum in them)
  await db.schema
    .createIndex('truck_month_period_idx')
    .on('truck_month')
    .columns(['merchant_id', 'month', 'team_code', 'truck_id', 'driver_id', ...SUMS, 'day_bits'])
    .execute();
  await db.schema.dropIndex('truck_day_period_idx').execute();
  await db.schema
    .createIndex('truck_day_period_idx')
    .on('truck_day')
    .columns(['merchant_id', 'day', 'team_code', 'truck_id', 'driver_id', ...SUMS])
    .execute();
  // back-fill: the sums of the days already rolled up (a day's rows are unique by truck, day and
  // driver, so the sum of their bits is their union)
  await sql`
    insert into truck_month (truck_id, month, driver_id, merchant_id, team_code, mileage, fuel_used,
      power_used, drive_seconds, trips, refuel, drain, day_bits, updated_at)
    select truck_id, day / 100, driver_id, max(merchant_id), team_code, sum(mileage), sum(fuel_used),
      sum(power_used), sum(drive_seconds), sum(trips), sum(refuel), sum(drain),
      sum(cast(1 as bigint) << (day % 100 - 1)), max(updated_at)
    from truck_day group by truck_id, day / 100, driver_id, team_code`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('truck_day_period_idx').execute();
  await db.schema
    .createIndex('truck_day_period_idx')
    .on('truck_day')
    .columns(['merchant_id', 'day', 'team_code'])
    .execute();
  await db.schema.dropTable('truck_month').execute();
  await db.schema.alterTable('truck_day_state').dropColumn('open_trip_ids').execute();
  await db.schema.alterTable('truck_day').dropColumn('power_used').execute();
  await db.schema.alterTable('trip').dropColumn('power_used').execute();
}
