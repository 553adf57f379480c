import { randomInt } from 'node:crypto';
import {
  enumRecord,
  formatDateTime,
  kgToTons,
  MAX_ORDER_QUANTITY,
  ORDER_QUANTITY_UNITS,
  ORDER_STATUS,
  ORDER_STATUSES,
  orderQuantityText,
  orderTonsToKg,
  PLAN_STATE,
  TRANSPORT_ORDER_RECORD,
} from '@fleet/domain';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { badInput } from '../../http/envelope';
import { idField, optionalDateTime, optionalText, requiredText, teamCodeField } from '../../http/form-fields';
import { usableRecord } from '../../http/references';
import { blank, teamFilter, withTeamName } from '../../records/filters';
import { defineRecord, type ListedRow, type RecordQuery, type StoredRow } from '../../records/record';
import { NO_PROGRESS, type OrderProgress, orderProgress } from './order-progress';
import { registerOrderStatusRoutes } from './transport-orders.routes';
import type { TransportOrderTable } from './transport-orders.table';

export const QUANTITY_UNITS = enumRecord(ORDER_QUANTITY_UNITS);
export const ORDER_STATUS_NAMES = enumRecord(ORDER_STATUSES);
const L = TRANSPORT_ORDER_RECORD.labels;

const QUANTITY_MESSAGE = `数量须大于0：按吨最多三位小数，按车为整数，最大${MAX_ORDER_QUANTITY}`;

const requiredTime = (required: string) =>
  optionalDateTime.refine((v) => v !== null, required).transform((v) => v as number);

const transportOrderForm = z
  .object({
    customerId: idField('请选择客户'),
    lineId: idField('请选择线路'),
    cargo: requiredText(30, '请输入货物名称'),
    quantityUnit: z.coerce
      .number({ error: '请选择数量单位' })
      .refine((n) => n in QUANTITY_UNITS, '请选择数量单位'),
    /** Tons (up to 3 decimals) or truckloads (whole), by `quantityUnit`. */
    quantity: z.union([z.number(), z.string()], { error: '请输入数量' }),
    startTime: requiredTime('请选择开始时间'),
    endTime: requiredTime('请选择结束时间'),
    remark: optionalText(200),
    teamCode: teamCodeField.optional(),
  })
  .transform((f, ctx) => {
    const text = String(f.quantity).trim();
    const stored =
      f.quantityUnit === 1 ? orderTonsToKg(text) : /^\d{1,7}$/.test(text) ? Number(text) : undefined;
    if (stored === undefined || stored <= 0) {
      ctx.addIssue({ code: 'custom', message: QUANTITY_MESSAGE, path: ['quantity'] });
      return z.NEVER;
    }
    return { ...f, quantity: stored };
  })
  .refine((f) => f.endTime > f.startTime, { message: '结束时间须晚于开始时间', path: ['endTime'] });
type TransportOrderForm = z.output<typeof transportOrderForm>;

/** The filter of /transport/order/page, also the input of its export. */
const transportOrderFilter = z.object({
  orderNo: z.preprocess(blank, z.string().max(32, '最多输入32个字符').optional()).meta({ title: L.orderNo }),
  customerId: z.preprocess(blank, idField('客户不正确').optional()),
  lineId: z.preprocess(blank, idField('线路不正确').optional()),
  cargo: z.preprocess(blank, z.string().max(30, '最多输入30个字符').optional()),
  status: z
    .preprocess(
      blank,
      z.coerce
        .number()
        .refine((n) => n in ORDER_STATUS_NAMES, '订单状态不正确')
        .optional(),
    )
    .meta({ title: L.status }),
  /** Orders whose window overlaps [startTime, endTime]. */
  startTime: optionalDateTime.meta({ title: L.startTime }),
  endTime: optionalDateTime.meta({ title: L.endTime }),
  teamCode: teamFilter,
});
type TransportOrderFilter = z.output<typeof transportOrderFilter>;

type TransportOrderRow = ListedRow<
  TransportOrderTable,
  { customer_name: string | null; line_name: string | null }
>;

/** A share of the order's quantity, in whole percent (capped at 100 in the bar, not in the figure). */
function percentOf(unit: number, quantity: number, kg: number, trips: number): number {
  if (quantity <= 0) return 0;
  return Math.round(((unit === 1 ? kg : trips) * 100) / quantity);
}

/** An order as the API answers it: the quantity as entered and its progress in tons and trips. */
function transportOrderView(row: TransportOrderRow, p: OrderProgress = NO_PROGRESS) {
  const unit = row.quantity_unit;
  const quantity = Number(row.quantity);
  return {
    id: row.id,
    orderNo: row.order_no,
    customerId: row.customer_id,
    customerName: row.customer_name ?? '',
    lineId: row.line_id,
    lineName: row.line_name ?? '',
    cargo: row.cargo,
    quantityUnit: unit,
    quantityUnitName: QUANTITY_UNITS[unit] ?? '-',
    /** Tons as text with three decimals, or truckloads. */
    quantity: unit === 1 ? kgToTons(quantity) : String(quantity),
    quantityText: orderQuantityText(unit, quantity),
    startTime: formatDateTime(new Date(Number(row.start_at))),
    endTime: formatDateTime(new Date(Number(row.end_at))),
    status: row.status,
    statusName: ORDER_STATUS_NAMES[row.status] ?? '-',
    plannedTrips: p.plannedTrips,
    plannedTons: kgToTons(p.plannedKg),
    loadedTrips: p.loadedTrips,
    loadedTons: kgToTons(p.loadedKg),
    deliveredTrips: p.deliveredTrips,
    deliveredTons: kgToTons(p.deliveredKg),
    /** Planned, loaded and delivered as whole percent of the quantity (tons, or trips for truckloads). */
    plannedPercent: percentOf(unit, quantity, p.plannedKg, p.plannedTrips),
    loadedPercent: percentOf(unit, quantity, p.loadedKg, p.loadedTrips),
    deliveredPercent: percentOf(unit, quantity, p.deliveredKg, p.deliveredTrips),
    teamCode: row.team_code,
    teamName: row.team_name ?? '',
    remark: row.remark ?? '',
    createTime: formatDateTime(new Date(Number(row.created_at))),
    updateTime: formatDateTime(new Date(Number(row.updated_at))),
  };
}
export type TransportOrderView = ReturnType<typeof transportOrderView>;

const joins = (q: RecordQuery) =>
  withTeamName('transport_order')(q)
    .leftJoin('customer', 'customer.id', 'transport_order.customer_id')
    .leftJoin('line', 'line.id', 'transport_order.line_id');

/** 'DD' and the Shanghai time to the second and four random digits: DD202611271630051234. */
function newOrderNo(at: number): string {
  return `DD${formatDateTime(new Date(at)).replace(/\D/g, '')}${String(randomInt(10_000)).padStart(4, '0')}`;
}

/** Plans of the order that still count: not cancelled. */
async function livePlans(db: Kysely<Database>, orderId: number) {
  const row = await db
    .selectFrom('plan')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('order_id', '=', orderId)
    .where('state', '!=', PLAN_STATE.cancelled)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** An order's customer and line: usable by the caller, and a line kept for a customer is that customer's. */
async function checkCustomerLine(db: Kysely<Database>, auth: AuthContext, form: TransportOrderForm) {
  await usableRecord(db, auth.scope, 'customer', form.customerId, L.customerId);
  await usableRecord(db, auth.scope, 'line', form.lineId, L.lineId);
  const line = await db
    .selectFrom('line')
    .select(['customer_id'])
    .where('id', '=', form.lineId)
    .executeTakeFirst();
  if (line?.customer_id && line.customer_id !== form.customerId)
    throw badInput(`${L.lineId}: 该线路属于其他客户，请选择该客户的线路`);
}

/** '动力煤 1200.5吨，2026-11-21 08:00:00至2026-11-30 18:00:00': an order in the log (its number is the entry's record). */
const orderWords = (c: Record<string, unknown>) =>
  `${String(c.cargo)} ${orderQuantityText(Number(c.quantity_unit), Number(c.quantity))}，${formatDateTime(
    new Date(Number(c.start_at)),
  )}至${formatDateTime(new Date(Number(c.end_at)))}`;

/**
 * 运输订单: kept by a team (its own subtree reads it); customer and line usable by the caller, the
 * line the customer's when it is kept for one. Only an open order is edited, and one with plans keeps
 * its customer and line; an order with plans that count is not deleted. Finishing, cancelling and
 * opening again are `/transport/order/status`. The list and detail show the progress from its plans
 * and their waybills.
 */
export const transportOrderRecord = defineRecord<
  TransportOrderForm,
  TransportOrderFilter,
  TransportOrderView
>({
  meta: TRANSPORT_ORDER_RECORD,
  tag: '运输订单',
  summaries: {
    page: '运输订单分页：订单号、客户、线路、货物、状态（1进行中 2已完成 3已取消）、时间窗（与之重叠）、车队；含计划、装车、送达吨数与车次',
    info: '运输订单详情（GET ?id），含进度',
    add: '新增运输订单：数量按吨（quantityUnit 1，最多三位小数）或按车（2，整数），时间窗 startTime–endTime',
    edit: '修改运输订单（仅进行中；已有计划的订单不能改客户和线路）',
    delete: '删除运输订单（可批量，逻辑删除；已有计划的订单不能删除）',
    export: '导出运输订单（与列表相同的筛选），含进度',
  },
  joins,
  selection: [
    'transport_order.id',
    'transport_order.team_code',
    'transport_order.order_no',
    'transport_order.customer_id',
    'customer.customer_name',
    'transport_order.line_id',
    'line.name as line_name',
    'transport_order.cargo',
    'transport_order.quantity_unit',
    'transport_order.quantity',
    'transport_order.start_at',
    'transport_order.end_at',
    'transport_order.status',
    'transport_order.remark',
    'transport_order.deleted_at',
    'transport_order.created_at',
    'transport_order.updated_at',
    'team.team_name',
  ],
  view: (row: TransportOrderRow) => transportOrderView(row),
  views: async (db, rows: TransportOrderRow[]) => {
    const progress = await orderProgress(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => transportOrderView(r, progress.get(r.id)));
  },
  filter: {
    schema: transportOrderFilter,
    apply: (q, f) => {
      if (f.orderNo) q = q.where('transport_order.order_no', 'like', `%${f.orderNo}%`);
      if (f.customerId) q = q.where('transport_order.customer_id', '=', f.customerId);
      if (f.lineId) q = q.where('transport_order.line_id', '=', f.lineId);
      if (f.cargo) q = q.where('transport_order.cargo', 'like', `%${f.cargo}%`);
      if (f.status) q = q.where('transport_order.status', '=', f.status);
      if (f.startTime) q = q.where('transport_order.end_at', '>=', f.startTime);
      if (f.endTime) q = q.where('transport_order.start_at', '<=', f.endTime);
      if (f.teamCode) q = q.where('transport_order.team_code', 'like', `${f.teamCode}%`);
      return q;
    },
  },
  form: {
    schema: transportOrderForm,
    columns: (form) => ({
      team_code: form.teamCode,
      customer_id: form.customerId,
      line_id: form.lineId,
      cargo: form.cargo,
      quantity_unit: form.quantityUnit,
      quantity: form.quantity,
      start_at: form.startTime,
      end_at: form.endTime,
      remark: form.remark,
    }),
    addColumns: { status: ORDER_STATUS.open },
    savedColumns: (_columns, at, before) => (before ? {} : { order_no: newOrderNo(at) }),
    logFields: (c) => ({
      customerId: c.customer_id,
      lineId: c.line_id,
      cargo: c.cargo,
      quantity: orderQuantityText(Number(c.quantity_unit), Number(c.quantity)),
      startTime: formatDateTime(new Date(Number(c.start_at))),
      endTime: formatDateTime(new Date(Number(c.end_at))),
      teamCode: c.team_code,
      remark: c.remark,
    }),
    hiddenChanges: ['customerId', 'lineId'],
    addedText: orderWords,
    deletedText: (row: StoredRow) => orderWords(row),
    namedEditLog: true,
  },
  check: async (db, auth, form, before) => {
    if (before && before.status !== ORDER_STATUS.open)
      throw badInput(`订单${ORDER_STATUS_NAMES[Number(before.status)]}，不能修改`);
    await checkCustomerLine(db, auth, form);
    if (
      before &&
      (before.customer_id !== form.customerId || before.line_id !== form.lineId) &&
      (await livePlans(db, before.id)) > 0
    )
      throw badInput('订单已有发车计划，不能修改客户或线路');
  },
  deleteCheck: async (db, _auth, rows) => {
    for (const row of rows)
      if ((await livePlans(db, row.id)) > 0)
        return `订单${String(row.order_no)}已有发车计划，不能删除（可取消订单）`;
    return null;
  },
  export: {
    title: '运输订单',
    columns: [
      { header: '订单号', width: 24, value: (o) => o.orderNo },
      { header: '客户', width: 24, value: (o) => o.customerName },
      { header: '线路', width: 24, value: (o) => o.lineName },
      { header: '货物名称', width: 14, value: (o) => o.cargo },
      { header: '数量', width: 14, value: (o) => o.quantityText },
      { header: '开始时间', width: 20, value: (o) => o.startTime },
      { header: '结束时间', width: 20, value: (o) => o.endTime },
      { header: '计划（吨）', width: 12, value: (o) => o.plannedTons },
      { header: '计划车次', width: 10, value: (o) => o.plannedTrips },
      { header: '已装（吨）', width: 12, value: (o) => o.loadedTons },
      { header: '已送达（吨）', width: 12, value: (o) => o.deliveredTons },
      { header: '订单状态', width: 10, value: (o) => o.statusName },
      { header: '所属车队', width: 20, value: (o) => o.teamName },
      { header: '备注', width: 24, value: (o) => o.remark },
      { header: '创建时间', width: 20, value: (o) => o.createTime },
    ],
  },
  routes: (app, ctx) => registerOrderStatusRoutes(app, ctx),
});
