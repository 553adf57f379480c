import type { ListPage } from '../../api/common';
import { type ExportOutcome, exportFile } from '../../api/fileTasks';
import { request } from '../../api/request';

// The calls of 发车监控, 线路报警 and 发车统计 (times 'YYYY-MM-DD HH:mm:ss', Shanghai).

/** 0 on time, 1 warning, 2 late. */
export type LateState = 0 | 1 | 2;

/** A monitored plan of GET /plan/monitor/list. */
export interface MonitoredPlan {
  id: number;
  planNo: string;
  state: number;
  stateName: string;
  teamCode: string;
  teamName: string;
  lineId: number | null;
  lineName: string;
  truckId: number | null;
  carNo: string;
  driverId: number | null;
  driverName: string;
  plannedDepartTime: string;
  /** Actual, or ''. */
  departTime: string;
  plannedArriveTime: string;
  arriveTime: string;
  maxSeq: number;
  stationCount: number;
  /** Name of the next station, or ''. */
  nextStation: string;
  distanceLeftMeters: number | null;
  /** '' when unknown. */
  etaTime: string;
  departLateMinutes: number | null;
  arriveLateMinutes: number | null;
  lateState: LateState;
  /** Last position in microdegrees, or null. */
  lat: number | null;
  lon: number | null;
  speed: number | null;
  online: boolean;
}

export interface MonitorQuery {
  pageNum: number;
  pageSize: number;
  teamCode?: string;
  lineId?: number;
  carNo?: string;
  /** 1: only plans late or warned. */
  late?: number;
}

export function fetchMonitoredPlans(query: MonitorQuery, signal?: AbortSignal) {
  return request<ListPage<MonitoredPlan>>('GET', '/plan/monitor/list', {
    query: { ...query },
    signal,
    quiet: true,
  });
}

/** A station row of GET /plan/monitor/station. */
export interface MonitoredStation {
  seq: number;
  stationType: number;
  stationId: number | null;
  address: string;
  lat: number | null;
  lon: number | null;
  plannedArriveTime: string;
  plannedDepartTime: string;
  arriveTime: string;
  departTime: string;
  reached: boolean;
  lateMinutes: number | null;
}

export interface PlanStations {
  planId: number;
  stations: MonitoredStation[];
  /** The line path, degrees WGS-84. */
  path: { lat: number; lng: number }[];
}

export function fetchPlanStations(id: number, signal?: AbortSignal) {
  return request<PlanStations>('GET', '/plan/monitor/station', { query: { id }, signal });
}

/** Records a station's actual times by hand (补录). */
export function saveStationTimes(body: {
  id: number;
  seq: number;
  arriveTime?: string;
  departTime?: string;
  remark?: string;
}) {
  return request<unknown>('POST', '/plan/monitor/save', { body });
}

/** A line alarm (4001–4006) of GET /plan/alarm/list, as the page shows it. */
export interface LineAlarm {
  id: number;
  alarmCode: number;
  alarmName: string;
  carNo: string;
  driverName: string;
  lineName: string;
  planNo: string;
  startTime: string;
  endTime: string;
  /** Chinese text. */
  detail: string;
  handled: boolean;
}

/** A row as GET /plan/alarm/list answers it: the alarm pages' fields, the plan's, and the detail in Chinese. */
type AnsweredAlarm = Omit<LineAlarm, 'detail'> & { detailText: string };

const toLineAlarm = ({ detailText, ...row }: AnsweredAlarm): LineAlarm => ({ ...row, detail: detailText });

/** The list of line alarms with the page's filters. */
export async function fetchLineAlarms(
  query: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<ListPage<LineAlarm>> {
  const answer = await request<ListPage<AnsweredAlarm>>('GET', '/plan/alarm/list', {
    query: query as Record<string, string>,
    signal,
    dedupe: true,
  });
  return { ...answer, list: answer.list.map(toLineAlarm) };
}

export function exportLineAlarms(query: Record<string, unknown>): Promise<ExportOutcome> {
  return exportFile('/plan/alarm/export', query, undefined, { method: 'GET' });
}

export type StatisticsGroup = 'team' | 'line' | 'truck' | 'driver' | 'day';

/** A row of GET /plan/statistics/list; rates in percent with one decimal, null with nothing to divide. */
export interface StatisticsRow {
  key: string;
  name: string;
  plans: number;
  departed: number;
  onTimeDepart: number;
  onTimeDepartRate: number | null;
  arrived: number;
  onTimeArrive: number;
  onTimeArriveRate: number | null;
}

export interface StatisticsQuery {
  startDate: string;
  endDate: string;
  groupBy: StatisticsGroup;
  teamCode?: string;
}

export function fetchStatistics(query: StatisticsQuery, signal?: AbortSignal) {
  return request<{ list: StatisticsRow[]; totalRow: StatisticsRow }>('GET', '/plan/statistics/list', {
    query: { ...query },
    signal,
  });
}

export function exportStatistics(query: StatisticsQuery): Promise<ExportOutcome> {
  return exportFile('/plan/statistics/export', { ...query }, undefined, { method: 'GET' });
}
