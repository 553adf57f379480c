import { type Kysely, sql } from 'kysely';

// The waybill list over a million waybills (issue 12). A page is read in list order (created, id)
// from the index of its search, and its count (up to 10,000) from the same index; the count checks
// each entry's team (the caller's subtree), so the list's indexes carry the team code and are read
// without visiting the table. 已取消, the tabulation review's state and the source, rare values a
// search asks for on its own, get indexes of their own; a plate search reads the trucks' waybills
// by (truck, created). The indexes of 0022 the fence watch and bill numbers use stay as they are.

/** name → columns: each replaces the index of 0022 of that name, or is new. */
const LIST_INDEXES: Record<string, string[]> = {
  waybill_created_idx: ['merchant_id', 'created_at', 'team_code'],
  waybill_status_idx: ['merchant_id', 'status', 'created_at', 'team_code', 'cancelled'],
  waybill_customer_idx: ['merchant_id', 'customer_id', 'created_at', 'team_code'],
  waybill_line_idx: ['merchant_id', 'line_id', 'created_at', 'team_code'],
  waybill_driver_idx: ['driver_id', 'created_at', 'merchant_id', 'team_code'],
  waybill_truck_created_idx: ['truck_id', 'created_at', 'merchant_id', 'team_code'],
  waybill_approval_idx: ['merchant_id', 'approval_state', 'created_at', 'team_code'],
  waybill_source_idx: ['merchant_id', 'source', 'created_at', 'team_code'],
};

/** The indexes of 0022 replaced above, with their columns then. */
const REPLACED: Record<string, string[]> = {
  waybill_created_idx: ['merchant_id', 'created_at'],
  waybill_status_idx: ['merchant_id', 'status', 'created_at'],
  waybill_customer_idx: ['merchant_id', 'customer_id', 'created_at'],
  waybill_line_idx: ['merchant_id', 'line_id', 'created_at'],
  waybill_driver_idx: ['driver_id', 'created_at'],
};

export async function up(db: Kysely<any>): Promise<void> {
  for (const name of Object.keys(REPLACED)) await db.schema.dropIndex(name).execute();
  for (const [name, columns] of Object.entries(LIST_INDEXES))
    await db.schema.createIndex(name).on('waybill').columns(columns).execute();
  // the cancelled ones only: a search for the waybills not cancelled (the open ones of the fence
  // watch, states of the list) never takes it for the other 98 %
  await db.schema
    .createIndex('waybill_cancelled_idx')
    .on('waybill')
    .columns(['merchant_id', 'created_at', 'team_code'])
    .where(sql.ref('cancelled'), '=', sql.lit(1))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('waybill_cancelled_idx').execute();
  for (const name of Object.keys(LIST_INDEXES)) await db.schema.dropIndex(name).execute();
  for (const [name, columns] of Object.entries(REPLACED))
    await db.schema.createIndex(name).on('waybill').columns(columns).execute();
}
