/** Shell and dialog sizes (spec core sections 2, 4 and 9), in CSS pixels. */

export const ALARM_COUNT_CAP = 999;
export const NOTICE_OFFSET_BASE = 64;
export const NOTICE_GAP = 16;
export const SIDEBAR_AUTO_CLOSE_WIDTH = 1360;
export const MOBILE_BREAKPOINT = 992;
export const ALL_FUNCTIONS_DRAWER_WIDTH = 880;
export const ALL_FUNCTIONS_COLUMNS = 5;
export const MENU_SCROLL_STEP = 88;
export const DEFAULT_DIALOG_WIDTH = 753;
export const DEFAULT_DIALOG_HEIGHT = 780;
export const TAB_CONTEXT_MENU_WIDTH = 105;
export const IMPORT_DIALOG_WIDTH = 520;
export const ADDRESS_PICKER_WIDTH = 600;
/** Sidebar dividers come after these items (1-based). */
export const SIDEBAR_DIVIDERS_AFTER = [1, 5, 10, 15] as const;
/** Queued pop-up notice text. */
export const NOTICE_MAX_LENGTH = 500;
/** Error messages wider than this offer a 'view more' link. */
export const LONG_MESSAGE_WIDTH = 1600;

/** A count as the alarm reminder shows it: '999+' above 999, never below 0. */
export function capCount(n: number): string {
  if (!Number.isFinite(n) || n <= 0) return '0';
  const count = Math.floor(n);
  return count > ALARM_COUNT_CAP ? `${ALARM_COUNT_CAP}+` : String(count);
}

/** Vertical offset of the index-th stacked pop-up notice (0-based) given the height of each. */
export function noticeOffset(index: number, noticeHeight: number): number {
  return NOTICE_OFFSET_BASE + Math.max(0, index) * (noticeHeight + NOTICE_GAP);
}

/** Whether the sidebar closes by itself at this window width. */
export function sidebarAutoClosed(windowWidth: number): boolean {
  return windowWidth <= SIDEBAR_AUTO_CLOSE_WIDTH;
}

/** Device mode at a window width. */
export function deviceMode(windowWidth: number): 'mobile' | 'desktop' {
  return windowWidth < MOBILE_BREAKPOINT ? 'mobile' : 'desktop';
}
