import type { AreaTreeNode } from '@fleet/domain';
import { PICK_LIST_PAGE_SIZE, UPLOAD_TIMEOUT_MS } from '@fleet/domain';
import { request } from './request';

/** Calls of the shared widgets (spec core section 7): column settings, uploads, pick lists, logs. */

/** Paging of list calls: pageNum from 1. */
export interface Paging {
  pageNum: number;
  pageSize: number;
}

/** List data of every paged call. */
export interface ListPage<T> {
  list: T[];
  total: number;
}

export interface FieldSet {
  pageKey: string;
  /** Visible column keys in order; null means every column. */
  fields: string[] | null;
}

export function queryFieldSet(pageKey: string): Promise<FieldSet> {
  return request<FieldSet>('GET', '/message/queryFieldSet', { query: { pageKey } });
}

export function saveFieldSet(pageKey: string, fields: readonly string[]): Promise<unknown> {
  return request<unknown>('POST', '/message/saveFieldSet', { body: { pageKey, fields } });
}

export interface UploadedFile {
  fullPath: string;
  name: string;
  size: number;
}

/** Uploads one file (multipart fields file and name), 5 s timeout; `quiet` leaves the notice to the caller. */
export function uploadFile(
  file: Blob,
  name: string,
  options: { quiet?: boolean; signal?: AbortSignal } = {},
) {
  const form = new FormData();
  form.append('name', name);
  form.append('file', file, name);
  return request<UploadedFile>('POST', '/file/upload', { form, timeoutMs: UPLOAD_TIMEOUT_MS, ...options });
}

export interface OperationLogRow {
  id?: number | string;
  time: string;
  accountName: string;
  content: string;
}

export interface OperationLogQuery extends Paging {
  dataId: string | number;
  /** What the entry is about (OPERATE_LOG_PAGES); 6 when left out. */
  pageEnum?: number;
}

export function fetchOperationLog(query: OperationLogQuery, signal?: AbortSignal) {
  return request<ListPage<OperationLogRow>>('POST', '/colliery/operate/log/tc/page', {
    body: query,
    dedupe: true,
    signal,
  });
}

export function fetchAreaTree(): Promise<AreaTreeNode[]> {
  return request<AreaTreeNode[]>('GET', '/area/tree');
}

/** A handler (处理人): a user of the merchant. */
export interface HandlerUser {
  id: number;
  nickname: string;
}

export function fetchHandlers(pageNum: number, pageSize: number, nickname: string) {
  return request<ListPage<HandlerUser>>('POST', '/user/getUserLit', {
    body: { pageNum, pageSize, nickname: nickname || undefined },
    dedupe: true,
  });
}

/** A vehicle option of the plate picker. */
export interface VehicleOption {
  /** The plate number. */
  value: string;
  vin: string;
  id: number | string;
  tid: string;
  disabled?: boolean;
}

export interface VehicleFilter {
  vin?: string;
  teamCodeList?: string[];
}

/** Vehicles by plate, 20 a page; quiet, the picker shows 无数据 when the call fails. */
export function fetchVehicleOptions(
  pageNum: number,
  pageSize: number,
  carNo: string,
  filter: VehicleFilter = {},
): Promise<VehicleOption[]> {
  return request<VehicleOption[]>('POST', '/truck/no/car/list', {
    body: { pageNum, pageSize, carNo, vin: filter.vin, teamCodeList: filter.teamCodeList },
    dedupe: true,
    quiet: true,
  });
}

/** A driver option of the driver picker. */
export interface DriverOption {
  id: number | string;
  driverName: string;
  phone?: string;
}

/** Drivers by name, 20 a page; quiet, the picker shows 无数据 when the call fails. */
export function fetchDriverOptions(
  pageNum: number,
  pageSize: number = PICK_LIST_PAGE_SIZE,
  driverName = '',
): Promise<ListPage<DriverOption> | DriverOption[]> {
  return request<ListPage<DriverOption> | DriverOption[]>('GET', '/driver/name/listPage', {
    query: { pageNum, pageSize, driverName: driverName || undefined },
    dedupe: true,
    quiet: true,
  });
}
