import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { inScope, type Scope } from '../../http/scope';

/** Which in-scope vehicles a monitoring call asks about. */
export interface VehicleFilter {
  /** Team subtrees (a checked team includes the teams under it). */
  teamCodeList?: readonly string[];
  vinList?: readonly string[];
  /** Part of the plate. */
  carNo?: string;
  /** Part of the VIN. */
  vin?: string;
  /** Part of the plate or the VIN. */
  keyword?: string;
  /** Only vehicles with an active-safety / video terminal (video channels). */
  adasOnly?: boolean;
}

/** Plates and VINs hold no LIKE wildcards; a search term is stripped of them and upper-cased. */
export function searchTerm(text: string | undefined): string | null {
  const term = (text ?? '')
    .replace(/[%_\\]/g, '')
    .trim()
    .toUpperCase();
  return term === '' ? null : `%${term}%`;
}

type Eb = ExpressionBuilder<Database & { t: Database['truck']; tm: Database['terminal'] }, 't' | 'tm'>;

/** The filter as a WHERE condition on `truck as t` joined with `terminal as tm` (the scope is applied beside it). */
export function filterCondition(filter: VehicleFilter) {
  return (eb: Eb) => {
    const parts = [eb('t.deleted_at', 'is', null)];
    const teams = (filter.teamCodeList ?? []).filter((code) => /^[0-9A-Za-z]+$/.test(code));
    if (teams.length > 0) parts.push(eb.or(teams.map((code) => eb('t.team_code', 'like', `${code}%`))));
    if (filter.vinList && filter.vinList.length > 0) parts.push(eb('t.vin', 'in', [...filter.vinList]));
    const carNo = searchTerm(filter.carNo);
    if (carNo) parts.push(eb('t.car_no', 'like', carNo));
    const vin = searchTerm(filter.vin);
    if (vin) parts.push(eb('t.vin', 'like', vin));
    const keyword = searchTerm(filter.keyword);
    if (keyword) parts.push(eb.or([eb('t.car_no', 'like', keyword), eb('t.vin', 'like', keyword)]));
    if (filter.adasOnly) parts.push(eb.or([eb('t.video_channels', '>', 0), eb('tm.video_channels', '>', 0)]));
    return eb.and(parts);
  };
}

/** In-scope vehicles with their terminal, driver, team and latest state, ordered by plate. */
export function vehicleRows(db: Kysely<Database>, scope: Scope, filter: VehicleFilter = {}) {
  return db
    .selectFrom('truck as t')
    .leftJoin('terminal as tm', 'tm.id', 't.terminal_id')
    .leftJoin('vehicle_state as vs', 'vs.truck_id', 't.id')
    .leftJoin('team as tt', (j) =>
      j.onRef('tt.merchant_id', '=', 't.merchant_id').onRef('tt.team_code', '=', 't.team_code'),
    )
    .leftJoin('driver as bd', 'bd.id', 't.driver_id')
    .leftJoin('driver as sd', 'sd.id', 'vs.driver_id')
    .select([
      't.id as truckId',
      't.vin',
      't.car_no as carNo',
      't.team_code as teamCode',
      'tt.team_name as teamName',
      't.tank_capacity as tankCapacity',
      't.video_channels as videoChannels',
      't.car_info_type as carInfoType',
      't.terminal_id as terminalId',
      'tm.phone as tid',
      'tm.video_channels as terminalVideoChannels',
      'tm.protocol_version as protocolVersion',
      'tm.last_online_at as lastOnlineAt',
      'bd.name as boundDriverName',
      'bd.phone as boundDriverPhone',
      'sd.name as stateDriverName',
      'sd.phone as stateDriverPhone',
      'vs.time',
      'vs.received_at as receivedAt',
      'vs.lat',
      'vs.lon',
      'vs.altitude',
      'vs.speed',
      'vs.direction',
      'vs.acc',
      'vs.online',
      'vs.alarm_bits as alarmBits',
      'vs.status_bits as statusBits',
      'vs.mileage',
      'vs.fuel',
    ])
    .where(inScope(scope, 't'))
    .where(filterCondition(filter))
    .orderBy('t.car_no')
    .orderBy('t.id');
}

export type VehicleRow = Awaited<ReturnType<ReturnType<typeof vehicleRows>['execute']>>[number];

/** One in-scope vehicle by VIN, terminal phone or plate (all that are given must match), or undefined. */
export function findVehicle(
  db: Kysely<Database>,
  scope: Scope,
  key: { vin?: string; tid?: string; carNo?: string },
) {
  let query = vehicleRows(db, scope);
  if (key.vin) query = query.where('t.vin', '=', key.vin.trim().toUpperCase());
  if (key.tid) query = query.where('tm.phone', '=', key.tid.trim());
  if (key.carNo) query = query.where('t.car_no', '=', key.carNo.trim().toUpperCase());
  return query.executeTakeFirst();
}

/** The driver shown for a vehicle: the one the terminal identified, else the bound one. */
export function driverOf(row: VehicleRow): { name: string | null; phone: string | null } {
  if (row.stateDriverName) return { name: row.stateDriverName, phone: row.stateDriverPhone };
  return { name: row.boundDriverName, phone: row.boundDriverPhone };
}
