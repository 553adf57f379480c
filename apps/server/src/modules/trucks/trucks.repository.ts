import {
  carOwnershipName,
  DAY_MS,
  formatDate,
  formatDateTime,
  fuelTypeName,
  plateColourName,
} from '@fleet/domain';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import { teamCodeListField } from '../../http/form-fields';
import { inScope, type Scope } from '../../http/scope';
import { ONLINE_WITHIN_MS } from '../monitor/vehicle-status';
import { searchTerm } from '../monitor/vehicles.repository';

/** Certificates count as expiring this many days ahead (and when already expired). */
export const EXPIRING_WITHIN_DAYS = 30;

const flag = (message: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number({ error: message })
      .refine((v) => v === 0 || v === 1, message)
      .optional(),
  );

/** The filter of the truck list, shared by the list and its export. */
export const truckFilterFields = {
  carNo: z.string().trim().max(20, '车牌号最多20个字符').optional(),
  vin: z.string().trim().max(17, '车架号最多17个字符').optional(),
  teamCodeList: teamCodeListField,
  fuelType: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().int().optional()),
  carInfoType: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number().int().optional(),
  ),
  carType: z.string().trim().max(20).optional(),
  /** 1 with a terminal, 0 without. */
  bindTerminal: flag('终端绑定状态只能为0或1'),
  /** 1 online, 0 offline. */
  onlineState: flag('在线状态只能为0或1'),
  /** 1: a certificate expires within 30 days or has expired. */
  expiring: flag('证件到期筛选只能为0或1'),
};

export const truckFilter = z.object(truckFilterFields);
export type TruckFilter = z.output<typeof truckFilter>;

const CERTIFICATE_COLUMNS = [
  't.driving_license_expiry',
  't.operating_license_expiry',
  't.insurance_expiry',
  't.annual_inspection_expiry',
] as const;

/** In-scope, not deleted trucks matching the filter, joined with team, terminal, driver and latest state. */
export function truckQuery(db: Kysely<Database>, scope: Scope, filter: TruckFilter, now: number) {
  let q = db
    .selectFrom('truck as t')
    .leftJoin('team as tt', (j) =>
      j.onRef('tt.merchant_id', '=', 't.merchant_id').onRef('tt.team_code', '=', 't.team_code'),
    )
    .leftJoin('terminal as tm', 'tm.id', 't.terminal_id')
    .leftJoin('driver as d', 'd.id', 't.driver_id')
    .leftJoin('vehicle_state as vs', 'vs.truck_id', 't.id')
    .where(inScope(scope, 't'))
    .where('t.deleted_at', 'is', null);
  const carNo = searchTerm(filter.carNo);
  if (carNo) q = q.where('t.car_no', 'like', carNo);
  const vin = searchTerm(filter.vin);
  if (vin) q = q.where('t.vin', 'like', vin);
  const teams = filter.teamCodeList ?? [];
  if (teams.length > 0)
    q = q.where((eb) => eb.or(teams.map((code) => eb('t.team_code', 'like', `${code}%`))));
  if (filter.fuelType !== undefined) q = q.where('t.fuel_type', '=', filter.fuelType);
  if (filter.carInfoType !== undefined) {
    q = filter.carInfoType === 3 ? q.where('t.car_info_type', '=', 3) : q.where('t.car_info_type', '<>', 3);
  }
  if (filter.carType) q = q.where('t.car_type', '=', filter.carType);
  if (filter.bindTerminal === 1) q = q.where('t.terminal_id', 'is not', null);
  if (filter.bindTerminal === 0) q = q.where('t.terminal_id', 'is', null);
  const recent = now - ONLINE_WITHIN_MS;
  if (filter.onlineState === 1) {
    q = q.where((eb) => eb.or([eb('vs.online', '=', 1), eb('vs.received_at', '>=', recent)]));
  }
  if (filter.onlineState === 0) {
    q = q.where((eb) =>
      eb.or([
        eb('vs.truck_id', 'is', null),
        eb.and([eb('vs.online', '<>', 1), eb('vs.received_at', '<', recent)]),
      ]),
    );
  }
  if (filter.expiring === 1) {
    const limit = formatDate(new Date(now + EXPIRING_WITHIN_DAYS * DAY_MS));
    q = q.where((eb) => eb.or(CERTIFICATE_COLUMNS.map((column) => eb(column, '<=', limit))));
  }
  return q;
}

/** The columns of a truck row (list, export, detail). */
export function selectTruck(q: ReturnType<typeof truckQuery>) {
  return q.select([
    't.id',
    't.car_no',
    't.plate_color',
    't.vin',
    't.car_type',
    't.brand',
    't.series',
    't.fuel_type',
    't.car_info_type',
    't.owner_name',
    't.owner_phone',
    't.team_code',
    'tt.team_name',
    't.terminal_id',
    'tm.phone as tid',
    'tm.terminal_no',
    'tm.model as terminal_model',
    'tm.protocol_version',
    't.driver_id',
    'd.name as driver_name',
    'd.phone as driver_phone',
    't.video_channels',
    't.channel_names',
    't.tank_capacity',
    't.speed_limit',
    't.load_capacity',
    't.engine_no',
    't.register_date',
    't.driving_license_expiry',
    't.operating_license_no',
    't.operating_license_expiry',
    't.insurance_expiry',
    't.annual_inspection_expiry',
    't.remark',
    't.created_at',
    't.updated_at',
    'vs.online',
    'vs.received_at',
    'vs.time as report_time',
    'vs.speed',
    'vs.mileage',
  ]);
}

export type TruckDbRow = Awaited<ReturnType<ReturnType<typeof selectTruck>['execute']>>[number];

const dateTime = (ms: number | null | undefined) => (ms ? formatDateTime(new Date(Number(ms))) : '');

/** A truck as the API gives it. */
export function truckView(r: TruckDbRow, now: number) {
  const receivedAt = r.received_at === null ? null : Number(r.received_at);
  const online = receivedAt !== null && (r.online === 1 || now - receivedAt <= ONLINE_WITHIN_MS);
  return {
    id: r.id,
    carNo: r.car_no,
    plateColor: r.plate_color,
    plateColorName: plateColourName(r.plate_color),
    vin: r.vin,
    vinCode: r.vin,
    carType: r.car_type ?? '',
    brand: r.brand ?? '',
    series: r.series ?? '',
    fuelType: r.fuel_type,
    fuelTypeName: fuelTypeName(r.fuel_type),
    carInfoType: r.car_info_type,
    carInfoTypeName: carOwnershipName(r.car_info_type),
    ownerName: r.owner_name ?? '',
    ownerPhone: r.owner_phone ?? '',
    teamCode: r.team_code,
    teamName: r.team_name ?? '',
    terminalId: r.terminal_id,
    tid: r.tid ?? '',
    terminalNo: r.terminal_no ?? '',
    terminalModel: r.terminal_model ?? '',
    protocolVersion: r.protocol_version ?? '',
    driverId: r.driver_id,
    driverName: r.driver_name ?? '',
    driverPhone: r.driver_phone ?? '',
    videoChannels: r.video_channels,
    channelNames: r.channel_names ?? '',
    tankCapacity: r.tank_capacity,
    speedLimit: r.speed_limit,
    loadCapacity: r.load_capacity,
    engineNo: r.engine_no ?? '',
    registerDate: r.register_date ?? '',
    drivingLicenseExpiry: r.driving_license_expiry ?? '',
    operatingLicenseNo: r.operating_license_no ?? '',
    operatingLicenseExpiry: r.operating_license_expiry ?? '',
    insuranceExpiry: r.insurance_expiry ?? '',
    annualInspectionExpiry: r.annual_inspection_expiry ?? '',
    remark: r.remark ?? '',
    online,
    onlineState: online ? 1 : 0,
    lastReportTime: dateTime(receivedAt),
    /** km/h. */
    speed: r.speed === null ? null : Number(r.speed) / 10,
    /** km. */
    mileage: r.mileage === null ? null : Number(r.mileage) / 10,
    createTime: dateTime(r.created_at),
    updateTime: dateTime(r.updated_at),
  };
}

export type TruckView = ReturnType<typeof truckView>;

/** One in-scope truck (not deleted) as the API gives it, or undefined. */
export async function findTruckView(db: Kysely<Database>, scope: Scope, id: number, now: number) {
  const row = await selectTruck(truckQuery(db, scope, {}, now).where('t.id', '=', id)).executeTakeFirst();
  return row ? truckView(row, now) : undefined;
}

/** The plate and VIN already taken by another truck of the merchant (not deleted). */
export async function takenBy(
  db: Kysely<Database>,
  merchantId: number,
  key: { carNo?: string; vin?: string; exceptId?: number | null },
) {
  const find = (column: 'car_no' | 'vin', value: string) => {
    let q = db
      .selectFrom('truck')
      .select(['id', 'team_code'])
      .where('merchant_id', '=', merchantId)
      .where('deleted_at', 'is', null)
      .where(column, '=', value);
    if (key.exceptId) q = q.where('id', '<>', key.exceptId);
    return q.executeTakeFirst();
  };
  return {
    carNo: key.carNo ? await find('car_no', key.carNo) : undefined,
    vin: key.vin ? await find('vin', key.vin) : undefined,
  };
}
