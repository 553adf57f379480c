import type { ListPage } from './common';
import { request } from './request';

/** Calls of the alarm reminder, the alarm messages and the subscription (spec core section 7). */

/** An alarm as the live socket pushes it and the message calls list it (type 1 alarm, 2 reminder). */
export interface AlarmPush {
  /** Message id. */
  id: number;
  alarmId: number | null;
  alarmCode: number;
  /** Kind key of the catalogue, e.g. 'driving'. */
  categoryCode: string;
  /** Catalogue name of the alarm type. */
  eventName: string;
  title: string;
  messageContent: string;
  content: string;
  /** The alarm id as text. */
  businessCode: string;
  carNo: string;
  vin: string;
  tid: string;
  /** '' when unknown. */
  driverName: string;
  /** km/h. */
  speed: number;
  startTime: string;
  remindTime: string;
  reportTime: string;
  /** Milliseconds so far. */
  duration: number;
  latitude: number | null;
  longitude: number | null;
  address: string;
  /** Video address or ''. */
  video: string;
  photoList: string[];
  level: number | null;
  /** 1 vehicle alarm, 2 in-transit reminder (the socket message's type; lists may carry it too). */
  type?: number;
}

/** A row of POST /message/list2.0. */
export interface AlarmMessage extends AlarmPush {
  /** 0 unread, 1 read. */
  readStatus: number;
}

/** GET /message/count2.0: unread alarms by code, and their total. */
export interface MessageCounts {
  bos: { code: number; count: number }[];
  totalCount: number;
}

export interface AlarmSetting {
  alarmVoice: number;
  alarmPop: number;
}

export interface AlarmTypeCount {
  code: number;
  name: string;
  count: number;
}

export interface MessageQuery {
  pageNum: number;
  pageSize: number;
  /** 0 unread, 1 read, absent all. */
  messageStatus?: number;
  alarmCode?: number;
  carNo?: string;
  startTime?: string;
  endTime?: string;
}

/** What POST /message/read marks: some messages, every unread one of a type, or all. */
export type ReadTarget = { ids: number[] } | { alarmCode: number } | { all: true };

export interface SubscriptionConfig {
  codes: number[];
  alarmVoice: number;
  alarmPop: number;
  types: { kind: string; kindName: string; list: { code: number; name: string }[] }[];
}

export interface SubscriptionEdit {
  codes: number[];
  alarmVoice?: number;
  alarmPop?: number;
}

export function fetchMessageCounts(): Promise<MessageCounts> {
  return request<MessageCounts>('GET', '/message/count2.0', { quiet: true });
}

export function fetchAlarmSetting(): Promise<AlarmSetting> {
  return request<AlarmSetting>('GET', '/message/alarmSetting', { quiet: true });
}

/** The user's latest messages (the live feed card starts with them). */
export function fetchLatestMessages(): Promise<AlarmMessage[]> {
  return request<AlarmMessage[]>('GET', '/homepage/messageList', { quiet: true });
}

export function fetchMessages(query: MessageQuery, signal?: AbortSignal): Promise<ListPage<AlarmMessage>> {
  return request<ListPage<AlarmMessage>>('POST', '/message/list2.0', { body: query, dedupe: true, signal });
}

export function fetchAlarmTypeCounts(): Promise<AlarmTypeCount[]> {
  return request<AlarmTypeCount[]>('POST', '/message/alarmType/select', { body: {} });
}

export function readMessages(target: ReadTarget): Promise<unknown> {
  return request<unknown>('POST', '/message/read', { body: target });
}

export function fetchSubscription(): Promise<SubscriptionConfig> {
  return request<SubscriptionConfig>('GET', '/message/alarmSubscription/config/info');
}

export function saveSubscription(edit: SubscriptionEdit): Promise<unknown> {
  return request<unknown>('POST', '/message/alarmSubscription/config/edit', { body: edit });
}
