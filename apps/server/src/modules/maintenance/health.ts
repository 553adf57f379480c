import {
  alarmName,
  FAULT_CODE_MAX,
  FAULT_CODE_MIN,
  formatDateTime,
  type HealthDeduction,
  healthScore,
  healthStateName,
  MAINTENANCE_STATE,
} from '@fleet/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { type DueItem, dueItems } from './plan-due';

/** An open fault alarm of a truck: raised, not ended, not cleared. */
export interface OpenFault {
  id: number;
  code: number;
  name: string;
  level: number | null;
  startTime: string;
}

export interface TruckHealth {
  truckId: number;
  carNo: string;
  vin: string;
  teamCode: string;
  teamName: string;
  score: number;
  state: 1 | 2 | 3;
  stateName: string;
  faultCount: number;
  online: boolean;
  lastSeen: string;
  overdueCount: number;
  dueSoonCount: number;
  deductions: HealthDeduction[];
  /** The deductions as one line: '严重故障未排除：机油压力过低报警 -20；终端离线超过24小时 -10'. */
  deductionText: string;
}

const ONLINE_MS = 5 * 60_000;
const prefix = (code: string) => {
  if (!/^[0-9A-Za-z]*$/.test(code)) throw new Error(`invalid team code "${code}"`);
  return `${code}%`;
};

/** Open fault alarms (10001–10022, no end, not handled) of the trucks, by truck. */
export async function openFaults(
  db: Kysely<Database>,
  merchantId: number,
  truckIds: readonly number[],
): Promise<Map<number, OpenFault[]>> {
  const out = new Map<number, OpenFault[]>();
  for (let i = 0; i < truckIds.length; i += 500) {
    const rows = await db
      .selectFrom('alarm')
      .select(['id', 'truck_id', 'code', 'level', 'start_time'])
      .where('merchant_id', '=', merchantId)
      .where('truck_id', 'in', truckIds.slice(i, i + 500))
      .where('code', '>=', FAULT_CODE_MIN)
      .where('code', '<=', FAULT_CODE_MAX)
      .where('end_time', 'is', null)
      .where('handle_status', '=', 0)
      .orderBy('start_time', 'desc')
      .execute();
    for (const r of rows) {
      const list = out.get(r.truck_id) ?? [];
      list.push({
        id: r.id,
        code: r.code,
        name: alarmName(r.code),
        level: r.level,
        startTime: formatDateTime(new Date(r.start_time)),
      });
      out.set(r.truck_id, list);
    }
  }
  return out;
}

/**
 * The health of every truck in reach (or one truck): its open faults, how long its terminal has
 * been silent, its maintenance overdue and due soon, and the score with its deductions.
 */
export async function fleetHealth(
  db: Kysely<Database>,
  reach: { merchantId: number; teamCode: string; truckId?: number },
  now: number,
): Promise<{ trucks: TruckHealth[]; faults: Map<number, OpenFault[]>; due: DueItem[] }> {
  let q = db
    .selectFrom('truck as t')
    .leftJoin('vehicle_state as vs', 'vs.truck_id', 't.id')
    .leftJoin('team', (j) =>
      j.onRef('team.team_code', '=', 't.team_code').onRef('team.merchant_id', '=', 't.merchant_id'),
    )
    .select(['t.id', 't.car_no', 't.vin', 't.team_code', 'team.team_name', 'vs.received_at', 'vs.online'])
    .where('t.merchant_id', '=', reach.merchantId)
    .where('t.team_code', 'like', prefix(reach.teamCode))
    .where('t.deleted_at', 'is', null)
    .orderBy('t.car_no');
  if (reach.truckId) q = q.where('t.id', '=', reach.truckId);
  const rows = await q.execute();
  const faults = await openFaults(
    db,
    reach.merchantId,
    rows.map((r) => r.id),
  );
  const due = await dueItems(
    db,
    { merchantId: reach.merchantId, teamCode: reach.teamCode, truckId: reach.truckId },
    now,
  );
  const dueOf = new Map<number, DueItem[]>();
  for (const item of due) dueOf.set(item.truckId, [...(dueOf.get(item.truckId) ?? []), item]);
  const trucks = rows.map((r): TruckHealth => {
    const mine = dueOf.get(r.id) ?? [];
    const overdue = mine.filter((d) => d.state === MAINTENANCE_STATE.overdue).map((d) => d.planName);
    const dueSoon = mine.filter((d) => d.state === MAINTENANCE_STATE.dueSoon).map((d) => d.planName);
    const truckFaults = faults.get(r.id) ?? [];
    const lastSeen = r.received_at ?? null;
    const health = healthScore({ faults: truckFaults, lastSeen, overdue, dueSoon, now });
    return {
      truckId: r.id,
      carNo: r.car_no,
      vin: r.vin,
      teamCode: r.team_code,
      teamName: r.team_name ?? '',
      score: health.score,
      state: health.state,
      stateName: healthStateName(health.state),
      faultCount: truckFaults.length,
      online: lastSeen !== null && (r.online === 1 || now - lastSeen <= ONLINE_MS),
      lastSeen: lastSeen === null ? '' : formatDateTime(new Date(lastSeen)),
      overdueCount: overdue.length,
      dueSoonCount: dueSoon.length,
      deductions: health.deductions,
      deductionText: health.deductions.map((d) => `${d.reason} -${d.points}`).join('；'),
    };
  });
  return { trucks, faults, due };
}
