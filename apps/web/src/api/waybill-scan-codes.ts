import { UPLOAD_TIMEOUT_MS } from '@fleet/domain';
import type { UploadedFile } from './common';
import { request } from './request';

/**
 * Calls of the public scan-code page (扫码开单, /scan-waybill?token=…; no sign-in). The office's
 * codes are a record type (features/waybill-scan-codes/scanCode.record.tsx) and use its calls.
 */

const ROOT = '/public/scan-waybill';

/** What a code is for, as the page shows it. */
export interface ScanCodeInfo {
  merchantName: string;
  customerName: string;
  lineName: string;
  loadingStationName: string;
  unloadingStationName: string;
  cargo: string;
}

export function fetchScanCode(token: string) {
  return request<ScanCodeInfo>('GET', `${ROOT}/code`, { query: { token }, quiet: true });
}

export function sendScanSms(token: string, phone: string): Promise<unknown> {
  return request<unknown>('POST', `${ROOT}/sms`, { body: { token, phone } });
}

export interface ScanSession {
  ticket: string;
  driverName: string;
  /** Seconds. */
  expiresIn: number;
}

export function verifyScanPhone(token: string, phone: string, smsCode: string) {
  return request<ScanSession>('POST', `${ROOT}/verify`, { body: { token, phone, smsCode } });
}

export interface ScanTruck {
  id: number;
  carNo: string;
  /** The driver's own (bound) truck. */
  bound: boolean;
}

export function fetchScanTrucks(ticket: string, keyword: string) {
  return request<ScanTruck[]>('POST', `${ROOT}/trucks`, { body: { ticket, keyword }, quiet: true });
}

/** Uploads a slip photo with the ticket as a form field before the file (the kit uploader's `upload`). */
export function uploadScanPhoto(ticket: string) {
  return (file: Blob, name: string, options: { quiet?: boolean; signal?: AbortSignal } = {}) => {
    const form = new FormData();
    form.append('ticket', ticket);
    form.append('file', file, name);
    return request<UploadedFile>('POST', `${ROOT}/upload`, {
      form,
      timeoutMs: UPLOAD_TIMEOUT_MS,
      ...options,
    });
  };
}

export interface ScanSubmit {
  ticket: string;
  truckId: number;
  grossKg: number;
  tareKg: number;
  photos: string[];
}

export interface ScanCreated {
  waybillId: number;
  billNo: string;
  carNo: string;
  status: number;
  statusName: string;
  loadingNetKg: number;
  loadingNetTons: string;
  createTime: string;
}

export function submitScanWaybill(body: ScanSubmit) {
  return request<ScanCreated>('POST', `${ROOT}/submit`, { body });
}
