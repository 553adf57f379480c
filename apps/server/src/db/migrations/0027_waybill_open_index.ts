import { type Kysely, sql } from 'kysely';

// The open waybills (not cancelled; to be loaded, loading or in transit) by truck: the fence watch
// reads them all at start and every minute, and a truck's on each change. A partial index holds only
// them (a few thousand among millions), so neither read walks the waybill table. Its condition is
// written with the same literals the watch's query uses, as both databases match it only so.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('waybill_open_idx')
    .on('waybill')
    .columns(['truck_id', 'id'])
    .where(sql<boolean>`cancelled = 0 and status in (1, 2, 3)`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('waybill_open_idx').execute();
}
