import { describe, expect, it } from 'vitest';
import { BASE, every, Harness, MIN, minute } from './track.fixture';

describe('speeding (5004)', () => {
  it('raises one alarm for a speeding that lasts the minimum, from its start to the first report under the limit', () => {
    const h = new Harness({ overspeed: { minSeconds: 60 } }, { speedLimitKmh: 80 });
    h.feed(
      { minute: 0, speed: 70 },
      { minute: 1, speed: 85 },
      { minute: 2, speed: 95 },
      { minute: 3, speed: 88 },
      { minute: 4, speed: 75 },
    );
    const [a, ...rest] = h.of(5004);
    expect(rest).toHaveLength(0);
    expect(a).toMatchObject({ source: 2, speed: 850, maxSpeed: 950 });
    expect(a?.detail).toMatchObject({ limitKmh: 80, minSeconds: 60 });
    expect([minute(a?.startTime ?? null), minute(a?.endTime ?? null)]).toEqual([1, 4]);
  });

  it('ignores a speeding shorter than the minimum, and uses the rule limit without a truck limit', () => {
    const h = new Harness({ overspeed: { minSeconds: 120, limitKmh: 100 } });
    h.feed({ minute: 0, speed: 110 }, { minute: 1, speed: 120 }, { minute: 2, speed: 90 });
    h.feed({ minute: 3, speed: 95 }, { minute: 4, speed: 99 });
    expect(h.of(5004)).toHaveLength(0);
    h.feed({ minute: 5, speed: 101 }, { minute: 7, speed: 101 });
    expect(h.of(5004)).toHaveLength(1);
    expect(h.of(5004)[0]?.endTime).toBeNull();
  });

  it('raises nothing when turned off for the truck', () => {
    const h = new Harness({ overspeed: { enabled: false } }, { speedLimitKmh: 60 });
    h.feed(...every(0, 5, () => ({ speed: 100 })));
    expect(h.of(5004)).toHaveLength(0);
  });
});

describe('fatigue (5005 warning, 5006 alarm)', () => {
  const rules = { fatigue: { warnMinutes: 30, alarmMinutes: 40, restMinutes: 10 } };

  it('warns, then alarms, and a rest ends both; short stops do not reset the count', () => {
    const h = new Harness(rules);
    h.feed(
      ...every(0, 20, () => ({ speed: 60 })),
      ...every(20, 5, () => ({ speed: 0 })), // a 5-minute stop: not a rest
      ...every(25, 20, () => ({ speed: 60 })),
      ...every(45, 12, () => ({ speed: 0, acc: false })), // a rest from minute 45
      ...every(57, 5, () => ({ speed: 60 })),
    );
    const [warn, ...moreWarn] = h.of(5005);
    const [alarm, ...moreAlarm] = h.of(5006);
    expect(moreWarn).toHaveLength(0);
    expect(moreAlarm).toHaveLength(0);
    expect([minute(warn?.startTime ?? null), minute(warn?.endTime ?? null)]).toEqual([30, 40]);
    expect([minute(alarm?.startTime ?? null), minute(alarm?.endTime ?? null)]).toEqual([40, 45]);
    expect(alarm?.detail).toMatchObject({ drivingMinutes: 40, since: BASE });
  });
});

describe('silences between reports', () => {
  it('counts a silence as long as a rest as a rest, and ends a speeding at the last report before a silence', () => {
    const h = new Harness(
      { fatigue: { warnMinutes: 30, alarmMinutes: 40, restMinutes: 10 }, overspeed: { minSeconds: 0 } },
      { speedLimitKmh: 80 },
    );
    h.feed(
      ...every(0, 35, () => ({ speed: 60 })),
      { minute: 35, speed: 90 },
      // the terminal is off from minute 35 to 60
      ...every(60, 25, () => ({ speed: 60 })),
    );
    expect(h.of(5005).map((a) => [minute(a.startTime), minute(a.endTime)])).toEqual([[30, 35]]);
    expect(h.of(5006)).toHaveLength(0);
    expect(h.of(5004).map((a) => [minute(a.startTime), minute(a.endTime)])).toEqual([[35, 35]]);
  });
});

describe('parking timeout (5003)', () => {
  it('starts when the time ran out and ends when the truck moves', () => {
    const h = new Harness({ parking: { minutes: 30 } });
    h.feed({ minute: 0, speed: 50 }, ...every(1, 40, () => ({ speed: 0, acc: false, lat: 39.95 })), {
      minute: 41,
      speed: 30,
    });
    const [a, ...rest] = h.of(5003);
    expect(rest).toHaveLength(0);
    expect([minute(a?.startTime ?? null), minute(a?.endTime ?? null)]).toEqual([31, 41]);
    expect(a?.detail).toMatchObject({ parkedSince: BASE + MIN, minutes: 30 });
    expect(a?.lat).toBe(39_950_000);
  });

  it('raises nothing for a stop shorter than the limit', () => {
    const h = new Harness({ parking: { minutes: 30 } });
    h.feed(...every(0, 20, () => ({ speed: 0 })), { minute: 20, speed: 40 });
    expect(h.of(5003)).toHaveLength(0);
  });
});

describe('rollback', () => {
  it('restores rule state and open alarms when the batch is not stored', async () => {
    const { AlarmBatch } = await import('./engine');
    const { row, SCOPE } = await import('./track.fixture');
    const h = new Harness({ parking: { minutes: 5 } });
    h.feed(...every(0, 6, () => ({ speed: 0 })));
    expect(h.engine.openAlarms(SCOPE.truckId).map((a) => a.code)).toEqual([5003]);
    const failed = new AlarmBatch();
    h.engine.observe(failed, SCOPE, row({ minute: 7, speed: 50 }), undefined);
    expect(h.engine.openAlarms(SCOPE.truckId)).toHaveLength(0);
    failed.rollback();
    const open = h.engine.openAlarms(SCOPE.truckId);
    expect(open.map((a) => [a.code, a.endTime])).toEqual([[5003, null]]);
    h.feed({ minute: 8, speed: 50 });
    expect(minute(h.of(5003)[0]?.endTime ?? null)).toBe(8);
  });
});
