import {
  ALPHANUMERIC_MESSAGE,
  isAlphanumeric,
  isPhoneLoose,
  isPlate,
  isVin,
  normalizePlate,
  PHONE_MESSAGE,
  PLATE_MESSAGE,
  VIN_MESSAGE,
} from '@fleet/domain';
import dayjs, { type Dayjs } from 'dayjs';
import type { Truck, TruckFields } from '../../api/trucks';
import { texts } from '../../locales';

const t = texts.trucks;

/** The date fields of a truck ('YYYY-MM-DD' in the API, dayjs in the form). */
export const DATE_FIELDS = [
  'registerDate',
  'drivingLicenseExpiry',
  'operatingLicenseExpiry',
  'insuranceExpiry',
  'annualInspectionExpiry',
] as const;
type DateField = (typeof DATE_FIELDS)[number];

/** What the truck form holds. */
export type TruckFormValues = Omit<TruckFields, 'id' | DateField> & { [K in DateField]?: Dayjs | null };

export function plateError(value: string | undefined): string | null {
  const text = (value ?? '').trim();
  if (!text) return t.carNoRequired;
  return isPlate(text) ? null : PLATE_MESSAGE;
}

export function vinError(value: string | undefined): string | null {
  const text = (value ?? '').trim().toUpperCase();
  if (!text) return t.vinRequired;
  return isVin(text) ? null : VIN_MESSAGE;
}

export function optionalPhoneError(value: string | undefined): string | null {
  const text = (value ?? '').trim();
  return text === '' || isPhoneLoose(text) ? null : PHONE_MESSAGE;
}

export function alphanumericError(value: string | undefined): string | null {
  const text = (value ?? '').trim();
  return text === '' || isAlphanumeric(text) ? null : ALPHANUMERIC_MESSAGE;
}

/** The form's values of a stored truck. */
export function formValuesOf(truck: Truck): TruckFormValues {
  const dates = Object.fromEntries(
    DATE_FIELDS.map((key) => [key, truck[key] ? dayjs(truck[key]) : null]),
  ) as { [K in DateField]: Dayjs | null };
  return {
    carNo: truck.carNo,
    plateColor: truck.plateColor,
    vin: truck.vin,
    carType: truck.carType || null,
    brand: truck.brand,
    series: truck.series,
    fuelType: truck.fuelType,
    carInfoType: truck.carInfoType === 3 ? 3 : 1,
    ownerName: truck.ownerName,
    ownerPhone: truck.ownerPhone,
    teamCode: truck.teamCode,
    driverId: truck.driverId,
    terminalId: truck.terminalId,
    videoChannels: truck.videoChannels,
    channelNames: truck.channelNames,
    tankCapacity: truck.tankCapacity,
    speedLimit: truck.speedLimit,
    loadCapacity: truck.loadCapacity,
    engineNo: truck.engineNo,
    operatingLicenseNo: truck.operatingLicenseNo,
    remark: truck.remark,
    ...dates,
  };
}

/** New trucks start as own, fuel, yellow plate (the usual goods vehicle). */
export const NEW_TRUCK: Partial<TruckFormValues> = {
  plateColor: 2,
  fuelType: 3,
  carInfoType: 1,
  videoChannels: 0,
};

/** The body of /truck/update from the form's values. */
export function truckFieldsOf(values: TruckFormValues, id?: number): TruckFields {
  const dates = Object.fromEntries(
    DATE_FIELDS.map((key) => [key, values[key] ? (values[key] as Dayjs).format('YYYY-MM-DD') : null]),
  ) as { [K in DateField]: string | null };
  return {
    ...values,
    ...dates,
    ...(id === undefined ? {} : { id }),
    carNo: normalizePlate(values.carNo ?? ''),
    vin: (values.vin ?? '').trim().toUpperCase(),
    carType: values.carType ?? null,
    driverId: values.driverId ?? null,
    terminalId: values.terminalId ?? null,
    // an own truck has no owner of its own
    ownerName: values.carInfoType === 3 ? values.ownerName : '',
    ownerPhone: values.carInfoType === 3 ? values.ownerPhone : '',
  };
}

/** Days until a certificate date ('YYYY-MM-DD'), negative once expired; null without a date. */
export function daysLeft(date: string, today: Dayjs = dayjs()): number | null {
  if (!date) return null;
  return dayjs(date).startOf('day').diff(today.startOf('day'), 'day');
}
