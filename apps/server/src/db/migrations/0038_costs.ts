import type { Kysely } from 'kysely';
import { withId } from './helpers';

// 成本中心 (issue 15): `cost`, one cost of a truck (加油, 路桥费, 保养, 杂费 or a merchant's own cost
// fee type), money in fen, quantity in hundredths of its unit (litres for a refuel), unit price in fen
// a unit. `cost_at` is the first ms of the Shanghai day `cost_date`, the day the sums of
// 0038_costs_day and 0038_costs_month put the cost in. A deleted cost keeps its row (deleted_at).
// `truck_depreciation`: one truck's purchase price, date, life and residual value, whose monthly
// depreciation the cost analysis shows as its own type 折旧.

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('cost'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('team_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('truck_id', 'integer', (c) => c.notNull())
    .addColumn('driver_id', 'integer')
    .addColumn('cost_type', 'integer', (c) => c.notNull())
    .addColumn('fee_type_id', 'integer')
    .addColumn('cost_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('cost_at', 'bigint', (c) => c.notNull())
    .addColumn('occurred_at', 'bigint')
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('quantity', 'bigint')
    .addColumn('unit_price', 'bigint')
    .addColumn('waybill_id', 'integer')
    .addColumn('trip_id', 'integer')
    .addColumn('pay_method', 'integer')
    .addColumn('place', 'varchar(100)')
    .addColumn('invoice_images', 'varchar(2000)')
    .addColumn('remark', 'varchar(200)')
    .addColumn('source', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('deleted_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('cost_merchant_date_idx')
    .on('cost')
    .columns(['merchant_id', 'cost_date', 'id'])
    .execute();
  await db.schema.createIndex('cost_truck_date_idx').on('cost').columns(['truck_id', 'cost_date']).execute();
  await db.schema.createIndex('cost_trip_idx').on('cost').column('trip_id').execute();
  await db.schema.createIndex('cost_waybill_idx').on('cost').column('waybill_id').execute();

  await db.schema
    .createTable('truck_depreciation')
    .addColumn('truck_id', 'integer', (c) => c.primaryKey())
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('team_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('purchase_price', 'bigint', (c) => c.notNull())
    .addColumn('purchase_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('life_months', 'integer', (c) => c.notNull())
    .addColumn('residual', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_by', 'integer')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('truck_depreciation_merchant_idx')
    .on('truck_depreciation')
    .column('merchant_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('truck_depreciation').execute();
  await db.schema.dropTable('cost').execute();
}
