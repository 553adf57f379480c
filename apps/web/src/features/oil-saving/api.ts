import type { ListPage } from '../../api/common';
import { request } from '../../api/request';

// The calls of 线路节油计划, 线路节油监控 and 线路节油分析 (/fuel/efficient/*).

export interface RouteStation {
  seq: number;
  stationType: number;
  stationName: string;
  address: string;
  distanceKm: number;
  runningHours: number;
  runningMins: number;
}

export interface RouteOption {
  id: number;
  value: string;
  distanceKm: number | null;
  routeStationDTOList: RouteStation[];
}

export interface FuelPlan {
  id: number;
  lineId: number;
  lineName: string;
  truckSeries: string;
  targetFuel: number;
  tolerance: number;
  startDate: string;
  endDate: string;
  remark: string;
  state: number;
  stateName: string;
  createTime: string;
  monitorCount?: number;
  monitorCarNos?: string;
  routeStationDTOList?: RouteStation[];
}

export interface PlanFields {
  lineId: number;
  truckSeries: string;
  targetFuel: number;
  tolerance: number;
  startDate: string;
  endDate: string;
  remark: string;
}

export interface RunRow {
  planId: number;
  planNo: string;
  truckId: number;
  carNo: string;
  driverName: string;
  departTime: string;
  arriveTime: string;
  durationMinutes: number;
  mileageKm: number;
  fuelL: number;
  fuelPer100: number | null;
}

export interface Figures {
  runs: number;
  measuredRuns: number;
  mileageKm: number;
  fuelL: number;
  average: number | null;
  best: number | null;
  worst: number | null;
  suggested: number | null;
}

export interface Analysis {
  lineId: number;
  lineName: string;
  summary: Figures & { trucks: number };
  trucks: (Figures & { truckId: number; carNo: string; series: string })[];
  runs: RunRow[];
}

export interface MonitorRow extends RunRow {
  fuelPlanId: number;
  lineName: string;
  targetFuel: number;
  tolerance: number;
  deviation: number | null;
  over: boolean;
  overName: string;
}

export interface MonitorTruck {
  monitorId: number;
  truckId: number;
  carNo: string;
  series: string;
  state: number;
  stateName: string;
  createTime: string;
}

export const fetchRoutes = () => request<RouteOption[]>('GET', '/fuel/efficient/list/all/route');

export const fetchPlans = (query: Record<string, unknown>, signal?: AbortSignal) =>
  request<ListPage<FuelPlan>>('GET', '/fuel/efficient/list', {
    query: query as Record<string, string>,
    signal,
    dedupe: true,
  });

export const fetchPlan = (id: number) => request<FuelPlan>('GET', `/fuel/efficient/find/${id}`);
export const addPlan = (fields: PlanFields) =>
  request<{ id: number }>('POST', '/fuel/efficient/add', { body: fields });
export const updatePlan = (fields: PlanFields & { id: number }) =>
  request<{ id: number }>('POST', '/fuel/efficient/update', { body: fields });
export const deletePlan = (id: number) => request<null>('GET', `/fuel/efficient/delete/${id}`);

export const analyseRoute = (body: {
  lineId: number;
  startDate: string;
  endDate: string;
  truckSeries?: string;
}) => request<Analysis>('POST', '/fuel/efficient/route/analysis', { body });

export const monitorTrucks = (planId: number, truckIds: number[]) =>
  request<{ monitored: number }>('POST', '/fuel/efficient/car/monitor', { body: { planId, truckIds } });
export const checkMonitor = (planId: number) =>
  request<MonitorTruck[]>('GET', `/fuel/efficient/check/monitor/${planId}`);
export const cancelMonitor = (monitorId: number) =>
  request<null>('GET', `/fuel/efficient/cancel/monitor/${monitorId}`);

export const fetchMonitorList = (body: Record<string, unknown>, signal?: AbortSignal) =>
  request<ListPage<MonitorRow> & { totalRow: { runs: number; overRuns: number; trucks: number } }>(
    'POST',
    '/fuel/efficient/monitor/list',
    { body, signal, dedupe: true },
  );

export const OIL_SAVING_PATHS = {
  list: '/oil-saving/plan',
  add: '/oil-saving/plan/add',
  edit: (id: number) => `/oil-saving/plan/edit?id=${id}`,
  monitor: '/oil-saving/monitor',
};
