import {
  COST_PAY_METHOD_LABELS,
  COST_QUANTITY_UNIT,
  COST_RECORD,
  COST_SOURCE_LABELS,
  COST_SOURCE_MAINTENANCE,
  COST_TYPE_LABELS,
  type CostType,
  fenToYuan,
  formatDateTime,
  MAINTENANCE_COST_MESSAGE,
} from '@fleet/domain';
import type { z } from 'zod';
import { badInput } from '../../http/envelope';
import { withTeamName } from '../../records/filters';
import { defineRecord, type ListedRow, type RecordQuery, type StoredRow } from '../../records/record';
import { type CostForm, checkReferences, costForm, toInsert } from './cost-form';
import { type CostImportRow, importRow, resolveImport } from './cost-import';
import { applyFilter, type CostFilter, costFilter, typeName } from './cost-list';
import { costLine, costLogText, insertCost, shanghaiDayStart } from './cost-write';
import { registerCostRoutes } from './costs.routes';
import type { CostTable } from './costs.table';

// 费用管理 (car0801): the costs of the trucks on the record recipe: the list (list/car, with the
// totals by type, is the module's own route), add, update, deleteBatch, export/car and import. A
// cost's team is its truck's; its form (cost-form.ts) checks every id in the caller's scope; its
// line is derived from its waybill or trip in the statement that writes it (costLine).

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
    savedColumns: (c) => ({
      cost_at: shanghaiDayStart(String(c.cost_date)),
      line_id: costLine(c.waybill_id as number | null, c.trip_id as number | null),
    }),
    logFields,
    addedText: rowText,
    deletedText: (r: StoredRow) => rowText(r),
    hiddenChanges: ['invoiceImages'],
  },
  // the cost takes its truck's team: the form's team is set here, after the truck is checked
  // a maintenance record's cost changes only with its record, so the two never drift
  check: async (db, auth, form, before) => {
    if (before && Number(before.source) === COST_SOURCE_MAINTENANCE) throw badInput(MAINTENANCE_COST_MESSAGE);
    form.teamCode = await checkReferences(db, auth, form);
  },
  deleteCheck: async (_db, _auth, rows) =>
    rows.some((row) => Number(row.source) === COST_SOURCE_MAINTENANCE) ? MAINTENANCE_COST_MESSAGE : null,
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
