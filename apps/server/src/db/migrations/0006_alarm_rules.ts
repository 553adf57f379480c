import type { Kysely } from 'kysely';
import { withId } from './helpers';

// Settings of the platform's alarm rules, station fence sets, and active-safety evidence files.
// Rule settings are JSON objects of the rules a level changes (@fleet/domain AlarmRulePatch): a
// team's apply to its subtree (the merchant's root team = the merchant's defaults), a truck's to
// the truck. Times in epoch milliseconds.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('alarm_team_setting')
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('team_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'integer')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('alarm_team_setting_pk', ['merchant_id', 'team_code'])
    .execute();

  await db.schema
    .createTable('alarm_truck_setting')
    .addColumn('truck_id', 'integer', (c) => c.primaryKey())
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'integer')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  // A fence set: which station fences raise enter (7101) and exit (7102) alarms for which trucks
  // (listed trucks, and every truck of the listed teams' subtrees).
  await withId(db, db.schema.createTable('fence_set'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('team_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    // comma lists of ids and team codes
    .addColumn('station_ids', 'text', (c) => c.notNull())
    .addColumn('truck_ids', 'text', (c) => c.notNull())
    .addColumn('team_codes', 'text', (c) => c.notNull())
    .addColumn('notify_enter', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('notify_exit', 'integer', (c) => c.notNull().defaultTo(1))
    // 1 enabled, 0 disabled
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('remark', 'varchar(200)')
    .addColumn('created_by', 'integer')
    .addColumn('deleted_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('fence_set_scope_idx')
    .on('fence_set')
    .columns(['merchant_id', 'team_code'])
    .execute();

  // Evidence of an active-safety alarm (photo or video), keyed by the alarm number the terminal
  // reported (16-byte identification as 32 hex digits); uploaded before or after the alarm row.
  await withId(db, db.schema.createTable('alarm_attachment'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('truck_id', 'integer', (c) => c.notNull())
    .addColumn('alarm_no', 'varchar(32)', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    // 'photo' | 'video'
    .addColumn('type', 'varchar(8)', (c) => c.notNull())
    .addColumn('channel', 'integer')
    .addColumn('stored_path', 'varchar(200)', (c) => c.notNull())
    .addColumn('mime_type', 'varchar(50)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('alarm_attachment_no_idx')
    .on('alarm_attachment')
    .columns(['truck_id', 'alarm_no', 'seq'])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['alarm_attachment', 'fence_set', 'alarm_truck_setting', 'alarm_team_setting']) {
    await db.schema.dropTable(table).execute();
  }
}
