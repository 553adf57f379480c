import {
  COST_PAY_METHOD_LABELS,
  COST_QUANTITY_UNIT,
  COST_RECORD,
  COST_SOURCE_LABELS,
  COST_TYPE,
  COST_TYPE_LABELS,
  type CostType,
  fenToYuan,
  formatDateTime,
  yuanToFen,
} from '@fleet/domain';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { badInput } from '../../http/envelope';
import { DATE_MESSAGE, idField, isDateText, optionalDateTime, optionalText } from '../../http/form-fields';
import { usableRecord } from '../../http/references';
import { inReferenceScope, inScope } from '../../http/scope';
import { blank, teamFilter, withTeamName } from '../../records/filters';
import { defineRecord, type ListedRow, type RecordQuery, type StoredRow } from '../../records/record';
import type { ImportRowError } from '../file-tasks/file-tasks.contract';
import { checkInvoiceImages, invoiceImagesField } from '../files/invoice-images';
import { type CostInsert, costLogText, costRuleError, insertCost, shanghaiDayStart } from './cost-write';
import { registerCostRoutes } from './costs.routes';
import type { CostTable } from './costs.table';

// 费用管理 (car0801): the costs of the trucks on the record recipe: the list (list/car, with the
// totals by type, is the module's own route), add, update, deleteBatch, export/car and import. A
// cost's team is its truck's; every id of a form (truck, driver, custom fee type, waybill, trip) is
// checked in the caller's scope, a waybill and a trip must be the cost's truck's.

const L = COST_RECORD.labels;
type Db = Kysely<Database>;

/** Yuan with at most two decimals → fen; `label` names the field in the messages. */
export const yuanField = (label: string, required: boolean) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? '' : String(v).trim()),
    z.string().transform((text, ctx) => {
      if (text === '') {
        if (required) ctx.addIssue({ code: 'custom', message: `请填写${label}` });
        return null;
      }
      if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) {
        ctx.addIssue({ code: 'custom', message: `${label}应为大于0的金额，最多两位小数` });
        return z.NEVER;
      }
      const fen = Number(yuanToFen(text));
      if (fen <= 0) {
        ctx.addIssue({ code: 'custom', message: `${label}应大于0` });
        return z.NEVER;
      }
      return fen;
    }),
  );

/** A quantity with at most two decimals → hundredths. */
export const quantityField = z.preprocess(
  (v) => (v === undefined || v === null ? '' : String(v).trim()),
  z.string().transform((text, ctx) => {
    if (text === '') return null;
    if (!/^\d{1,7}(\.\d{1,2})?$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: `${L.quantity}应为大于0的数字，最多两位小数` });
      return z.NEVER;
    }
    const n = Math.round(Number(text) * 100);
    if (n <= 0) {
      ctx.addIssue({ code: 'custom', message: `${L.quantity}应大于0` });
      return z.NEVER;
    }
    return n;
  }),
);

const optionalId = (message: string) => z.preprocess(blank, idField(message).optional().nullable());

const costTypeField = z.coerce
  .number({ error: `请选择${L.costType}` })
  .refine((n) => n in COST_TYPE_LABELS, `请选择${L.costType}`);

const costForm = z
  .object({
    truckId: idField(`请选择${L.truckId}`),
    costDate: z.preprocess(
      blank,
      z.string({ error: `请选择${L.costDate}` }).refine(isDateText, DATE_MESSAGE),
    ),
    costType: costTypeField,
    feeTypeId: optionalId(`请选择${L.feeTypeId}`),
    occurredAt: optionalDateTime,
    amount: yuanField(L.amount, true),
    quantity: quantityField,
    unitPrice: yuanField(L.unitPrice, false),
    driverId: optionalId(`${L.driverId}不正确`),
    waybillId: optionalId(`${L.waybillId}不正确`),
    tripId: optionalId(`${L.tripId}不正确`),
    payMethod: z.preprocess(
      blank,
      z.coerce
        .number({ error: `请选择${L.payMethod}` })
        .refine((n) => n in COST_PAY_METHOD_LABELS, `请选择${L.payMethod}`)
        .optional()
        .nullable(),
    ),
    place: optionalText(100),
    invoiceImages: invoiceImagesField,
    remark: optionalText(200),
    teamCode: z.string().optional(),
  })
  .transform((f, ctx) => {
    const row = toInsert(f, 0, '');
    const error = costRuleError(row);
    if (error) {
      ctx.addIssue({ code: 'custom', message: error, path: [] });
      return z.NEVER;
    }
    if (f.occurredAt !== null && formatDateTime(new Date(f.occurredAt)).slice(0, 10) !== f.costDate) {
      ctx.addIssue({ code: 'custom', message: `${L.occurredAt}应在${L.costDate}当天`, path: [] });
      return z.NEVER;
    }
    return { ...f, teamCode: undefined as string | undefined, amount: f.amount as number };
  });

export type CostForm = z.output<typeof costForm>;

function toInsert(
  f: Omit<CostForm, 'teamCode' | 'amount'> & { amount: number | null },
  merchantId: number,
  teamCode: string,
): CostInsert {
  return {
    merchantId,
    teamCode,
    truckId: f.truckId,
    driverId: f.driverId ?? null,
    costType: f.costType as CostType,
    feeTypeId: f.costType === COST_TYPE.custom ? (f.feeTypeId ?? null) : null,
    costDate: f.costDate,
    occurredAt: f.occurredAt,
    amount: f.amount ?? 0,
    quantity: f.quantity,
    unitPrice: f.unitPrice,
    waybillId: f.waybillId ?? null,
    tripId: f.tripId ?? null,
    payMethod: f.payMethod ?? null,
    place: f.place,
    invoiceImages: f.invoiceImages,
    remark: f.remark,
  };
}

/** The merchant's enabled own cost fee types the caller may use, by id. */
export async function customCostTypes(db: Db, auth: AuthContext) {
  return db
    .selectFrom('fee_type')
    .select(['id', 'fee_name'])
    .where(inReferenceScope(auth.scope, 'fee_type'))
    .where('fee_kind', '=', 2)
    .where('valid', '=', 1)
    .where('built_in', '=', 0)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/**
 * The references of a cost in the caller's scope: the truck (whose team the cost takes), driver,
 * custom fee type, the waybill (of the same truck) and the trip (of the same truck).
 */
async function checkReferences(db: Db, auth: AuthContext, f: CostForm): Promise<string> {
  const truck = await usableRecord(db, auth.scope, 'truck', f.truckId, L.truckId);
  if (f.driverId) await usableRecord(db, auth.scope, 'driver', f.driverId, L.driverId);
  if (f.costType === COST_TYPE.custom && f.feeTypeId) {
    const types = await customCostTypes(db, auth);
    if (!types.some((t) => t.id === f.feeTypeId))
      throw badInput(`${L.feeTypeId}: 不存在或不在您的管辖范围内`);
  }
  if (f.waybillId) {
    const w = await db
      .selectFrom('waybill')
      .select(['truck_id', 'bill_no'])
      .where(inScope(auth.scope, 'waybill'))
      .where('id', '=', f.waybillId)
      .executeTakeFirst();
    if (!w) throw badInput(`${L.waybillId}: 运单不存在或无权操作`);
    if (w.truck_id !== f.truckId) throw badInput(`${L.waybillId}: 运单${w.bill_no}的车辆不是该费用的车辆`);
  }
  if (f.tripId) {
    const trip = await db
      .selectFrom('trip')
      .select(['truck_id'])
      .where(inScope(auth.scope, 'trip'))
      .where('id', '=', f.tripId)
      .executeTakeFirst();
    if (!trip) throw badInput(`${L.tripId}: 行程不存在或无权操作`);
    if (trip.truck_id !== f.truckId) throw badInput(`${L.tripId}: 该行程不是该费用车辆的行程`);
  }
  await checkInvoiceImages(db, auth.merchantId, f.invoiceImages, L.invoiceImages);
  return truck.teamCode;
}

const costFilter = z.object({
  teamCode: teamFilter,
  truckId: optionalId(`${L.truckId}不正确`),
  /** 车牌号, part of it. */
  carNo: z.preprocess(blank, z.string().max(20, `${L.truckId}最多20个字符`).optional()),
  driverId: optionalId(`${L.driverId}不正确`),
  costType: z.preprocess(blank, costTypeField.optional()),
  /** Several types at once (杂费 lists sundry and the custom types). */
  costTypes: z.preprocess(
    (v) =>
      v === undefined || v === '' || v === null ? undefined : Array.isArray(v) ? v : String(v).split(','),
    z.array(costTypeField).max(10).optional(),
  ),
  feeTypeId: optionalId(`${L.feeTypeId}不正确`),
  startDate: z.preprocess(blank, z.string().refine(isDateText, DATE_MESSAGE).optional()),
  endDate: z.preprocess(blank, z.string().refine(isDateText, DATE_MESSAGE).optional()),
  billNo: z.preprocess(blank, z.string().max(40, '运单号最多40个字符').optional()),
  tripId: optionalId(`${L.tripId}不正确`),
});
export type CostFilter = z.output<typeof costFilter>;
export const COST_FILTER = costFilter;

export function applyFilter(q: RecordQuery, f: CostFilter): RecordQuery {
  let r = q;
  if (f.teamCode) r = r.where('cost.team_code', 'like', `${f.teamCode}%`);
  if (f.truckId) r = r.where('cost.truck_id', '=', f.truckId);
  if (f.carNo) r = r.where('truck.car_no', 'like', `%${f.carNo}%`);
  if (f.driverId) r = r.where('cost.driver_id', '=', f.driverId);
  if (f.costType) r = r.where('cost.cost_type', '=', f.costType);
  if (f.costTypes?.length) r = r.where('cost.cost_type', 'in', f.costTypes);
  if (f.feeTypeId) r = r.where('cost.fee_type_id', '=', f.feeTypeId);
  if (f.startDate) r = r.where('cost.cost_date', '>=', f.startDate);
  if (f.endDate) r = r.where('cost.cost_date', '<=', f.endDate);
  if (f.billNo) r = r.where('waybill.bill_no', 'like', `%${f.billNo}%`);
  if (f.tripId) r = r.where('cost.trip_id', '=', f.tripId);
  return r;
}

type CostRow = ListedRow<
  CostTable,
  { car_no: string | null; driver_name: string | null; fee_name: string | null; bill_no: string | null }
>;

export interface CostView {
  id: number;
  teamCode: string;
  teamName: string;
  truckId: number;
  carNo: string;
  driverId: number | null;
  driverName: string;
  costType: number;
  feeTypeId: number | null;
  /** 加油, 路桥费 …, or the custom fee type's name. */
  costTypeName: string;
  costDate: string;
  occurredAt: string;
  /** Yuan, two decimals. */
  amount: string;
  /** Two decimals (litres of a refuel); '' when none. */
  quantity: string;
  unit: string;
  /** Yuan a unit, two decimals; '' when none. */
  unitPrice: string;
  waybillId: number | null;
  billNo: string;
  tripId: number | null;
  payMethod: number | null;
  payMethodName: string;
  place: string;
  invoiceImages: string[];
  remark: string;
  source: number;
  sourceName: string;
  createdAt: string;
  updatedAt: string;
}

export const typeName = (costType: number, feeName: string | null) =>
  costType === COST_TYPE.custom ? (feeName ?? '自定义') : (COST_TYPE_LABELS[costType as CostType] ?? '');

function costView(r: CostRow): CostView {
  return {
    id: r.id,
    teamCode: r.team_code,
    teamName: r.team_name ?? '',
    truckId: r.truck_id,
    carNo: r.car_no ?? '',
    driverId: r.driver_id,
    driverName: r.driver_name ?? '',
    costType: r.cost_type,
    feeTypeId: r.fee_type_id,
    costTypeName: typeName(r.cost_type, r.fee_name),
    costDate: r.cost_date,
    occurredAt: r.occurred_at ? formatDateTime(new Date(Number(r.occurred_at))) : '',
    amount: fenToYuan(Number(r.amount)),
    quantity: r.quantity == null ? '' : (Number(r.quantity) / 100).toFixed(2),
    unit: COST_QUANTITY_UNIT[r.cost_type as CostType] ?? '',
    unitPrice: r.unit_price == null ? '' : fenToYuan(Number(r.unit_price)),
    waybillId: r.waybill_id,
    billNo: r.bill_no ?? '',
    tripId: r.trip_id,
    payMethod: r.pay_method,
    payMethodName: r.pay_method ? (COST_PAY_METHOD_LABELS[r.pay_method] ?? '') : '',
    place: r.place ?? '',
    invoiceImages: r.invoice_images ? r.invoice_images.split(';') : [],
    remark: r.remark ?? '',
    source: Number(r.source),
    sourceName: COST_SOURCE_LABELS[Number(r.source)] ?? '',
    createdAt: formatDateTime(new Date(Number(r.created_at))),
    updatedAt: formatDateTime(new Date(Number(r.updated_at))),
  };
}

export const costJoins = (q: RecordQuery) =>
  withTeamName('cost')(q)
    .leftJoin('truck', 'truck.id', 'cost.truck_id')
    .leftJoin('driver', 'driver.id', 'cost.driver_id')
    .leftJoin('fee_type', 'fee_type.id', 'cost.fee_type_id')
    .leftJoin('waybill', 'waybill.id', 'cost.waybill_id');

/** The columns a cost's log compares (enumerations by name, money in yuan). */
const logFields = (c: Record<string, unknown>) => ({
  truckId: c.truck_id,
  driverId: c.driver_id ?? '',
  costType: COST_TYPE_LABELS[c.cost_type as CostType] ?? c.cost_type,
  feeTypeId: c.fee_type_id ?? '',
  costDate: c.cost_date,
  occurredAt: c.occurred_at ? formatDateTime(new Date(Number(c.occurred_at))) : '',
  amount: fenToYuan(Number(c.amount)),
  quantity: c.quantity == null ? '' : (Number(c.quantity) / 100).toFixed(2),
  unitPrice: c.unit_price == null ? '' : fenToYuan(Number(c.unit_price)),
  waybillId: c.waybill_id ?? '',
  tripId: c.trip_id ?? '',
  payMethod: c.pay_method ? (COST_PAY_METHOD_LABELS[Number(c.pay_method)] ?? '') : '',
  place: c.place ?? '',
  invoiceImages: c.invoice_images ?? '',
  remark: c.remark ?? '',
});

const rowText = (c: Record<string, unknown>) =>
  costLogText({
    costType: Number(c.cost_type),
    costDate: String(c.cost_date),
    amount: Number(c.amount),
    quantity: c.quantity == null ? null : Number(c.quantity),
    unitPrice: c.unit_price == null ? null : Number(c.unit_price),
  });

/** One row of the import sheet. */
export interface CostImportRow {
  carNo: string;
  costDate: string;
  typeName: string;
  amount: number;
  quantity: number | null;
  unitPrice: number | null;
  payMethod: number | null;
  place: string | null;
  remark: string | null;
}

const importRow = z.object({
  carNo: z.string().min(1, `请填写${L.truckId}`).max(20, `${L.truckId}最多20个字符`),
  costDate: z.string().min(1, `请填写${L.costDate}`).refine(isDateText, `${L.costDate}: ${DATE_MESSAGE}`),
  typeName: z.string().min(1, `请填写${L.costType}`),
  amount: yuanField(L.amount, true).transform((v) => v as number),
  quantity: quantityField,
  unitPrice: yuanField(L.unitPrice, false),
  payMethod: z.string().transform((text, ctx) => {
    if (text === '') return null;
    const found = Object.entries(COST_PAY_METHOD_LABELS).find(([, name]) => name === text);
    if (found) return Number(found[0]);
    ctx.addIssue({
      code: 'custom',
      message: `${L.payMethod}应为${Object.values(COST_PAY_METHOD_LABELS).join('、')}之一`,
    });
    return z.NEVER;
  }),
  place: optionalText(100),
  remark: optionalText(200),
});

/** The sheet's rows resolved against the database: each row's insert or its error. */
async function resolveImport(
  db: Db,
  auth: AuthContext,
  rows: readonly CostImportRow[],
): Promise<{ inserts: CostInsert[]; errors: ImportRowError[] }> {
  const plates = [...new Set(rows.map((r) => r.carNo))];
  const trucks = new Map<string, { id: number; team_code: string }>();
  for (let i = 0; i < plates.length; i += 500) {
    const found = await db
      .selectFrom('truck')
      .select(['id', 'car_no', 'team_code'])
      .where(inScope(auth.scope, 'truck'))
      .where('deleted_at', 'is', null)
      .where('car_no', 'in', plates.slice(i, i + 500))
      .execute();
    for (const t of found) trucks.set(t.car_no, t);
  }
  const custom = new Map((await customCostTypes(db, auth)).map((t) => [t.fee_name, t.id]));
  const builtIn = new Map(
    Object.entries(COST_TYPE_LABELS)
      .filter(([v]) => Number(v) !== COST_TYPE.custom)
      .map(([v, name]) => [name, Number(v)]),
  );
  const errors: ImportRowError[] = [];
  const inserts: CostInsert[] = [];
  rows.forEach((r, i) => {
    const row = i + 2;
    const truck = trucks.get(r.carNo);
    if (!truck) {
      errors.push({ row, message: `${L.truckId}: ${r.carNo}不存在或无权操作` });
      return;
    }
    const type = builtIn.get(r.typeName);
    const feeTypeId = type ? null : custom.get(r.typeName);
    if (!type && !feeTypeId) {
      errors.push({
        row,
        message: `${L.costType}: ${r.typeName}不是加油、路桥费、保养、杂费或已启用的自定义费用类型`,
      });
      return;
    }
    const insert: CostInsert = {
      merchantId: auth.merchantId,
      teamCode: truck.team_code,
      truckId: truck.id,
      costType: (type ?? COST_TYPE.custom) as CostType,
      feeTypeId: feeTypeId ?? null,
      costDate: r.costDate,
      amount: r.amount,
      quantity: r.quantity,
      unitPrice: r.unitPrice,
      payMethod: r.payMethod,
      place: r.place,
      remark: r.remark,
      source: 2,
    };
    const error = costRuleError(insert);
    if (error) errors.push({ row, message: error });
    else inserts.push(insert);
  });
  return { inserts, errors };
}

export const costRecord = defineRecord<CostForm, CostFilter, CostView, CostImportRow>({
  meta: COST_RECORD,
  tag: '成本中心',
  summaries: {
    add: '新增费用：车辆、日期、类型、金额(元)，加油须填数量(升)与单价，金额=数量×单价（差1分以内）',
    edit: '修改费用（操作日志记录改了什么）',
    delete: '批量删除费用（ids），删除后不计入统计',
    export: '导出费用（与 /miscellaneous/list/car 的筛选条件一致）',
    import:
      '导入费用（全部通过才写入）：车牌号、日期、费用类型、金额(元)、数量、单价(元)、支付方式、地点、备注',
  },
  joins: costJoins,
  selection: [
    'cost.id',
    'cost.team_code',
    'cost.truck_id',
    'cost.driver_id',
    'cost.cost_type',
    'cost.fee_type_id',
    'cost.cost_date',
    'cost.cost_at',
    'cost.occurred_at',
    'cost.amount',
    'cost.quantity',
    'cost.unit_price',
    'cost.waybill_id',
    'cost.trip_id',
    'cost.pay_method',
    'cost.place',
    'cost.invoice_images',
    'cost.remark',
    'cost.source',
    'cost.created_at',
    'cost.updated_at',
    'cost.deleted_at',
    'team.team_name',
    'truck.car_no',
    'driver.name as driver_name',
    'fee_type.fee_name',
    'waybill.bill_no',
  ],
  view: costView,
  order: (q) => q.orderBy('cost.cost_date', 'desc').orderBy('cost.id', 'desc'),
  filter: { schema: costFilter, apply: applyFilter },
  form: {
    schema: costForm as unknown as z.ZodType<CostForm>,
    columns: (f) => {
      const r = toInsert(f, 0, f.teamCode ?? '');
      return {
        team_code: r.teamCode,
        truck_id: r.truckId,
        driver_id: r.driverId,
        cost_type: r.costType,
        fee_type_id: r.feeTypeId,
        cost_date: r.costDate,
        occurred_at: r.occurredAt ?? null,
        amount: r.amount,
        quantity: r.quantity ?? null,
        unit_price: r.unitPrice ?? null,
        waybill_id: r.waybillId,
        trip_id: r.tripId,
        pay_method: r.payMethod,
        place: r.place || null,
        invoice_images: r.invoiceImages?.length ? r.invoiceImages.join(';') : null,
        remark: r.remark || null,
      };
    },
    addColumns: { source: 1 },
    savedColumns: (c) => ({ cost_at: shanghaiDayStart(String(c.cost_date)) }),
    logFields,
    addedText: rowText,
    deletedText: (r: StoredRow) => rowText(r),
    hiddenChanges: ['invoiceImages'],
  },
  // the cost takes its truck's team: the form's team is set here, after the truck is checked
  check: async (db, auth, form) => {
    form.teamCode = await checkReferences(db, auth, form);
  },
  export: {
    title: '费用列表',
    columns: [
      { header: '车牌号', width: 12, value: (c) => c.carNo },
      { header: '所属车队', width: 16, value: (c) => c.teamName },
      { header: '日期', width: 12, value: (c) => c.costDate },
      { header: '费用类型', width: 12, value: (c) => c.costTypeName },
      { header: '金额(元)', width: 12, value: (c) => c.amount },
      { header: '数量', width: 10, value: (c) => c.quantity },
      { header: '单价(元)', width: 10, value: (c) => c.unitPrice },
      { header: '司机', width: 10, value: (c) => c.driverName },
      { header: '运单号', width: 20, value: (c) => c.billNo },
      { header: '支付方式', width: 12, value: (c) => c.payMethodName },
      { header: '地点', width: 20, value: (c) => c.place },
      { header: '发生时间', width: 20, value: (c) => c.occurredAt },
      { header: '来源', width: 8, value: (c) => c.sourceName },
      { header: '备注', width: 24, value: (c) => c.remark },
    ],
  },
  import: {
    title: '费用',
    columns: [
      { header: '车牌号', key: 'carNo', required: true, example: '蒙K12345' },
      { header: '日期', key: 'costDate', required: true, example: '2026-11-20' },
      { header: '费用类型', key: 'typeName', required: true, example: '加油' },
      { header: '金额(元)', key: 'amount', required: true, example: '1537.45' },
      { header: '数量', key: 'quantity', example: '201.5' },
      { header: '单价(元)', key: 'unitPrice', example: '7.63' },
      { header: '支付方式', key: 'payMethod', example: '油卡/ETC卡' },
      { header: '地点', key: 'place', width: 24, example: '鄂尔多斯东胜加油站' },
      { header: '备注', key: 'remark', width: 24 },
    ],
    row: importRow as unknown as z.ZodType<CostImportRow>,
    check: async (db, auth, rows) => (await resolveImport(db, auth, rows)).errors,
    write: async (tx, auth, rows) => {
      const { inserts, errors } = await resolveImport(tx, auth, rows);
      if (errors.length) throw badInput(errors[0]?.message ?? '导入失败');
      for (const insert of inserts) await insertCost(tx, insert, auth);
    },
  },
  routes: registerCostRoutes,
});
