import { findMenuByPath } from '@fleet/domain';

/** Where the alarm reminder leads (spec core section 2). */
export const ALARM_MESSAGE_PATH = '/alarm/message/index';
export const SUBSCRIPTION_PATH = '/alarmSubscriptionSet';
/** The menu code of 报警详情 (car01-1). */
export const ALARM_MESSAGE_CODE = findMenuByPath(ALARM_MESSAGE_PATH)?.code ?? 'car01-1';

/** 报警详情 with the unread messages (messageStatus=0), of one alarm type when given. */
export function alarmMessagesHref(alarmCode?: number): string {
  const query = new URLSearchParams({ messageStatus: '0' });
  if (alarmCode !== undefined) query.set('alarmCode', String(alarmCode));
  return `${ALARM_MESSAGE_PATH}?${query}`;
}

/** The list's first query from the page address: messageStatus (0/1), alarmCode and carNo. */
export function messageQueryOf(search: URLSearchParams): Record<string, string | number> {
  const query: Record<string, string | number> = {};
  const status = search.get('messageStatus');
  if (status === '0' || status === '1') query.messageStatus = Number(status);
  const code = Number(search.get('alarmCode') ?? '');
  if (search.get('alarmCode') && Number.isInteger(code) && code > 0) query.alarmCode = code;
  const carNo = search.get('carNo')?.trim();
  if (carNo) query.carNo = carNo;
  return query;
}
