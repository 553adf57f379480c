import type { Kysely } from 'kysely';
import { withId } from './helpers';

// Times are epoch milliseconds (bigint), flags are 0/1 integers, on both databases.
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('merchant'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('gross_margin_red_line', 'integer', (c) => c.notNull().defaultTo(6000))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('team'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
    .addColumn('team_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('team_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('parent_code', 'varchar(36)')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('team_merchant_code_uq', ['merchant_id', 'team_code'])
    .execute();

  await withId(db, db.schema.createTable('app_user'))
    .addColumn('username', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('nickname', 'varchar(50)', (c) => c.notNull())
    .addColumn('phone', 'varchar(20)')
    .addColumn('email', 'varchar(100)')
    .addColumn('avatar', 'varchar(500)')
    .addColumn('introduction', 'varchar(500)')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_operator', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_merchant_id', 'integer')
    .addColumn('locked_until', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  // A user's place in a merchant: the team whose subtree they see, and whether they manage it.
  await withId(db, db.schema.createTable('user_merchant'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
    .addColumn('team_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('is_manager', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('entry_time', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('user_merchant_uq', ['user_id', 'merchant_id'])
    .execute();
  await db.schema
    .createIndex('user_merchant_scope_idx')
    .on('user_merchant')
    .columns(['merchant_id', 'team_code'])
    .execute();

  await withId(db, db.schema.createTable('role'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('remark', 'varchar(200)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('role_merchant_name_uq', ['merchant_id', 'name'])
    .execute();

  await db.schema
    .createTable('role_menu')
    .addColumn('role_id', 'integer', (c) => c.notNull().references('role.id').onDelete('cascade'))
    .addColumn('code', 'varchar(40)', (c) => c.notNull())
    .addPrimaryKeyConstraint('role_menu_pk', ['role_id', 'code'])
    .execute();

  await db.schema
    .createTable('user_role')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('role.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_role_pk', ['user_id', 'role_id'])
    .execute();

  // Tokens are stored as SHA-256 hashes only.
  await withId(db, db.schema.createTable('user_session'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('refresh_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('refresh_expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('user_session_user_idx').on('user_session').column('user_id').execute();

  await withId(db, db.schema.createTable('login_failure'))
    .addColumn('username', 'varchar(50)', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)')
    .execute();
  await db.schema
    .createIndex('login_failure_user_at_idx')
    .on('login_failure')
    .columns(['username', 'at'])
    .execute();

  await db.schema
    .createTable('verify_code')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('sms_code'))
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('sms_code_phone_idx').on('sms_code').columns(['phone', 'created_at']).execute();

  // Pop-up notices of spec core section 2, shown once per user.
  await withId(db, db.schema.createTable('pop_message'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
    .addColumn('pop_content', 'varchar(500)', (c) => c.notNull())
    .addColumn('signature_content', 'varchar(100)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('pop_message_read')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('pop_message_id', 'integer', (c) =>
      c.notNull().references('pop_message.id').onDelete('cascade'),
    )
    .addColumn('read_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('pop_message_read_pk', ['user_id', 'pop_message_id'])
    .execute();

  // Per-user lists behind the 'latest' and 'frequently used' menu tags.
  await db.schema
    .createTable('user_menu_visit')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('code', 'varchar(40)', (c) => c.notNull())
    .addColumn('visits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_menu_visit_pk', ['user_id', 'code'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'user_menu_visit',
    'pop_message_read',
    'pop_message',
    'sms_code',
    'verify_code',
    'login_failure',
    'user_session',
    'user_role',
    'role_menu',
    'role',
    'user_merchant',
    'app_user',
    'team',
    'merchant',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
