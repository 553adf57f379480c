import { describe, expect, it } from 'vitest';
import { DEFAULT_OPERATE_LOG_PAGE, isOperateLogPage, OPERATE_LOG_PAGES } from './operate-log-pages';

describe('operation log pages', () => {
  it('defaults to 6 as the spec says, and every value is distinct', () => {
    expect(DEFAULT_OPERATE_LOG_PAGE).toBe(6);
    const values = Object.values(OPERATE_LOG_PAGES);
    expect(new Set(values).size).toBe(values.length);
  });
  it('tells known page values from others', () => {
    expect(isOperateLogPage(1)).toBe(true);
    expect(isOperateLogPage(0)).toBe(false);
    expect(isOperateLogPage(99)).toBe(false);
  });
});
