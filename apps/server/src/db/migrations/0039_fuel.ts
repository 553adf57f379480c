import type { Kysely } from 'kysely';
import { withId } from './helpers';

// Fuel (issue 15). `fuel_calibration`: a truck's table from the sensor reading (as the terminal
// reports JT/T 808 item 0x02, tenths) to litres in the tank (tenths of a litre), read piecewise
// linearly. `fuel_event`: a refuel (kind 1) or a drain (kind 2) found in a truck's fuel-level curve,
// litres in tenths, times epoch ms, place in microdegrees; its reconciliation `state`: 1 matched to
// the refuel cost `cost_id`, 2 a rise without a cost, 3 a drop while parked (the 5012 alarm
// `alarm_id` when there is one), 4 a drop while driving. One event per truck and start time.
// `fuel_scan`: how far each truck's positions have been scanned for events.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('fuel_calibration')
    .addColumn('truck_id', 'integer', (c) => c.notNull())
    .addColumn('reading', 'integer', (c) => c.notNull())
    .addColumn('litres', 'integer', (c) => c.notNull())
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('team_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('updated_by', 'integer')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('fuel_calibration_pk', ['truck_id', 'reading'])
    .execute();
  await db.schema
    .createIndex('fuel_calibration_merchant_idx')
    .on('fuel_calibration')
    .columns(['merchant_id', 'truck_id'])
    .execute();

  await withId(db, db.schema.createTable('fuel_event'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('team_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('truck_id', 'integer', (c) => c.notNull())
    .addColumn('driver_id', 'integer')
    .addColumn('kind', 'integer', (c) => c.notNull())
    .addColumn('start_time', 'bigint', (c) => c.notNull())
    .addColumn('end_time', 'bigint', (c) => c.notNull())
    .addColumn('lat', 'integer', (c) => c.notNull())
    .addColumn('lon', 'integer', (c) => c.notNull())
    .addColumn('before_fuel', 'integer', (c) => c.notNull())
    .addColumn('after_fuel', 'integer', (c) => c.notNull())
    .addColumn('litres', 'integer', (c) => c.notNull())
    .addColumn('parked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'integer', (c) => c.notNull())
    .addColumn('cost_id', 'integer')
    .addColumn('alarm_id', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('fuel_event_truck_start_uq')
    .on('fuel_event')
    .columns(['truck_id', 'start_time'])
    .unique()
    .execute();
  await db.schema
    .createIndex('fuel_event_merchant_start_idx')
    .on('fuel_event')
    .columns(['merchant_id', 'start_time'])
    .execute();
  await db.schema.createIndex('fuel_event_cost_idx').on('fuel_event').column('cost_id').execute();

  await db.schema
    .createTable('fuel_scan')
    .addColumn('truck_id', 'integer', (c) => c.primaryKey())
    .addColumn('scanned_until', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('fuel_scan').execute();
  await db.schema.dropTable('fuel_event').execute();
  await db.schema.dropTable('fuel_calibration').execute();
}
