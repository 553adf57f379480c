import {
  ALPHANUMERIC_MESSAGE,
  CAR_INFO_TYPE_HIRED,
  FUEL_TYPES,
  isAlphanumeric,
  isTruckType,
  PLATE_COLOURS,
  plateSchema,
  vinSchema,
} from '@fleet/domain';
import { z } from 'zod';
import { optionalDate, optionalPhone, optionalText, teamCodeField } from '../../http/form-fields';

/** 车辆管理 and the pages it leads to (add, edit, detail, 车辆信息). */
export const TRUCK_CODES = ['car090101'] as const;

// The rules of a truck's fields, shared by the form call (/truck/update) and the import: what a
// form sends as numbers an import hands in as text, so numbers accept both, and '' means "not given".

const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

/** A whole number between min and max; '' and missing become null. */
export function optionalInt(min: number, max: number, label: string) {
  const message = `${label}应为${min}到${max}之间的整数`;
  return z
    .preprocess(
      blankToUndefined,
      z.coerce.number({ error: message }).int(message).min(min, message).max(max, message).optional(),
    )
    .transform((value) => value ?? null);
}

export const PLATE_COLOUR_MESSAGE = '请选择车牌颜色';
export const FUEL_TYPE_MESSAGE = '请选择燃料类型';
export const CAR_INFO_TYPE_MESSAGE = '车辆性质只能是自有车或外协车';
export const TRUCK_TYPE_MESSAGE = '车辆类型不在车辆类型列表中';

const plateColours: ReadonlySet<number> = new Set(PLATE_COLOURS.map((c) => c.value));
const fuelTypes: ReadonlySet<number> = new Set(FUEL_TYPES.map((f) => f.type));

/** Own truck (1) or hired (3, 外协车). */
export const CAR_INFO_TYPES = [
  { value: 1, label: '自有车' },
  { value: CAR_INFO_TYPE_HIRED, label: '外协车' },
] as const;

export const truckFields = {
  carNo: plateSchema,
  plateColor: z.preprocess(
    (value) => blankToUndefined(value) ?? 2,
    z.coerce.number({ error: PLATE_COLOUR_MESSAGE }).refine((v) => plateColours.has(v), PLATE_COLOUR_MESSAGE),
  ),
  vin: vinSchema,
  carType: optionalText(20).refine((v): boolean => v === null || isTruckType(v), TRUCK_TYPE_MESSAGE),
  brand: optionalText(30),
  series: optionalText(30),
  fuelType: z.preprocess(
    blankToUndefined,
    z.coerce.number({ error: FUEL_TYPE_MESSAGE }).refine((v) => fuelTypes.has(v), FUEL_TYPE_MESSAGE),
  ),
  carInfoType: z.preprocess(
    (value) => blankToUndefined(value) ?? 1,
    z.coerce
      .number({ error: CAR_INFO_TYPE_MESSAGE })
      .refine((v): boolean => v === 1 || v === CAR_INFO_TYPE_HIRED, CAR_INFO_TYPE_MESSAGE),
  ),
  ownerName: optionalText(30),
  ownerPhone: optionalPhone,
  teamCode: teamCodeField,
  videoChannels: optionalInt(0, 16, '视频通道数').transform((v) => v ?? 0),
  channelNames: optionalText(200),
  tankCapacity: optionalInt(0, 5000, '油箱容积'),
  speedLimit: optionalInt(1, 200, '限速'),
  loadCapacity: optionalInt(0, 100000, '核定载质量'),
  engineNo: optionalText(30).refine((v): boolean => v === null || isAlphanumeric(v), ALPHANUMERIC_MESSAGE),
  registerDate: optionalDate,
  drivingLicenseExpiry: optionalDate,
  operatingLicenseNo: optionalText(30),
  operatingLicenseExpiry: optionalDate,
  insuranceExpiry: optionalDate,
  annualInspectionExpiry: optionalDate,
  remark: optionalText(200),
};

/** Field labels of 400 messages. */
export const TRUCK_LABELS: Record<string, string> = {
  id: '车辆',
  carNo: '车牌号',
  plateColor: '车牌颜色',
  vin: '车架号',
  carType: '车辆类型',
  brand: '品牌',
  series: '车系',
  fuelType: '燃料类型',
  carInfoType: '车辆性质',
  ownerName: '车主姓名',
  ownerPhone: '车主电话',
  teamCode: '所属车队',
  driverId: '司机',
  terminalId: '终端',
  videoChannels: '视频通道数',
  channelNames: '通道名称',
  tankCapacity: '油箱容积',
  speedLimit: '限速',
  loadCapacity: '核定载质量',
  engineNo: '发动机号',
  registerDate: '注册日期',
  drivingLicenseExpiry: '行驶证到期日期',
  operatingLicenseNo: '道路运输证号',
  operatingLicenseExpiry: '道路运输证到期日期',
  insuranceExpiry: '保险到期日期',
  annualInspectionExpiry: '年检到期日期',
  remark: '备注',
};

const optionalId = (message: string) =>
  z
    .preprocess(
      blankToUndefined,
      z.coerce.number({ error: message }).int(message).positive(message).optional(),
    )
    .transform((value) => value ?? null);

/** Body of /truck/update: without id a new truck, with id an edit. */
export const truckBody = z.object({
  id: optionalId('车辆不正确'),
  ...truckFields,
  driverId: optionalId('司机不正确'),
  terminalId: optionalId('终端不正确'),
});

export type TruckInput = z.output<typeof truckBody>;
