import {
  carOwnershipName,
  DAY_MS,
  formatDate,
  formatDateTime,
  fuelTypeName,
  plateColourName,
  TRUCK_RECORD,
} from '@fleet/domain';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { teamCodeListField } from '../../http/form-fields';
import { withTeamName } from '../../records/filters';
import { defineRecord, type RecordQuery } from '../../records/record';
import { ONLINE_WITHIN_MS } from '../monitor/vehicle-status';
import { searchTerm } from '../monitor/vehicles.repository';
import { type TruckForm, truckColumns, truckForm } from './truck-fields';
import { truckImport } from './trucks.import';
import { registerTruckRoutes } from './trucks.routes';
import type { TruckTable } from './trucks.table';

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

/** The filter of the truck list, also the input of its export. */
const truckFilter = z.object({
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
});
type TruckFilter = z.output<typeof truckFilter>;

const CERTIFICATE_COLUMNS = [
  'truck.driving_license_expiry',
  'truck.operating_license_expiry',
  'truck.insurance_expiry',
  'truck.annual_inspection_expiry',
] as const;

/** The trucks of the filter at time `now` (online state and expiring certificates depend on it). */
function applyFilter(q: RecordQuery, filter: TruckFilter, now: number): RecordQuery {
  const carNo = searchTerm(filter.carNo);
  if (carNo) q = q.where('truck.car_no', 'like', carNo);
  const vin = searchTerm(filter.vin);
  if (vin) q = q.where('truck.vin', 'like', vin);
  const teams = filter.teamCodeList ?? [];
  if (teams.length > 0)
    q = q.where((eb) => eb.or(teams.map((code) => eb('truck.team_code', 'like', `${code}%`))));
  if (filter.fuelType !== undefined) q = q.where('truck.fuel_type', '=', filter.fuelType);
  if (filter.carInfoType !== undefined)
    q =
      filter.carInfoType === 3
        ? q.where('truck.car_info_type', '=', 3)
        : q.where('truck.car_info_type', '<>', 3);
  if (filter.carType) q = q.where('truck.car_type', '=', filter.carType);
  if (filter.bindTerminal === 1) q = q.where('truck.terminal_id', 'is not', null);
  if (filter.bindTerminal === 0) q = q.where('truck.terminal_id', 'is', null);
  const recent = now - ONLINE_WITHIN_MS;
  if (filter.onlineState === 1)
    q = q.where((eb) => eb.or([eb('vs.online', '=', 1), eb('vs.received_at', '>=', recent)]));
  if (filter.onlineState === 0)
    q = q.where((eb) =>
      eb.or([
        eb('vs.truck_id', 'is', null),
        eb.and([eb('vs.online', '<>', 1), eb('vs.received_at', '<', recent)]),
      ]),
    );
  if (filter.expiring === 1) {
    const limit = formatDate(new Date(now + EXPIRING_WITHIN_DAYS * DAY_MS));
    q = q.where((eb) => eb.or(CERTIFICATE_COLUMNS.map((column) => eb(column, '<=', limit))));
  }
  return q;
}

/** A listed truck row: its columns, team, terminal, driver and latest state. */
type TruckRow = Selectable<TruckTable> & {
  team_name: string | null;
  tid: string | null;
  terminal_no: string | null;
  terminal_model: string | null;
  protocol_version: string | null;
  driver_name: string | null;
  driver_phone: string | null;
  online: number | null;
  received_at: number | string | null;
  speed: number | string | null;
  mileage: number | string | null;
};

const dateTime = (ms: number | string | null | undefined) => (ms ? formatDateTime(new Date(Number(ms))) : '');

/** A truck as the API gives it at time `now` (online when it reported within ONLINE_WITHIN_MS). */
function truckView(r: TruckRow, now: number) {
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

const orBlank = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : value;

/**
 * 车辆: trucks of the caller's own team subtree, soft-deleted. The list and its export are the
 * recipe's; the detail by path id, the lookups, the save that both adds and edits (binding terminal
 * and driver), the delete that refuses trucks on a trip and frees their terminals, and the import by
 * terminal and driver phone are the truck's own routes (trucks.routes.ts, trucks.import.ts).
 * Online state and expiring certificates depend on the time: the definition reads the app's clock.
 */
export function truckRecord(ctx: AppContext) {
  const clock = ctx.config.now;
  const def = defineRecord<TruckForm, TruckFilter, TruckView>({
    meta: TRUCK_RECORD,
    tag: '车辆管理',
    summaries: {
      page: '车辆列表：车牌、车架号、车队、燃料类型、车辆性质、终端绑定、在线状态、证件到期筛选',
    },
    joins: (q) =>
      withTeamName('truck')(q)
        .leftJoin('terminal as tm', 'tm.id', 'truck.terminal_id')
        .leftJoin('driver as d', 'd.id', 'truck.driver_id')
        .leftJoin('vehicle_state as vs', 'vs.truck_id', 'truck.id'),
    selection: [
      'truck.id',
      'truck.car_no',
      'truck.plate_color',
      'truck.vin',
      'truck.car_type',
      'truck.brand',
      'truck.series',
      'truck.fuel_type',
      'truck.car_info_type',
      'truck.owner_name',
      'truck.owner_phone',
      'truck.team_code',
      'team.team_name',
      'truck.terminal_id',
      'tm.phone as tid',
      'tm.terminal_no',
      'tm.model as terminal_model',
      'tm.protocol_version',
      'truck.driver_id',
      'd.name as driver_name',
      'd.phone as driver_phone',
      'truck.video_channels',
      'truck.channel_names',
      'truck.tank_capacity',
      'truck.speed_limit',
      'truck.load_capacity',
      'truck.engine_no',
      'truck.register_date',
      'truck.driving_license_expiry',
      'truck.operating_license_no',
      'truck.operating_license_expiry',
      'truck.insurance_expiry',
      'truck.annual_inspection_expiry',
      'truck.remark',
      'truck.created_at',
      'truck.updated_at',
      'vs.online',
      'vs.received_at',
      'vs.time as report_time',
      'vs.speed',
      'vs.mileage',
    ],
    view: (row: TruckRow) => truckView(row, clock()),
    filter: { schema: truckFilter, apply: (q, filter) => applyFilter(q, filter, clock()) },
    form: {
      schema: truckForm,
      columns: truckColumns,
      // team, driver and terminal by their names: the save adds them (trucks.routes.ts)
      logFields: (c) => ({
        carNo: c.car_no,
        plateColor: plateColourName(c.plate_color as number),
        vin: c.vin,
        carType: c.car_type,
        brand: c.brand,
        series: c.series,
        fuelType: fuelTypeName(c.fuel_type as number),
        carInfoType: carOwnershipName(c.car_info_type as number),
        ownerName: c.owner_name,
        ownerPhone: c.owner_phone,
        videoChannels: c.video_channels,
        channelNames: c.channel_names,
        tankCapacity: c.tank_capacity,
        speedLimit: c.speed_limit,
        loadCapacity: c.load_capacity,
        engineNo: c.engine_no,
        registerDate: c.register_date,
        drivingLicenseExpiry: c.driving_license_expiry,
        operatingLicenseNo: c.operating_license_no,
        operatingLicenseExpiry: c.operating_license_expiry,
        insuranceExpiry: c.insurance_expiry,
        annualInspectionExpiry: c.annual_inspection_expiry,
        remark: c.remark,
      }),
    },
    export: {
      title: '车辆列表',
      columns: [
        { header: '车牌号', width: 12, value: (t) => t.carNo },
        { header: '车牌颜色', width: 10, value: (t) => t.plateColorName },
        { header: '车架号', width: 20, value: (t) => t.vin },
        { header: '车辆类型', width: 16, value: (t) => t.carType },
        { header: '品牌', width: 10, value: (t) => t.brand },
        { header: '车系', width: 12, value: (t) => t.series },
        { header: '燃料类型', width: 10, value: (t) => t.fuelTypeName },
        { header: '车辆性质', width: 10, value: (t) => t.carInfoTypeName },
        { header: '所属车队', width: 18, value: (t) => t.teamName },
        { header: '终端手机号', width: 14, value: (t) => t.tid },
        { header: '终端ID', width: 12, value: (t) => t.terminalNo },
        { header: '司机', width: 10, value: (t) => t.driverName },
        { header: '司机手机号', width: 14, value: (t) => t.driverPhone },
        { header: '在线状态', width: 10, value: (t) => (t.online ? '在线' : '离线') },
        { header: '最后上报时间', width: 20, value: (t) => t.lastReportTime },
        { header: '视频通道数', width: 10, value: (t) => t.videoChannels },
        { header: '油箱容积(L)', width: 12, value: (t) => orBlank(t.tankCapacity) },
        { header: '限速(km/h)', width: 12, value: (t) => orBlank(t.speedLimit) },
        { header: '核定载质量(kg)', width: 14, value: (t) => orBlank(t.loadCapacity) },
        { header: '发动机号', width: 16, value: (t) => t.engineNo },
        { header: '注册日期', width: 12, value: (t) => t.registerDate },
        { header: '行驶证到期日期', width: 14, value: (t) => t.drivingLicenseExpiry },
        { header: '道路运输证号', width: 20, value: (t) => t.operatingLicenseNo },
        { header: '道路运输证到期日期', width: 18, value: (t) => t.operatingLicenseExpiry },
        { header: '保险到期日期', width: 14, value: (t) => t.insuranceExpiry },
        { header: '年检到期日期', width: 14, value: (t) => t.annualInspectionExpiry },
        { header: '车主姓名', width: 10, value: (t) => t.ownerName },
        { header: '车主电话', width: 14, value: (t) => t.ownerPhone },
        { header: '备注', width: 24, value: (t) => t.remark },
        { header: '创建时间', width: 20, value: (t) => t.createTime },
      ],
    },
    routes: (app) => {
      registerTruckRoutes(app, ctx, def);
      truckImport(app, ctx);
    },
  });
  return def;
}
export type TruckRecord = ReturnType<typeof truckRecord>;
