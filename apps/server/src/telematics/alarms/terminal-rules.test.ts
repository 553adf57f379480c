import { describe, expect, it } from 'vitest';
import type { AdasAlarm, BsdAlarm, DsmAlarm } from '../jt808/active-safety';
import { ALARM_BITS, alarmWord } from '../jt808/flags';
import { ALARM_BIT_CODES, CODE_OF_BIT, faultItem, faultWord } from './codes';
import { BASE, every, Harness, MIN, minute } from './track.fixture';

const bit = (name: keyof typeof ALARM_BITS) => 1 << ALARM_BITS[name];

function common(minuteAt: number, attachments = 2) {
  return {
    alarmId: 41,
    flag: 0,
    speed: 62,
    altitude: 50,
    lat: 39.91,
    lon: 116.41,
    time: BASE + minuteAt * MIN,
    timeBcd: '',
    vehicleStatus: 1,
    identification: {
      terminalId: 'T000001',
      time: BASE + minuteAt * MIN,
      timeBcd: '',
      serial: 1,
      attachments,
      reserved: 0,
      raw: '5430303030303126112008000001020000'.slice(0, 32),
    },
  };
}

const adas = (minuteAt: number, x: Partial<AdasAlarm> = {}): AdasAlarm => ({
  ...common(minuteAt),
  type: 1,
  typeName: 'forwardCollision',
  level: 2,
  frontSpeed: 50,
  frontDistance: 12,
  departureType: 0,
  roadSignType: 0,
  roadSignValue: 0,
  ...x,
});

describe('terminal alarm bits', () => {
  it('maps every bit of table 24 that the catalogue names, and no other', () => {
    expect(ALARM_BIT_CODES.overspeed).toBe(5004);
    expect(ALARM_BIT_CODES.fatigue).toBe(5006);
    expect(ALARM_BIT_CODES.collisionWarning).toBe(3011);
    expect(ALARM_BIT_CODES.rolloverWarning).toBe(3010);
    expect(CODE_OF_BIT[ALARM_BITS.emergency]).toBe(7001);
    expect(CODE_OF_BIT[ALARM_BITS.icCardFault]).toBeUndefined();
    const codes = CODE_OF_BIT.filter((c) => c !== undefined);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('opens an alarm when a bit is set and ends it when cleared: one alarm for the whole time', () => {
    const h = new Harness();
    h.feed(
      { minute: 0, speed: 40 },
      ...every(1, 3, (i) => ({ speed: 40 + i * 10, alarm: bit('emergency') })),
      { minute: 4, speed: 30 },
    );
    const [a, ...rest] = h.of(7001);
    expect(rest).toHaveLength(0);
    expect(a).toMatchObject({ source: 1, endTime: BASE + 4 * MIN, speed: 400, maxSpeed: 600 });
    expect(minute(a?.startTime ?? null)).toBe(1);
  });

  it('raises several bits at once under their own codes and ignores unmapped bits', () => {
    const h = new Harness();
    const word = alarmWord(['collisionWarning', 'rolloverWarning', 'overspeed', 'icCardFault']);
    h.feed({ minute: 0, speed: 90, alarm: word }, { minute: 1, speed: 0, alarm: bit('rolloverWarning') });
    expect(h.alarms.map((a) => a.code).sort()).toEqual([3010, 3011, 5004]);
    expect(h.of(3011)[0]?.endTime).toBe(BASE + MIN);
    expect(h.of(3010)[0]?.endTime).toBeNull();
  });

  it('stores no terminal alarm for a truck whose terminal alarms are turned off', () => {
    const h = new Harness({ terminal: { enabled: false } });
    h.feed({ minute: 0, alarm: bit('emergency'), extras: { adas: adas(0) } });
    expect(h.alarms).toHaveLength(0);
  });
});

describe('active-safety items', () => {
  it('stores a driver-assist event once with its level, alarm number and attachments', () => {
    const h = new Harness();
    const report = { minute: 2, speed: 62, extras: { adas: adas(2) } };
    h.feed(report, report);
    const [a, ...rest] = h.of(1001);
    expect(rest).toHaveLength(0);
    expect(a).toMatchObject({ level: 2, attachments: 2, startTime: BASE + 2 * MIN, endTime: BASE + 2 * MIN });
    expect(a?.alarmNo).toMatch(/^[0-9a-f]{32}$/);
    expect(a?.detail).toMatchObject({ item: 'adas', eventType: 1, frontDistance: 12, attachments: 2 });
    expect(a?.lat).toBe(39_910_000);
  });

  it('maps lane departure left and right, and a lasting event from its start flag to its end flag', () => {
    const h = new Harness();
    h.feed(
      { minute: 1, extras: { adas: adas(1, { type: 2, departureType: 2, alarmId: 1 }) } },
      { minute: 2, extras: { adas: adas(2, { type: 3, flag: 1, alarmId: 2 }) } },
      { minute: 3, speed: 70 },
      { minute: 4, extras: { adas: adas(4, { type: 3, flag: 2, alarmId: 2 }) } },
    );
    expect(h.of(1004)).toHaveLength(1);
    const [close] = h.of(1002);
    expect(minute(close?.startTime ?? null)).toBe(2);
    expect(minute(close?.endTime ?? null)).toBe(4);
    expect(close?.maxSpeed).toBe(700);
  });

  it('maps driver-state and blind-spot items', () => {
    const dsm: DsmAlarm = { ...common(1), type: 2, typeName: 'phoneCall', level: 1, fatigueDegree: 0 };
    const bsd: BsdAlarm = { ...common(2, 0), type: 2, typeName: 'leftRearApproach' };
    const h = new Harness().feed({ minute: 1, extras: { dsm } }, { minute: 2, extras: { bsd } });
    expect(h.of(2002)[0]).toMatchObject({ level: 1 });
    // a blind-spot item gives no level: the level its kind is configured with (二级)
    expect(h.of(9003)[0]).toMatchObject({ level: 2, alarmNo: null });
  });

  it('counts an event reported late (blind-area upload) after newer reports', () => {
    const h = new Harness().feed({ minute: 5 }, { minute: 3, extras: { adas: adas(3) } });
    expect(h.of(1001)).toHaveLength(1);
  });
});

describe('fault alarms', () => {
  it('reads item 0xF3: a bit set opens its fault, cleared ends it; a report without the item changes nothing', () => {
    expect(faultWord([faultItem([10007, 10011])])).toBe((1 << 6) | (1 << 10));
    const h = new Harness();
    h.feed(
      { minute: 0, items: [faultItem([10007])] },
      { minute: 1 },
      { minute: 2, items: [faultItem([10007, 10011])] },
      { minute: 3, items: [faultItem([])] },
    );
    expect(h.of(10007)).toHaveLength(1);
    expect(minute(h.of(10007)[0]?.endTime ?? null)).toBe(3);
    expect(minute(h.of(10011)[0]?.startTime ?? null)).toBe(2);
  });

  it('raises battery voltage low from analog AD0 under the minimum', () => {
    const h = new Harness({ fault: { minBatteryVolts: 22 } });
    h.feed(
      { minute: 0, extras: { analog: { ad0: 245, ad1: 0 } } },
      { minute: 1, extras: { analog: { ad0: 201, ad1: 0 } } },
      { minute: 2, extras: { analog: { ad0: 198, ad1: 0 } } },
      { minute: 3, extras: { analog: { ad0: 240, ad1: 0 } } },
    );
    const [a, ...rest] = h.of(10013);
    expect(rest).toHaveLength(0);
    expect(a?.detail).toMatchObject({ batteryVolts: 20.1 });
    expect(minute(a?.endTime ?? null)).toBe(3);
  });
});
