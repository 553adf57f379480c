import { formatDateTime, WAYBILL_RECORD, WAYBILL_STATE, waybillStateName } from '@fleet/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { type AppError, badInput } from '../../http/envelope';
import { describeChanges } from '../operate-log/changes';
import { freightColumns, priceColumns, type WaybillRow } from './waybill-flow';
import type { WaybillForm } from './waybill-form';
import type { WaybillRefs } from './waybill-repository';

// What the add, edit and tabulation forms save beside `createWaybill`: a bill number the form
// holds, and an edit's changes with their log.

const { labels } = WAYBILL_RECORD;

/**
 * Refuses a bill number the form holds unless `billNo` gave it (its day's sequence reached it) and
 * no waybill of the merchant has it: a number typed ahead of the sequence would collide later.
 */
export async function checkBillNo(tx: Kysely<Database>, merchantId: number, billNo: string): Promise<void> {
  const day = billNo.slice(2, 10);
  const seq = Number(billNo.slice(10));
  const issued = await tx
    .selectFrom('waybill_bill_no_seq')
    .select('seq')
    .where('merchant_id', '=', merchantId)
    .where('day', '=', day)
    .executeTakeFirst();
  if (!issued || seq < 1 || seq > issued.seq) throw badInput(`${labels.billNo}: 请使用系统生成的运单号`);
  const taken = await tx
    .selectFrom('waybill')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('bill_no', '=', billNo)
    .executeTakeFirst();
  if (taken) throw badInput(`${labels.billNo}: 该运单号已存在`);
}

/** A unique index refused the insert: two saves took the same bill number at once. */
export function billNoTaken(error: unknown): AppError | unknown {
  const e = error as { code?: string; message?: string };
  if (
    e?.code === '23505' ||
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    /UNIQUE constraint/.test(e?.message ?? '')
  )
    return badInput(`${labels.billNo}: 该运单号已存在`);
  return error;
}

/** The names an edit's log compares, of the waybill as stored. */
async function namesOf(tx: Kysely<Database>, w: WaybillRow) {
  const row = await tx
    .selectFrom('waybill')
    .leftJoin('customer', 'customer.id', 'waybill.customer_id')
    .leftJoin('line', 'line.id', 'waybill.line_id')
    .leftJoin('truck', 'truck.id', 'waybill.truck_id')
    .leftJoin('driver', 'driver.id', 'waybill.driver_id')
    .leftJoin('team', (j) =>
      j
        .onRef('team.merchant_id', '=', 'waybill.merchant_id')
        .onRef('team.team_code', '=', 'waybill.team_code'),
    )
    .select([
      'customer.customer_name',
      'line.name as line_name',
      'truck.car_no',
      'driver.name as driver_name',
      'team.team_name',
    ])
    .where('waybill.id', '=', w.id)
    .executeTakeFirstOrThrow();
  return row;
}

async function teamName(tx: Kysely<Database>, merchantId: number, teamCode: string): Promise<string> {
  const row = await tx
    .selectFrom('team')
    .select('team_name')
    .where('merchant_id', '=', merchantId)
    .where('team_code', '=', teamCode)
    .executeTakeFirst();
  return row?.team_name ?? teamCode;
}

const time = (ms: number | null | undefined) => (ms ? formatDateTime(new Date(Number(ms))) : '');

/**
 * Saves an edit of waybill `w` (locked in `tx`) from `form` and its resolved records: refused on a
 * cancelled or completed waybill; customer, line and cargo (what the price depends on) change only
 * while it is to be loaded, unless `anyState` (the tabulation review corrects a driver's waybill),
 * when a waybill already priced is priced again. Returns the row as it now is and the log's words
 * of what changed.
 */
export async function saveEdit(
  tx: Kysely<Database>,
  w: WaybillRow,
  form: Omit<WaybillForm, 'billNo'>,
  refs: WaybillRefs,
  at: number,
  anyState = false,
): Promise<{ row: WaybillRow; changes: string[] }> {
  if (w.cancelled === 1) throw badInput('运单已取消，不能修改');
  if (w.status === WAYBILL_STATE.completed) throw badInput('运单已完成，不能修改');
  const routeChanged =
    refs.customer.id !== w.customer_id || refs.line.id !== w.line_id || form.cargo !== w.cargo;
  if (routeChanged && !anyState && w.status !== WAYBILL_STATE.toLoad)
    throw badInput(
      `运单当前为“${waybillStateName(w.status)}”，客户、线路和货物名称不能再修改；线路请通过“变更线路”修改`,
    );
  const changes: Partial<WaybillRow> = {
    team_code: refs.teamCode,
    customer_id: refs.customer.id,
    line_id: refs.line.id,
    loading_station_id: refs.line.loadingStationId,
    unloading_station_id: refs.line.unloadingStationId,
    cargo: form.cargo,
    truck_id: refs.truck.id,
    driver_id: refs.driver?.id ?? null,
    planned_load_at: form.plannedLoadTime ?? null,
    planned_arrive_at: form.plannedArriveTime ?? null,
    remark: form.remark ?? null,
    updated_at: at,
  };
  if (routeChanged && (w.transport_price_id !== null || w.status !== WAYBILL_STATE.toLoad)) {
    Object.assign(changes, await priceColumns(tx, { ...w, ...changes }, w.loading_at ?? at));
    Object.assign(changes, freightColumns({ ...w, ...changes }));
  }
  const names = await namesOf(tx, w);
  const before = {
    customerId: names.customer_name,
    lineId: names.line_name,
    cargo: w.cargo,
    truckId: names.car_no,
    driverId: names.driver_name,
    plannedLoadTime: time(w.planned_load_at),
    plannedArriveTime: time(w.planned_arrive_at),
    teamCode: names.team_name ?? w.team_code,
    remark: w.remark,
  };
  const after = {
    customerId: refs.customer.name,
    lineId: refs.line.name,
    cargo: form.cargo,
    truckId: refs.truck.carNo,
    driverId: refs.driver?.name ?? null,
    plannedLoadTime: time(form.plannedLoadTime),
    plannedArriveTime: time(form.plannedArriveTime),
    teamCode:
      refs.teamCode === w.team_code ? before.teamCode : await teamName(tx, w.merchant_id, refs.teamCode),
    remark: form.remark ?? null,
  };
  await tx.updateTable('waybill').set(changes).where('id', '=', w.id).execute();
  return { row: { ...w, ...changes }, changes: describeChanges(labels, before, after) };
}
