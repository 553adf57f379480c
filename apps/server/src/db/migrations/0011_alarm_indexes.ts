import type { Kysely } from 'kysely';

// Covering indexes for the alarm pages' lists (modules/alarms/alarms.repository.ts). Every filter
// of an alarm list (merchant and team subtree, type, time, handling state, level, truck) is in the
// index, so the capped count and the search for a page read index entries only, never the wide
// rows (media and detail JSON), over a million alarms and more:
// - alarm_list_time_idx leads with the time: pages of many types, walked newest first;
// - alarm_list_code_idx leads with the type: pages of a few types (fences, oil theft, one type) and
//   the capped counts (only the entries of the page's types are read);
// - alarm_list_truck_idx leads with the truck: a plate or VIN search, a truck's alarms in a period.
// They replace 0005's (merchant_id, start_time), (merchant_id, code, start_time) and (truck_id,
// start_time), which are their prefixes; a write keeps the same number of indexes up to date.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('alarm_list_time_idx')
    .on('alarm')
    .columns(['merchant_id', 'start_time', 'code', 'team_code', 'handle_status', 'level', 'truck_id'])
    .execute();
  await db.schema
    .createIndex('alarm_list_code_idx')
    .on('alarm')
    .columns(['merchant_id', 'code', 'start_time', 'team_code', 'handle_status', 'level', 'truck_id'])
    .execute();
  await db.schema
    .createIndex('alarm_list_truck_idx')
    .on('alarm')
    .columns(['truck_id', 'start_time', 'code', 'merchant_id', 'team_code', 'handle_status', 'level'])
    .execute();
  await db.schema.dropIndex('alarm_scope_time_idx').execute();
  await db.schema.dropIndex('alarm_code_time_idx').execute();
  await db.schema.dropIndex('alarm_truck_time_idx').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
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
  await db.schema.dropIndex('alarm_list_time_idx').execute();
  await db.schema.dropIndex('alarm_list_code_idx').execute();
  await db.schema.dropIndex('alarm_list_truck_idx').execute();
}
