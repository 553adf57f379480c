import { describe, expect, it } from 'vitest';
import { ALARM_CATEGORIES, alarmCategoryName } from './alarm-categories';
import { ALARM_TYPES, alarmKind, alarmName, alarmType, alarmTypesOf } from './alarms';

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

describe('alarm catalogue', () => {
  it('holds exactly the codes of the spec, plus oil theft, terminal, fence and due reminders', () => {
    const expected = [
      ...range(1001, 1010),
      ...range(2001, 2006),
      ...range(3001, 3011),
      ...range(4001, 4006),
      ...range(5001, 5012),
      ...range(6001, 6003),
      ...range(7001, 7020),
      7101,
      7102,
      8001,
      8002,
      8101,
      8102,
      ...range(9001, 9003),
      ...range(10001, 10022),
    ];
    expect(ALARM_TYPES.map((type) => type.code)).toEqual(expected);
  });

  it('has a unique Chinese name within each kind', () => {
    for (const { key } of ALARM_CATEGORIES) {
      const names = alarmTypesOf(key).map((type) => type.name);
      expect(new Set(names).size).toBe(names.length);
      for (const name of names) expect(name).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it('gives each entry its kind and kind name', () => {
    expect(alarmType(1001)).toEqual({
      code: 1001,
      name: '前向碰撞预警',
      kind: 'driverAssist',
      kindName: '驾驶辅助',
    });
    expect(alarmType('2002')).toEqual({
      code: 2002,
      name: '接打电话',
      kind: 'driverState',
      kindName: '驾驶员状态',
    });
    expect(alarmType(4001)?.name).toBe('迟发车预警');
    expect(alarmType(4006)?.name).toBe('停车超时');
    expect(alarmType(1003)?.name).toBe('车道偏离报警(左)');
    expect(alarmType(10022)?.kindName).toBe('故障');
  });

  it('counts the entries of each kind', () => {
    const counts = Object.fromEntries(ALARM_CATEGORIES.map(({ key }) => [key, alarmTypesOf(key).length]));
    expect(counts).toEqual({
      driverAssist: 10,
      driverState: 6,
      dangerousDriving: 11,
      timing: 6,
      driving: 12,
      device: 20,
      fence: 2,
      safetyRisk: 3,
      approval: 2,
      blindSpot: 3,
      fault: 22,
      expiry: 2,
    });
  });
});

describe('alarmKind', () => {
  it('maps codes to kinds', () => {
    expect(alarmKind(1010)).toBe('driverAssist');
    expect(alarmKind(2006)).toBe('driverState');
    expect(alarmKind(3011)).toBe('dangerousDriving');
    expect(alarmKind(4005)).toBe('timing');
    expect(alarmKind(5011)).toBe('driving');
    expect(alarmKind(6002)).toBe('safetyRisk');
    expect(alarmKind(8001)).toBe('approval');
    expect(alarmKind(9003)).toBe('blindSpot');
    expect(alarmKind('10001')).toBe('fault');
    expect(alarmKind(7001)).toBe('device');
    expect(alarmKind(7102)).toBe('fence');
    expect(alarmName(5012)).toBe('疑似偷油');
  });

  it('is null outside the catalogue', () => {
    for (const code of [0, 1000, 1011, 3012, 5013, 7021, 7103, 8003, 10023, '', 'abc', Number.NaN]) {
      expect(alarmKind(code)).toBeNull();
    }
  });
});

describe('alarmName and alarmCategoryName', () => {
  it('names known codes and kinds', () => {
    expect(alarmName(9001)).toBe('右侧盲区报警');
    expect(alarmCategoryName('blindSpot')).toBe('盲区');
  });

  it('falls back for unknown ones', () => {
    expect(alarmName(1234)).toBe('-');
    expect(alarmName(1234, '--')).toBe('--');
    expect(alarmCategoryName('nothing')).toBe('-');
  });
});
