import { type Kysely, sql } from 'kysely';

// The ingest reads the open trip and open stop of every truck at start (so trips survive a
// restart); partial indexes keep that read small however long the history grows.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('trip_open_idx')
    .on('trip')
    .column('truck_id')
    .where(sql.ref('end_time'), 'is', null)
    .execute();
  await db.schema
    .createIndex('stop_open_idx')
    .on('stop')
    .column('truck_id')
    .where(sql.ref('end_time'), 'is', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('stop_open_idx').execute();
  await db.schema.dropIndex('trip_open_idx').execute();
}
