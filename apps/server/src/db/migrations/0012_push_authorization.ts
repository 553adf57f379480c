import type { Kysely } from 'kysely';
import { withId } from './helpers';

// Push messages (推送管理) and time-limited role grants to users (用户授权).
// A card push becomes a queued pop-up notice (pop_message) for the users of a team subtree; a
// screen push is shown on the home screen of those users while it is active.
export async function up(db: Kysely<any>): Promise<void> {
  // null: the whole merchant, as before; else the team whose subtree sees the notice
  await db.schema.alterTable('pop_message').addColumn('team_code', 'varchar(36)').execute();

  await withId(db, db.schema.createTable('push'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('team_code', 'varchar(36)', (c) => c.notNull())
    // 1 card (pop-up notice), 2 screen
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(30)', (c) => c.notNull())
    .addColumn('content', 'varchar(500)', (c) => c.notNull())
    .addColumn('signature', 'varchar(100)')
    .addColumn('pop_message_id', 'integer')
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addColumn('creator_name', 'varchar(30)', (c) => c.notNull())
    .addColumn('deleted_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('push_scope_idx').on('push').columns(['merchant_id', 'team_code']).execute();

  await withId(db, db.schema.createTable('user_authorization'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    // the team of the user at the time of the grant (who may see the grant)
    .addColumn('team_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('role_id', 'integer', (c) => c.notNull())
    // 'YYYY-MM-DD' in Asia/Shanghai, both days included
    .addColumn('start_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('end_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('reason', 'varchar(200)', (c) => c.notNull())
    // 1 in force (within its dates), 0 revoked
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addColumn('creator_name', 'varchar(30)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_by', 'integer')
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('user_authorization_user_idx')
    .on('user_authorization')
    .columns(['user_id', 'merchant_id', 'status'])
    .execute();
  await db.schema
    .createIndex('user_authorization_scope_idx')
    .on('user_authorization')
    .columns(['merchant_id', 'team_code'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('user_authorization').execute();
  await db.schema.dropTable('push').execute();
  await db.schema.alterTable('pop_message').dropColumn('team_code').execute();
}
