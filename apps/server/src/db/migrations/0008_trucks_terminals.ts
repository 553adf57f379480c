import { type Kysely, sql } from 'kysely';

// Trucks and terminals as the master-data pages keep them:
// - a truck's VIN is unique among the merchant's trucks that are not deleted (a deleted truck's VIN
//   may be registered again); plates are checked by the application the same way;
// - a truck names its video channels (comma list, e.g. '前向,驾驶员,车厢,后向');
// - a deleted terminal gives its phone number back (the column is unique): the row keeps a
//   placeholder in `phone` and the number it had in `deleted_phone`;
// - T-BOX settings of a terminal (JT/T 808 parameters set with 0x8103) and when they were sent.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('truck').addColumn('channel_names', 'varchar(200)').execute();
  await db.schema.dropIndex('truck_vin_idx').execute();
  await db.schema
    .createIndex('truck_vin_idx')
    .on('truck')
    .columns(['merchant_id', 'vin'])
    .unique()
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();

  await db.schema.alterTable('terminal').addColumn('deleted_phone', 'varchar(20)').execute();

  await db.schema
    .createTable('terminal_setting')
    .addColumn('terminal_id', 'integer', (c) => c.primaryKey().references('terminal.id'))
    // seconds between heartbeats (parameter 0x0001)
    .addColumn('heartbeat_seconds', 'integer', (c) => c.notNull())
    // seconds between reports while driving (0x0029) and while the engine is off (0x0027)
    .addColumn('report_seconds', 'integer', (c) => c.notNull())
    .addColumn('sleep_report_seconds', 'integer', (c) => c.notNull())
    // km/h (0x0055) and seconds over it before the terminal alarms (0x0056)
    .addColumn('max_speed', 'integer', (c) => c.notNull())
    .addColumn('overspeed_seconds', 'integer', (c) => c.notNull())
    // minutes of continuous driving (0x0057) and of the shortest rest (0x0059)
    .addColumn('fatigue_minutes', 'integer', (c) => c.notNull())
    .addColumn('rest_minutes', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(30)', (c) => c.notNull())
    // last sending to the terminal: when, and the terminal's 0x0001 result (0 ok, 1 failed,
    // 2 bad message, 3 unsupported); null result with a time: the terminal was offline
    .addColumn('sent_at', 'bigint')
    .addColumn('send_result', 'integer')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('terminal_setting').execute();
  await db.schema.alterTable('terminal').dropColumn('deleted_phone').execute();
  await db.schema.dropIndex('truck_vin_idx').execute();
  await db.schema.createIndex('truck_vin_idx').on('truck').columns(['merchant_id', 'vin']).unique().execute();
  await db.schema.alterTable('truck').dropColumn('channel_names').execute();
}
