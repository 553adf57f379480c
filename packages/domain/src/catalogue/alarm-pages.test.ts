import { describe, expect, it } from 'vitest';
import { isKnownCode } from '../access';
import { alarmDetailEntries, alarmDetailText } from './alarm-detail';
import {
  ALARM_PAGES,
  alarmPageCodesFor,
  alarmPageTypes,
  OVER_SPEED_CODES,
  overSpeedRiskLevel,
  VIOLATION_CODES,
} from './alarm-pages';
import { alarmKind, alarmType } from './alarms';
import { faultAdvice } from './fault-advice';

describe('alarm pages', () => {
  it('names existing menu codes and catalogue codes only', () => {
    for (const page of Object.values(ALARM_PAGES)) {
      expect(isKnownCode(page.code), page.key).toBe(true);
      expect(page.codes.length, page.key).toBeGreaterThan(0);
      for (const code of page.codes) expect(alarmType(code), `${page.key} ${code}`).toBeDefined();
    }
    for (const code of [...VIOLATION_CODES, ...OVER_SPEED_CODES]) expect(alarmType(code)).toBeDefined();
  });

  it('lists each kind on the page its pop-up jumps to, and every vehicle alarm in the records', () => {
    expect(ALARM_PAGES.drive.codes.every((c) => ['driving', 'device'].includes(alarmKind(c) ?? ''))).toBe(
      true,
    );
    expect(ALARM_PAGES.affairs.codes).toEqual(expect.arrayContaining([1001, 2002, 3011, 9003]));
    expect(ALARM_PAGES.plan.codes).toEqual([4001, 4002, 4003, 4004, 4005, 4006]);
    expect(ALARM_PAGES.fence.codes).toEqual([7101, 7102]);
    expect(ALARM_PAGES.theft.codes).toEqual([5012]);
    expect(ALARM_PAGES.record.codes).not.toContain(8001);
    expect(alarmPageTypes('fence').map((t) => t.name)).toEqual(['进站点围栏', '出站点围栏']);
  });

  it('tells which pages may show and handle an alarm code', () => {
    expect(alarmPageCodesFor(5004).sort()).toEqual(['car050106', 'car050114', 'car050307']);
    expect(alarmPageCodesFor(10007).sort()).toEqual(['car050109', 'car050114', 'car050117']);
    expect(alarmPageCodesFor(5012).sort()).toEqual(['car050106', 'car050110', 'car050114']);
    expect(alarmPageCodesFor(8001)).toEqual([]);
  });

  it('rates over-speed risk by count and total duration', () => {
    expect(overSpeedRiskLevel({ count: 1, durationMs: 60_000 })).toBe(3);
    expect(overSpeedRiskLevel({ count: 3, durationMs: 0 })).toBe(2);
    expect(overSpeedRiskLevel({ count: 1, durationMs: 10 * 60_000 })).toBe(2);
    expect(overSpeedRiskLevel({ count: 10, durationMs: 0 })).toBe(1);
    expect(overSpeedRiskLevel({ count: 2, durationMs: 30 * 60_000 })).toBe(1);
  });

  it('labels what a rule measured in Chinese with units, in a fixed order, and advises on faults', () => {
    expect(alarmDetailEntries({ custom: 'x', maxSpeedKmh: 112.345, limitKmh: 100, empty: '' })).toEqual([
      { key: 'limitKmh', label: '限速值', value: '100 km/h' },
      { key: 'maxSpeedKmh', label: '最高速度', value: '112.35 km/h' },
    ]);
    expect(alarmDetailText({ dropLitres: 35 })).toBe('油量下降：35 L');
    expect(alarmDetailText(null)).toBe('');
    expect(faultAdvice(10007)).toContain('尿素');
    expect(faultAdvice(1)).toContain('检修');
  });
});
