import { type StationRow, tableTotals } from '@fleet/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { badInput, notFound } from '../../http/envelope';
import { usableRecord, usableRecords } from '../../http/references';
import { inScope } from '../../http/scope';
import { missingOf, readableRows } from '../../records/repository';
import type { LineWithNames } from './lines.fields';
import { LINE_SELECTION, lineRecord } from './lines.record';
import type { LineStationRow } from './lines.table';

/** One live line the caller reaches: `read` also those of the teams above, `write` its own subtree; 404 otherwise. */
export async function findLine(
  db: Kysely<Database>,
  auth: AuthContext,
  id: number,
  reach: 'read' | 'write' = 'read',
): Promise<LineWithNames> {
  let q = readableRows(db, auth, lineRecord)
    .select([...LINE_SELECTION])
    .where('line.id', '=', id);
  if (reach === 'write') q = q.where(inScope(auth.scope, 'line'));
  const row = (await q.executeTakeFirst()) as LineWithNames | undefined;
  if (!row) throw notFound(missingOf(lineRecord));
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
