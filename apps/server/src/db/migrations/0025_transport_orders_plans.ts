import type { Kysely } from 'kysely';
import { withId } from './helpers';

// 运输订单 and 发车计划. An order is what a customer asked to have moved (tons as whole kg, or
// truckloads); a plan is a truck and driver to run a line at planned times, optionally for an order,
// with a row per station of the line (planned arrival and departure, the actual ones the plan monitor
// records, and `max_seq`, the last station reached). Waybills point at their plan (`waybill.plan_id`),
// so plans keep their history: only drafts and cancelled plans are deleted. Times are epoch ms.

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('transport_order'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
    .addColumn('team_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('order_no', 'varchar(32)', (c) => c.notNull())
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id'))
    .addColumn('line_id', 'integer', (c) => c.notNull().references('line.id'))
    .addColumn('cargo', 'varchar(30)', (c) => c.notNull())
    // 1 tons (quantity in kg), 2 truckloads (quantity in trucks)
    .addColumn('quantity_unit', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'bigint', (c) => c.notNull())
    // the window the goods are to be moved in
    .addColumn('start_at', 'bigint', (c) => c.notNull())
    .addColumn('end_at', 'bigint', (c) => c.notNull())
    // 1 open, 2 finished, 3 cancelled
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('remark', 'varchar(200)')
    .addColumn('created_by', 'integer')
    .addColumn('deleted_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('transport_order_scope_idx')
    .on('transport_order')
    .columns(['merchant_id', 'team_code', 'id'])
    .execute();
  await db.schema
    .createIndex('transport_order_no_idx')
    .on('transport_order')
    .columns(['merchant_id', 'order_no'])
    .execute();

  await withId(db, db.schema.createTable('plan'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
    .addColumn('team_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('plan_no', 'varchar(32)', (c) => c.notNull())
    // 0 draft, 1 published, 2 distributed, 3 running, 4 finished, 5 cancelled
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
    // a draft may lack any of these; publishing needs line, truck, driver and the times
    .addColumn('order_id', 'integer')
    .addColumn('customer_id', 'integer')
    .addColumn('line_id', 'integer')
    .addColumn('truck_id', 'integer')
    .addColumn('driver_id', 'integer')
    .addColumn('cargo', 'varchar(30)')
    .addColumn('planned_kg', 'bigint')
    .addColumn('planned_depart_at', 'bigint')
    // the planned arrival at the last station: the end of the window the truck is taken in
    .addColumn('planned_arrive_at', 'bigint')
    // the plan monitor's: the last station reached (0 none), actual departure and arrival
    .addColumn('max_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('departed_at', 'bigint')
    .addColumn('arrived_at', 'bigint')
    .addColumn('published_at', 'bigint')
    .addColumn('distributed_at', 'bigint')
    .addColumn('cancelled_at', 'bigint')
    .addColumn('cancel_reason', 'varchar(200)')
    // the vehicle schedule (排班) that made it; null when made by hand
    .addColumn('schedule_id', 'integer')
    .addColumn('remark', 'varchar(200)')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('plan_scope_idx')
    .on('plan')
    .columns(['merchant_id', 'team_code', 'id'])
    .execute();
  // the truck's other plans in a window (publishing), its running plan (monitor)
  await db.schema
    .createIndex('plan_truck_idx')
    .on('plan')
    .columns(['truck_id', 'state', 'planned_depart_at'])
    .execute();
  await db.schema.createIndex('plan_order_idx').on('plan').columns(['order_id']).execute();
  // statistics and lists by day
  await db.schema
    .createIndex('plan_depart_idx')
    .on('plan')
    .columns(['merchant_id', 'planned_depart_at'])
    .execute();

  await withId(db, db.schema.createTable('plan_station'))
    .addColumn('plan_id', 'integer', (c) => c.notNull().references('plan.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    // 1 start, 2 waypoint, 3 end (the line's rows)
    .addColumn('station_type', 'integer', (c) => c.notNull())
    .addColumn('station_id', 'integer')
    .addColumn('address', 'varchar(200)', (c) => c.notNull())
    // metres from the previous row
    .addColumn('distance', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('planned_arrive_at', 'bigint')
    .addColumn('planned_depart_at', 'bigint')
    .addColumn('actual_arrive_at', 'bigint')
    .addColumn('actual_depart_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('plan_station_plan_idx')
    .on('plan_station')
    .columns(['plan_id', 'seq'])
    .execute();

  // progress of orders and plans: the waybills of a plan
  await db.schema.createIndex('waybill_plan_idx').on('waybill').columns(['plan_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('waybill_plan_idx').execute();
  await db.schema.dropTable('plan_station').execute();
  await db.schema.dropTable('plan').execute();
  await db.schema.dropTable('transport_order').execute();
}
