import { orderTonsToKg, PLAN_RECORD, PLAN_STATE } from '@fleet/domain';
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { AppError, badInput } from '../../http/envelope';
import { optionalDateTime, optionalText, requiredText } from '../../http/form-fields';
import { inReferenceScope, inScope } from '../../http/scope';
import type { OwnImport } from '../../records/record';
import { recordLog } from '../../records/repository';
import type { ImportColumn, ImportRowError } from '../file-tasks/file-tasks.contract';
import { recordOperation } from '../operate-log/operate-log.repository';
import { trucksByPlate } from '../trucks/trucks-by-plate';
import type { PlanForm } from './plan-form';
import { checkPublishable, type PublishedPlan } from './plan-rules';
import { customerOf, planWords, stationsOf, writePlan } from './plans.routes';

// 发车计划 import: a sheet row is one plan, published at once when valid with the same checks as
// /plan/add (line, truck and driver in the caller's scope, the truck and driver free in the window,
// certificates valid, the order open and of the plan's line); the station rows and their times come
// from the line's running times. Two rows of the sheet may not take the same truck or driver at
// overlapping times either. All rows or none.

const COLUMNS = [
  { header: '线路', key: 'line', required: true, example: '北京至天津京津塘干线', width: 24 },
  { header: '车牌号', key: 'carNo', required: true, example: '京A10000', width: 12 },
  { header: '司机', key: 'driver', example: '13912345678', width: 16 },
  { header: '计划发车时间', key: 'departTime', required: true, example: '2026-11-28 08:00:00', width: 20 },
  { header: '货物', key: 'cargo', required: true, example: '动力煤', width: 12 },
  { header: '计划吨数', key: 'plannedTons', example: '35', width: 10 },
  { header: '订单号', key: 'orderNo', example: '', width: 24 },
  { header: '备注', key: 'remark', width: 24 },
] as const satisfies readonly ImportColumn[];

const TONS_MESSAGE = '须为大于0的吨数，最多三位小数';

const importRow = z.object({
  line: requiredText(50, '请填写线路'),
  carNo: requiredText(20, '请填写车牌号'),
  /** A driver's name or phone; empty: the truck's bound driver. */
  driver: optionalText(20),
  departTime: optionalDateTime.refine((v) => v !== null, '请填写计划发车时间'),
  cargo: requiredText(30, '请填写货物'),
  plannedTons: optionalText(12).transform((v, c) => {
    if (v === null) return null;
    const kg = orderTonsToKg(v);
    if (kg === undefined || kg <= 0 || kg > 999_999) {
      c.addIssue({ code: 'custom', message: TONS_MESSAGE });
      return z.NEVER;
    }
    return kg;
  }),
  orderNo: optionalText(32),
  remark: optionalText(200),
});
type ImportRow = z.output<typeof importRow>;

const PHONE = /^1\d{10}$/;

interface Resolved {
  row: number;
  form: PlanForm;
  teamCode: string;
}

/** The plan form each row stands for (names looked up in the caller's scope), or the rows' errors. */
async function resolveRows(
  db: Kysely<Database>,
  auth: AuthContext,
  rows: readonly ImportRow[],
): Promise<{ plans: Resolved[]; errors: ImportRowError[] }> {
  const uniq = (values: (string | null)[]) => [...new Set(values.filter((v): v is string => v !== null))];
  const lineNames = uniq(rows.map((r) => r.line));
  const plates = uniq(rows.map((r) => r.carNo));
  const driverKeys = uniq(rows.map((r) => r.driver));
  const orderNos = uniq(rows.map((r) => r.orderNo));
  const lines = lineNames.length
    ? await db
        .selectFrom('line')
        .select(['id', 'name'])
        .where(inReferenceScope(auth.scope, 'line'))
        .where('deleted_at', 'is', null)
        .where('name', 'in', lineNames)
        .execute()
    : [];
  const trucks = [...(await trucksByPlate(db, auth.scope, plates)).values()];
  const bound = trucks.map((t) => t.driver_id).filter((id): id is number => id !== null);
  const drivers =
    driverKeys.length || bound.length
      ? await db
          .selectFrom('driver')
          .select(['id', 'name', 'phone'])
          .where(inScope(auth.scope, 'driver'))
          .where('deleted_at', 'is', null)
          .where((eb) =>
            eb.or([
              ...(driverKeys.length ? [eb('name', 'in', driverKeys), eb('phone', 'in', driverKeys)] : []),
              ...(bound.length ? [eb('id', 'in', bound)] : []),
            ]),
          )
          .execute()
      : [];
  const orders = orderNos.length
    ? await db
        .selectFrom('transport_order')
        .select(['id', 'order_no'])
        .where(inScope(auth.scope, 'transport_order'))
        .where('deleted_at', 'is', null)
        .where('order_no', 'in', orderNos)
        .execute()
    : [];
  const lineOf = new Map<string, number[]>();
  for (const l of lines) lineOf.set(l.name, [...(lineOf.get(l.name) ?? []), l.id]);
  const truckOf = new Map(trucks.map((t) => [t.car_no, t]));
  const byPhone = new Map(drivers.map((d) => [d.phone, d.id]));
  const byName = new Map<string, number[]>();
  for (const d of drivers) byName.set(d.name, [...(byName.get(d.name) ?? []), d.id]);
  const driverIds = new Set(drivers.map((d) => d.id));
  const orderOf = new Map(orders.map((o) => [o.order_no, o.id]));

  const errors: ImportRowError[] = [];
  const plans: Resolved[] = [];
  rows.forEach((r, i) => {
    const row = i + 2;
    const before = errors.length;
    const lineIds = lineOf.get(r.line) ?? [];
    if (lineIds.length === 0) errors.push({ row, message: `线路: “${r.line}”不存在或不在您的管辖范围内` });
    const truck = truckOf.get(r.carNo);
    if (!truck) errors.push({ row, message: `车牌号: “${r.carNo}”不存在或不在您的管辖范围内` });
    let driverId: number | null = null;
    if (r.driver !== null) {
      const ids = PHONE.test(r.driver)
        ? [byPhone.get(r.driver)].filter((id): id is number => id !== undefined)
        : (byName.get(r.driver) ?? []);
      if (ids.length === 0) errors.push({ row, message: `司机: “${r.driver}”不存在或不在您的管辖范围内` });
      else if (ids.length > 1)
        errors.push({ row, message: `司机: 有多个名为“${r.driver}”的司机，请填写手机号` });
      else driverId = ids[0] as number;
    } else if (truck?.driver_id && driverIds.has(truck.driver_id)) driverId = truck.driver_id;
    else if (truck) errors.push({ row, message: `司机: 车辆${truck.car_no}未绑定司机，请填写司机` });
    let orderId: number | null = null;
    if (r.orderNo !== null) {
      const id = orderOf.get(r.orderNo);
      if (id === undefined) errors.push({ row, message: `订单号: “${r.orderNo}”不存在或不在您的管辖范围内` });
      else orderId = id;
    }
    if (errors.length > before || !truck) return;
    plans.push({
      row,
      teamCode: truck.team_code,
      form: {
        orderId,
        customerId: null,
        lineId: lineIds[0] as number,
        truckId: truck.id,
        driverId,
        cargo: r.cargo,
        plannedTons: r.plannedTons,
        departTime: r.departTime,
        stations: [],
        remark: r.remark,
        teamCode: truck.team_code,
      },
    });
  });
  return { plans, errors };
}

const messageOf = (error: unknown): string => {
  if (error instanceof AppError) return error.message;
  throw error;
};

/** Two windows of the sheet that take the same truck or driver. */
function overlaps(a: PublishedPlan, b: PublishedPlan): string | null {
  if (a.departAt > b.arriveAt || b.departAt > a.arriveAt) return null;
  if (a.truckId === b.truckId) return '车牌号';
  if (a.driverId === b.driverId) return '司机';
  return null;
}

/** Checks each resolved row for publishing; the rows' errors, and the checked plans by row. */
async function checkRows(
  db: Kysely<Database>,
  auth: AuthContext,
  plans: readonly Resolved[],
): Promise<{ errors: ImportRowError[]; checked: { p: Resolved; form: PlanForm; plan: PublishedPlan }[] }> {
  const errors: ImportRowError[] = [];
  const checked: { p: Resolved; form: PlanForm; plan: PublishedPlan }[] = [];
  for (const p of plans) {
    try {
      const form = await stationsOf(db, p.form);
      const plan = await checkPublishable(db, auth, form);
      const clash = checked.find((c) => overlaps(c.plan, plan));
      if (clash) {
        const field = overlaps(clash.plan, plan);
        errors.push({ row: p.row, message: `${field}: 与第${clash.p.row}行的计划时段重叠` });
        continue;
      }
      checked.push({ p, form, plan });
    } catch (error) {
      errors.push({ row: p.row, message: messageOf(error) });
    }
  }
  return { errors, checked };
}

const ownImport: OwnImport<ImportRow> = {
  title: '发车计划',
  columns: COLUMNS,
  row: importRow as unknown as z.ZodType<ImportRow>,
  check: async (db, auth, rows) => {
    const { plans, errors } = await resolveRows(db, auth, rows);
    const checked = await checkRows(db, auth, plans);
    return [...errors, ...checked.errors];
  },
  write: async (tx, auth, rows, now) => {
    const { plans, errors } = await resolveRows(tx, auth, rows);
    if (errors.length > 0) throw badInput(`第${errors[0]?.row}行：${errors[0]?.message}`);
    const checked = await checkRows(tx, auth, plans);
    if (checked.errors.length > 0)
      throw badInput(`第${checked.errors[0]?.row}行：${checked.errors[0]?.message}`);
    for (const { p, form, plan } of checked.checked) {
      const customerId = await customerOf(tx, form);
      const words = await planWords(tx, form);
      const saved = await writePlan(
        tx as Transaction<Database>,
        auth,
        {
          state: PLAN_STATE.published,
          teamCode: p.teamCode,
          form,
          customerId,
          stations: plan.stations,
          arriveAt: plan.arriveAt,
        },
        now,
      );
      await recordOperation(
        tx,
        auth,
        recordLog(PLAN_RECORD, saved.id, p.teamCode, `导入发布计划 ${saved.planNo}：${words}`),
        now,
      );
    }
  },
};

/** The import as the plan record's definition takes it (its rows typed by the definition's own schema). */
export const planImport = ownImport as unknown as OwnImport<unknown>;
