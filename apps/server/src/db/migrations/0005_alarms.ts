import type { Kysely } from 'kysely';
import { withId } from './helpers';

// Alarms and the messages that carry them to users.
// An alarm is one condition from its start to its end (end_time null while it lasts), raised by a
// terminal (source 1: alarm bits, active-safety items) or by a platform rule (source 2).
// A message is one alarm (type 1) or in-transit reminder (type 2) addressed to one user: written
// once for every subscribed user in scope when the alarm starts, so counts and read state are a
// user's own. Units as in 0003: microdegrees, 0.1 km/h, epoch milliseconds.
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('alarm'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('team_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('truck_id', 'integer', (c) => c.notNull())
    .addColumn('terminal_id', 'integer')
    .addColumn('driver_id', 'integer')
    // catalogue code of @fleet/domain (ALARM_TYPES)
    .addColumn('code', 'integer', (c) => c.notNull())
    // 1 terminal, 2 platform rule
    .addColumn('source', 'integer', (c) => c.notNull())
    // 1 level one (serious), 2 level two; null when the source gives none
    .addColumn('level', 'integer')
    .addColumn('start_time', 'bigint', (c) => c.notNull())
    .addColumn('end_time', 'bigint')
    .addColumn('lat', 'integer', (c) => c.notNull())
    .addColumn('lon', 'integer', (c) => c.notNull())
    .addColumn('speed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_speed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('end_lat', 'integer')
    .addColumn('end_lon', 'integer')
    // the station of a fence alarm, the line of a deviation alarm, the plan of a timing alarm
    .addColumn('station_id', 'integer')
    .addColumn('line_id', 'integer')
    .addColumn('plan_id', 'integer')
    // JSON: what the rule measured (limit, threshold, fuel drop, fault value...)
    .addColumn('detail', 'text')
    // JSON array of { type: 'photo' | 'video', url, channel? }
    .addColumn('media', 'text')
    // 0 not handled, 1 handled, 2 ignored (false alarm)
    .addColumn('handle_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('handle_type', 'integer')
    .addColumn('handle_remark', 'varchar(500)')
    .addColumn('handler_id', 'integer')
    .addColumn('handled_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('alarm_scope_time_idx')
    .on('alarm')
    .columns(['merchant_id', 'start_time'])
    .execute();
  await db.schema
    .createIndex('alarm_code_time_idx')
    .on('alarm')
    .columns(['merchant_id', 'code', 'start_time'])
    .execute();
  await db.schema
    .createIndex('alarm_truck_time_idx')
    .on('alarm')
    .columns(['truck_id', 'start_time'])
    .execute();
  await db.schema
    .createIndex('alarm_open_idx')
    .on('alarm')
    .columns(['truck_id', 'code', 'end_time'])
    .execute();

  await withId(db, db.schema.createTable('message'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    // 1 vehicle alarm, 2 in-transit reminder
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('code', 'integer', (c) => c.notNull())
    .addColumn('alarm_id', 'integer')
    .addColumn('truck_id', 'integer')
    .addColumn('car_no', 'varchar(20)')
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('content', 'varchar(500)', (c) => c.notNull())
    .addColumn('read_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('message_unread_idx')
    .on('message')
    .columns(['user_id', 'merchant_id', 'read_at', 'code'])
    .execute();
  await db.schema
    .createIndex('message_user_time_idx')
    .on('message')
    .columns(['user_id', 'merchant_id', 'created_at'])
    .execute();

  // A user's alarm subscription in a merchant; no row means every alarm type, voice off, pop-up on.
  await db.schema
    .createTable('alarm_subscription')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    // comma list of catalogue codes the user receives
    .addColumn('codes', 'text', (c) => c.notNull())
    .addColumn('alarm_voice', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('alarm_pop', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('alarm_subscription_pk', ['user_id', 'merchant_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['alarm_subscription', 'message', 'alarm']) {
    await db.schema.dropTable(table).execute();
  }
}
