import type { ListPage, Paging } from './common';
import { type Envelope, request, requestEnvelope } from './request';
import { exportSheet } from './sheets';

/** Calls of 司机管理 (/driver/...): the list, the form, photos waiting for a check, salary settings. */

export interface Driver {
  id: number;
  driverName: string;
  driverPhone: string;
  idCard: string;
  licenseClass: string;
  licenseClassName: string;
  licenseExpiry: string;
  /** 0 valid or unknown, 1 expired, 2 expiring within 30 days. */
  licenseState: 0 | 1 | 2;
  qualificationNo: string;
  qualificationExpiry: string;
  /** Picture URLs joined with ';'. */
  photos: string;
  photosChecked: boolean;
  teamCode: string;
  teamName: string;
  /** Plates of the bound trucks, comma separated. */
  carNo: string;
  /** 1 on duty, 0 left. */
  status: 0 | 1;
  /** 1 entered by staff, 2 imported, 3 self-registration. */
  source: 1 | 2 | 3;
  remark: string;
  createTime: string;
  updateTime: string;
}

export interface DriverQuery extends Paging {
  driverName?: string;
  driverPhone?: string;
  teamCode?: string;
  licenseClass?: string;
  licenseExpiryStart?: string;
  licenseExpiryEnd?: string;
  /** 1 expired, 2 expiring within 30 days. */
  expiryState?: 1 | 2;
  status?: 0 | 1;
}

export interface DriverFields {
  driverName: string;
  driverPhone: string;
  idCard?: string;
  licenseClass?: string;
  licenseExpiry?: string;
  qualificationNo?: string;
  qualificationExpiry?: string;
  photos?: string;
  teamCode: string;
  status: 0 | 1;
  remark?: string;
}

export const DRIVER_IMPORT_URL = '/driver/import';
export const DRIVER_TEMPLATE_URL = '/api/driver/import/template';

export function fetchDrivers(query: DriverQuery, signal?: AbortSignal): Promise<ListPage<Driver>> {
  return request<ListPage<Driver>>('GET', '/driver/list', {
    query: { ...query },
    dedupe: true,
    signal,
  });
}

export function fetchDriver(id: number | string): Promise<Driver> {
  return request<Driver>('GET', '/driver/info', { query: { id } });
}

export function addDriver(fields: DriverFields): Promise<Envelope<{ id: number }>> {
  return requestEnvelope<{ id: number }>('POST', '/driver/add', { body: fields });
}

export function updateDriver(fields: DriverFields & { id: number }): Promise<Envelope<null>> {
  return requestEnvelope<null>('POST', '/driver/update', { body: fields });
}

export function deleteDrivers(ids: number[]): Promise<{ deleted: number }> {
  return request<{ deleted: number }>('POST', '/driver/delete', { body: { ids } });
}

/** The same filter as the list (paging left out). */
export function exportDrivers(query: Partial<DriverQuery>) {
  const { pageNum: _n, pageSize: _s, ...filter } = query;
  return exportSheet('POST', '/driver/export', { body: filter });
}

export interface UntouchedDriver {
  id: number;
  driverName: string;
  driverPhone: string;
  teamName: string;
  photos: string;
  source: number;
  updateTime: string;
}

export function fetchUntouchedPhotos(query: Paging, signal?: AbortSignal) {
  return request<ListPage<UntouchedDriver>>('POST', '/driver/getUntouchedDriverPhotos', {
    body: query,
    dedupe: true,
    signal,
  });
}

export function checkDriverPhotos(ids: number[]): Promise<{ checked: number }> {
  return request<{ checked: number }>('POST', '/driver/photos/check', { body: { ids } });
}

export interface DriverSalary {
  driverId: number;
  driverName: string;
  saved: boolean;
  /** 1 per trip, 2 per ton, 3 per ton-kilometre; null before anything is saved. */
  settleType: 1 | 2 | 3 | null;
  settleTypeName: string;
  /** Yuan with two decimals. */
  baseSalary: string;
  unitPrice: string;
  deduction: string;
  bankName: string;
  bankAccount: string;
  accountName: string;
  remark: string;
  updateTime: string;
}

export interface DriverSalaryFields {
  driverId: number;
  settleType: 1 | 2 | 3;
  baseSalary: string;
  unitPrice: string;
  deduction: string;
  bankName?: string;
  bankAccount?: string;
  accountName?: string;
  remark?: string;
}

export function fetchDriverSalary(driverId: number | string): Promise<DriverSalary> {
  return request<DriverSalary>('GET', `/driverSalaryInfoDetail/${driverId}`);
}

export function saveDriverSalary(fields: DriverSalaryFields): Promise<Envelope<null>> {
  return requestEnvelope<null>('POST', '/driverSalaryInfoSave', { body: fields });
}
