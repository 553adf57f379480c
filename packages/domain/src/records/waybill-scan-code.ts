import { OPERATE_LOG_PAGES } from '../catalogue/operate-log-pages';
import { defineRecordMeta } from './types';

/**
 * 扫码运单 code: a QR code for a customer and line (and cargo) that the office prints; a driver of
 * the merchant scanning it opens the public page /scan-waybill?token=… and, verified by an SMS code,
 * creates a waybill (source 扫码, waiting for the office's tabulation review). Kept by a team on
 * 扫码运单 (car090104, tc010503); enabled or disabled, never deleted (waybills keep pointing at it).
 */
export const WAYBILL_SCAN_CODE_RECORD = defineRecordMeta({
  key: 'waybillScanCode',
  entity: '扫码运单码',
  table: 'waybill_scan_code',
  scope: 'own',
  softDelete: false,
  nameColumn: 'cargo',
  pageEnum: OPERATE_LOG_PAGES.waybillScanCode,
  readCodes: ['car090104', 'tc010503'],
  paths: {
    page: '/colliery/waybill/scanCode/page',
    info: '/colliery/waybill/scanCode/info',
    add: '/colliery/waybill/scanCode/add',
    edit: '/colliery/waybill/scanCode/edit',
    valid: '/colliery/waybill/scanCode/changeStatus',
  },
  labels: {
    id: '扫码运单码',
    customerId: '客户',
    lineId: '线路',
    cargo: '货物名称',
    remark: '备注',
    teamCode: '所属车队',
    valid: '状态',
  },
});

/** The public page a scan-code QR code opens (no sign-in), with the code's token. */
export const SCAN_WAYBILL_PUBLIC_PATH = '/scan-waybill';

/** The address a QR code holds: the public page on `origin` with the code's token. */
export function scanWaybillUrl(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}${SCAN_WAYBILL_PUBLIC_PATH}?token=${encodeURIComponent(token)}`;
}

/** A scan code's token: 32 URL-safe characters (192 random bits). */
export const SCAN_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;
