import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PAGE_NUM,
  DEFAULT_PAGE_SIZE,
  FORM_NOTIFY_DURATION_MS,
  PAGE_SIZES,
  PAGER_BUTTON_COUNT,
  PAGINATION_DEBOUNCE_MS,
  PICK_LIST_PAGE_SIZE,
  pushHistory,
  REQUEST_TIMEOUT_MS,
  SCROLL_LOAD_DELAY_MS,
  SEARCH_DEBOUNCE_MS,
  showPagination,
  TOAST_DURATION_MS,
  UPLOAD_TIMEOUT_MS,
  VOICE_REQUEST_TIMEOUT_MS,
} from './request';

describe('request and paging constants', () => {
  it('have the values of the spec', () => {
    expect([REQUEST_TIMEOUT_MS, VOICE_REQUEST_TIMEOUT_MS, UPLOAD_TIMEOUT_MS]).toEqual([60000, 50000, 5000]);
    expect([TOAST_DURATION_MS, FORM_NOTIFY_DURATION_MS]).toEqual([5000, 2000]);
    expect([DEFAULT_PAGE_NUM, DEFAULT_PAGE_SIZE, PICK_LIST_PAGE_SIZE]).toEqual([1, 10, 20]);
    expect(PAGE_SIZES).toEqual([10, 20, 30, 50]);
    expect([SCROLL_LOAD_DELAY_MS, SEARCH_DEBOUNCE_MS, PAGER_BUTTON_COUNT, PAGINATION_DEBOUNCE_MS]).toEqual([
      300, 600, 7, 100,
    ]);
  });
});

describe('showPagination', () => {
  it('hides pagination below one row', () => {
    expect(showPagination(0)).toBe(false);
    expect(showPagination(1)).toBe(true);
    expect(showPagination(250)).toBe(true);
  });
});

describe('pushHistory', () => {
  it('puts the newest first without duplicates', () => {
    expect(pushHistory(['京A1', '京A2'], '京A2')).toEqual(['京A2', '京A1']);
    expect(pushHistory([], '京A1')).toEqual(['京A1']);
  });

  it('keeps at most the limit (10 by default)', () => {
    const history = Array.from({ length: 10 }, (_, i) => `车${i}`);
    const next = pushHistory(history, '新车');
    expect(next).toHaveLength(10);
    expect(next[0]).toBe('新车');
    expect(next).not.toContain('车9');
    expect(pushHistory(['a', 'b'], 'c', 2)).toEqual(['c', 'a']);
    expect(pushHistory(['a'], 'c', -1)).toEqual([]);
  });
});
