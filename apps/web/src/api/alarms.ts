import type { AlarmPageKey } from '@fleet/domain';
import type { ListPage, OperationLogRow, Paging } from './common';
import { download, type Method, request } from './request';

/** Calls of the alarm pages (issue 5 item 5): lists, exports, handling, details, over-speed risk. */

export interface AlarmMediaItem {
  type: 'photo' | 'video';
  url: string;
  channel?: number;
}

/** An alarm as every alarm page lists it (the alarm card row plus team, end, level and handling). */
export interface AlarmRow {
  id: number;
  alarmCode: number;
  eventName: string;
  categoryCode: string;
  categoryName: string;
  /** Bits: 1 terminal, 2 platform rule, 3 both (one episode both raised). */
  source: number;
  sources: ('terminal' | 'platform')[];
  /** '终端', '平台' or '终端、平台'. */
  sourceName: string;
  level: number | null;
  levelName: string;
  carNo: string;
  vin: string;
  tid: string;
  teamCode: string;
  teamName: string;
  /** '' when unknown. */
  driverName: string;
  startTime: string;
  /** '' while it lasts. */
  endTime: string;
  ongoing: boolean;
  /** Milliseconds (up to now while it lasts). */
  duration: number;
  /** km/h. */
  speed: number;
  maxSpeed: number;
  latitude: number | null;
  longitude: number | null;
  stationName: string;
  lineName: string;
  detail: Record<string, unknown>;
  video: string;
  photoList: string[];
  media: AlarmMediaItem[];
  /** 0 not handled, 1 handled, 2 ignored. */
  handleStatus: number;
  handleStatusName: string;
  handleType: number | null;
  handleTypeName: string;
  handleRemark: string;
  handlerName: string;
  handleTime: string;
}

export interface AlarmListData extends ListPage<AlarmRow> {
  /** More rows match than the total says (the count stops at 10,000). */
  totalCapped?: boolean;
}

export interface AlarmQuery extends Partial<Paging> {
  carNo?: string;
  teamCode?: string;
  eventType?: number;
  startTime?: string;
  endTime?: string;
  handleStatus?: number;
  level?: number;
}

interface Endpoint {
  method: Method;
  list: string;
  export: string;
}

/** Where each alarm page lists and exports (the server's ALARM_LIST_ROUTES). */
export const ALARM_ENDPOINTS: Readonly<Record<AlarmPageKey, Endpoint>> = {
  drive: { method: 'POST', list: '/v2/web/alarm/drive/list', export: '/v2/web/alarm/drive/export' },
  record: { method: 'POST', list: '/v2/web/alarm/record/list', export: '/v2/web/alarm/record/export' },
  plan: { method: 'GET', list: '/plan/alarm/list', export: '/plan/alarm/export' },
  affairs: { method: 'POST', list: '/v2/web/alarm/affairs/list', export: '/v2/web/alarm/affairs/export' },
  fault: { method: 'POST', list: '/v2/web/alarm/fault/list', export: '/v2/web/alarm/fault/export' },
  repair: {
    method: 'POST',
    list: '/intellect-repair/hitch-query/list',
    export: '/intellect-repair/hitch-query/export',
  },
  fence: { method: 'POST', list: '/electricFence/notice/list', export: '/electricFence/notice/export' },
  theft: { method: 'POST', list: '/v2/web/alarm/oilTheft/list', export: '/v2/web/alarm/oilTheft/export' },
  violation: { method: 'POST', list: '/vio/list', export: '/vio/export' },
};

type QueryValue = string | number | boolean | null | undefined;

function asQuery(params: Record<string, unknown>): Record<string, QueryValue> {
  return Object.fromEntries(
    Object.entries(params).filter(
      ([, v]) => v === null || ['string', 'number', 'boolean'].includes(typeof v),
    ),
  ) as Record<string, QueryValue>;
}

export function fetchAlarms(
  page: AlarmPageKey,
  params: AlarmQuery & Paging,
  signal?: AbortSignal,
): Promise<AlarmListData> {
  const endpoint = ALARM_ENDPOINTS[page];
  return endpoint.method === 'GET'
    ? request<AlarmListData>('GET', endpoint.list, { query: asQuery({ ...params }), dedupe: true, signal })
    : request<AlarmListData>('POST', endpoint.list, { body: params, dedupe: true, signal });
}

/** Downloads the .xlsx of the rows the query selects; resolves with the file name. */
export function exportAlarms(page: AlarmPageKey, query: AlarmQuery): Promise<string> {
  const endpoint = ALARM_ENDPOINTS[page];
  return endpoint.method === 'GET'
    ? download('GET', endpoint.export, { query: asQuery({ ...query }), timeoutMs: 300_000 })
    : download('POST', endpoint.export, { body: query, timeoutMs: 300_000 });
}

export interface Handling {
  /** 1 handled, 2 ignored. */
  handleStatus: 1 | 2;
  handleType?: number;
  remark?: string;
}

/** Handles alarms of any alarm page (POST /v2/web/alarm/handle). */
export function handleAlarms(ids: readonly number[], handling: Handling): Promise<{ ids: number[] }> {
  return request<{ ids: number[] }>('POST', '/v2/web/alarm/handle', { body: { ids, ...handling } });
}

/** Handles one active-safety alarm (PUT /affairs/alarm/handle/{id}). */
export function handleSafetyAlarm(id: number, handling: Handling): Promise<{ ids: number[] }> {
  return request<{ ids: number[] }>('PUT', `/affairs/alarm/handle/${id}`, { body: handling });
}

/** Handles violations (POST /vio/handle). */
export function handleViolations(ids: readonly number[], handling: Handling): Promise<{ ids: number[] }> {
  return request<{ ids: number[] }>('POST', '/vio/handle', { body: { ids, ...handling } });
}

export interface TrackPointRow {
  lng: number;
  lat: number;
  gcj02Lng: number;
  gcj02Lat: number;
  speed: number;
  direction: number;
  reportTime: string;
}

export interface AlarmDetail extends AlarmRow {
  position: { lng: number; lat: number; gcj02Lng: number; gcj02Lat: number } | null;
  detailEntries: { key: string; label: string; value: string }[];
  track: { beginTime: string; endTime: string; points: TrackPointRow[] };
  operations: OperationLogRow[];
}

export function fetchAlarmDetail(id: number | string): Promise<AlarmDetail> {
  return request<AlarmDetail>('GET', `/alarm/lookup/${id}`);
}

export interface HitchDetail extends AlarmRow {
  detailEntries: { key: string; label: string; value: string }[];
  advice: string;
  /** Times the same fault was raised on the truck in the last 90 days. */
  occurrences: number;
  history: AlarmRow[];
  operations: OperationLogRow[];
}

export function fetchHitchDetail(id: number | string): Promise<HitchDetail> {
  return request<HitchDetail>('GET', '/intellect-repair/hitch-query/detail', { query: { id } });
}

export interface OverSpeedRow {
  truckId: number;
  carNo: string;
  vin: string;
  teamName: string;
  driverName: string;
  speedLimit: number | null;
  overSpeedCount: number;
  /** Milliseconds. */
  overSpeedDuration: number;
  maxSpeed: number;
  riskLevel: number;
  riskLevelName: string;
}

export interface OverSpeedData extends ListPage<OverSpeedRow> {
  summary: { riskLevel: number; name: string; count: number }[];
}

export function fetchOverSpeedRisk(
  params: Record<string, unknown> & Paging,
  signal?: AbortSignal,
): Promise<OverSpeedData> {
  return request<OverSpeedData>('GET', '/drive/alarm/overSpeedRisk', {
    query: asQuery(params),
    dedupe: true,
    signal,
  });
}
