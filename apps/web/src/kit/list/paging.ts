import { DEFAULT_PAGE_NUM, DEFAULT_PAGE_SIZE, PAGINATION_DEBOUNCE_MS } from '@fleet/domain';

/** Where a list stands: page number (from 1) and page size. */
export interface PageState {
  pageNum: number;
  pageSize: number;
}

export const FIRST_PAGE: PageState = { pageNum: DEFAULT_PAGE_NUM, pageSize: DEFAULT_PAGE_SIZE };

/** The number of the last page (at least 1). */
export function lastPage(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / Math.max(1, pageSize)));
}

/** A page number kept between 1 and the last page. */
export function clampPage(pageNum: number, total: number, pageSize: number): number {
  return Math.min(Math.max(1, Math.floor(pageNum) || 1), lastPage(total, pageSize));
}

/** After a page-size change: the page that still shows the first row of the current page. */
export function pageAfterSizeChange(page: PageState, newSize: number, total: number): PageState {
  const firstRow = (page.pageNum - 1) * page.pageSize;
  return { pageNum: clampPage(Math.floor(firstRow / newSize) + 1, total, newSize), pageSize: newSize };
}

export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  /** Drops the pending call. */
  cancel(): void;
}

/** Calls `fn` with the last arguments once `delayMs` passed without another call. */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, delayMs: number): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const debounced = (...args: A) => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      fn(...args);
    }, delayMs);
  };
  debounced.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return debounced;
}

/** Pager changes (page clicks, size changes, jumps) reach the list after 100 ms of quiet. */
export function debouncePaging(commit: (page: PageState) => void): Debounced<[PageState]> {
  return debounce(commit, PAGINATION_DEBOUNCE_MS);
}
