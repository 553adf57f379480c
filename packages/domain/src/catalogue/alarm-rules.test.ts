import { describe, expect, it } from 'vitest';
import { zodIssueMessage } from '../validation';
import {
  ALARM_RULES,
  alarmRulePatchSchema,
  alarmRulesProblem,
  DEFAULT_ALARM_RULES,
  mergeAlarmRules,
} from './alarm-rules';

describe('alarm rule settings', () => {
  it('applies levels in order, field by field, without changing the defaults', () => {
    const merged = mergeAlarmRules(
      DEFAULT_ALARM_RULES,
      { overspeed: { limitKmh: 90 }, parking: { enabled: false } },
      null,
      { overspeed: { minSeconds: 30 }, deviation: { lineId: 4 } },
    );
    expect(merged.overspeed).toEqual({ enabled: true, limitKmh: 90, minSeconds: 30 });
    expect(merged.parking.enabled).toBe(false);
    expect(merged.deviation.lineId).toBe(4);
    expect(DEFAULT_ALARM_RULES.overspeed.limitKmh).toBe(100);
    expect(mergeAlarmRules(merged, { deviation: { lineId: null } }).deviation.lineId).toBeNull();
  });

  it('refuses out-of-range values and unknown fields with Chinese messages', () => {
    const bad = alarmRulePatchSchema.safeParse({ overspeed: { limitKmh: 300 } });
    expect(bad.success).toBe(false);
    if (!bad.success) expect(zodIssueMessage(bad.error)).toContain('限速值须为1-200之间的整数');
    expect(alarmRulePatchSchema.safeParse({ overspeed: { limit: 80 } }).success).toBe(false);
    expect(alarmRulePatchSchema.safeParse({ fatigue: { warnMinutes: 200, restMinutes: 20 } }).success).toBe(
      true,
    );
  });

  it('wants the fatigue warning before the alarm', () => {
    const rules = mergeAlarmRules(DEFAULT_ALARM_RULES, { fatigue: { warnMinutes: 240 } });
    expect(alarmRulesProblem(rules)).toBe('预警驾驶时长须小于报警驾驶时长');
    expect(alarmRulesProblem(DEFAULT_ALARM_RULES)).toBeNull();
  });

  it('has the plan timing rule (计划时效) with its codes, ranges and the late-departure order', () => {
    expect(ALARM_RULES.find((r) => r.key === 'planTiming')).toEqual({
      key: 'planTiming',
      name: '计划时效',
      codes: [4001, 4002, 4003, 4004, 4006],
    });
    expect(DEFAULT_ALARM_RULES.planTiming).toEqual({
      enabled: true,
      departWarnMinutes: 15,
      departAlarmMinutes: 30,
      arriveWarnMinutes: 0,
      arriveAlarmMinutes: 15,
      parkingMinutes: 30,
    });
    expect(
      alarmRulePatchSchema.safeParse({ planTiming: { arriveWarnMinutes: 0, parkingMinutes: 45 } }).success,
    ).toBe(true);
    const bad = alarmRulePatchSchema.safeParse({ planTiming: { parkingMinutes: 0 } });
    expect(bad.success).toBe(false);
    if (!bad.success) expect(zodIssueMessage(bad.error)).toContain('途中停车时长须为1-1440之间的整数');
    const late = mergeAlarmRules(DEFAULT_ALARM_RULES, { planTiming: { departWarnMinutes: 30 } });
    expect(alarmRulesProblem(late)).toBe('迟发车预警时长须小于迟发车报警时长');
  });
});
