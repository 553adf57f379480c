import { ADDRESS_RECORD } from './address';
import { COST_RECORD } from './cost';
import { CUSTOMER_RECORD } from './customer';
import { DRIVER_RECORD } from './driver';
import { FEE_TYPE_RECORD } from './fee-type';
import { LINE_RECORD } from './line';
import { MAINTENANCE_PLAN_RECORD, MAINTENANCE_RECORD_RECORD } from './maintenance-plan';
import { PLAN_RECORD } from './plan';
import { PLAN_SCHEDULE_RECORD } from './plan-schedule';
import { STATION_RECORD } from './station';
import { TERMINAL_RECORD } from './terminal';
import { TRANSPORT_ORDER_RECORD } from './transport-order';
import { TRANSPORT_PRICE_RECORD } from './transport-price';
import { TRUCK_RECORD } from './truck';
import { WAYBILL_RECORD } from './waybill';
import { WAYBILL_SCAN_CODE_RECORD } from './waybill-scan-code';

export * from './address';
export * from './cost';
export * from './customer';
export * from './driver';
export * from './fee-type';
export * from './line';
export * from './maintenance-plan';
export * from './plan';
export * from './plan-schedule';
export * from './station';
export * from './terminal';
export * from './transport-order';
export * from './transport-price';
export * from './truck';
export {
  defineRecordMeta,
  importTemplateUrl,
  type RecordMeta,
  type RecordPaths,
  recordInfoCodes,
  recordWriteCodes,
} from './types';
export * from './waybill';
export * from './waybill-scan-code';

/**
 * Every business record type by its key: what a request may point at by id
 * (`usableRecord(…, 'customer', id)`) and whose operation log a user may read.
 */
export const RECORD_TYPES = {
  customer: CUSTOMER_RECORD,
  station: STATION_RECORD,
  line: LINE_RECORD,
  address: ADDRESS_RECORD,
  truck: TRUCK_RECORD,
  driver: DRIVER_RECORD,
  terminal: TERMINAL_RECORD,
  feeType: FEE_TYPE_RECORD,
  transportPrice: TRANSPORT_PRICE_RECORD,
  transportOrder: TRANSPORT_ORDER_RECORD,
  plan: PLAN_RECORD,
  planSchedule: PLAN_SCHEDULE_RECORD,
  waybill: WAYBILL_RECORD,
  waybillScanCode: WAYBILL_SCAN_CODE_RECORD,
  cost: COST_RECORD,
  maintenancePlan: MAINTENANCE_PLAN_RECORD,
  maintenanceRecord: MAINTENANCE_RECORD_RECORD,
} as const;

export type RecordKind = keyof typeof RECORD_TYPES;
