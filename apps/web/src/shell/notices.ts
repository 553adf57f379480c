import { NOTICE_MAX_LENGTH } from '@fleet/domain';
import type { PopMessage } from '../api/session';

/** Queued pop-up notices (spec core section 4): in order, one at a time. */

/** The notice to show now: the first one not yet confirmed. */
export function currentNotice(
  queue: readonly PopMessage[],
  confirmed: ReadonlySet<number>,
): PopMessage | undefined {
  return queue.find((notice) => !confirmed.has(notice.id));
}

/** The text as the read-only box shows it: at most 500 characters. */
export function noticeText(notice: PopMessage): string {
  return [...(notice.popContent ?? '')].slice(0, NOTICE_MAX_LENGTH).join('');
}
