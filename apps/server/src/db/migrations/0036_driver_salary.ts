import type { Kysely } from 'kysely';
import { withId } from './helpers';

// 司机工资. `driver_salary_config`: a merchant's salary rules, money in fen (per trip, per ton, per
// ton-km by default, base pay per month, the penalty per late plan arrival, the bonus per litre of
// fuel saved, a fixed monthly allowance) and `line_rules`, JSON [{ lineId, tonKmFen, fuelTarget }]
// (fuelTarget 0.1 L per 100 km). `driver_salary_month`: a driver's confirmed month ('YYYY-MM'),
// its computed items (JSON) and total in fen: a confirmed month never changes.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('driver_salary_config')
    .addColumn('merchant_id', 'integer', (c) => c.primaryKey().references('merchant.id'))
    .addColumn('trip_fen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ton_fen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ton_km_fen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('base_fen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('late_penalty_fen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('fuel_bonus_fen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('allowance_fen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('line_rules', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('updated_by', 'integer')
    .addColumn('updated_by_name', 'varchar(64)')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('driver_salary_month'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
    .addColumn('team_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('driver_id', 'integer', (c) => c.notNull())
    .addColumn('month', 'varchar(7)', (c) => c.notNull())
    .addColumn('items', 'text', (c) => c.notNull())
    .addColumn('total_fen', 'bigint', (c) => c.notNull())
    .addColumn('confirmed_by', 'integer', (c) => c.notNull())
    .addColumn('confirmed_by_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('confirmed_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('driver_salary_month_driver_month_uq')
    .on('driver_salary_month')
    .columns(['merchant_id', 'driver_id', 'month'])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('driver_salary_month').execute();
  await db.schema.dropTable('driver_salary_config').execute();
}
