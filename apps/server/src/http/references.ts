import { RECORD_TYPES, type RecordKind, type RecordMeta } from '@fleet/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { badInput } from './envelope';
import { inReferenceScope, inScope, type Scope } from './scope';

/**
 * The records a request may point at by id: every record type of `RECORD_TYPES`. Shared records are
 * reference data a team hands down to the teams below it (inReferenceScope); the others must lie in
 * the caller's own subtree; soft-deleted ones are gone.
 */
export type ReferenceKind = RecordKind;

/** A referenced record as the caller may see it. */
export interface UsableRecord {
  id: number;
  name: string;
  teamCode: string;
}

/**
 * The live records of `kind` among `ids` that the caller may point at, by id. Every id a request
 * takes that names another record (a line's customer and stations, a truck's driver and terminal, a
 * waybill's truck, driver, line and customer) goes through this or usableRecord.
 */
export async function usableRecords(
  db: Kysely<Database>,
  scope: Scope,
  kind: ReferenceKind,
  ids: readonly number[],
): Promise<Map<number, UsableRecord>> {
  const found = new Map<number, UsableRecord>();
  const unique = [...new Set(ids)];
  if (unique.length === 0) return found;
  const ref: RecordMeta = RECORD_TYPES[kind];
  // biome-ignore lint/suspicious/noExplicitAny: each record table has id, its name column and team_code
  let q = (db as Kysely<any>)
    .selectFrom(ref.table)
    .select(['id', `${ref.nameColumn} as name`, 'team_code'])
    .where(ref.scope === 'shared' ? inReferenceScope(scope, ref.table) : inScope(scope, ref.table));
  if (ref.softDelete) q = q.where('deleted_at', 'is', null);
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await q.where('id', 'in', unique.slice(i, i + 500)).execute();
    for (const r of rows) found.set(r.id, { id: r.id, name: String(r.name), teamCode: r.team_code });
  }
  return found;
}

/**
 * One record the caller may point at, or 400 naming the field: `label` is the form's Chinese label
 * of the field (the kind's own name when left out).
 */
export async function usableRecord(
  db: Kysely<Database>,
  scope: Scope,
  kind: ReferenceKind,
  id: number,
  label: string = RECORD_TYPES[kind].entity,
): Promise<UsableRecord> {
  const found = (await usableRecords(db, scope, kind, [id])).get(id);
  if (!found) throw badInput(`${label}: 不存在或不在您的管辖范围内`);
  return found;
}
