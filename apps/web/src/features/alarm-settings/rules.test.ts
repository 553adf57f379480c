import { DEFAULT_ALARM_RULES, mergeAlarmRules } from '@fleet/domain';
import { describe, expect, it } from 'vitest';
import { changedPatch, ownPatch, ownRules, withInherited } from './rules';

describe('alarm settings form rules', () => {
  it('keeps only the fields a team changed', () => {
    const values = mergeAlarmRules(DEFAULT_ALARM_RULES, {
      overspeed: { limitKmh: 80 },
      parking: { enabled: false },
    });
    expect(changedPatch(values, DEFAULT_ALARM_RULES)).toEqual({
      overspeed: { limitKmh: 80 },
      parking: { enabled: false },
    });
    expect(changedPatch(DEFAULT_ALARM_RULES, DEFAULT_ALARM_RULES)).toEqual({});
  });

  it('gives a vehicle whole rules for those it sets itself, and tells them back', () => {
    const values = mergeAlarmRules(DEFAULT_ALARM_RULES, { fatigue: { alarmMinutes: 300 } });
    const patch = ownPatch(values, { fatigue: true });
    expect(patch).toEqual({
      fatigue: { enabled: true, warnMinutes: 210, alarmMinutes: 300, restMinutes: 20 },
    });
    expect(ownRules(patch)).toMatchObject({ fatigue: true, overspeed: false });
    const team = mergeAlarmRules(DEFAULT_ALARM_RULES, {
      fatigue: { alarmMinutes: 250 },
      parking: { minutes: 30 },
    });
    const shown = withInherited(values, team, { fatigue: true });
    expect(shown.fatigue.alarmMinutes).toBe(300);
    expect(shown.parking.minutes).toBe(30);
  });
});
