import { MENU_SCROLL_STEP } from '@fleet/domain';

/** The top bar's horizontal menu scrolls in 88 px steps when its items overflow (spec core section 9). */

export function maxMenuScroll(contentWidth: number, viewportWidth: number): number {
  return Math.max(0, Math.ceil(contentWidth - viewportWidth));
}

function clamp(offset: number, contentWidth: number, viewportWidth: number): number {
  return Math.min(Math.max(0, offset), maxMenuScroll(contentWidth, viewportWidth));
}

/** The offset after one arrow click: one step left (-1) or right (1), within the overflow. */
export function scrollMenu(
  offset: number,
  direction: -1 | 1,
  contentWidth: number,
  viewportWidth: number,
  step: number = MENU_SCROLL_STEP,
): number {
  return clamp(offset + direction * step, contentWidth, viewportWidth);
}

/** Which arrows to show: only when the items overflow, and only towards hidden items. */
export function menuArrows(
  offset: number,
  contentWidth: number,
  viewportWidth: number,
): { left: boolean; right: boolean } {
  const max = maxMenuScroll(contentWidth, viewportWidth);
  return { left: max > 0 && offset > 0, right: max > 0 && offset < max };
}

/** The offset that brings an item (its left and right edge in the content) into view, in whole steps. */
export function revealMenuItem(
  offset: number,
  itemStart: number,
  itemEnd: number,
  contentWidth: number,
  viewportWidth: number,
  step: number = MENU_SCROLL_STEP,
): number {
  let next = clamp(offset, contentWidth, viewportWidth);
  while (itemStart < next && next > 0) next = clamp(next - step, contentWidth, viewportWidth);
  const max = maxMenuScroll(contentWidth, viewportWidth);
  while (itemEnd > next + viewportWidth && next < max) next = clamp(next + step, contentWidth, viewportWidth);
  return next;
}
