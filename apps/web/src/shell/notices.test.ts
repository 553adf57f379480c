import { describe, expect, it } from 'vitest';
import { currentNotice, noticeText } from './notices';

const notice = (id: number, popContent = `公告${id}`) => ({ id, popContent, signatureContent: '车队管理部' });

describe('queued notices', () => {
  it('shows the notices in order, one at a time, until all are confirmed', () => {
    const queue = [notice(3), notice(5), notice(9)];
    const confirmed = new Set<number>();
    const shown: number[] = [];
    for (let current = currentNotice(queue, confirmed); current; current = currentNotice(queue, confirmed)) {
      shown.push(current.id);
      confirmed.add(current.id);
    }
    expect(shown).toEqual([3, 5, 9]);
    expect(currentNotice([], confirmed)).toBeUndefined();
  });

  it('cuts the text at 500 characters, counting Chinese characters as one', () => {
    expect(noticeText(notice(1, '通'.repeat(600)))).toHaveLength(500);
    expect(noticeText(notice(1, '短公告'))).toBe('短公告');
  });
});
