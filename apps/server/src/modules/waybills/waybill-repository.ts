import { recordInfoCodes, recordWriteCodes, WAYBILL_RECORD, WAYBILL_SOURCE } from '@fleet/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { badInput, notFound } from '../../http/envelope';
import { usableRecord, usableRecords } from '../../http/references';
import { inScope } from '../../http/scope';
import { missingMessage, recordLog } from '../../records/repository';
import { recordOperation } from '../operate-log/operate-log.repository';
import { checkTeam } from '../teams/check-team';
import type { Actor, WaybillRow } from './waybill-flow';

// Reading a waybill in the caller's reach, resolving the records a form names, the operation log
// and the notice to the trucks' fence watch after a committed change.

const { labels } = WAYBILL_RECORD;

/** Codes that read waybills (the lists and 运单管理) and that change them (also 创建运单). */
export const READ_CODES = recordInfoCodes(WAYBILL_RECORD);
export const WRITE_CODES = recordWriteCodes(WAYBILL_RECORD);

/** '运单不存在或无权操作': a waybill missing, of another merchant or outside the caller's team subtree. */
export const WAYBILL_MISSING = missingMessage(WAYBILL_RECORD);

/**
 * The stored waybill the caller reaches (its merchant, the waybill's team in the caller's subtree:
 * a waybill's team is its truck's); 404 '运单不存在或无权操作' otherwise. Reading and changing need
 * the same reach: a waybill is the own team's record.
 */
export async function reachableWaybill(
  db: Kysely<Database>,
  auth: AuthContext,
  id: number,
): Promise<WaybillRow> {
  const row = await db
    .selectFrom('waybill')
    .selectAll()
    .where(inScope(auth.scope, 'waybill'))
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(WAYBILL_MISSING);
  return row as WaybillRow;
}

/** An office user making a change. */
export const officeActor = (auth: AuthContext): Actor => ({
  source: WAYBILL_SOURCE.office,
  userId: auth.userId,
  name: auth.nickname,
});

/** Writes the operation-log entry of a change of waybill `w`, in the change's transaction. */
export function logWaybill(
  tx: Kysely<Database>,
  auth: AuthContext,
  w: Pick<WaybillRow, 'id' | 'team_code'>,
  content: string,
  at: number,
): Promise<void> {
  return recordOperation(tx, auth, recordLog(WAYBILL_RECORD, w.id, w.team_code, content), at);
}

/**
 * After a committed change of these trucks' open waybills (created, edited, weighed, moved,
 * cancelled, line changed): the trucks' fence watch re-reads them. Never fails the request: a
 * notice that did not go out is caught up by the watch's periodic re-read.
 */
export async function waybillsChanged(
  ctx: Pick<AppContext, 'telematics'>,
  log: FastifyBaseLogger,
  truckIds: readonly number[],
): Promise<void> {
  try {
    // in notices of at most 500 trucks: the watch re-reads those trucks by the truck index, where
    // a larger notice would make it re-read every open waybill of the platform (an import)
    const ids = [...new Set(truckIds)];
    for (let i = 0; i < ids.length; i += 500) await ctx.telematics.waybills.changed(ids.slice(i, i + 500));
  } catch (err) {
    log.error({ err }, 'fence watch not told of changed waybills');
  }
}

/** A line's loading (start row) and unloading (end row) stations, with the line's name. */
export interface LineStations {
  id: number;
  name: string;
  loadingStationId: number;
  unloadingStationId: number;
}

/**
 * The start and end station rows of lines (by line id): a waybill loads at the start row's station
 * and unloads at the end row's. Lines whose rows are not both stations are missing.
 */
export async function lineStations(
  db: Kysely<Database>,
  lineIds: readonly number[],
): Promise<Map<number, { loading: number | null; unloading: number | null }>> {
  const out = new Map<number, { loading: number | null; unloading: number | null }>();
  const ids = [...new Set(lineIds)];
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('line_station')
      .select(['line_id', 'station_type', 'station_id'])
      .where('line_id', 'in', ids.slice(i, i + 500))
      .where('station_type', 'in', [1, 3])
      .execute();
    for (const r of rows) {
      const ends = out.get(r.line_id) ?? { loading: null, unloading: null };
      if (r.station_type === 1) ends.loading = r.station_id;
      else ends.unloading = r.station_id;
      out.set(r.line_id, ends);
    }
  }
  return out;
}

/** Why a line cannot carry waybills (its start or end row is an address, not a station), or undefined. */
export function lineStationsRefusal(ends: { loading: number | null; unloading: number | null } | undefined) {
  if (!ends || ends.loading === null) return '线路的起点不是站点，不能用于运单，请先在线路中选择起点站点';
  if (ends.unloading === null) return '线路的终点不是站点，不能用于运单，请先在线路中选择终点站点';
  return undefined;
}

/** A line the caller may use for a waybill, with its loading and unloading stations; 400 naming the field. */
export async function usableLine(
  db: Kysely<Database>,
  auth: AuthContext,
  lineId: number,
  label: string = labels.lineId,
): Promise<LineStations> {
  const line = await usableRecord(db, auth.scope, 'line', lineId, label);
  const ends = (await lineStations(db, [lineId])).get(lineId);
  const refusal = lineStationsRefusal(ends);
  if (refusal || !ends) throw badInput(`${label}: ${refusal}`);
  return {
    id: line.id,
    name: line.name,
    loadingStationId: ends.loading as number,
    unloadingStationId: ends.unloading as number,
  };
}

/** What the add and edit forms name, each id checked in the caller's scope. */
export interface WaybillRefsForm {
  customerId: number;
  lineId: number;
  truckId: number;
  driverId?: number | undefined;
  teamCode?: string | undefined;
}

/** The records a form names, resolved: names for the log, the line's stations, the team. */
export interface WaybillRefs {
  customer: { id: number; name: string };
  line: LineStations;
  truck: { id: number; carNo: string; teamCode: string };
  driver: { id: number; name: string } | null;
  /** The form's team, or the truck's. */
  teamCode: string;
}

/**
 * Resolves the records a waybill form names, each in the caller's scope (customer and line also of
 * the teams above, truck and driver of the own subtree): 400 naming the field otherwise. Without a
 * driver the truck's bound driver drives; without a team the waybill is the truck's team's, which
 * must lie in the caller's subtree.
 */
export async function resolveRefs(
  db: Kysely<Database>,
  auth: AuthContext,
  form: WaybillRefsForm,
): Promise<WaybillRefs> {
  const customer = await usableRecord(db, auth.scope, 'customer', form.customerId, labels.customerId);
  const line = await usableLine(db, auth, form.lineId);
  const truck = await usableRecord(db, auth.scope, 'truck', form.truckId, labels.truckId);
  let driver: { id: number; name: string } | null = null;
  if (form.driverId !== undefined) {
    driver = await usableRecord(db, auth.scope, 'driver', form.driverId, labels.driverId);
  } else {
    const bound = await db
      .selectFrom('truck')
      .select('driver_id')
      .where('id', '=', truck.id)
      .executeTakeFirst();
    if (bound?.driver_id)
      driver =
        (await usableRecords(db, auth.scope, 'driver', [bound.driver_id])).get(bound.driver_id) ?? null;
  }
  const teamCode = form.teamCode ?? truck.teamCode;
  await checkTeam(db, auth, teamCode);
  return {
    customer: { id: customer.id, name: customer.name },
    line,
    truck: { id: truck.id, carNo: truck.name, teamCode: truck.teamCode },
    driver: driver ? { id: driver.id, name: driver.name } : null,
    teamCode,
  };
}
