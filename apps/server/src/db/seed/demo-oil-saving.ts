import { DAY_MS, formatDate, PLAN_STATE } from '@fleet/domain';
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../schema';

// The demo's 线路节油计划 and 行程报告: the finished plans of the demo (the last 14 days) get the
// trips their trucks recorded where none is stored yet (one trip a run: the line's distance give or
// take a little, each truck burning at its own rate, some runs above the target), oil-saving plans
// on the Dongsheng coal line and on 干线一分队's Jingjintang line with the trucks that ran them under
// monitoring, and an import of trip
// reports by the drivers of the coal trucks and of 干线二分队 (most as recorded, some off by more
// than 10 %), so 线路节油监控, 线路节油分析 and 行程数据报告 show findings at first start.

export const DEMO_OIL_SAVING_LINE = '东胜至天津港煤炭干线';
/** The trunk line of 干线一分队's plan. */
export const DEMO_TRUNK_LINE = '北京至天津京津塘干线';
const DEMO_TRUNK_TEAM = '10000010010001';
/** L/100km of the demo plan when the line has no run to set it from. */
export const DEMO_TARGET_FUEL = 32;

/** A deterministic number in [0, 1) from integers. */
function noise(...parts: number[]): number {
  let h = 2166136261;
  for (const p of parts) {
    h ^= p;
    h = Math.imul(h, 16777619) >>> 0;
  }
  return (h % 10_000) / 10_000;
}

export async function seedDemoOilSaving(tx: Kysely<Database>, now: number): Promise<void> {
  const line = await tx
    .selectFrom('line')
    .select(['id', 'merchant_id', 'team_code', 'distance'])
    .where('name', '=', DEMO_OIL_SAVING_LINE)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!line) return;
  const runs = await tx
    .selectFrom('plan')
    .innerJoin('line', 'line.id', 'plan.line_id')
    .innerJoin('truck', 'truck.id', 'plan.truck_id')
    .select([
      'plan.id',
      'plan.merchant_id',
      'plan.team_code',
      'plan.truck_id',
      'plan.driver_id',
      'plan.line_id',
      'plan.departed_at',
      'plan.arrived_at',
      'line.distance',
      'truck.team_code as truck_team',
    ])
    .where('plan.state', '=', PLAN_STATE.finished)
    .where('plan.departed_at', 'is not', null)
    .where('plan.arrived_at', 'is not', null)
    .where('plan.departed_at', '>=', now - 15 * DAY_MS)
    .orderBy('plan.departed_at')
    .execute();
  if (runs.length === 0) return;

  // the recorded trips of the runs: those stored (the fleet's past trips), or one trip a run
  const trucks = [...new Set(runs.map((r) => r.truck_id as number))];
  const stored = await tx
    .selectFrom('trip')
    .select(['truck_id', 'start_time', 'end_time', 'mileage', 'fuel_used'])
    .where('truck_id', 'in', trucks)
    .where('start_time', '>=', now - 16 * DAY_MS)
    .execute();
  const trips: Insertable<Database['trip']>[] = [];
  const recorded = new Map<number, { mileage: number; fuel: number }>();
  for (const r of runs) {
    const depart = Number(r.departed_at);
    const arrive = Number(r.arrived_at);
    if (arrive - depart < 20 * 60_000 || arrive > now) continue;
    const own = stored.filter(
      (s) =>
        s.truck_id === r.truck_id && s.start_time < arrive && Number(s.end_time ?? s.start_time) > depart,
    );
    if (own.length > 0) {
      recorded.set(r.id, {
        mileage: own.reduce((sum, s) => sum + Number(s.mileage), 0),
        fuel: own.reduce((sum, s) => sum + Number(s.fuel_used ?? 0), 0),
      });
      continue;
    }
    const truckId = r.truck_id as number;
    // each truck its own rate, 29-35 L/100km, and each run ±6 %
    const rate = 29 + noise(truckId) * 6;
    const per100 = rate * (0.94 + noise(truckId, r.id) * 0.12);
    const mileage = Math.max(10, Math.round((Number(r.distance) / 100) * (0.98 + noise(r.id) * 0.05)));
    const fuel = Math.round((mileage * per100) / 100);
    recorded.set(r.id, { mileage, fuel });
    trips.push({
      merchant_id: r.merchant_id,
      team_code: r.truck_team,
      truck_id: truckId,
      driver_id: r.driver_id,
      start_time: depart + 5 * 60_000,
      end_time: arrive - 5 * 60_000,
      start_lat: 40_100_000,
      start_lon: 110_000_000,
      mileage,
      fuel_used: fuel,
      max_speed: 850,
      avg_speed: 600,
    });
  }
  for (let i = 0; i < trips.length; i += 200)
    await tx
      .insertInto('trip')
      .values(trips.slice(i, i + 200))
      .execute();

  // the plan on the coal line (the coal fleet's trucks that ran it), and one of 干线一分队 on its
  // trunk line: from two weeks back to a month ahead, the trucks monitored
  const plans: { line: typeof line; team: string; trucks: (team: string) => boolean; remark: string }[] = [
    { line, team: line.team_code, trucks: () => true, remark: '冬季运煤节油：目标按历史25%分位设定' },
  ];
  const trunk = await tx
    .selectFrom('line')
    .select(['id', 'merchant_id', 'team_code', 'distance'])
    .where('name', '=', DEMO_TRUNK_LINE)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (trunk)
    plans.push({
      line: trunk,
      team: DEMO_TRUNK_TEAM,
      trucks: (team: string) => team === DEMO_TRUNK_TEAM,
      remark: '干线一分队京津塘节油试点',
    });
  for (const p of plans) {
    const lineRuns = runs.filter((r) => r.line_id === p.line.id && p.trucks(r.truck_team));
    // the target: the 25th percentile of the line's runs (what the analysis suggests), so some runs are above it
    const values = lineRuns
      .map((r) => recorded.get(r.id))
      .filter((v): v is { mileage: number; fuel: number } => v !== undefined && v.mileage > 0)
      .map((v) => (v.fuel / v.mileage) * 100)
      .sort((a, b) => a - b);
    const quarter =
      values.length > 0 ? (values[Math.floor((values.length - 1) / 4)] as number) : DEMO_TARGET_FUEL;
    const plan = await tx
      .insertInto('fuel_efficient_plan')
      .values({
        merchant_id: p.line.merchant_id,
        team_code: p.team,
        line_id: p.line.id,
        truck_series: null,
        target_fuel: Math.round(quarter * 10),
        tolerance: 5,
        start_date: formatDate(new Date(now - 14 * DAY_MS)),
        end_date: formatDate(new Date(now + 30 * DAY_MS)),
        remark: p.remark,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const monitored = [...new Map(lineRuns.map((r) => [r.truck_id as number, r.truck_team])).entries()];
    if (monitored.length > 0)
      await tx
        .insertInto('fuel_efficient_monitor')
        .values(
          monitored.map(([truckId, team]) => ({
            merchant_id: p.line.merchant_id,
            team_code: team,
            plan_id: plan.id,
            truck_id: truckId,
            created_at: now,
          })),
        )
        .execute();
  }

  // one import of trip reports per merchant: the coal line's runs and those of 干线二分队
  const reported = runs.filter(
    (r) => recorded.has(r.id) && (r.line_id === line.id || r.truck_team === '10000010010002'),
  );
  const byMerchant = new Map<number, typeof reported>();
  for (const r of reported) byMerchant.set(r.merchant_id, [...(byMerchant.get(r.merchant_id) ?? []), r]);
  for (const [merchantId, list] of byMerchant) {
    const rows = list.slice(-8);
    // the batch belongs to the team whose trucks it reports (干线二分队) or to the coal merchant's head office
    const team = merchantId === line.merchant_id ? line.team_code.slice(0, 7) : '10000010010002';
    const batch = await tx
      .insertInto('trip_report_import')
      .values({
        merchant_id: merchantId,
        team_code: team,
        file_name: '司机行程上报.xlsx',
        rows: rows.length,
        created_by_name: '系统管理员',
        created_at: now - DAY_MS,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('trip_report')
      .values(
        rows.map((r, i) => {
          const rec = recorded.get(r.id) as { mileage: number; fuel: number };
          // every third report claims 15 % more fuel than recorded
          const fuel = i % 3 === 1 ? Math.round(rec.fuel * 1.15) : Math.round(rec.fuel * 1.02);
          return {
            merchant_id: merchantId,
            team_code: r.truck_team,
            truck_id: r.truck_id as number,
            driver_id: r.driver_id,
            line_id: r.line_id,
            depart_at: Math.floor(Number(r.departed_at) / 60_000) * 60_000,
            arrive_at: Math.ceil(Number(r.arrived_at) / 60_000) * 60_000,
            mileage: Math.round(rec.mileage / 10) * 10,
            fuel,
            cargo_kg: 30_000 + (i % 4) * 1_000,
            remark: null,
            source: 2,
            import_id: batch.id,
            created_at: now - DAY_MS,
            updated_at: now - DAY_MS,
          };
        }),
      )
      .execute();
  }
}
