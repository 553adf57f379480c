import { PLAN_STATE } from '@fleet/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { odometerAt, type VehicleProfile } from './profile';
import { Rng } from './rng';
import { Route } from './route';
import type { TruckStart } from './truck';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Plans the simulator picks up: distributed ones departing within this window around the start. */
const DISTRIBUTED_BEFORE = 6 * HOUR;
const DISTRIBUTED_AFTER = 12 * HOUR;
/** Running ones that left at most this long ago. */
const RUNNING_SINCE = 30 * HOUR;

/** A plan of a simulated truck as the simulator drives it. */
export interface PlannedRun {
  planId: number;
  planNo: string;
  state: number;
  plate: string;
  /** When the truck leaves the start station (distributed plans). */
  leaveAt: number;
  /** 1 at the usual speed, below 1 slower (the plan's arrival comes late). */
  pace: number;
  /** Running: the last station row reached (1 = left the start) and when it was left (null: still there). */
  maxSeq: number;
  leftLastAt: number | null;
}

/**
 * The distributed and running departure plans (发车计划) of the simulated trucks on the lines they
 * drive, one a truck (the earliest): a distributed plan departing from `DISTRIBUTED_BEFORE` before
 * `now` to `DISTRIBUTED_AFTER` after it, or a running one that left in the last `RUNNING_SINCE`.
 * How each run goes is drawn from its plan number: one in three leaves 10–40 minutes after its
 * planned departure, one in four drives at three quarters of the usual speed, and a plan whose
 * departure has already passed leaves a few minutes after the start; the others leave on time.
 */
export async function demoPlanRuns(
  db: Kysely<Database>,
  profiles: readonly VehicleProfile[],
  now: number,
  seed = 1,
): Promise<Map<string, PlannedRun>> {
  const out = new Map<string, PlannedRun>();
  const plates = [...new Set(profiles.map((p) => p.plate))];
  if (plates.length === 0) return out;
  const rows = await db
    .selectFrom('plan')
    .innerJoin('truck', 'truck.id', 'plan.truck_id')
    .innerJoin('line', 'line.id', 'plan.line_id')
    .select([
      'plan.id',
      'plan.plan_no',
      'plan.state',
      'plan.planned_depart_at',
      'plan.departed_at',
      'plan.max_seq',
      'truck.car_no',
      'line.name as line_name',
    ])
    .where('truck.car_no', 'in', plates)
    .where((eb) =>
      eb.or([
        eb.and([
          eb('plan.state', '=', PLAN_STATE.distributed),
          eb('plan.planned_depart_at', '>=', now - DISTRIBUTED_BEFORE),
          eb('plan.planned_depart_at', '<=', now + DISTRIBUTED_AFTER),
        ]),
        eb.and([
          eb('plan.state', '=', PLAN_STATE.running),
          eb('plan.departed_at', '>=', now - RUNNING_SINCE),
        ]),
      ]),
    )
    .orderBy('plan.planned_depart_at')
    .execute();
  const running = rows.filter((r) => r.state === PLAN_STATE.running).map((r) => r.id);
  const left = running.length
    ? await db
        .selectFrom('plan_station')
        .select(['plan_id', 'seq', 'actual_arrive_at', 'actual_depart_at'])
        .where('plan_id', 'in', running)
        .execute()
    : [];
  for (const r of rows) {
    const profile = profiles.find((p) => p.plate === r.car_no);
    if (!profile || profile.line.name !== r.line_name || out.has(r.car_no)) continue;
    const rng = Rng.of('plan-run', seed, r.plan_no);
    const planned = Number(r.planned_depart_at);
    const lateMin = rng.chance(1 / 3) ? rng.range(10, 40) : rng.range(0, 4);
    const leaveAt = planned < now ? now + rng.range(3, 10) * MINUTE : planned + lateMin * MINUTE;
    const maxSeq = Math.max(1, Number(r.max_seq));
    const row = left.find((s) => s.plan_id === r.id && s.seq === maxSeq);
    out.set(r.car_no, {
      planId: r.id,
      planNo: r.plan_no,
      state: r.state,
      plate: r.car_no,
      leaveAt,
      pace: rng.chance(0.25) ? 0.75 : 1,
      maxSeq,
      leftLastAt: row?.actual_depart_at === null || row === undefined ? null : Number(row.actual_depart_at),
    });
  }
  return out;
}

/**
 * Where a truck with a plan starts: standing at its line's start station until it leaves (a
 * distributed plan), or on the line past the last station it reached, as far as it got since it
 * left it (a running plan; still at that station when it has not left it); driving the plan's
 * stations one by one (`TruckStart.plan`).
 */
export function plannedStart(profile: VehicleProfile, run: PlannedRun, now: number): TruckStart {
  const route = Route.of(profile.line);
  const city = profile.kind === 'city';
  const base = {
    route,
    fuel: profile.tankCapacity * 0.85,
    odometer: odometerAt(profile, now),
    drivenSinceBreakS: 0,
    lastRestEnd: now - HOUR,
    plan: { pace: run.pace },
  };
  if (run.state !== PLAN_STATE.running) {
    return {
      ...base,
      km: 0,
      activity: 'dwell',
      remainingMs: Math.max(MINUTE, run.leaveAt - now),
      speed: 0,
      load: 'empty',
    };
  }
  const at = route.stops[Math.min(run.maxSeq, route.stops.length) - 1] ?? route.stops[0];
  const next = route.stops[Math.min(run.maxSeq, route.stops.length - 1)];
  const atKm = at?.km ?? 0;
  if (run.leftLastAt === null || !next || next.km <= atKm) {
    // still standing at the station it reached last
    return {
      ...base,
      km: atKm,
      activity: 'dwell',
      remainingMs: 8 * MINUTE,
      speed: 0,
      load: 'full',
    };
  }
  const kmh = (city ? 18 : 62) * run.pace;
  const gone = (Math.max(0, now - run.leftLastAt) / HOUR) * kmh;
  const km = Math.min(atKm + Math.max(0.6, gone), next.km - (city ? 0.4 : 1.5));
  return {
    ...base,
    km: Math.max(atKm + 0.1, km),
    activity: 'drive',
    remainingMs: 0,
    speed: city ? 25 : profile.cruiseKmh * run.pace,
    load: 'full',
  };
}

/**
 * The start of each simulated truck with a plan (`demoPlanRuns`), for `SimulatorOptions.start`;
 * the other trucks start where the calendar puts them.
 */
export async function plannedStarts(
  db: Kysely<Database>,
  profiles: readonly VehicleProfile[],
  now: number,
  seed = 1,
): Promise<{
  runs: Map<string, PlannedRun>;
  start: (profile: VehicleProfile, time: number) => TruckStart | undefined;
}> {
  const runs = await demoPlanRuns(db, profiles, now, seed);
  return {
    runs,
    start: (profile, time) => {
      const run = runs.get(profile.plate);
      return run ? plannedStart(profile, run, time) : undefined;
    },
  };
}
