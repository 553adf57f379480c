import type { Kysely } from 'kysely';
import { withId } from './helpers';

export async function up(db: Kysely<any>): Promise<void> {
  // Who changed what: rows carry the merchant and the team of the record they describe.
  await withId(db, db.schema.createTable('operate_log'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
    .addColumn('team_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('page_enum', 'integer', (c) => c.notNull())
    .addColumn('data_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('account_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('content', 'varchar(2000)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('operate_log_data_idx')
    .on('operate_log')
    .columns(['merchant_id', 'page_enum', 'data_id', 'created_at'])
    .execute();

  // Column settings of list pages, per user and page.
  await db.schema
    .createTable('user_field_set')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('page_key', 'varchar(100)', (c) => c.notNull())
    .addColumn('fields', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_field_set_pk', ['user_id', 'page_key'])
    .execute();

  // Uploaded files: stored on disk under an unguessable name, described here.
  await withId(db, db.schema.createTable('uploaded_file'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('stored_path', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('original_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('mime_type', 'varchar(100)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['uploaded_file', 'user_field_set', 'operate_log'])
    await db.schema.dropTable(table).execute();
}
