import { formatDateTime, WAYBILL_RECORD } from '@fleet/domain';
import type { z } from 'zod';
import { defineRecord } from '../../records/record';
import { registerWaybillExceptionFeeRoutes } from './waybill-exceptions-fees.routes';
import {
  applyWaybillFilter,
  type WaybillFilter,
  type WaybillForm,
  waybillFilter,
  waybillForm,
} from './waybill-form';
import { importedTrucks, type WaybillImportRow, waybillImport } from './waybill-import';
import { registerWaybillReceiptRoutes } from './waybill-receipt.routes';
import { waybillsChanged } from './waybill-repository';
import { registerWaybillStatusRoutes } from './waybill-status.routes';
import { registerWaybillTabulationRoutes } from './waybill-tabulation.routes';
import {
  WAYBILL_SELECTION,
  type WaybillListedRow,
  type WaybillView,
  waybillJoins,
  waybillView,
} from './waybill-view';
import { registerWaybillRoutes } from './waybills.routes';

// 运单 on the record recipe: the search filter (the list, its count and its export), the form's
// field rules, the row as the API answers it, the export's columns and the import. The list and
// the detail are the module's own routes (a capped count over a million waybills; the detail with
// fees and exceptions), and so are add and edit (bill numbers, the timeline, the trucks' fence
// watch): the recipe serves the export and the import from this definition.

/** How long after an import's answer the fence watch is told of its trucks. */
const IMPORT_NOTICE_DELAY_MS = 50;

const tonsCell = (kg: number | null) => (kg === null ? '' : (kg / 1000).toFixed(3));

/**
 * 运单: a load of a customer on a line carried by a truck; kept by the truck's team (a dispatcher
 * sees the own subtree's), never deleted (cancelled with a reason).
 */
export const waybillRecord = defineRecord<WaybillForm, WaybillFilter, WaybillView, WaybillImportRow>({
  // list, detail, add and edit are the module's own routes (see the top of this file)
  meta: {
    ...WAYBILL_RECORD,
    paths: { export: WAYBILL_RECORD.paths.export, import: WAYBILL_RECORD.paths.import },
  },
  tag: '运单',
  summaries: {
    export: '导出运单（与列表相同的筛选，按创建时间倒序）：重量为吨，金额为元',
    import:
      '导入运单：客户、线路按名称，车辆按车牌号，司机按姓名或手机号（不填为车辆绑定的司机），所属车队不填为车辆所在车队；运单号自动生成',
  },
  joins: waybillJoins,
  selection: WAYBILL_SELECTION,
  view: (row: WaybillListedRow) => waybillView(row),
  filter: { schema: waybillFilter, apply: applyWaybillFilter },
  form: {
    schema: waybillForm as unknown as z.ZodType<WaybillForm>,
    columns: (form) => ({
      team_code: form.teamCode,
      customer_id: form.customerId,
      line_id: form.lineId,
      cargo: form.cargo,
      truck_id: form.truckId,
      driver_id: form.driverId ?? null,
      planned_load_at: form.plannedLoadTime ?? null,
      planned_arrive_at: form.plannedArriveTime ?? null,
      remark: form.remark,
    }),
    logFields: (c) => ({
      cargo: c.cargo,
      plannedLoadTime: c.planned_load_at ? formatDateTime(new Date(Number(c.planned_load_at))) : '',
      plannedArriveTime: c.planned_arrive_at ? formatDateTime(new Date(Number(c.planned_arrive_at))) : '',
      remark: c.remark,
    }),
  },
  export: {
    title: '运单列表',
    columns: [
      { header: '运单号', width: 18, value: (w) => w.billNo },
      { header: '来源', width: 8, value: (w) => w.sourceName },
      { header: '客户', width: 24, value: (w) => w.customerName },
      { header: '线路', width: 24, value: (w) => w.lineName },
      { header: '装货地', width: 20, value: (w) => w.loadingStationName },
      { header: '卸货地', width: 20, value: (w) => w.unloadingStationName },
      { header: '货物名称', width: 12, value: (w) => w.cargo },
      { header: '车牌号', width: 12, value: (w) => w.carNo },
      { header: '司机', width: 10, value: (w) => w.driverName },
      { header: '司机手机号', width: 14, value: (w) => w.driverPhone },
      { header: '计划装货时间', width: 20, value: (w) => w.plannedLoadTime },
      { header: '计划到达时间', width: 20, value: (w) => w.plannedArriveTime },
      { header: '运单状态', width: 10, value: (w) => w.statusName },
      { header: '审核状态', width: 10, value: (w) => w.approvalStateName },
      { header: '装车毛重（吨）', width: 14, value: (w) => tonsCell(w.loadingGrossKg) },
      { header: '装车皮重（吨）', width: 14, value: (w) => tonsCell(w.loadingTareKg) },
      { header: '装车净重（吨）', width: 14, value: (w) => w.loadingNetTons },
      { header: '装车过磅时间', width: 20, value: (w) => w.loadingWeighTime },
      { header: '卸车毛重（吨）', width: 14, value: (w) => tonsCell(w.unloadingGrossKg) },
      { header: '卸车皮重（吨）', width: 14, value: (w) => tonsCell(w.unloadingTareKg) },
      { header: '卸车净重（吨）', width: 14, value: (w) => w.unloadingNetTons },
      { header: '卸车过磅时间', width: 20, value: (w) => w.unloadingWeighTime },
      { header: '亏吨（吨）', width: 12, value: (w) => w.lossTons },
      { header: '计价方式', width: 10, value: (w) => w.priceTypeName },
      { header: '运价（元）', width: 12, value: (w) => w.priceYuan },
      { header: '单位', width: 8, value: (w) => w.priceUnit },
      { header: '结算重量（吨）', width: 14, value: (w) => w.settleTons },
      { header: '运费（元）', width: 14, value: (w) => w.freightGrossYuan },
      { header: '亏吨扣款（元）', width: 14, value: (w) => w.lossDeductionYuan },
      { header: '应收运费（元）', width: 14, value: (w) => w.freightYuan },
      { header: '装货时间', width: 20, value: (w) => w.loadingTime },
      { header: '发车时间', width: 20, value: (w) => w.departTime },
      { header: '到达时间', width: 20, value: (w) => w.arriveTime },
      { header: '完成时间', width: 20, value: (w) => w.completeTime },
      { header: '取消原因', width: 20, value: (w) => w.cancelReason },
      { header: '所属车队', width: 18, value: (w) => w.teamName },
      { header: '备注', width: 24, value: (w) => w.remark },
      { header: '创建时间', width: 20, value: (w) => w.createTime },
    ],
  },
  import: waybillImport,
  routes: (app, ctx) => {
    // the import writes inside the recipe's transaction: its trucks are told once it committed
    // and answered (reading the open waybills of a thousand trucks takes a while on SQLite, whose
    // calls hold the process: the answer goes out first)
    app.addHook('onResponse', async (req) => {
      const trucks = req.auth ? importedTrucks.get(req.auth) : undefined;
      if (!req.auth || !trucks) return;
      importedTrucks.delete(req.auth);
      setTimeout(() => void waybillsChanged(ctx, req.log, trucks), IMPORT_NOTICE_DELAY_MS);
    });
    registerWaybillRoutes(app, ctx);
    registerWaybillStatusRoutes(app, ctx);
    registerWaybillReceiptRoutes(app, ctx);
    registerWaybillExceptionFeeRoutes(app, ctx);
    registerWaybillTabulationRoutes(app, ctx);
  },
});
