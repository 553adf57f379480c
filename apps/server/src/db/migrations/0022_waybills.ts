import type { Kysely } from 'kysely';
import { withId } from './helpers';

// 运单 and what hangs on it. Weights are whole kilograms, money whole fen (bigint), times epoch ms.
// Fees, approvals, receivables, salary, costs and profit (the modules after this one) refer to
// `waybill.id`; a waybill is never deleted, only cancelled. The price's terms are copied onto the
// waybill when it is priced, so a later change of the price never changes a settled freight.

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('waybill'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
    // the team of its truck at creation
    .addColumn('team_code', 'varchar(36)', (c) => c.notNull())
    // YD + YYYYMMDD + sequence of the merchant's day; also the reminder's taskCode
    .addColumn('bill_no', 'varchar(20)', (c) => c.notNull())
    // who made it: 1 office, 2 driver, 4 scan code, 5 import (WAYBILL_SOURCES)
    .addColumn('source', 'integer', (c) => c.notNull().defaultTo(1))
    // the departure plan it runs under (plans come with the next module)
    .addColumn('plan_id', 'integer')
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id'))
    .addColumn('line_id', 'integer', (c) => c.notNull().references('line.id'))
    .addColumn('loading_station_id', 'integer', (c) => c.notNull().references('station.id'))
    .addColumn('unloading_station_id', 'integer', (c) => c.notNull().references('station.id'))
    .addColumn('cargo', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('truck_id', 'integer', (c) => c.notNull().references('truck.id'))
    .addColumn('driver_id', 'integer', (c) => c.references('driver.id'))
    .addColumn('planned_load_at', 'bigint')
    .addColumn('planned_arrive_at', 'bigint')
    // 1 to be loaded, 2 loading, 3 in transit, 4 arrived, 6 completed
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    // when it entered each state (null until it did)
    .addColumn('loading_at', 'bigint')
    .addColumn('departed_at', 'bigint')
    .addColumn('arrived_at', 'bigint')
    .addColumn('completed_at', 'bigint')
    // cancelled: keeps the state it had
    .addColumn('cancelled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cancel_reason', 'varchar(200)')
    .addColumn('cancelled_at', 'bigint')
    // 运单制表审核 of waybills made by drivers or by scanning: 0 none, 1 pending, 2 approved, 3 rejected
    .addColumn('approval_state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('approval_remark', 'varchar(200)')
    .addColumn('approved_by', 'integer')
    .addColumn('approved_at', 'bigint')
    // 磅单 at loading and unloading; photos are file URLs joined with ';'
    .addColumn('loading_gross_kg', 'integer')
    .addColumn('loading_tare_kg', 'integer')
    .addColumn('loading_net_kg', 'integer')
    .addColumn('loading_weighed_at', 'bigint')
    .addColumn('loading_photos', 'varchar(2000)')
    .addColumn('unloading_gross_kg', 'integer')
    .addColumn('unloading_tare_kg', 'integer')
    .addColumn('unloading_net_kg', 'integer')
    .addColumn('unloading_weighed_at', 'bigint')
    .addColumn('unloading_photos', 'varchar(2000)')
    // 回单: the signed receipt
    .addColumn('back_photos', 'varchar(2000)')
    .addColumn('back_remark', 'varchar(200)')
    .addColumn('back_at', 'bigint')
    // the transport price in force at loading and its terms (null when none was in force)
    .addColumn('transport_price_id', 'integer', (c) => c.references('transport_price.id'))
    .addColumn('price_type', 'integer')
    .addColumn('price_fen', 'bigint')
    .addColumn('settle_weight', 'integer')
    .addColumn('allowed_loss_permille', 'integer')
    .addColumn('price_deduction_fen', 'bigint')
    // the freight: settlement weight, loss, gross, loss deduction and what is owed
    .addColumn('settle_kg', 'integer')
    .addColumn('loss_kg', 'integer')
    .addColumn('freight_gross_fen', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('loss_deduction_fen', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('freight_fen', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('remark', 'varchar(200)')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('waybill_bill_no_idx')
    .on('waybill')
    .columns(['merchant_id', 'bill_no'])
    .unique()
    .execute();
  // the list: a merchant's waybills by team, newest first, and its filters by time
  await db.schema
    .createIndex('waybill_scope_idx')
    .on('waybill')
    .columns(['merchant_id', 'team_code', 'id'])
    .execute();
  await db.schema
    .createIndex('waybill_created_idx')
    .on('waybill')
    .columns(['merchant_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('waybill_status_idx')
    .on('waybill')
    .columns(['merchant_id', 'status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('waybill_customer_idx')
    .on('waybill')
    .columns(['merchant_id', 'customer_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('waybill_line_idx')
    .on('waybill')
    .columns(['merchant_id', 'line_id', 'created_at'])
    .execute();
  // a truck's waybills: the list by plate, and the open ones its fence events move
  await db.schema
    .createIndex('waybill_truck_idx')
    .on('waybill')
    .columns(['truck_id', 'status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('waybill_driver_idx')
    .on('waybill')
    .columns(['driver_id', 'created_at'])
    .execute();

  // The timeline of a waybill (statusFlow): every creation, move of state, weighing, receipt,
  // cancellation, exception and change of line, with who or what made it.
  await withId(db, db.schema.createTable('waybill_flow'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('waybill_id', 'integer', (c) => c.notNull().references('waybill.id'))
    // WAYBILL_FLOW_ACTIONS
    .addColumn('action', 'integer', (c) => c.notNull())
    .addColumn('from_status', 'integer')
    .addColumn('to_status', 'integer')
    // WAYBILL_SOURCES: 1 office user, 2 driver, 3 the truck's position, 4 scan code, 5 import
    .addColumn('source', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('actor_name', 'varchar(64)')
    // for a move by the truck: the station whose fence and the position
    .addColumn('station_id', 'integer')
    .addColumn('lat', 'double precision')
    .addColumn('lng', 'double precision')
    .addColumn('content', 'varchar(500)')
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('waybill_flow_waybill_idx')
    .on('waybill_flow')
    .columns(['waybill_id', 'id'])
    .execute();

  // 运单异常
  await withId(db, db.schema.createTable('waybill_exception'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('waybill_id', 'integer', (c) => c.notNull().references('waybill.id'))
    .addColumn('exception_type', 'integer', (c) => c.notNull())
    .addColumn('description', 'varchar(500)', (c) => c.notNull())
    .addColumn('photos', 'varchar(2000)')
    .addColumn('lat', 'double precision')
    .addColumn('lng', 'double precision')
    .addColumn('address', 'varchar(200)')
    .addColumn('source', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('waybill_exception_waybill_idx')
    .on('waybill_exception')
    .columns(['waybill_id', 'id'])
    .execute();

  // 运单费用: amounts on a waybill by fee type, other than the freight. `state` is for the fee
  // approval and payment of the next module: 1 to approve, 2 approved, 3 rejected, 4 paid.
  await withId(db, db.schema.createTable('waybill_fee'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('team_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('waybill_id', 'integer', (c) => c.notNull().references('waybill.id'))
    .addColumn('fee_type_id', 'integer', (c) => c.notNull().references('fee_type.id'))
    .addColumn('amount_fen', 'bigint', (c) => c.notNull())
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('source', 'integer', (c) => c.notNull())
    .addColumn('photos', 'varchar(2000)')
    .addColumn('remark', 'varchar(200)')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('waybill_fee_waybill_idx')
    .on('waybill_fee')
    .columns(['waybill_id', 'id'])
    .execute();
  await db.schema
    .createIndex('waybill_fee_state_idx')
    .on('waybill_fee')
    .columns(['merchant_id', 'state', 'created_at'])
    .execute();

  // The last bill number of each merchant's day: one row, bumped in the creating transaction.
  await db.schema
    .createTable('waybill_bill_no_seq')
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'varchar(8)', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('waybill_bill_no_seq_pk', ['merchant_id', 'day'])
    .execute();

  // 扫码运单: a QR code for a customer and line (and cargo) that drivers scan to make waybills.
  // `token` is the code's random part in the printed URL; it opens nothing but this form.
  await withId(db, db.schema.createTable('waybill_scan_code'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
    .addColumn('team_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('token', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id'))
    .addColumn('line_id', 'integer', (c) => c.notNull().references('line.id'))
    .addColumn('cargo', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('remark', 'varchar(200)')
    .addColumn('valid', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('waybill_scan_code_scope_idx')
    .on('waybill_scan_code')
    .columns(['merchant_id', 'team_code', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('waybill_scan_code').execute();
  await db.schema.dropTable('waybill_bill_no_seq').execute();
  await db.schema.dropTable('waybill_fee').execute();
  await db.schema.dropTable('waybill_exception').execute();
  await db.schema.dropTable('waybill_flow').execute();
  await db.schema.dropTable('waybill').execute();
}
