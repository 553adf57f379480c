import { describe, expect, it } from 'vitest';
import { ALARM_BITS } from '../jt808/flags';
import { openAlarmOf, restoreTruck } from './restore';
import { BASE, every, Harness, minute } from './track.fixture';

const bit = (name: keyof typeof ALARM_BITS) => 1 << ALARM_BITS[name];

/** One episode of one kind on one truck is one alarm, whoever raised it (terminal bit, platform rule). */
describe('alarms of both sources', () => {
  it('joins the terminal speeding bit and the speeding rule, from the first start to the last end', () => {
    const h = new Harness({ overspeed: { minSeconds: 60 } }, { speedLimitKmh: 80 });
    h.feed(
      { minute: 0, speed: 70 },
      { minute: 1, speed: 85 },
      { minute: 2, speed: 95, alarm: bit('overspeed') },
      { minute: 3, speed: 99, alarm: bit('overspeed') },
      { minute: 4, speed: 90 },
      { minute: 5, speed: 70 },
    );
    const [a, ...rest] = h.of(5004);
    expect(rest).toHaveLength(0);
    expect(a).toMatchObject({ source: 3, speed: 850, maxSpeed: 990, detail: { bit: 1, limitKmh: 80 } });
    expect([minute(a?.startTime ?? null), minute(a?.endTime ?? null)]).toEqual([1, 5]);
  });

  it('joins a rule that starts back in time into a bit alarm that already ended', () => {
    const h = new Harness({ overspeed: { minSeconds: 120 } }, { speedLimitKmh: 80 });
    h.feed(
      { minute: 0, speed: 90, alarm: bit('overspeed') },
      { minute: 1, speed: 95 },
      { minute: 2, speed: 95 },
      { minute: 3, speed: 60 },
    );
    const [a, ...rest] = h.of(5004);
    expect(rest).toHaveLength(0);
    expect(a?.source).toBe(3);
    expect([minute(a?.startTime ?? null), minute(a?.endTime ?? null)]).toEqual([0, 3]);
  });

  it('keeps episodes apart that do not overlap', () => {
    const h = new Harness({ overspeed: { minSeconds: 60 } }, { speedLimitKmh: 80 });
    h.feed(
      { minute: 0, speed: 90, alarm: bit('overspeed') },
      { minute: 1, speed: 60 },
      { minute: 2, speed: 90 },
      { minute: 3, speed: 90 },
      { minute: 4, speed: 60 },
    );
    expect(h.of(5004).map((a) => a.source)).toEqual([1, 2]);
  });

  it('joins the fatigue bits and the fatigue rules, and parking timeout', () => {
    const rules = {
      fatigue: { warnMinutes: 30, alarmMinutes: 40, restMinutes: 10 },
      parking: { minutes: 20 },
    };
    const h = new Harness(rules);
    h.feed(
      ...every(0, 29, () => ({ speed: 60 })),
      ...every(29, 11, () => ({ speed: 60, alarm: bit('fatigueWarning') })),
      ...every(40, 5, () => ({ speed: 60, alarm: bit('fatigue') })),
      ...every(45, 30, (i) => ({ speed: 0, acc: false, alarm: i >= 21 ? bit('parkingTimeout') : 0 })),
      { minute: 75, speed: 50 },
    );
    expect(h.of(5005).map((a) => [a.source, minute(a.startTime), minute(a.endTime)])).toEqual([[3, 29, 40]]);
    expect(h.of(5006).map((a) => [a.source, minute(a.startTime), minute(a.endTime)])).toEqual([[3, 40, 45]]);
    expect(h.of(5003).map((a) => [a.source, minute(a.startTime), minute(a.endTime)])).toEqual([[3, 65, 75]]);
  });

  it('restores both conditions of a joined alarm after a restart', () => {
    const h = new Harness({ overspeed: { minSeconds: 60 } }, { speedLimitKmh: 80 });
    h.feed(
      { minute: 0, speed: 90, alarm: bit('overspeed') },
      { minute: 1, speed: 95, alarm: bit('overspeed') },
    );
    const [a] = h.of(5004);
    const row = {
      id: 1,
      merchant_id: 1,
      team_code: '1',
      truck_id: 7,
      terminal_id: 11,
      driver_id: 3,
      code: 5004,
      source: a?.source ?? 0,
      level: a?.level ?? null,
      start_time: a?.startTime ?? 0,
      end_time: null,
      lat: 0,
      lon: 0,
      speed: 900,
      max_speed: 950,
      end_lat: null,
      end_lon: null,
      station_id: null,
      line_id: null,
      plan_id: null,
      detail: JSON.stringify(a?.detail),
      media: null,
      handle_status: 0,
      handle_type: null,
      handle_remark: null,
      handler_id: null,
      handled_at: null,
      created_at: BASE,
      updated_at: BASE,
    };
    const t = restoreTruck(
      { truckId: 7, merchantId: 1, teamCode: '1', driverId: 3, terminalId: 11 },
      [openAlarmOf(row)],
      null,
    );
    expect([...t.open.keys()].sort()).toEqual(['b5004', 'p5004']);
    expect(t.state.bits).toBe(bit('overspeed'));
    expect(t.state.overSince?.time).toBe(BASE);
  });
});
