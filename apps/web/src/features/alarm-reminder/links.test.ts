import { describe, expect, it } from 'vitest';
import { ALARM_MESSAGE_CODE, alarmMessagesHref, messageQueryOf } from './links';

describe('alarm reminder links', () => {
  it('leads to the unread alarm details, of one type when given', () => {
    expect(alarmMessagesHref()).toBe('/alarm/message/index?messageStatus=0');
    expect(alarmMessagesHref(5004)).toBe('/alarm/message/index?messageStatus=0&alarmCode=5004');
    expect(ALARM_MESSAGE_CODE).toBe('car01-1');
  });

  it('reads the first query of the details page from its address', () => {
    expect(messageQueryOf(new URLSearchParams('messageStatus=0'))).toEqual({ messageStatus: 0 });
    expect(messageQueryOf(new URLSearchParams('messageStatus=1&alarmCode=5004&carNo=%20京A1%20'))).toEqual({
      messageStatus: 1,
      alarmCode: 5004,
      carNo: '京A1',
    });
    expect(messageQueryOf(new URLSearchParams('messageStatus=7&alarmCode=x'))).toEqual({});
  });
});
