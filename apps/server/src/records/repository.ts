import type { RecordMeta } from '@fleet/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { AuthContext } from '../http/auth';
import { badInput, notFound } from '../http/envelope';
import { pageOf } from '../http/route';
import { inReferenceScope, inScope } from '../http/scope';
import type { Operation } from '../modules/operate-log/operate-log.repository';
import type { RecordDef, RecordQuery, StoredRow, TeamForm, UniqueField } from './record';

/** The database as the recipe sees it: any record table, by name. */
// biome-ignore lint/suspicious/noExplicitAny: the recipe works on any record table
export const tables = (db: Kysely<Database>) => db as unknown as Kysely<any>;
// biome-ignore lint/suspicious/noExplicitAny: any record definition
type AnyDef = RecordDef<any, any, any, any>;

/** '客户不存在或无权操作': a record missing, deleted, or out of the caller's reach. */
export const missingMessage = (meta: RecordMeta) => `${meta.entity}不存在或无权操作`;

/** The definition's message of a record missing or out of reach. */
export const missingOf = (def: { meta: RecordMeta; missing?: string }) =>
  def.missing ?? missingMessage(def.meta);

/** An operation-log entry about one record. */
export function recordLog(meta: RecordMeta, id: number, teamCode: string, content: string): Operation {
  return { pageEnum: meta.pageEnum, dataId: id, teamCode, content };
}

/**
 * The rows of a record type the caller may read, with the definition's joins: merchant and team
 * scope (shared records also from the teams above) and soft delete, applied here once.
 */
export function readableRows(db: Kysely<Database>, auth: AuthContext, def: AnyDef): RecordQuery {
  const { table } = def.meta;
  let q: RecordQuery = tables(db).selectFrom(table);
  if (def.joins) q = def.joins(q, auth);
  q = q.where(def.meta.scope === 'shared' ? inReferenceScope(auth.scope, table) : inScope(auth.scope, table));
  if (def.meta.softDelete) q = q.where(`${table}.deleted_at`, 'is', null);
  return q;
}

/** The readable rows the list's filter selects (the list, its count and its export). */
export function filteredRows(
  db: Kysely<Database>,
  auth: AuthContext,
  def: AnyDef,
  filter: unknown,
): RecordQuery {
  return def.filter.apply(readableRows(db, auth, def), filter);
}

/** One page of the list, in the definition's order (newest first by default), as the API answers it. */
export async function recordPage(
  db: Kysely<Database>,
  auth: AuthContext,
  def: AnyDef,
  filter: { pageNum: number; pageSize: number },
) {
  const { rows, total } = await pageOf(
    filteredRows(db, auth, def, filter),
    (q) => {
      const selected = q.select(def.selection as string[]);
      return def.order ? def.order(selected) : selected.orderBy(`${def.meta.table}.id`, 'desc');
    },
    filter,
  );
  return { list: await recordViews(db, def, rows), total };
}

/** Listed rows as the API answers them: the definition's `views` of the page, or `view` of each row. */
export async function recordViews(db: Kysely<Database>, def: AnyDef, rows: readonly unknown[]) {
  return def.views ? def.views(db, rows as never[]) : rows.map((r) => def.view(r as never));
}

/** The stored row the caller may change: in its own team subtree, not deleted; 404 otherwise. */
export async function changeableRow(
  db: Kysely<Database>,
  auth: AuthContext,
  meta: RecordMeta,
  id: number,
  missing = missingMessage(meta),
): Promise<StoredRow> {
  let q = tables(db)
    .selectFrom(meta.table)
    .selectAll()
    .where(inScope(auth.scope, meta.table))
    .where('id', '=', id);
  if (meta.softDelete) q = q.where('deleted_at', 'is', null);
  const row = (await q.executeTakeFirst()) as StoredRow | undefined;
  if (!row) throw notFound(missing);
  return row;
}

/** The changeable rows among `ids`; 400 when any of them is not. */
export async function changeableRows(
  db: Kysely<Database>,
  auth: AuthContext,
  meta: RecordMeta,
  ids: readonly number[],
): Promise<StoredRow[]> {
  let q = tables(db)
    .selectFrom(meta.table)
    .selectAll()
    .where(inScope(auth.scope, meta.table))
    .where('id', 'in', ids);
  if (meta.softDelete) q = q.where('deleted_at', 'is', null);
  const rows = (await q.execute()) as StoredRow[];
  if (rows.length !== ids.length) throw badInput(missingMessage(meta));
  return rows;
}

/** The message of a unique value already taken: '客户名称: 该客户名称已存在'. */
export function takenMessage(meta: RecordMeta, unique: UniqueField<never>): string {
  return `${meta.labels[unique.field] ?? unique.field}: ${unique.taken}`;
}

/**
 * The merchant's live rows holding any of the given values of the unique fields, as
 * { column → set of taken values } (empty values are never unique).
 */
export async function takenValues<Form>(
  db: Kysely<Database>,
  merchantId: number,
  meta: RecordMeta,
  uniques: readonly UniqueField<Form>[],
  values: (column: string) => unknown[],
  exceptId?: number,
): Promise<Map<string, Set<unknown>>> {
  const taken = new Map(uniques.map((u) => [u.column, new Set<unknown>()]));
  const asked = uniques
    .map((u) => ({ column: u.column, values: values(u.column).filter((v) => v !== null && v !== '') }))
    .filter((a) => a.values.length > 0);
  if (asked.length === 0) return taken;
  let q = tables(db)
    .selectFrom(meta.table)
    .select(uniques.map((u) => u.column))
    .where('merchant_id', '=', merchantId)
    .where((eb) => eb.or(asked.map((a) => eb(a.column, 'in', a.values))));
  if (meta.softDelete) q = q.where('deleted_at', 'is', null);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  for (const row of await q.execute()) for (const u of uniques) taken.get(u.column)?.add(row[u.column]);
  return taken;
}

/** Refuses a form whose unique values another record of the merchant holds (the first one taken). */
export async function checkUnique<Form extends TeamForm>(
  db: Kysely<Database>,
  auth: AuthContext,
  def: Pick<RecordDef<Form, unknown, unknown, unknown>, 'meta' | 'unique' | 'form'>,
  form: Form,
  exceptId?: number,
): Promise<void> {
  const uniques = def.unique ?? [];
  if (uniques.length === 0) return;
  const columns = def.form.columns(form);
  const taken = await takenValues(db, auth.merchantId, def.meta, uniques, (c) => [columns[c]], exceptId);
  for (const u of uniques) {
    const value = columns[u.column];
    if (value !== null && value !== '' && taken.get(u.column)?.has(value))
      throw badInput(takenMessage(def.meta, u as UniqueField<never>));
  }
}
