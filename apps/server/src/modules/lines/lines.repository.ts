import { type StationRow, tableTotals } from '@fleet/domain';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { badInput, notFound } from '../../http/envelope';
import { teamCodeField } from '../../http/form-fields';
import { usableRecord, usableRecords } from '../../http/references';
import { paging } from '../../http/route';
import { inReferenceScope, inScope } from '../../http/scope';
import type { LineWithNames } from './lines.fields';
import type { LineStationRow } from './lines.table';

/** The filter of /colliery/line/page and its export. */
export const lineFilter = z.object({
  ...paging,
  routeName: z.string().trim().max(30).optional(),
  routeType: z.coerce.number().int().optional(),
  customerId: z.coerce.number().int().positive().optional(),
  status: z.union([z.literal(0), z.literal(1)]).optional(),
  teamCode: z.preprocess((v) => (v === '' ? undefined : v), teamCodeField.optional()),
});
export type LineFilter = z.output<typeof lineFilter>;

/**
 * How far a query of lines reaches: `read` the lines a caller may see and pick (its subtree and the
 * teams above, finding reference data), `write` those it may change (its subtree).
 */
export type LineReach = 'read' | 'write';

/** Live lines with their team's and customer's names (a customer only when the caller may use it). */
export function scopedLines(db: Kysely<Database>, auth: AuthContext, reach: LineReach = 'read') {
  return db
    .selectFrom('line')
    .leftJoin('team', (j) =>
      j.onRef('team.merchant_id', '=', 'line.merchant_id').onRef('team.team_code', '=', 'line.team_code'),
    )
    .leftJoin('customer', (j) =>
      j.onRef('customer.id', '=', 'line.customer_id').on(inReferenceScope(auth.scope, 'customer')),
    )
    .where(reach === 'read' ? inReferenceScope(auth.scope, 'line') : inScope(auth.scope, 'line'))
    .where('line.deleted_at', 'is', null);
}

export function filteredLines(
  db: Kysely<Database>,
  auth: AuthContext,
  f: Omit<LineFilter, 'pageNum' | 'pageSize'>,
) {
  let q = scopedLines(db, auth);
  if (f.routeName) q = q.where('line.name', 'like', `%${f.routeName}%`);
  if (f.routeType !== undefined) q = q.where('line.route_type', '=', f.routeType);
  if (f.customerId !== undefined) q = q.where('line.customer_id', '=', f.customerId);
  if (f.status !== undefined) q = q.where('line.status', '=', f.status);
  if (f.teamCode) q = q.where('line.team_code', 'like', `${f.teamCode}%`);
  return q;
}

export async function findLine(
  db: Kysely<Database>,
  auth: AuthContext,
  id: number,
  reach: LineReach = 'read',
): Promise<LineWithNames> {
  const row = await scopedLines(db, auth, reach)
    .selectAll('line')
    .select(['team.team_name as teamName', 'customer.customer_name as customerName'])
    .where('line.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('线路不存在或无权访问');
  return row;
}

export function lineRows(db: Kysely<Database>, lineId: number): Promise<LineStationRow[]> {
  return db.selectFrom('line_station').selectAll().where('line_id', '=', lineId).orderBy('seq').execute();
}

/** Start and end addresses and row counts of many lines at once (for list pages). */
export async function lineEnds(db: Kysely<Database>, ids: readonly number[]) {
  const ends = new Map<number, { start: string; end: string; count: number }>();
  if (ids.length === 0) return ends;
  const rows = await db
    .selectFrom('line_station')
    .select(['line_id', 'seq', 'station_type', 'address'])
    .where('line_id', 'in', ids)
    .orderBy('line_id')
    .orderBy('seq')
    .execute();
  for (const r of rows) {
    const e = ends.get(r.line_id) ?? { start: '', end: '', count: 0 };
    e.count++;
    if (r.station_type === 1) e.start = r.address;
    if (r.station_type === 3) e.end = r.address;
    ends.set(r.line_id, e);
  }
  return ends;
}

/** Whether another live line of the merchant has this name. */
export async function lineNameTaken(
  db: Kysely<Database>,
  merchantId: number,
  name: string,
  exceptId?: number,
) {
  let q = db
    .selectFrom('line')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('name', '=', name)
    .where('deleted_at', 'is', null);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** Stations named by rows must be live stations the caller may use. */
export async function checkRowStations(db: Kysely<Database>, auth: AuthContext, rows: readonly StationRow[]) {
  const ids = rows.map((r) => r.stationId).filter((id): id is number => id !== null);
  const known = await usableRecords(db, auth.scope, 'station', ids);
  const index = rows.findIndex((r) => r.stationId !== null && !known.has(r.stationId));
  if (index >= 0) throw badInput(`站点: 第${index + 1}行的站点不存在或无权使用`);
}

/** A customer the caller may use (its subtree or a team above), or 400; its name for the log. */
export async function checkCustomer(db: Kysely<Database>, auth: AuthContext, customerId: number) {
  return (await usableRecord(db, auth.scope, 'customer', customerId)).name;
}

/** Replaces a line's station rows and its totals (inside the caller's transaction). */
export async function saveRows(
  tx: Kysely<Database>,
  lineId: number,
  rows: readonly StationRow[],
  now: number,
) {
  await tx.deleteFrom('line_station').where('line_id', '=', lineId).execute();
  await tx
    .insertInto('line_station')
    .values(
      rows.map((r) => ({
        line_id: lineId,
        seq: r.seq,
        station_type: r.stationType,
        station_id: r.stationId,
        address: r.address,
        lat: Math.round((r.latitude ?? 0) * 1e6),
        lon: Math.round((r.longitude ?? 0) * 1e6),
        distance: Math.round(r.distance * 1000),
        running_hours: r.runningHours,
        running_mins: r.runningMins,
        baidu_map_produce: r.baiduMapProduce ? 1 : 0,
      })),
    )
    .execute();
  const totals = tableTotals(rows);
  await tx
    .updateTable('line')
    .set({
      distance: Math.round(totals.distance * 1000),
      running_minutes: totals.minutes,
      baidu_map_produce: rows.slice(1).every((r) => r.baiduMapProduce) ? 1 : 0,
      updated_at: now,
    })
    .where('id', '=', lineId)
    .execute();
}
