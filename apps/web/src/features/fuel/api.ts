import type { ListPage } from '../../api/common';
import { type ExportOutcome, exportFile } from '../../api/fileTasks';
import { request, requestEnvelope } from '../../api/request';

// The calls of 加油记录, 异常油耗, 油量变化监控 and 油箱标定 (litres with one decimal, money yuan
// text, times 'YYYY-MM-DD HH:mm:ss' Shanghai).

export interface RefuelRecord {
  id: number;
  truckId: number;
  carNo: string;
  vin: string;
  teamName: string;
  driverName: string;
  kind: number;
  startTime: string;
  endTime: string;
  lat: number;
  lng: number;
  place: string;
  beforeOil: number;
  afterOil: number;
  changeOil: number;
  beforePercent: number | null;
  afterPercent: number | null;
  parked: boolean;
  state: number;
  stateName: string;
  costId: number | null;
  costAmount: string | null;
  costLitres: number | null;
  costTime: string;
  alarmId: number | null;
}

export interface RefuelTotals {
  count: number;
  litres: number;
  amount: string;
  matched: number;
  unmatched: number;
}

export function fetchRefuels(query: Record<string, unknown>, signal?: AbortSignal) {
  return request<ListPage<RefuelRecord> & { totals: RefuelTotals }>('POST', '/yww/refuel/list', {
    body: query,
    signal,
  });
}

export function exportRefuels(query: Record<string, unknown>): Promise<ExportOutcome> {
  return exportFile('/yww/refuel/export', query);
}

export interface TendencyDay {
  day: string;
  litres: number;
  count: number;
  amount: string;
}

export function fetchRefuelTendency(query: Record<string, unknown>, signal?: AbortSignal) {
  return request<TendencyDay[]>('POST', '/yww/refuel/tendency', { body: query, signal });
}

export interface AbnormalOil {
  key: string;
  abnormalType: number;
  abnormalTypeName: string;
  truckId: number;
  carNo: string;
  vin: string;
  teamName: string;
  driverName: string;
  time: string;
  endTime: string;
  place: string;
  beforeOil: number | null;
  afterOil: number | null;
  changeOil: number | null;
  costAmount: string | null;
  costLitres: number | null;
  eventId: number | null;
  alarmId: number | null;
  evidence: string;
}

export function fetchAbnormal(query: Record<string, unknown>, signal?: AbortSignal) {
  return request<ListPage<AbnormalOil> & { counts: Record<string, number> }>('POST', '/yww/abnormal/list', {
    body: query,
    signal,
  });
}

export function exportAbnormal(query: Record<string, unknown>): Promise<ExportOutcome> {
  return exportFile('/yww/abnormal/export', query);
}

export interface LevelPoint {
  reportTime: string;
  litres: number;
  oilValue: number | null;
  speed: number;
}

export interface LevelHistory {
  truckId: number;
  carNo: string;
  tankCapacity: number | null;
  calibrated: boolean;
  rawTotal: number;
  list: LevelPoint[];
}

export interface LevelQuery {
  truckId: number;
  beginTime: string;
  endTime: string;
}

export function fetchLevel(query: LevelQuery, signal?: AbortSignal) {
  return request<LevelHistory>('GET', '/oilChange/change/level', {
    query: { ...query, truckId: String(query.truckId), thin: 'true' },
    signal,
  });
}

export function exportLevel(query: LevelQuery): Promise<ExportOutcome> {
  return exportFile('/oilChange/change/level/export', { ...query, thin: 'true' }, undefined, {
    method: 'GET',
  });
}

export interface OilChangeTruck {
  truckId: number;
  carNo: string;
  vin: string;
  teamName: string;
  tankCapacity: number | null;
  calibrated: boolean;
  reportTime: string;
  oil: number | null;
  oilValue: number | null;
  change24h: number | null;
  lastEventKind: number | null;
  lastEventTime: string;
  lastEventLitres: number | null;
  lastEventState: number | null;
}

export function fetchOilChangeTrucks(query: Record<string, unknown>, signal?: AbortSignal) {
  return request<ListPage<OilChangeTruck>>('POST', '/oilChange/change/trucks', { body: query, signal });
}

export interface CalibrationTruck {
  truckId: number;
  carNo: string;
  vin: string;
  teamName: string;
  tankCapacity: number | null;
  calibrated: boolean;
  rowCount: number;
  maxLitres: number | null;
  updatedAt: string;
}

export interface CalibrationRow {
  reading: number;
  litres: number;
}

export const CALIBRATION_IMPORT_URL = '/oilCalibration/import';

export function fetchCalibrationTrucks(query: Record<string, unknown>, signal?: AbortSignal) {
  return request<ListPage<CalibrationTruck>>('POST', '/oilCalibration/page', { body: query, signal });
}

export function fetchCalibration(truckId: number, signal?: AbortSignal) {
  return request<{ truckId: number; carNo: string; tankCapacity: number | null; rows: CalibrationRow[] }>(
    'GET',
    '/oilCalibration/info',
    { query: { truckId: String(truckId) }, signal },
  );
}

export function saveCalibration(truckId: number, rows: CalibrationRow[]) {
  return requestEnvelope<unknown>('POST', '/oilCalibration/save', { body: { truckId, rows } });
}

export function deleteCalibration(truckId: number) {
  return request<unknown>('POST', '/oilCalibration/delete', { body: { truckId } });
}
