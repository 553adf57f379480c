import type { Kysely } from 'kysely';
import { withId } from './helpers';

// 线路节油计划 and 行程报告.
// `fuel_efficient_plan`: a target fuel per 100 km for a line (optionally one truck series) over a
// period of Shanghai days; target_fuel in 0.1 L/100km, tolerance in whole percent (flagged above
// target × (1 + tolerance %)). `fuel_efficient_monitor`: a truck monitored under a plan (state 1
// monitoring, 0 cancelled), one row per plan and truck.
// `trip_report`: a trip reported by a driver or imported: departure and arrival ms, mileage 0.1 km,
// fuel 0.1 L, cargo in kg, source 1 entered 2 imported, import_id of its batch, edited 1 once changed
// after import. `trip_report_import`: one import batch (state 1 imported, 2 rolled back).

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('fuel_efficient_plan'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
    .addColumn('team_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('line_id', 'integer', (c) => c.notNull())
    .addColumn('truck_series', 'varchar(64)')
    .addColumn('target_fuel', 'integer', (c) => c.notNull())
    .addColumn('tolerance', 'integer', (c) => c.notNull().defaultTo(5))
    .addColumn('start_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('end_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('remark', 'varchar(255)')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('deleted_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('fuel_efficient_plan_merchant_line')
    .on('fuel_efficient_plan')
    .columns(['merchant_id', 'line_id'])
    .execute();

  await withId(db, db.schema.createTable('fuel_efficient_monitor'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
    .addColumn('team_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('plan_id', 'integer', (c) => c.notNull())
    .addColumn('truck_id', 'integer', (c) => c.notNull())
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('cancelled_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('fuel_efficient_monitor_plan_truck_uq')
    .on('fuel_efficient_monitor')
    .columns(['plan_id', 'truck_id'])
    .unique()
    .execute();

  await withId(db, db.schema.createTable('trip_report_import'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
    .addColumn('team_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('rows', 'integer', (c) => c.notNull())
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'integer')
    .addColumn('created_by_name', 'varchar(64)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('rolled_back_by_name', 'varchar(64)')
    .addColumn('rolled_back_at', 'bigint')
    .execute();

  await withId(db, db.schema.createTable('trip_report'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
    .addColumn('team_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('truck_id', 'integer', (c) => c.notNull())
    .addColumn('driver_id', 'integer')
    .addColumn('line_id', 'integer')
    .addColumn('depart_at', 'bigint', (c) => c.notNull())
    .addColumn('arrive_at', 'bigint', (c) => c.notNull())
    .addColumn('mileage', 'integer', (c) => c.notNull())
    .addColumn('fuel', 'integer', (c) => c.notNull())
    .addColumn('cargo_kg', 'integer')
    .addColumn('remark', 'varchar(255)')
    .addColumn('source', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('import_id', 'integer')
    .addColumn('edited', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('trip_report_merchant_depart')
    .on('trip_report')
    .columns(['merchant_id', 'depart_at'])
    .execute();
  await db.schema.createIndex('trip_report_import_id').on('trip_report').column('import_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('trip_report').execute();
  await db.schema.dropTable('trip_report_import').execute();
  await db.schema.dropTable('fuel_efficient_monitor').execute();
  await db.schema.dropTable('fuel_efficient_plan').execute();
}
