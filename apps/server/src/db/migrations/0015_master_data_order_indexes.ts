import type { Kysely } from 'kysely';

// Lists and exports of trucks and drivers page through a merchant's rows newest first by id
// (keyset paging in exports); without this index SQLite sorts the whole scope for every page.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('truck_merchant_id_idx').on('truck').columns(['merchant_id', 'id']).execute();
  await db.schema.createIndex('driver_merchant_id_idx').on('driver').columns(['merchant_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('driver_merchant_id_idx').execute();
  await db.schema.dropIndex('truck_merchant_id_idx').execute();
}
