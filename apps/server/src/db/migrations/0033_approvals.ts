import type { Kysely } from 'kysely';
import { withId } from './helpers';

// 审批设置 and 运单费用审批. `approve_node`/`approve_node_user`: a merchant's approval chain of a
// business type (1 运单费用), ordered by seq, each node with its approvers. `approve_business`: an
// approval round of a waybill's fees with the chain as it was at submission (JSON), the node it
// stands at (current_seq), its status (1 审批中 2 已通过 3 已驳回) and the sum of its fees (fen);
// `approve_business_fee` the fee rows it covers; `approve_track` its timeline (1 提交 2 通过 3 驳回
// 4 重新提交).

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('approve_node'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
    .addColumn('business_type', 'integer', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('node_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('approve_node_chain_idx')
    .on('approve_node')
    .columns(['merchant_id', 'business_type', 'seq'])
    .execute();

  await db.schema
    .createTable('approve_node_user')
    .addColumn('node_id', 'integer', (c) => c.notNull().references('approve_node.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('approve_node_user_pk', ['node_id', 'user_id'])
    .execute();

  await withId(db, db.schema.createTable('approve_business'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
    .addColumn('team_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('business_type', 'integer', (c) => c.notNull())
    .addColumn('waybill_id', 'integer', (c) => c.notNull().references('waybill.id'))
    .addColumn('task_code', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('chain', 'text', (c) => c.notNull())
    .addColumn('current_seq', 'integer', (c) => c.notNull())
    // the current node's approvers as ',3,5,' ('' once finished): the 待我审批 filter
    .addColumn('current_approvers', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('amount_fen', 'bigint', (c) => c.notNull())
    .addColumn('submitted_by', 'integer')
    .addColumn('submitted_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('approve_business_list_idx')
    .on('approve_business')
    .columns(['merchant_id', 'business_type', 'submitted_at'])
    .execute();
  await db.schema
    .createIndex('approve_business_waybill_idx')
    .on('approve_business')
    .columns(['waybill_id', 'status'])
    .execute();

  await db.schema
    .createTable('approve_business_fee')
    .addColumn('business_id', 'integer', (c) =>
      c.notNull().references('approve_business.id').onDelete('cascade'),
    )
    .addColumn('fee_id', 'integer', (c) => c.notNull().references('waybill_fee.id'))
    .addPrimaryKeyConstraint('approve_business_fee_pk', ['business_id', 'fee_id'])
    .execute();
  await db.schema
    .createIndex('approve_business_fee_fee_idx')
    .on('approve_business_fee')
    .column('fee_id')
    .execute();

  await withId(db, db.schema.createTable('approve_track'))
    .addColumn('business_id', 'integer', (c) =>
      c.notNull().references('approve_business.id').onDelete('cascade'),
    )
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('node_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('action', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('user_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('comment', 'varchar(500)')
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('approve_track_business_idx')
    .on('approve_track')
    .columns(['business_id', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('approve_track').execute();
  await db.schema.dropTable('approve_business_fee').execute();
  await db.schema.dropTable('approve_business').execute();
  await db.schema.dropTable('approve_node_user').execute();
  await db.schema.dropTable('approve_node').execute();
}
