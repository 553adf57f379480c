import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clampPage, debouncePaging, FIRST_PAGE, lastPage, pageAfterSizeChange } from './paging';

describe('page arithmetic', () => {
  it('starts at page 1 with 10 rows', () => {
    expect(FIRST_PAGE).toEqual({ pageNum: 1, pageSize: 10 });
  });

  it('knows the last page and keeps page numbers inside', () => {
    expect(lastPage(0, 10)).toBe(1);
    expect(lastPage(95, 10)).toBe(10);
    expect(lastPage(100, 10)).toBe(10);
    expect(clampPage(12, 95, 10)).toBe(10);
    expect(clampPage(0, 95, 10)).toBe(1);
    expect(clampPage(Number.NaN, 95, 10)).toBe(1);
  });

  it('keeps the first row in view when the page size changes', () => {
    expect(pageAfterSizeChange({ pageNum: 3, pageSize: 10 }, 20, 200)).toEqual({ pageNum: 2, pageSize: 20 });
    expect(pageAfterSizeChange({ pageNum: 9, pageSize: 10 }, 50, 95)).toEqual({ pageNum: 2, pageSize: 50 });
    expect(pageAfterSizeChange({ pageNum: 1, pageSize: 50 }, 10, 95)).toEqual({ pageNum: 1, pageSize: 10 });
  });
});

describe('debouncePaging', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('commits only the last change, 100 ms after the changes stop', () => {
    const commit = vi.fn();
    const change = debouncePaging(commit);
    change({ pageNum: 2, pageSize: 10 });
    vi.advanceTimersByTime(60);
    change({ pageNum: 3, pageSize: 10 });
    vi.advanceTimersByTime(99);
    expect(commit).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(commit).toHaveBeenCalledExactlyOnceWith({ pageNum: 3, pageSize: 10 });
  });

  it('can drop a pending change', () => {
    const commit = vi.fn();
    const change = debouncePaging(commit);
    change({ pageNum: 2, pageSize: 20 });
    change.cancel();
    vi.advanceTimersByTime(500);
    expect(commit).not.toHaveBeenCalled();
  });
});
