import type { Kysely } from 'kysely';

// What a message that is not an alarm is about: the bill number of a waybill reminder (8002), which
// its 去处理 passes as taskCode from the message list as the live pop-up does.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('message').addColumn('business_code', 'varchar(64)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('message').dropColumn('business_code').execute();
}
