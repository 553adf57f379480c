import type { Kysely } from 'kysely';
import { withId } from './helpers';

// 付款 (issue 14): a payment of a waybill's approved cost fees to one payee (the driver of an own
// truck, the owner of a hired truck), with the fee rows it paid. `request_key` is the client's
// idempotency key: unique per merchant, so a repeated request finds the first payment.
//
// The ledgers read waybill_fee over a million rows: the payable ledger and the fee detail by
// (merchant, fee date) with the columns they sum carried in the index, the road-and-bridge ledger
// and a fee-type filter by (merchant, fee type, fee date).

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('fee_payment'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('team_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('waybill_id', 'integer', (c) => c.notNull().references('waybill.id'))
    .addColumn('payee_type', 'integer', (c) => c.notNull())
    .addColumn('payee_name', 'varchar(60)', (c) => c.notNull())
    .addColumn('payee_phone', 'varchar(20)')
    .addColumn('amount_fen', 'bigint', (c) => c.notNull())
    .addColumn('paid_at', 'bigint', (c) => c.notNull())
    .addColumn('pay_method', 'integer', (c) => c.notNull())
    .addColumn('payer', 'varchar(30)', (c) => c.notNull())
    .addColumn('photos', 'varchar(2000)')
    .addColumn('remark', 'varchar(200)')
    .addColumn('request_key', 'varchar(80)', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('fee_payment_request_key_uq')
    .on('fee_payment')
    .columns(['merchant_id', 'request_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('fee_payment_waybill_idx')
    .on('fee_payment')
    .columns(['waybill_id', 'id'])
    .execute();

  await db.schema
    .createTable('fee_payment_item')
    .addColumn('payment_id', 'integer', (c) => c.notNull().references('fee_payment.id'))
    .addColumn('fee_id', 'integer', (c) => c.notNull().references('waybill_fee.id'))
    .addColumn('amount_fen', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('fee_payment_item_pk', ['payment_id', 'fee_id'])
    .execute();
  // a fee is paid once: one item row per fee
  await db.schema
    .createIndex('fee_payment_item_fee_uq')
    .on('fee_payment_item')
    .columns(['fee_id'])
    .unique()
    .execute();

  await db.schema
    .createIndex('waybill_fee_ledger_idx')
    .on('waybill_fee')
    .columns(['merchant_id', 'created_at', 'team_code', 'state', 'fee_type_id', 'waybill_id', 'amount_fen'])
    .execute();
  await db.schema
    .createIndex('waybill_fee_type_idx')
    .on('waybill_fee')
    .columns(['merchant_id', 'fee_type_id', 'created_at', 'team_code', 'state'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('waybill_fee_type_idx').execute();
  await db.schema.dropIndex('waybill_fee_ledger_idx').execute();
  await db.schema.dropTable('fee_payment_item').execute();
  await db.schema.dropTable('fee_payment').execute();
}
