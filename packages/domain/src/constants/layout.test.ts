import { describe, expect, it } from 'vitest';
import {
  ALL_FUNCTIONS_COLUMNS,
  ALL_FUNCTIONS_DRAWER_WIDTH,
  capCount,
  DEFAULT_DIALOG_HEIGHT,
  DEFAULT_DIALOG_WIDTH,
  deviceMode,
  MENU_SCROLL_STEP,
  noticeOffset,
  sidebarAutoClosed,
} from './layout';

describe('capCount', () => {
  it('shows counts up to 999 as they are', () => {
    expect(capCount(0)).toBe('0');
    expect(capCount(7)).toBe('7');
    expect(capCount(999)).toBe('999');
  });

  it('caps counts above 999', () => {
    expect(capCount(1000)).toBe('999+');
    expect(capCount(123456)).toBe('999+');
  });

  it('never shows a negative or broken count', () => {
    expect(capCount(-3)).toBe('0');
    expect(capCount(Number.NaN)).toBe('0');
    expect(capCount(4.7)).toBe('4');
  });
});

describe('layout helpers', () => {
  it('stack notices from 64 px with 16 px gaps', () => {
    expect(noticeOffset(0, 100)).toBe(64);
    expect(noticeOffset(2, 100)).toBe(64 + 2 * 116);
    expect(noticeOffset(-1, 100)).toBe(64);
  });

  it('close the sidebar at 1360 px or less', () => {
    expect(sidebarAutoClosed(1360)).toBe(true);
    expect(sidebarAutoClosed(1361)).toBe(false);
  });

  it('switch to mobile under 992 px', () => {
    expect(deviceMode(991)).toBe('mobile');
    expect(deviceMode(992)).toBe('desktop');
  });

  it('have the sizes of the spec', () => {
    expect([ALL_FUNCTIONS_DRAWER_WIDTH, ALL_FUNCTIONS_COLUMNS, MENU_SCROLL_STEP]).toEqual([880, 5, 88]);
    expect([DEFAULT_DIALOG_WIDTH, DEFAULT_DIALOG_HEIGHT]).toEqual([753, 780]);
  });
});
