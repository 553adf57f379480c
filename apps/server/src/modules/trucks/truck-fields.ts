import {
  ALPHANUMERIC_MESSAGE,
  CAR_INFO_TYPE_HIRED,
  FUEL_TYPES,
  isAlphanumeric,
  isTruckType,
  PLATE_COLOURS,
  plateSchema,
  TRUCK_RECORD,
  vinSchema,
} from '@fleet/domain';
import { z } from 'zod';
import { optionalDate, optionalPhone, optionalText, teamCodeField } from '../../http/form-fields';
import type { UniqueField } from '../../records/record';

/** 车辆管理 and the pages it leads to (add, edit, detail, 车辆信息). */
export const TRUCK_CODES = TRUCK_RECORD.readCodes;

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

/** The truck form: the body of /truck/update without its id. */
export const truckForm = truckBody.omit({ id: true });
export type TruckForm = z.output<typeof truckForm>;

/** Plate and VIN each name one live truck of the merchant (any team). */
export const TRUCK_UNIQUE: readonly UniqueField<TruckForm>[] = [
  { field: 'carNo', column: 'car_no', taken: '已存在' },
  { field: 'vin', column: 'vin', taken: '已存在' },
];

/** The table columns of a truck form. */
export function truckColumns(form: TruckForm) {
  return {
    car_no: form.carNo,
    plate_color: form.plateColor,
    vin: form.vin,
    car_type: form.carType,
    brand: form.brand,
    series: form.series,
    fuel_type: form.fuelType,
    car_info_type: form.carInfoType,
    owner_name: form.ownerName,
    owner_phone: form.ownerPhone,
    team_code: form.teamCode,
    terminal_id: form.terminalId,
    driver_id: form.driverId,
    video_channels: form.videoChannels,
    channel_names: form.channelNames,
    tank_capacity: form.tankCapacity,
    speed_limit: form.speedLimit,
    load_capacity: form.loadCapacity,
    engine_no: form.engineNo,
    register_date: form.registerDate,
    driving_license_expiry: form.drivingLicenseExpiry,
    operating_license_no: form.operatingLicenseNo,
    operating_license_expiry: form.operatingLicenseExpiry,
    insurance_expiry: form.insuranceExpiry,
    annual_inspection_expiry: form.annualInspectionExpiry,
    remark: form.remark,
  };
}
export type TruckColumns = ReturnType<typeof truckColumns>;
