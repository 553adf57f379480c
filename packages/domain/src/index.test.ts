import { describe, expect, it } from 'vitest';
import * as domain from './index';

describe('@fleet/domain entry', () => {
  it('re-exports every part', () => {
    expect(typeof domain.isPhone).toBe('function');
    expect(typeof domain.zodIssueMessage).toBe('function');
    expect(typeof domain.alarmJump).toBe('function');
    expect(typeof domain.waybillStateName).toBe('function');
    expect(typeof domain.capCount).toBe('function');
    expect(typeof domain.buildTeamTree).toBe('function');
    expect(typeof domain.grossMargin).toBe('function');
    expect(typeof domain.durationText).toBe('function');
    expect(domain.TEAM_CODE_LEVELS).toEqual([7, 10, 14, 18, 25, 28, 32, 36]);
    expect(Array.isArray(domain.MENU_TREE)).toBe(true);
  });
});
