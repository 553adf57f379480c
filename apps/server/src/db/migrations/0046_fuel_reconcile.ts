import type { Kysely } from 'kysely';

// Fuel reconciliation kept by the scan job (issue 15) instead of on every read of 加油记录 and 异常油耗.
// `fuel_reconcile_mark`: the job's checkpoints by name; 'refuel_cost' is the newest `cost.updated_at`
// the job has reconciled (costs added, edited, deleted or imported since are reconciled on its next
// run, for their truck and time only). `cost_updated_idx` finds those costs.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('fuel_reconcile_mark')
    .addColumn('name', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('mark', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('cost_updated_idx').on('cost').column('updated_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('cost_updated_idx').execute();
  await db.schema.dropTable('fuel_reconcile_mark').execute();
}
