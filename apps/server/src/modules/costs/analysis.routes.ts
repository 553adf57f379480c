import {
  BUILT_IN_COST_TYPES,
  COST_TYPE,
  COST_TYPE_LABELS,
  DEPRECIATION_COST_TYPE,
  DEPRECIATION_LABEL,
  fenToYuan,
} from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { usableRecord } from '../../http/references';
import { route } from '../../http/route';
import { periodText } from '../../records/period-sums';
import {
  ANALYSIS_GROUPS,
  ANALYSIS_LABELS,
  type AnalysisFilter,
  analysisFilter,
  NO_LINE,
  periodKeys,
  periodSums,
} from './analysis-sums';
import { truckDepreciation } from './depreciation';

// 成本分析 (car080201): the costs of a period (at most 366 days) from the day and month sums, by
// period and type, and by truck and team or by line (the costs on no line and the trucks'
// depreciation on the row 未关联线路), with the trucks' depreciation as its own type 折旧.

const TAG = '成本中心';
const ANALYSIS_CODES = ['car080201'];
type Db = Kysely<Database>;

export interface AnalysisTypeColumn {
  /** '1'…'4', '5-<feeTypeId>' for a custom type, '9' for depreciation. */
  key: string;
  name: string;
}

/**
 * 成本分析 over a period (at most 366 days): the costs from the day and month sums and the
 * depreciation of the trucks (its share of each day of the period), by period and type, and by truck
 * and team or (groupBy 'line') by line. A line filter leaves depreciation out: it is on no line.
 */
export async function costAnalysis(db: Db, auth: AuthContext, f: AnalysisFilter) {
  if (f.lineId) await usableRecord(db, auth.scope, 'line', f.lineId, ANALYSIS_LABELS.lineId);
  const { groups: sums, periods } = await periodSums(db, auth, f);
  const keys = periodKeys(f);
  const byLines = f.groupBy === 'line';
  const depreciation = f.withoutDepreciation || f.lineId ? [] : await truckDepreciation(db, auth, f);
  const customNames = new Map<number, string>();
  const customIds = [
    ...new Set(sums.filter((s) => s.cost_type === COST_TYPE.custom).map((s) => s.fee_type_id)),
  ];
  if (customIds.length)
    for (const t of await db
      .selectFrom('fee_type')
      .select(['id', 'fee_name'])
      .where('id', 'in', customIds)
      .execute())
      customNames.set(t.id, t.fee_name);
  const typeKey = (s: { cost_type: number; fee_type_id: number }) =>
    s.cost_type === COST_TYPE.custom ? `5-${s.fee_type_id}` : String(s.cost_type);
  const types = new Map<string, AnalysisTypeColumn>();
  for (const t of BUILT_IN_COST_TYPES) types.set(String(t), { key: String(t), name: COST_TYPE_LABELS[t] });
  for (const s of sums)
    if (!types.has(typeKey(s)))
      types.set(typeKey(s), { key: typeKey(s), name: customNames.get(s.fee_type_id) ?? '自定义' });
  types.set(String(DEPRECIATION_COST_TYPE), {
    key: String(DEPRECIATION_COST_TYPE),
    name: DEPRECIATION_LABEL,
  });

  type Acc = { byType: Map<string, number>; total: number; count: number; litres: number };
  const acc = () => ({ byType: new Map<string, number>(), total: 0, count: 0, litres: 0 });
  const add = (a: Acc, key: string, fen: number, count = 0, litres = 0) => {
    a.byType.set(key, (a.byType.get(key) ?? 0) + fen);
    a.total += fen;
    a.count += count;
    a.litres += litres;
  };
  const byPeriod = new Map<number, Acc>(keys.map((k) => [k, acc()]));
  const byTruck = new Map<number, Acc & { teamCode: string }>();
  const byTeam = new Map<string, Acc>();
  const byLine = new Map<number, Acc>();
  const all = acc();
  const truckAcc = (id: number, teamCode: string) => {
    const found = byTruck.get(id);
    if (found) return found;
    const a = { ...acc(), teamCode };
    byTruck.set(id, a);
    return a;
  };
  const keyed = <K>(map: Map<K, Acc>, k: K) => {
    const found = map.get(k);
    if (found) return found;
    const a = acc();
    map.set(k, a);
    return a;
  };
  const teamAcc = (code: string) => keyed(byTeam, code);
  for (const s of sums) {
    const key = typeKey(s);
    const litres = s.cost_type === COST_TYPE.refuel ? s.quantity : 0;
    add(all, key, s.amount, s.count, litres);
    if (byLines) add(keyed(byLine, s.line_id), key, s.amount, s.count, litres);
    else {
      add(truckAcc(s.truck_id, s.team_code), key, s.amount, s.count, litres);
      add(teamAcc(s.team_code), key, s.amount, s.count, litres);
    }
  }
  for (const s of periods) {
    const p = byPeriod.get(s.key);
    if (p) add(p, typeKey(s), s.amount, s.count, s.cost_type === COST_TYPE.refuel ? s.quantity : 0);
  }
  const dKey = String(DEPRECIATION_COST_TYPE);
  for (const d of depreciation)
    for (const [period, fen] of d.byPeriod) {
      if (fen === 0) continue;
      add(all, dKey, fen);
      const p = byPeriod.get(period);
      if (p) add(p, dKey, fen);
      if (byLines) add(keyed(byLine, 0), dKey, fen);
      else {
        add(truckAcc(d.truckId, d.teamCode), dKey, fen);
        add(teamAcc(d.teamCode), dKey, fen);
      }
    }

  const truckIds = [...byTruck.keys()];
  const plates = new Map<number, string>();
  for (let i = 0; i < truckIds.length; i += 500)
    for (const t of await db
      .selectFrom('truck')
      .select(['id', 'car_no'])
      .where('id', 'in', truckIds.slice(i, i + 500))
      .execute())
      plates.set(t.id, t.car_no);
  const teamCodes = [...new Set([...byTeam.keys()])];
  const teamNames = new Map<string, string>();
  if (teamCodes.length)
    for (const t of await db
      .selectFrom('team')
      .select(['team_code', 'team_name'])
      .where('merchant_id', '=', auth.merchantId)
      .where('team_code', 'in', teamCodes)
      .execute())
      teamNames.set(t.team_code, t.team_name);
  const lineIds = [...byLine.keys()].filter((id) => id > 0);
  const lineNames = new Map<number, string>([[0, NO_LINE]]);
  for (let i = 0; i < lineIds.length; i += 500)
    for (const l of await db
      .selectFrom('line')
      .select(['id', 'name'])
      .where('merchant_id', '=', auth.merchantId)
      .where('id', 'in', lineIds.slice(i, i + 500))
      .execute())
      lineNames.set(l.id, l.name);

  const typeList = [...types.values()];
  const amounts = (a: Acc) =>
    Object.fromEntries(typeList.map((t) => [t.key, fenToYuan(a.byType.get(t.key) ?? 0)]));
  return {
    periodType: f.periodType,
    groupBy: f.groupBy,
    groupName: ANALYSIS_GROUPS[f.groupBy],
    types: typeList,
    total: {
      amount: fenToYuan(all.total),
      count: all.count,
      litres: (all.litres / 100).toFixed(2),
      depreciation: fenToYuan(all.byType.get(dKey) ?? 0),
      byType: amounts(all),
    },
    byType: typeList.map((t) => {
      const fen = all.byType.get(t.key) ?? 0;
      return {
        key: t.key,
        name: t.name,
        amount: fenToYuan(fen),
        share: all.total > 0 ? ((fen / all.total) * 100).toFixed(2) : '0.00',
      };
    }),
    series: keys.map((k) => {
      const a = byPeriod.get(k) as Acc;
      return { period: periodText(k, f.periodType), total: fenToYuan(a.total), byType: amounts(a) };
    }),
    byTruck: [...byTruck.entries()]
      .sort((a, b) => b[1].total - a[1].total)
      .map(([id, a]) => ({
        truckId: id,
        carNo: plates.get(id) ?? '',
        teamName: teamNames.get(a.teamCode) ?? '',
        count: a.count,
        litres: (a.litres / 100).toFixed(2),
        total: fenToYuan(a.total),
        byType: amounts(a),
      })),
    byTeam: [...byTeam.entries()]
      .sort((a, b) => b[1].total - a[1].total)
      .map(([code, a]) => ({
        teamCode: code,
        teamName: teamNames.get(code) ?? '',
        count: a.count,
        total: fenToYuan(a.total),
        byType: amounts(a),
      })),
    // the lines by their cost, 未关联线路 last
    byLine: [...byLine.entries()]
      .sort((a, b) => (a[0] === 0 ? 1 : b[0] === 0 ? -1 : b[1].total - a[1].total))
      .map(([id, a]) => ({
        lineId: id,
        lineName: lineNames.get(id) ?? '',
        count: a.count,
        litres: (a.litres / 100).toFixed(2),
        total: fenToYuan(a.total),
        byType: amounts(a),
      })),
  };
}

export function registerAnalysisRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  route(app, TAG, {
    method: 'POST',
    url: '/miscellaneous/analysis',
    summary:
      '成本分析：期间（最多366天，按日或按月）内各费用类型的成本，取自按日/按月汇总及车辆折旧；series 为每个周期的成本；groupBy 为 truck 或 team（byTruck、byTeam：各车辆、车队）或 line（byLine：各线路，无关联线路的费用及折旧计入“未关联线路”）；lineId 只统计该线路的费用（不含折旧）',
    access: ANALYSIS_CODES,
    labels: ANALYSIS_LABELS,
    body: analysisFilter,
    handler: ({ auth, body }) => costAnalysis(db, auth, body),
  });
}
