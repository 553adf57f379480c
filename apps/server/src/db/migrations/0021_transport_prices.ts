import type { Kysely } from 'kysely';
import { withId } from './helpers';

// 运价: what a customer pays on a line (for a cargo; '' for any cargo), per ton or per trip, in a
// validity period. Amounts are whole fen (bigint: up to 8 integer digits of yuan). Waybills will
// point at the price in force at loading, so a price is deleted softly (`deleted_at`).

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('transport_price'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
    .addColumn('team_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id'))
    .addColumn('line_id', 'integer', (c) => c.notNull().references('line.id'))
    // '' when the price holds for any cargo of the customer on the line
    .addColumn('cargo', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    // 1 per ton, 2 per trip
    .addColumn('price_type', 'integer', (c) => c.notNull())
    .addColumn('price_fen', 'bigint', (c) => c.notNull())
    // the weight it settles on: 1 loading, 2 unloading, 3 the lesser
    .addColumn('settle_weight', 'integer', (c) => c.notNull())
    // allowed loss, whole ‰ of the loading net weight (0-1000)
    .addColumn('allowed_loss_permille', 'integer', (c) => c.notNull().defaultTo(0))
    // deducted per ton of loss above the allowed one
    .addColumn('deduction_fen', 'bigint', (c) => c.notNull().defaultTo(0))
    // 'YYYY-MM-DD', Asia/Shanghai, both days included
    .addColumn('start_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('end_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('remark', 'varchar(200)')
    // 1 enabled, 0 disabled
    .addColumn('valid', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'integer')
    .addColumn('deleted_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // the list: a merchant's prices by team, newest first
  await db.schema
    .createIndex('transport_price_scope_idx')
    .on('transport_price')
    .columns(['merchant_id', 'team_code', 'id'])
    .execute();
  // the price in force for a customer, line and cargo at a day, and the overlap check
  await db.schema
    .createIndex('transport_price_force_idx')
    .on('transport_price')
    .columns(['merchant_id', 'customer_id', 'line_id', 'cargo', 'start_date'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('transport_price').execute();
}
