/** Request, notice and paging constants (spec core section 9, business section 9). */

export const REQUEST_TIMEOUT_MS = 60_000;
export const VOICE_REQUEST_TIMEOUT_MS = 50_000;
export const UPLOAD_TIMEOUT_MS = 5000;
export const MAP_REQUEST_TIMEOUT_MS = 5000;
export const MAP_REQUEST_RETRIES = 2;
export const MAP_RETRY_DELAY_MS = 3000;

/** Error toasts, the 403 'Forbidden' notice and the upload failure notice. */
export const TOAST_DURATION_MS = 5000;
/** 'updated successfully' / 'created successfully' after a form submit. */
export const FORM_NOTIFY_DURATION_MS = 2000;
/** Alarm pop-up notification in the shell. */
export const ALARM_POPUP_DURATION_MS = 3000;
/** The live alarm feed reconnects this long after a connect error. */
export const ALARM_FEED_RETRY_MS = 2000;
/** The live alarm feed list scrolls only above this many rows. */
export const ALARM_FEED_SCROLL_ROWS = 8;

export const DEFAULT_PAGE_NUM = 1;
export const DEFAULT_PAGE_SIZE = 10;
export const PAGE_SIZES = [10, 20, 30, 50] as const;
export const DEFAULT_PAGE_LIMIT = 20;
/** Pick lists and remote selects (the driver dropdown too). */
export const PICK_LIST_PAGE_SIZE = 20;
/** The handler picker's own page size. */
export const HANDLER_PICKER_PAGE_SIZE = 15;
export const SCROLL_LOAD_DELAY_MS = 300;
export const SEARCH_DEBOUNCE_MS = 600;
export const PAGER_BUTTON_COUNT = 7;
export const PAGINATION_LAYOUT = 'total, sizes, prev, pager, next, jumper';
export const PAGINATION_DEBOUNCE_MS = 100;

/** Pagination is hidden when there is nothing to page through (total < 1). */
export function showPagination(total: number): boolean {
  return total >= 1;
}

/** Operation log dialog. */
export const LOG_DIALOG_WIDTH = 600;
export const LOG_DIALOG_PAGE_SIZE = 10;
export const OPERATION_LOG_PAGE_ENUM = 6;

/** Locally kept histories and cookies. */
export const PLATE_HISTORY_LIMIT = 10;
export const MENU_HISTORY_LIMIT = 10;
export const TEAM_COOKIE_DAYS = 7;
/** Vehicle search with searchBy2 needs this many characters, else it shows the local history. */
export const VEHICLE_SEARCH_MIN_CHARS = 2;

/** Adds an entry to the front of a history list, without duplicates, kept to the limit. */
export function pushHistory<T>(history: readonly T[], entry: T, limit: number = PLATE_HISTORY_LIMIT): T[] {
  return [entry, ...history.filter((item) => item !== entry)].slice(0, Math.max(0, limit));
}
