import { type FenceShape, PLAN_STATE } from '@fleet/domain';
import { describe, expect, it } from 'vitest';
import { AlarmBatch } from './engine';
import { fenceBox, type LineCorridor } from './fence-rules';
import type { PlanMove, PlanStationWatch, PlanWatch } from './plan-rules';
import { BASE, Harness, MIN, minute, row, SCOPE } from './track.fixture';

// The plan rules on crafted tracks: a plan of three station rows on a straight line south-east of
// Beijing (start 39.9/116.4, waypoint 39.6/116.7, end 39.3/117.0, about 42 km apart), planned to
// leave at minute 60 and to arrive at minute 180.

const ROWS: [number, number][] = [
  [39.9, 116.4],
  [39.6, 116.7],
  [39.3, 117.0],
];

function station(i: number): PlanStationWatch {
  const [lat, lng] = ROWS[i] as [number, number];
  const shape: FenceShape = { type: 'circle', lat, lng, radius: 500 };
  return {
    seq: i + 1,
    stationType: i === 0 ? 1 : i === ROWS.length - 1 ? 3 : 2,
    stationId: 100 + i,
    name: `站${i + 1}`,
    lat: Math.round(lat * 1e6),
    lon: Math.round(lng * 1e6),
    fence: {
      stationId: 100 + i,
      name: `站${i + 1}`,
      shape,
      box: fenceBox(shape),
      notifyEnter: false,
      notifyExit: false,
      fenceSetIds: [],
    },
    distance: i === 0 ? 0 : 42_000,
    plannedArriveAt: BASE + (60 + i * 60) * MIN,
    plannedDepartAt: BASE + (60 + i * 60) * MIN,
  };
}

const LINE: LineCorridor = {
  lineId: 9,
  name: '测试干线',
  path: ROWS.map(([lat, lng]) => ({ lat, lng })),
  widthMeters: 1000,
};

function plan(over: Partial<PlanWatch> = {}): PlanWatch {
  return {
    planId: 31,
    planNo: 'JH202611200001',
    merchantId: SCOPE.merchantId,
    teamCode: SCOPE.teamCode,
    truckId: SCOPE.truckId,
    truckTeamCode: SCOPE.teamCode,
    driverId: SCOPE.driverId,
    terminalId: 11,
    state: PLAN_STATE.distributed,
    lineId: LINE.lineId,
    lineName: LINE.name,
    line: LINE,
    plannedDepartAt: BASE + 60 * MIN,
    plannedArriveAt: BASE + 180 * MIN,
    distributedAt: BASE,
    departedAt: null,
    arrivedAt: null,
    maxSeq: 0,
    stations: ROWS.map((_, i) => station(i)),
    raised: [],
    ...over,
  };
}

/** A point `f` of the way from row `a` to row `b` (0 at a, 1 at b). */
function between(a: number, b: number, f: number): { lat: number; lon: number } {
  const [la, loa] = ROWS[a] as [number, number];
  const [lb, lob] = ROWS[b] as [number, number];
  return { lat: la + (lb - la) * f, lon: loa + (lob - loa) * f };
}

/** A harness whose reports also collect the plan moves, as the ingest's batches would. */
class PlanHarness extends Harness {
  readonly moves: PlanMove[] = [];
  feedPlan(...points: Parameters<Harness['feed']>): this {
    for (const p of points) {
      const batch = new AlarmBatch();
      this.engine.observe(batch, SCOPE, row(p), undefined);
      this.keep(batch);
      this.moves.push(...batch.planMoves);
      this.engine.committed(batch);
    }
    return this;
  }
  codes(): [number, number | null, number | null][] {
    return this.alarms
      .filter((a) => a.code >= 4001 && a.code <= 4006)
      .map((a) => [a.code, minute(a.startTime), minute(a.endTime)]);
  }
}

const start = { lat: 39.9, lon: 116.4 };

describe('plan rules: late departure (4001, 4002)', () => {
  it('warns 15 minutes after the planned departure, alarms at 30, both ending when the truck leaves', () => {
    const h = new PlanHarness({}, { plan: plan() });
    h.feedPlan(
      { minute: 50, speed: 0, ...start },
      { minute: 74, speed: 0, ...start },
      { minute: 76, speed: 0, ...start },
      { minute: 89, speed: 0, ...start },
      { minute: 91, speed: 0, ...start },
      { minute: 100, speed: 40, ...between(0, 1, 0.05) },
    );
    // leaving 40 minutes late, the estimated arrival is late as well
    expect(h.codes()).toEqual([
      [4001, 76, 91],
      [4002, 91, 100],
      [4003, 100, 100],
    ]);
    const late = h.of(4002)[0];
    expect(late).toMatchObject({ planId: 31, lineId: 9 });
    expect(late?.detail).toMatchObject({
      planNo: 'JH202611200001',
      lineName: '测试干线',
      thresholdMinutes: 30,
    });
    expect(h.moves.map((m) => [m.kind, m.seq, minute(m.time)])).toEqual([['depart', 1, 100]]);
  });

  it('raises nothing for a cancelled or finished plan, and ends the alarms of a plan cancelled meanwhile', () => {
    for (const state of [PLAN_STATE.cancelled, PLAN_STATE.finished]) {
      const h = new PlanHarness({}, { plan: plan({ state }) });
      h.feedPlan({ minute: 50, ...start }, { minute: 120, ...start }, { minute: 300, ...start });
      expect(h.codes()).toEqual([]);
      expect(h.moves).toEqual([]);
    }
    const h = new PlanHarness({}, { plan: plan() });
    h.feedPlan({ minute: 80, ...start });
    h.rules = { ...h.rules, plan: plan({ state: PLAN_STATE.cancelled }) };
    h.feedPlan({ minute: 85, ...start });
    expect(h.codes()).toEqual([[4001, 80, 85]]);
  });

  it('raises late departure through the sweep for a truck that sends nothing, once', () => {
    const h = new PlanHarness({}, { plan: null });
    const watched = plan();
    for (const at of [70, 80, 95, 96]) {
      const batch = new AlarmBatch();
      h.engine.sweep(batch, [watched], BASE + at * MIN, () => undefined);
      h.keep(batch);
      h.engine.committed(batch);
    }
    expect(h.codes()).toEqual([
      [4001, 80, 95],
      [4002, 95, null],
    ]);
    expect(h.of(4002)[0]).toMatchObject({ lat: 39_900_000, lon: 116_400_000, planId: 31 });
  });
});

describe('plan rules: progress, arrival (4003, 4004), parking (4006), deviation', () => {
  it('moves along the rows, warns of a late arrival from the ETA once, alarms when not arrived, ends on arrival', () => {
    const h = new PlanHarness({}, { plan: plan() });
    h.feedPlan(
      { minute: 55, speed: 0, ...start },
      { minute: 60, speed: 80, ...between(0, 1, 0.05) },
      { minute: 100, speed: 80, ...between(0, 1, 0.5) },
    );
    // 0.5 of 42 km + 42 km at 80 km/h: on time at minute 100
    expect(h.codes()).toEqual([]);
    // stuck at 10 km/h: 0.4 of 42 km + 42 km at about 66 km/h from minute 150 is later than 180
    h.feedPlan({ minute: 150, speed: 10, ...between(0, 1, 0.6) });
    expect(h.codes()).toEqual([[4003, 150, 150]]);
    expect(h.of(4003)[0]?.detail).toMatchObject({ planId: 31, thresholdMinutes: 0 });
    h.rules = {
      ...h.rules,
      plan: plan({ state: PLAN_STATE.running, departedAt: BASE + 60 * MIN, maxSeq: 1 }),
    };
    h.feedPlan(
      { minute: 160, speed: 40, ...between(0, 1, 1) },
      { minute: 165, speed: 40, ...between(1, 2, 0.1) },
      { minute: 170, speed: 5, ...between(1, 2, 0.5) },
      { minute: 190, speed: 40, ...between(1, 2, 0.9) },
      { minute: 196, speed: 40, ...between(1, 2, 0.95) },
      { minute: 200, speed: 10, ...between(1, 2, 1) },
    );
    // the warning once a plan; the alarm from 15 minutes after the planned arrival until arriving
    expect(h.codes()).toEqual([
      [4003, 150, 150],
      [4004, 196, 200],
    ]);
    expect(h.moves.map((m) => [m.kind, m.seq, m.finish, minute(m.time)])).toEqual([
      ['depart', 1, false, 60],
      ['arrive', 2, false, 160],
      ['leave', 2, false, 165],
      ['arrive', 3, true, 200],
    ]);
  });

  it('estimates from the departure while the truck pulls away, from its own speed ten minutes on', () => {
    const pullingAway = (minute: number, f: number, speed: number) => ({
      minute,
      speed,
      ...between(0, 1, f),
    });
    const h = new PlanHarness({}, { plan: plan() });
    h.feedPlan(
      { minute: 59, speed: 0, ...start },
      pullingAway(60, 0.02, 8),
      pullingAway(62, 0.03, 9),
      pullingAway(63, 0.04, 9),
    );
    // at 9 km/h the 80 km left would take nine hours: no warning from the walking pace
    expect(h.codes()).toEqual([]);
    for (let m = 64; m <= 75; m++) h.feedPlan(pullingAway(m, 0.04 + (m - 63) * 0.034, 85));
    expect(h.codes()).toEqual([]);
    // still crawling ten minutes after leaving: its own speed counts, and warns
    const slow = new PlanHarness({}, { plan: plan() });
    slow.feedPlan({ minute: 59, speed: 0, ...start });
    for (let m = 60; m <= 71; m++) slow.feedPlan(pullingAway(m, 0.02 + (m - 60) * 0.003, 9));
    expect(slow.codes()).toEqual([[4003, 70, 70]]);
  });

  it('alarms standing outside the stations on a running plan, not standing in a station', () => {
    const running = plan({ state: PLAN_STATE.running, departedAt: BASE + 60 * MIN, maxSeq: 1 });
    const h = new PlanHarness(
      { planTiming: { parkingMinutes: 20, arriveWarnMinutes: 600 } },
      { plan: running },
    );
    const mid = between(1, 2, 0.3);
    const station2 = between(1, 2, 0);
    h.feedPlan(
      { minute: 70, speed: 40, ...between(0, 1, 0.2) },
      { minute: 75, speed: 0, ...station2 },
      { minute: 110, speed: 0, ...station2 },
      { minute: 115, speed: 30, ...mid },
      { minute: 116, speed: 0, ...mid },
      { minute: 135, speed: 0, ...mid },
      { minute: 137, speed: 0, ...mid },
      { minute: 140, speed: 30, ...between(1, 2, 0.4) },
    );
    expect(h.codes()).toEqual([[4006, 136, 140]]);
    expect(h.of(4006)[0]?.detail).toMatchObject({ planId: 31, minutes: 20 });
  });

  it("follows the running plan's line for deviation, with the plan on the alarm", () => {
    const running = plan({ state: PLAN_STATE.running, departedAt: BASE + 60 * MIN, maxSeq: 1 });
    const h = new PlanHarness({ planTiming: { arriveWarnMinutes: 600 } }, { plan: running });
    h.feedPlan(
      { minute: 70, speed: 40, ...between(0, 1, 0.2) },
      { minute: 71, speed: 40, lat: 39.75, lon: 116.65 },
      { minute: 73, speed: 40, lat: 39.75, lon: 116.66 },
      { minute: 75, speed: 40, ...between(0, 1, 0.4) },
    );
    expect(h.codes()).toEqual([[4005, 71, 75]]);
    expect(h.of(4005)[0]).toMatchObject({ planId: 31, lineId: 9 });
    expect(h.of(4005)[0]?.detail).toMatchObject({ planNo: 'JH202611200001', lineName: '测试干线' });
    // a distributed plan that has not left yet: no line to follow (no settings line either)
    const waiting = new PlanHarness({ planTiming: { enabled: false } }, { plan: plan() });
    waiting.feedPlan(
      { minute: 10, speed: 40, lat: 39.75, lon: 116.65 },
      { minute: 15, speed: 40, lat: 39.75, lon: 116.66 },
    );
    expect(waiting.codes()).toEqual([]);
  });

  it('rolls the plan state back with a failed batch: the same report raises again, the move comes again', () => {
    const h = new PlanHarness({ planTiming: { arriveWarnMinutes: 600 } }, { plan: plan() });
    h.feedPlan({ minute: 55, speed: 0, ...start });
    const failed = new AlarmBatch();
    h.engine.observe(failed, SCOPE, row({ minute: 80, speed: 30, ...between(0, 1, 0.05) }), undefined);
    expect(failed.planMoves.map((m) => m.kind)).toEqual(['depart']);
    expect([...failed.changed].map((a) => a.code)).toEqual([]);
    failed.rollback();
    expect(failed.planMoves).toEqual([]);
    // the truck stood until minute 80 after all: late departure, and the departure again later
    h.feedPlan({ minute: 80, speed: 0, ...start }, { minute: 85, speed: 30, ...between(0, 1, 0.05) });
    expect(h.codes()).toEqual([[4001, 80, 85]]);
    expect(h.moves.map((m) => [m.kind, minute(m.time)])).toEqual([['depart', 85]]);

    const alarmed = new PlanHarness({}, { plan: plan() });
    alarmed.feedPlan({ minute: 55, speed: 0, ...start });
    const lost = new AlarmBatch();
    alarmed.engine.observe(lost, SCOPE, row({ minute: 80, speed: 0, ...start }), undefined);
    expect([...lost.changed].map((a) => a.code)).toEqual([4001]);
    lost.rollback();
    alarmed.feedPlan({ minute: 81, speed: 0, ...start });
    // raised once, at the report of the batch that was written
    expect(alarmed.codes()).toEqual([[4001, 81, null]]);
  });

  it('leaves a plan it cannot read out of the report, which goes on with the other rules', () => {
    const broken = plan({ stations: [{ ...station(0), fence: null as never }] });
    const h = new PlanHarness({ overspeed: { limitKmh: 80, minSeconds: 0 } }, { plan: broken });
    const errors: (number | null)[] = [];
    h.engine.onPlanError = (_err, planId) => errors.push(planId);
    h.feedPlan({ minute: 50, speed: 90, ...start }, { minute: 51, speed: 90, ...start });
    expect(errors).toEqual([31, 31]);
    expect(h.of(5004).map((a) => minute(a.startTime))).toEqual([50]);
  });
});
