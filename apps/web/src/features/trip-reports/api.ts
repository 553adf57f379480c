import type { ListPage } from '../../api/common';
import { exportFile } from '../../api/fileTasks';
import { request, requestEnvelope } from '../../api/request';

// The calls of 行程统计 and 行程数据报告 (/tripReport/*, /excelTask/*).

export type Dimension = 'truck' | 'driver' | 'line';

export interface StatisticsRow {
  key: number;
  name: string;
  trips: number;
  mileageKm: number;
  fuelL: number;
  fuelPer100: number | null;
  durationHours: number;
  reportedTrips: number;
  reportedMileageKm: number;
  reportedFuelL: number;
}

export interface StatisticsQuery {
  startDate: string;
  endDate: string;
  dimension: Dimension;
  pageNum: number;
  pageSize: number;
}

export const fetchStatistics = (body: StatisticsQuery, signal?: AbortSignal) =>
  request<ListPage<StatisticsRow> & { totalRow: StatisticsRow }>('POST', '/tripReport/statistics', {
    body,
    signal,
    dedupe: true,
  });

/** 行程统计 as a sheet: the same period and dimension, every row and the 合计 row. */
export const exportStatistics = ({ startDate, endDate, dimension }: StatisticsQuery) =>
  exportFile('/tripReport/statistics/export', { startDate, endDate, dimension });

export interface TripReport {
  id: number;
  truckId: number;
  carNo: string;
  driverId: number | null;
  driverName: string;
  lineId: number | null;
  lineName: string;
  departTime: string;
  arriveTime: string;
  mileage: number;
  fuel: number;
  cargoTons: number | null;
  remark: string;
  source: number;
  sourceName: string;
  importId: number | null;
  recordedTrips: number;
  recordedMileage: number;
  recordedFuel: number;
  mileageDiffRate: number | null;
  fuelDiffRate: number | null;
  abnormal: boolean;
  abnormalName: string;
}

export interface ReportDetail extends TripReport {
  trips: { id: number; startTime: string; endTime: string; mileageKm: number; fuelL: number }[];
}

export interface ReportFields {
  id?: number;
  truckId: number;
  driverId: number | null;
  lineId: number | null;
  departTime: string;
  arriveTime: string;
  mileage: number;
  fuel: number;
  cargoTons?: number;
  remark: string;
}

export interface ImportBatch {
  id: number;
  fileName: string;
  rows: number;
  remaining: number;
  edited: number;
  state: number;
  stateName: string;
  createdByName: string;
  createTime: string;
  rollbackTime: string;
}

export const fetchReports = (body: Record<string, unknown>, signal?: AbortSignal) =>
  request<ListPage<TripReport>>('POST', '/tripReport/queryList', { body, signal, dedupe: true });
export const fetchReport = (id: number) =>
  request<ReportDetail>('GET', '/tripReport/detail', { query: { id } });
export const saveReport = (fields: ReportFields) =>
  requestEnvelope<{ id: number }>('POST', '/tripReport/saveOrUpdate', { body: fields });
export const deleteReports = (ids: number[]) =>
  request<{ deleted: number }>('POST', '/tripReport/batchDelete', { body: { ids } });
export const fetchImports = (body: { pageNum: number; pageSize: number }) =>
  request<ListPage<ImportBatch>>('POST', '/tripReport/importRecord', { body });
export const rollbackImport = (id: number) =>
  request<{ removed: number }>('POST', '/tripReport/rollback', { body: { id } });
export const exportReports = (query: Record<string, unknown>) => exportFile('/excelTask/exportExcel', query);

export const IMPORT_URL = '/excelTask/importExcel';
export const TRIP_PATHS = { statistics: '/car-cost/trip-statistics', reports: '/journey-data/reporting' };

async function options(path: string, keyword: string) {
  return request<{ id: number; value: string }[]>('GET', path, { query: { keyword } });
}
export const fetchDriverOptions = (_p: number, _s: number, keyword: string) =>
  options('/tripReport/queryDriver', keyword);
export const fetchRouteOptions = (_p: number, _s: number, keyword: string) =>
  options('/tripReport/queryRoute', keyword);
