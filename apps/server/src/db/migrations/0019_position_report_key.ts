import { type Kysely, sql } from 'kysely';
import { isPostgres } from './helpers';

// A report the terminal resends (its acknowledgement was lost) is the same truck, time and place:
// the position index becomes unique on them, and the ingest inserts with ON CONFLICT DO NOTHING, so
// a resend is stored once and acknowledged again. Reads by (truck_id, time) use the same index.
// Duplicates stored before are removed first (on PostgreSQL a row and its duplicate share a daily
// partition, since the time is part of the key).
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`delete from position a using position b
      where a.tableoid = b.tableoid and a.ctid > b.ctid
        and a.truck_id = b.truck_id and a.time = b.time and a.lat = b.lat and a.lon = b.lon`.execute(db);
  } else {
    await sql`delete from position where rowid not in (
      select min(rowid) from position group by truck_id, time, lat, lon)`.execute(db);
  }
  await db.schema.dropIndex('position_truck_time_idx').execute();
  await db.schema
    .createIndex('position_report_key')
    .on('position')
    .columns(['truck_id', 'time', 'lat', 'lon'])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('position_report_key').execute();
  await db.schema
    .createIndex('position_truck_time_idx')
    .on('position')
    .columns(['truck_id', 'time'])
    .execute();
}
