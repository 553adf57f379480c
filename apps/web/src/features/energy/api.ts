import type { ListPage } from '../../api/common';
import { type ExportOutcome, exportFile } from '../../api/fileTasks';
import { type Query, request } from '../../api/request';

// The calls of 油耗统计, 油耗结果查看 / 分析, 司机油耗, 油耗管家 and 里程能耗报表: figures in km and the
// unit of each truck's fuel type (L, kwh, kg), one decimal; per 100 km two decimals or null.

export interface Figures {
  /** The group's unit: L, kwh, kg, or kwh+L for plug-in hybrids. */
  unit: string;
  /** The unit of fuelUsed and per100Km (a plug-in hybrid's L). */
  fuelUnit: string;
  per100Unit: string;
  mileage: number;
  fuelUsed: number;
  per100Km: number | null;
  /** A plug-in hybrid's electricity (kwh) and per 100 km; null for other trucks. */
  powerUnit: string | null;
  powerUsed: number | null;
  powerPer100Km: number | null;
  driveHours: number;
  trips: number;
  refuel: number;
  drain: number;
}

export interface PeriodQuery {
  startDate: string;
  endDate: string;
  teamCode?: string;
  carNo?: string;
  truckId?: number;
  driverId?: number;
}

export interface TruckResult extends Figures {
  truckId: number;
  carNo: string;
  vin: string;
  teamName: string;
  series: string;
  fuelType: number;
  fuelTypeName: string;
  days: number;
  avgDailyMileage: number;
}

export interface DriverResult extends Figures {
  driverId: number;
  driverName: string;
  driverPhone: string;
  trucks: number;
  days: number;
}

export interface DriverDayResult extends Figures {
  day: string;
  driverId: number;
  driverName: string;
  trucks: number;
}

export interface SummaryResult extends Figures {
  key: string;
  name: string;
  trucks: number;
}

export interface LineResult {
  lineId: number;
  lineName: string;
  plans: number;
  unit: string;
  per100Unit: string;
  mileage: number;
  fuelUsed: number;
  per100Km: number | null;
}

export interface TripResult {
  id: number;
  startTime: string;
  endTime: string;
  driverName: string;
  mileage: number;
  fuelUsed: number | null;
  per100Km: number | null;
  powerUsed: number | null;
  powerPer100Km: number | null;
  durationMinutes: number;
  maxSpeed: number;
  avgSpeed: number;
}

export interface DayChart {
  days: string[];
  series: {
    unit: string;
    fuelUnit: string;
    per100Unit: string;
    mileage: number[];
    fuelUsed: number[];
    per100Km: (number | null)[];
    /** A plug-in hybrid's unit: its electricity by day. */
    powerUnit?: string;
    powerUsed?: number[];
  }[];
}

export interface Card {
  unit: string;
  per100Unit: string;
  current: (Figures & { trucks: number }) | null;
  previous: (Figures & { trucks: number }) | null;
  mileageChange: number | null;
  fuelUsedChange: number | null;
  per100KmChange: number | null;
  powerUsedChange: number | null;
}

export interface TruckInfo {
  truck: {
    truckId: number;
    carNo: string;
    vin: string;
    series: string;
    teamName: string;
    fuelType: number;
    fuelTypeName: string;
  };
  total: Figures;
  days: {
    day: string;
    mileage: number;
    fuelUsed: number;
    per100Km: number | null;
    powerUsed?: number;
    powerPer100Km?: number | null;
  }[];
}

type Paged = { pageNum: number; pageSize: number };
type WithTotals<T> = ListPage<T> & { totalRow: Figures[] };

const post = <T>(path: string, body: object, signal?: AbortSignal) =>
  request<T>('POST', path, { body, signal, quiet: true });
const get = <T>(path: string, query: object, signal?: AbortSignal) =>
  request<T>('GET', path, { query: { ...query } as Query, signal, quiet: true });

export const fetchTruckResults = (q: PeriodQuery & Paged, signal?: AbortSignal) =>
  post<WithTotals<TruckResult>>('/fuel/resultList', q, signal);
export const exportTruckResults = (q: PeriodQuery): Promise<ExportOutcome> =>
  exportFile('/fuel/exportResultList', { ...q });
export const fetchTruckInfo = (q: PeriodQuery & { truckId: number }, signal?: AbortSignal) =>
  get<TruckInfo>('/fuel/resultInfo', q, signal);
export const fetchTruckTrips = (q: PeriodQuery & { truckId: number }, signal?: AbortSignal) =>
  get<{ unit: string; list: TripResult[]; total: number }>('/fuel/trip/resultInfo', q, signal);
export const fetchMileageTrips = (q: PeriodQuery & { truckId: number }, signal?: AbortSignal) =>
  get<{ unit: string; list: TripResult[]; total: number }>('/truck/fuel/report/trip/list', q, signal);
export const fetchSupport = (truckId: number, signal?: AbortSignal) =>
  get<{ support: boolean; unit: string; reason: string }>('/fuel/isSupport3', { truckId }, signal);

export const fetchDriverResults = (q: PeriodQuery & Paged, signal?: AbortSignal) =>
  post<WithTotals<DriverResult>>('/driver/oil/report/page', q, signal);
export const exportDriverResults = (q: PeriodQuery) => exportFile('/driver/oil/report/export', { ...q });
export const fetchDriverDays = (q: PeriodQuery & Paged, signal?: AbortSignal) =>
  post<ListPage<DriverDayResult>>('/driver/oil/report/detail/page', q, signal);
export const exportDriverDays = (q: PeriodQuery) =>
  q.driverId
    ? exportFile('/driver/oil/report/exportDetail', { ...q })
    : exportFile('/driver/oil/report/exportDetailList', { ...q });
export const fetchLineResults = (q: PeriodQuery, signal?: AbortSignal) =>
  post<ListPage<LineResult>>('/driver/oil/report/detail/line', q, signal);

export type SummaryGroup = 'team' | 'truck' | 'series';
export const fetchCards = (q: PeriodQuery, signal?: AbortSignal) =>
  post<{ previousStartDate: string; previousEndDate: string; cards: Card[] }>(
    '/fule/manager/cards',
    q,
    signal,
  );
export const fetchSummary = (q: PeriodQuery & Paged & { groupBy: SummaryGroup }, signal?: AbortSignal) =>
  post<ListPage<SummaryResult>>('/fule/manager/summary/result', q, signal);
export const exportSummary = (q: PeriodQuery & { groupBy: SummaryGroup }) =>
  exportFile('/fule/manager/summary/result/export', { ...q });
export const fetchDayChart = (q: PeriodQuery, signal?: AbortSignal) =>
  post<DayChart>('/fule/manager/analyse/chart', q, signal);

export const fetchEnergyReport = (q: PeriodQuery & Paged, signal?: AbortSignal) =>
  post<WithTotals<TruckResult>>('/v2/web/reprot/vehicle/milReport/list', q, signal);
export const exportEnergyReport = (q: PeriodQuery) =>
  exportFile('/v2/web/reprot/vehicle/milReport/export', { ...q });
