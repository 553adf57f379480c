import { describe, expect, it } from 'vitest';
import { ALARM_TYPES } from './alarms';
import { DICT_TYPE_CODES, DICTIONARIES, dictionary, dictionaryName, isDictTypeCode } from './dictionaries';

describe('dictionaries of /dictionary/find', () => {
  it('has every dictTypeCode the spec names, none empty, codes unique', () => {
    expect(DICT_TYPE_CODES).toEqual([
      'DRIVE_ALARM_TYPE',
      'PLAN_ALARM_TYPE',
      'PLAN_MONITOR',
      'CAR_TYPE',
      'QUASI_DRIVING_MODEL',
      'INSURANCE_TYPE',
      'EVENT_TYPE',
      'SAFETY_BUSINESS',
    ]);
    for (const type of DICT_TYPE_CODES) {
      const entries = DICTIONARIES[type];
      expect(entries.length, type).toBeGreaterThan(0);
      expect(new Set(entries.map((e) => e.code)).size, type).toBe(entries.length);
      for (const e of entries) expect(e.name, `${type} ${e.code}`).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it('takes alarm types from the catalogue', () => {
    const names = new Map(ALARM_TYPES.map((t) => [String(t.code), t.name]));
    for (const type of ['DRIVE_ALARM_TYPE', 'PLAN_ALARM_TYPE', 'EVENT_TYPE'] as const)
      for (const e of DICTIONARIES[type]) expect(names.get(e.code)).toBe(e.name);
    expect(dictionary('PLAN_ALARM_TYPE').map((e) => e.code)).toEqual([
      '4001',
      '4002',
      '4003',
      '4004',
      '4005',
      '4006',
    ]);
    expect(dictionaryName('DRIVE_ALARM_TYPE', 5004)).toBe('超速报警');
    expect(dictionaryName('DRIVE_ALARM_TYPE', '7007')).toBe('终端主电源掉电');
    expect(dictionaryName('EVENT_TYPE', 1001)).toBe('前向碰撞预警');
    expect(dictionaryName('EVENT_TYPE', 5004)).toBe('-');
  });

  it('names truck types, licence classes and insurance in Chinese', () => {
    expect(dictionaryName('CAR_TYPE', 'Q11')).toBe('重型半挂牵引车');
    expect(dictionary('CAR_TYPE').map((e) => e.name)).toContain('重型厢式货车');
    expect(dictionary('QUASI_DRIVING_MODEL').map((e) => e.code)).toEqual(
      expect.arrayContaining(['A1', 'A2', 'A3', 'B1', 'B2', 'C1', 'C2']),
    );
    expect(dictionaryName('QUASI_DRIVING_MODEL', 'A2')).toBe('A2 重型牵引挂车');
    expect(dictionary('INSURANCE_TYPE').map((e) => e.name)).toEqual([
      '交强险',
      '商业险',
      '承运人责任险',
      '货物险',
    ]);
  });

  it('knows no other type', () => {
    expect(isDictTypeCode('NOPE')).toBe(false);
    expect(isDictTypeCode('toString')).toBe(false);
    expect(dictionary('NOPE')).toEqual([]);
  });
});
