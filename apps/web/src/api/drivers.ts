import type { ListPage, Paging } from './common';
import { type Envelope, request, requestEnvelope } from './request';

/**
 * Calls of 司机管理 beside the record's own (list, info, add, edit, delete, export and import come
 * from the driver's record definition): photos waiting for a check, salary settings.
 */

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
