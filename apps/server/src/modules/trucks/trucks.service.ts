import { carOwnershipName, fuelTypeName, OPERATE_LOG_PAGES, plateColourName } from '@fleet/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { badInput, notFound } from '../../http/envelope';
import { usableRecord } from '../../http/references';
import { inScope, type Scope } from '../../http/scope';
import { describeChanges } from '../operate-log/changes';
import { recordOperation } from '../operate-log/operate-log.repository';
import { findTeam } from '../teams/teams.repository';
import { TRUCK_LABELS, type TruckInput } from './truck-fields';
import { takenBy } from './trucks.repository';
import { isUniqueViolation } from './unique';

/** The truck columns a form or an import writes. */
export type TruckValues = Omit<TruckInput, 'id'>;

/** A truck row of the caller's scope (not deleted), for writes. */
export async function findOwnTruck(db: Kysely<Database>, scope: Scope, id: number) {
  const row = await db
    .selectFrom('truck')
    .selectAll()
    .where(inScope(scope, 'truck'))
    .where('deleted_at', 'is', null)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('车辆不存在或无权操作');
  return row;
}

type TruckRow = Awaited<ReturnType<typeof findOwnTruck>>;

/** Checks the team, driver, terminal and uniqueness of a truck's values; answers 400 naming the field. */
export async function checkTruck(
  db: Kysely<Database>,
  auth: AuthContext,
  values: TruckValues,
  id: number | null,
) {
  if (!(await findTeam(db, auth.scope, values.teamCode)))
    throw badInput('所属车队: 不存在或不在您的管辖范围内');
  const taken = await takenBy(db, auth.merchantId, { carNo: values.carNo, vin: values.vin, exceptId: id });
  if (taken.carNo) throw badInput(`车牌号: ${values.carNo} 已存在`);
  if (taken.vin) throw badInput(`车架号: ${values.vin} 已存在`);
  if (values.driverId !== null) await usableRecord(db, auth.scope, 'driver', values.driverId, '司机');
  if (values.terminalId !== null) {
    const terminal = await usableRecord(db, auth.scope, 'terminal', values.terminalId, '终端');
    const bound = await db
      .selectFrom('truck')
      .select(['id', 'car_no'])
      .where('terminal_id', '=', terminal.id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (bound && bound.id !== id)
      throw badInput(`终端: ${terminal.name} 已绑定车辆 ${bound.car_no}，请先解绑`);
  }
}

function columns(values: TruckValues) {
  return {
    car_no: values.carNo,
    plate_color: values.plateColor,
    vin: values.vin,
    car_type: values.carType,
    brand: values.brand,
    series: values.series,
    fuel_type: values.fuelType,
    car_info_type: values.carInfoType,
    owner_name: values.ownerName,
    owner_phone: values.ownerPhone,
    team_code: values.teamCode,
    terminal_id: values.terminalId,
    driver_id: values.driverId,
    video_channels: values.videoChannels,
    channel_names: values.channelNames,
    tank_capacity: values.tankCapacity,
    speed_limit: values.speedLimit,
    load_capacity: values.loadCapacity,
    engine_no: values.engineNo,
    register_date: values.registerDate,
    driving_license_expiry: values.drivingLicenseExpiry,
    operating_license_no: values.operatingLicenseNo,
    operating_license_expiry: values.operatingLicenseExpiry,
    insurance_expiry: values.insuranceExpiry,
    annual_inspection_expiry: values.annualInspectionExpiry,
    remark: values.remark,
  };
}

/** Names of the team, driver and terminal, for the log. */
async function names(
  db: Kysely<Database>,
  merchantId: number,
  v: Pick<TruckValues, 'teamCode' | 'driverId' | 'terminalId'>,
) {
  const team = await db
    .selectFrom('team')
    .select('team_name')
    .where('merchant_id', '=', merchantId)
    .where('team_code', '=', v.teamCode)
    .executeTakeFirst();
  const driver = v.driverId
    ? await db.selectFrom('driver').select(['name', 'phone']).where('id', '=', v.driverId).executeTakeFirst()
    : undefined;
  const terminal = v.terminalId
    ? await db.selectFrom('terminal').select('phone').where('id', '=', v.terminalId).executeTakeFirst()
    : undefined;
  return {
    teamCode: team?.team_name ?? v.teamCode,
    driverId: driver ? `${driver.name}（${driver.phone}）` : '',
    terminalId: terminal?.phone ?? '',
  };
}

const text = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

async function described(db: Kysely<Database>, merchantId: number, v: TruckValues) {
  const out: Record<string, string> = {};
  for (const key of Object.keys(TRUCK_LABELS))
    out[key] = text((v as Record<string, string | number | null>)[key]);
  out.plateColor = plateColourName(v.plateColor);
  out.fuelType = fuelTypeName(v.fuelType);
  out.carInfoType = carOwnershipName(v.carInfoType);
  return { ...out, ...(await names(db, merchantId, v)) };
}

/** The values of a stored truck, in the shape of the form. */
export function valuesOf(row: TruckRow): TruckValues {
  return {
    carNo: row.car_no,
    plateColor: row.plate_color,
    vin: row.vin,
    carType: row.car_type,
    brand: row.brand,
    series: row.series,
    fuelType: row.fuel_type,
    carInfoType: row.car_info_type,
    ownerName: row.owner_name,
    ownerPhone: row.owner_phone,
    teamCode: row.team_code,
    driverId: row.driver_id,
    terminalId: row.terminal_id,
    videoChannels: row.video_channels,
    channelNames: row.channel_names,
    tankCapacity: row.tank_capacity,
    speedLimit: row.speed_limit,
    loadCapacity: row.load_capacity,
    engineNo: row.engine_no,
    registerDate: row.register_date,
    drivingLicenseExpiry: row.driving_license_expiry,
    operatingLicenseNo: row.operating_license_no,
    operatingLicenseExpiry: row.operating_license_expiry,
    insuranceExpiry: row.insurance_expiry,
    annualInspectionExpiry: row.annual_inspection_expiry,
    remark: row.remark,
  };
}

const truckLog = (id: number, teamCode: string, content: string) => ({
  pageEnum: OPERATE_LOG_PAGES.truck,
  dataId: id,
  teamCode,
  content,
});

/** Inserts a truck (checked before) in the transaction given, binding its terminal, with its log entry. */
export async function insertTruck(
  tx: Kysely<Database>,
  auth: AuthContext,
  values: TruckValues,
  now: number,
  how = '新增车辆',
) {
  const row = await tx
    .insertInto('truck')
    .values({ merchant_id: auth.merchantId, ...columns(values), created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (values.terminalId !== null) await followTruck(tx, values.terminalId, values.teamCode, now);
  const parts = [`${how} ${values.carNo}（车架号 ${values.vin}）`];
  const named = await names(tx, auth.merchantId, values);
  parts.push(`所属车队 ${named.teamCode}`);
  if (named.terminalId) parts.push(`绑定终端 ${named.terminalId}`);
  if (named.driverId) parts.push(`司机 ${named.driverId}`);
  await recordOperation(tx, auth, truckLog(row.id, values.teamCode, parts.join('，')), now);
  return row.id;
}

/** A terminal bound to a truck belongs to the truck's team (whoever sees the truck sees its terminal). */
export async function followTruck(tx: Kysely<Database>, terminalId: number, teamCode: string, now: number) {
  await tx
    .updateTable('terminal')
    .set({ team_code: teamCode, updated_at: now })
    .where('id', '=', terminalId)
    .execute();
}

/**
 * Updates a truck in the transaction given and logs what changed; answers the terminals whose
 * binding or truck changed (the gateway re-reads them).
 */
export async function updateTruck(
  tx: Kysely<Database>,
  auth: AuthContext,
  before: TruckRow,
  values: TruckValues,
  now: number,
): Promise<number[]> {
  await tx
    .updateTable('truck')
    .set({ ...columns(values), updated_at: now })
    .where('id', '=', before.id)
    .execute();
  if (values.terminalId !== null) await followTruck(tx, values.terminalId, values.teamCode, now);
  const old = valuesOf(before);
  const changes = describeChanges(
    TRUCK_LABELS,
    await described(tx, auth.merchantId, old),
    await described(tx, auth.merchantId, values),
  );
  const content = changes.length
    ? `修改车辆 ${values.carNo}：${changes.join('；')}`
    : `保存车辆 ${values.carNo}（无变化）`;
  await recordOperation(tx, auth, truckLog(before.id, values.teamCode, content), now);
  const touched = new Set<number>();
  const moved = old.teamCode !== values.teamCode || old.driverId !== values.driverId;
  if (old.terminalId !== values.terminalId || moved) {
    if (old.terminalId !== null) touched.add(old.terminalId);
    if (values.terminalId !== null) touched.add(values.terminalId);
  }
  return [...touched];
}

/** Soft-deletes a truck in the transaction given: frees its terminal, logs it. */
export async function deleteTruck(tx: Kysely<Database>, auth: AuthContext, row: TruckRow, now: number) {
  await tx
    .updateTable('truck')
    .set({ deleted_at: now, updated_at: now, terminal_id: null })
    .where('id', '=', row.id)
    .execute();
  const tid = row.terminal_id
    ? (await tx.selectFrom('terminal').select('phone').where('id', '=', row.terminal_id).executeTakeFirst())
        ?.phone
    : undefined;
  const content = `删除车辆 ${row.car_no}（车架号 ${row.vin}）${tid ? `，解绑终端 ${tid}` : ''}`;
  await recordOperation(tx, auth, truckLog(row.id, row.team_code, content), now);
}

/** Runs a write; a unique index refusing it (a racing writer) answers the same 400 as the checks. */
export async function uniqueGuard<T>(
  write: () => Promise<T>,
  values: Pick<TruckValues, 'carNo' | 'vin'>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error))
      throw badInput(`车架号: ${values.vin} 或所选终端已被其他车辆使用，请刷新后重试`);
    throw error;
  }
}
