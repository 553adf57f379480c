import { type EnumOption, enumLabel } from './enum-label';

/** Waybill display states (business section 3); 5 is not a state. */
export const WAYBILL_STATES = [
  { value: 1, label: '待装货' },
  { value: 2, label: '装货中' },
  { value: 3, label: '运输中' },
  { value: 4, label: '已到达' },
  { value: 6, label: '已完成' },
] as const satisfies readonly EnumOption[];

export type WaybillState = (typeof WAYBILL_STATES)[number]['value'];

export function waybillStateName(value: number | string | null | undefined): string {
  return enumLabel(WAYBILL_STATES, value);
}

/** Station row types of a line (business section 3). */
export const STATION_TYPES = [
  { value: 1, label: '起点' },
  { value: 2, label: '途经点' },
  { value: 3, label: '终点' },
] as const satisfies readonly EnumOption[];

export type StationType = (typeof STATION_TYPES)[number]['value'];

export function stationTypeName(value: number | string | null | undefined): string {
  return enumLabel(STATION_TYPES, value);
}

/** Profit table types (business section 9). */
export const PROFIT_TABLE_TYPES = [
  { value: 1, label: '按组织' },
  { value: 2, label: '按客户' },
  { value: 3, label: '按线路' },
  { value: 4, label: '按司机' },
  { value: 5, label: '按车辆' },
] as const satisfies readonly EnumOption[];

export type ProfitTableType = (typeof PROFIT_TABLE_TYPES)[number]['value'];

export function profitTableTypeName(value: number | string | null | undefined): string {
  return enumLabel(PROFIT_TABLE_TYPES, value);
}

/** carInfoType 3 is a hired (outsourced) truck; any other value is the fleet's own truck. */
export const CAR_INFO_TYPE_HIRED = 3;

export type CarOwnership = 'own' | 'hired';

export function carOwnership(carInfoType: number | string | null | undefined): CarOwnership {
  return String(carInfoType ?? '').trim() === String(CAR_INFO_TYPE_HIRED) ? 'hired' : 'own';
}

export function carOwnershipName(carInfoType: number | string | null | undefined): string {
  return carOwnership(carInfoType) === 'hired' ? '外协车' : '自有车';
}

/**
 * Plate colours as JT/T 808 reports them (JT/T 697.7 codes): 0 for an unregistered vehicle,
 * 5 green and 93/94 for new-energy plates.
 */
export const PLATE_COLOURS = [
  { value: 0, label: '未上牌' },
  { value: 1, label: '蓝色' },
  { value: 2, label: '黄色' },
  { value: 3, label: '黑色' },
  { value: 4, label: '白色' },
  { value: 5, label: '绿色' },
  { value: 9, label: '其他' },
  { value: 93, label: '黄绿色' },
  { value: 94, label: '渐变绿色' },
] as const satisfies readonly EnumOption[];

export type PlateColour = (typeof PLATE_COLOURS)[number]['value'];

export function plateColourName(value: number | string | null | undefined): string {
  return enumLabel(PLATE_COLOURS, value);
}

/** Driving modes of a track point (autoDriverFlag 1 is intelligent driving). */
export const DRIVING_MODES = [
  { value: 1, label: '智能驾驶' },
  { value: 0, label: '人工驾驶' },
] as const satisfies readonly EnumOption[];

export function drivingModeName(autoDriverFlag: number | string | null | undefined): string {
  return enumLabel(DRIVING_MODES, autoDriverFlag);
}

/** Dialog status of the generic form dialog; any other status is an error. */
export const DIALOG_STATUSES = ['add', 'edit', 'preview'] as const;

export type DialogStatus = (typeof DIALOG_STATUSES)[number];

export function isDialogStatus(value: unknown): value is DialogStatus {
  return typeof value === 'string' && (DIALOG_STATUSES as readonly string[]).includes(value);
}
