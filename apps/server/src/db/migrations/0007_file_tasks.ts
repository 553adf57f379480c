import type { Kysely } from 'kysely';
import { withId } from './helpers';

export async function up(db: Kysely<any>): Promise<void> {
  // Spreadsheet exports and imports of a user, listed on the import/export query page.
  await withId(db, db.schema.createTable('file_task'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
    .addColumn('team_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_rows', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('done_rows', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('file_path', 'varchar(200)')
    .addColumn('file_size', 'bigint')
    .addColumn('error', 'varchar(2000)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('file_task_user_idx')
    .on('file_task')
    .columns(['merchant_id', 'user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('file_task').execute();
}
