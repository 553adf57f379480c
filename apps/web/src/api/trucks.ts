import { request } from './request';

/**
 * Calls of 车辆管理 beside the record's own (list, save, delete, export and import come from the
 * truck's record definition): the detail by path, the plate and VIN check, types, free terminals,
 * video channels.
 */

export interface Truck {
  id: number;
  carNo: string;
  plateColor: number;
  plateColorName: string;
  vin: string;
  carType: string;
  brand: string;
  series: string;
  fuelType: number;
  fuelTypeName: string;
  /** 3 hired (外协车), otherwise own. */
  carInfoType: number;
  carInfoTypeName: string;
  ownerName: string;
  ownerPhone: string;
  teamCode: string;
  teamName: string;
  terminalId: number | null;
  /** Terminal phone number; '' without a terminal. */
  tid: string;
  terminalNo: string;
  terminalModel: string;
  protocolVersion: string;
  driverId: number | null;
  driverName: string;
  driverPhone: string;
  videoChannels: number;
  channelNames: string;
  /** L. */
  tankCapacity: number | null;
  /** km/h. */
  speedLimit: number | null;
  /** kg. */
  loadCapacity: number | null;
  engineNo: string;
  registerDate: string;
  drivingLicenseExpiry: string;
  operatingLicenseNo: string;
  operatingLicenseExpiry: string;
  insuranceExpiry: string;
  annualInspectionExpiry: string;
  remark: string;
  online: boolean;
  lastReportTime: string;
  /** km/h of the last report. */
  speed: number | null;
  /** km. */
  mileage: number | null;
  createTime: string;
  updateTime: string;
}

/** What /truck/update saves (no id: a new truck). Empty texts clear a field. */
export interface TruckFields {
  id?: number;
  carNo: string;
  plateColor: number;
  vin: string;
  carType?: string | null;
  brand?: string;
  series?: string;
  fuelType: number;
  carInfoType: number;
  ownerName?: string;
  ownerPhone?: string;
  teamCode: string;
  driverId?: number | null;
  terminalId?: number | null;
  videoChannels?: number | null;
  channelNames?: string;
  tankCapacity?: number | null;
  speedLimit?: number | null;
  loadCapacity?: number | null;
  engineNo?: string;
  registerDate?: string | null;
  drivingLicenseExpiry?: string | null;
  operatingLicenseNo?: string;
  operatingLicenseExpiry?: string | null;
  insuranceExpiry?: string | null;
  annualInspectionExpiry?: string | null;
  remark?: string;
}

export function fetchTruck(id: number): Promise<Truck> {
  return request<Truck>('GET', `/v2/web/base/info/${id}`);
}

export interface ExistCheck {
  exist: boolean;
  carNoExist: boolean;
  vinExist: boolean;
  msg: string;
}

/** Whether a plate or VIN is taken by another truck of the merchant (quiet: the form says it). */
export function checkTruckExists(query: { carNo?: string; vin?: string; id?: number }): Promise<ExistCheck> {
  return request<ExistCheck>('GET', '/truck/existCheck', { query, quiet: true });
}

export interface TruckType {
  code: string;
  name: string;
}

export function fetchTruckTypes(): Promise<TruckType[]> {
  return request<TruckType[]>('GET', '/getTypeList');
}

/** A terminal not bound to any truck (for the truck form). */
export interface FreeTerminal {
  id: number;
  tid: string;
  terminalNo: string;
  model: string;
  videoChannels: number;
}

export function fetchFreeTerminals(keyword: string): Promise<FreeTerminal[]> {
  return request<FreeTerminal[]>('GET', '/terminal/freeList', {
    query: { keyword: keyword || undefined },
    quiet: true,
  });
}

export interface TruckChannels {
  id: number;
  carNo: string;
  vin: string;
  tid: string;
  online: boolean;
  channels: { channel: number; name: string }[];
}

export function fetchTruckChannels(id: number): Promise<TruckChannels> {
  return request<TruckChannels>('GET', '/getCarChannel', { query: { id } });
}
