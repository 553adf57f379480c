import { DAY_MS, parseDateTime } from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { AuthContext } from '../../http/auth';
import { badInput } from '../../http/envelope';
import { usableRecord } from '../../http/references';
import { pageOffset, paging, route } from '../../http/route';
import type { ExportColumn } from '../file-tasks/file-tasks.contract';
import { registerExport } from '../file-tasks/file-tasks.register';
import { registerCalibrationRoutes } from './calibration.routes';
import {
  type AbnormalRow,
  abnormalRows,
  FUEL_LABELS,
  type FuelEventView,
  type FuelFilter,
  fuelFilter,
  idFilter,
  refuelRecords,
  refuelTendency,
} from './fuel.repository';
import { levelHistory, oilChangeTrucks } from './fuel-level';
import { FuelScanJob } from './fuel-scan';

// 加油记录 (car050112), 异常油耗 (car050113), 油量变化监控 (car050104) and 油箱标定 (car050301). The
// events and their reconciliation come from the scan job (fuel-scan.ts, fuel-reconcile.ts), which
// starts and stops with the app; these routes only read.

const TAG = '油耗与加油';
export const REFUEL_CODES = ['car050112'] as const;
export const ABNORMAL_CODES = ['car050113'] as const;
export const OIL_CHANGE_CODES = ['car050104'] as const;
/** Pages that show a truck's fuel curve (the 数据趋势 drawer and 油量变化监控). */
export const LEVEL_CODES = [...REFUEL_CODES, ...ABNORMAL_CODES, ...OIL_CHANGE_CODES] as const;

/** The level history reads at most this many days at once. */
const LEVEL_MAX_DAYS = 31;

const REFUEL_COLUMNS: ExportColumn<FuelEventView>[] = [
  { header: '车牌号', width: 14, value: (r) => r.carNo },
  { header: '所属车队', width: 16, value: (r) => r.teamName },
  { header: '司机', width: 10, value: (r) => r.driverName },
  { header: '加油开始时间', width: 20, value: (r) => r.startTime },
  { header: '加油结束时间', width: 20, value: (r) => r.endTime },
  { header: '加油前油量(L)', width: 14, value: (r) => r.beforeOil },
  { header: '加油后油量(L)', width: 14, value: (r) => r.afterOil },
  { header: '加油量(L)', width: 12, value: (r) => r.changeOil },
  { header: '加油地点', width: 20, value: (r) => r.place },
  { header: '经度', width: 12, value: (r) => r.lng },
  { header: '纬度', width: 12, value: (r) => r.lat },
  { header: '匹配加油记录(L)', width: 16, value: (r) => r.costLitres },
  { header: '加油金额(元)', width: 14, value: (r) => r.costAmount },
  { header: '状态', width: 16, value: (r) => r.stateName },
];

const ABNORMAL_COLUMNS: ExportColumn<AbnormalRow>[] = [
  { header: '异常类型', width: 18, value: (r) => r.abnormalTypeName },
  { header: '车牌号', width: 14, value: (r) => r.carNo },
  { header: '所属车队', width: 16, value: (r) => r.teamName },
  { header: '司机', width: 10, value: (r) => r.driverName },
  { header: '时间', width: 20, value: (r) => r.time },
  { header: '变化前油量(L)', width: 14, value: (r) => r.beforeOil },
  { header: '变化后油量(L)', width: 14, value: (r) => r.afterOil },
  { header: '变化量(L)', width: 12, value: (r) => r.changeOil },
  { header: '加油金额(元)', width: 14, value: (r) => r.costAmount },
  { header: '依据', width: 60, value: (r) => r.evidence },
];

const truckField = z.coerce.number({ error: '请选择车辆' }).int('请选择车辆').positive('请选择车辆');

export function registerFuelRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const now = () => ctx.config.now();
  const job = new FuelScanJob(db, now, app.log);
  app.addHook('onReady', async () => job.start());
  app.addHook('onClose', () => job.stop());

  /** A named truck must be in the caller's scope. */
  const checked = async (auth: AuthContext, f: FuelFilter) => {
    if (f.truckId) await usableRecord(db, auth.scope, 'truck', f.truckId, '车牌号');
  };

  route(app, TAG, {
    method: 'POST',
    url: '/yww/refuel/list',
    summary:
      '加油记录：由油量曲线识别的加油（经油箱标定换算升数），条件 truckId、teamCode、beginTime/endTime(默认近7天，不超过366天)、state(1已匹配加油记录 2加油无记录)；' +
      '返回 {list, total, totals: {count, litres, amount, matched, unmatched}}，每条含加油前后油量、加油量、匹配的加油记录及金额、状态',
    access: [...REFUEL_CODES],
    list: true,
    labels: FUEL_LABELS,
    body: fuelFilter.extend(paging),
    handler: async ({ auth, body }) => {
      await checked(auth, body);
      return refuelRecords(db, auth, body, now(), { offset: pageOffset(body), limit: body.pageSize });
    },
  });

  registerExport(app, TAG, {
    url: '/yww/refuel/export',
    method: 'POST',
    summary: '导出加油记录（条件同列表）',
    access: [...REFUEL_CODES],
    input: fuelFilter,
    labels: FUEL_LABELS,
    title: '加油记录',
    columns: REFUEL_COLUMNS,
    count: async (_db, auth, f) => {
      await checked(auth, f);
      return (await refuelRecords(db, auth, f, now(), { offset: 0, limit: 1 })).total;
    },
    rows: async function* (_db, auth, f, pageSize) {
      for (let offset = 0; ; offset += pageSize) {
        const page = await refuelRecords(db, auth, f, now(), { offset, limit: pageSize });
        if (page.list.length > 0) yield page.list;
        if (page.list.length < pageSize) return;
      }
    },
  });

  route(app, TAG, {
    method: 'POST',
    url: '/yww/refuel/tendency',
    summary: '加油趋势：条件同加油记录，按天（上海时间）返回 [{day, litres, count, amount}]，无加油的日子为0',
    access: [...REFUEL_CODES],
    labels: FUEL_LABELS,
    body: fuelFilter,
    handler: async ({ auth, body }) => {
      await checked(auth, body);
      return refuelTendency(db, auth, body, now());
    },
  });

  route(app, TAG, {
    method: 'POST',
    url: '/yww/abnormal/list',
    summary:
      '异常油耗：abnormalType 1停车掉油（疑似偷油，关联5012报警） 2行驶中掉油 3加油无记录（油量上升但前后2小时无加油记录） 4付款未加油（有加油记录但前后2小时油箱未见上升）；' +
      '条件 truckId、teamCode、beginTime/endTime(默认近7天)；每条含依据 evidence',
    access: [...ABNORMAL_CODES],
    list: true,
    labels: FUEL_LABELS,
    body: fuelFilter.extend(paging),
    handler: async ({ auth, body }) => {
      await checked(auth, body);
      const rows = await abnormalRows(db, auth, body, now());
      const start = pageOffset(body);
      const counts = { 1: 0, 2: 0, 3: 0, 4: 0 } as Record<number, number>;
      for (const r of rows) counts[r.abnormalType] = (counts[r.abnormalType] ?? 0) + 1;
      return { list: rows.slice(start, start + body.pageSize), total: rows.length, counts };
    },
  });

  registerExport(app, TAG, {
    url: '/yww/abnormal/export',
    method: 'POST',
    summary: '导出异常油耗（条件同列表）',
    access: [...ABNORMAL_CODES],
    input: fuelFilter,
    labels: FUEL_LABELS,
    title: '异常油耗',
    columns: ABNORMAL_COLUMNS,
    count: async (_db, auth, f) => {
      await checked(auth, f);
      return (await abnormalRows(db, auth, f, now())).length;
    },
    rows: async function* (_db, auth, f, pageSize) {
      const rows = await abnormalRows(db, auth, f, now());
      for (let i = 0; i < rows.length; i += pageSize) yield rows.slice(i, i + pageSize);
    },
  });

  route(app, TAG, {
    method: 'POST',
    url: '/oilChange/change/trucks',
    summary:
      '油量变化监控：范围内车辆的当前油量（经标定换算，升与油箱百分比）、近24小时变化量及最近一次加油或掉油；条件 truckId、teamCode；分页',
    access: [...OIL_CHANGE_CODES],
    list: true,
    labels: FUEL_LABELS,
    body: z.object({ truckId: idFilter('请选择车辆'), teamCode: fuelFilter.shape.teamCode, ...paging }),
    handler: async ({ auth, body }) => {
      if (body.truckId) await usableRecord(db, auth.scope, 'truck', body.truckId, '车牌号');
      return oilChangeTrucks(db, auth, body, now(), { offset: pageOffset(body), limit: body.pageSize });
    },
  });

  const levelQuery = z.object({
    truckId: truckField,
    beginTime: z.string({ error: '请选择开始时间' }).trim().min(1, '请选择开始时间').max(30),
    endTime: z.string({ error: '请选择结束时间' }).trim().min(1, '请选择结束时间').max(30),
    thin: z.preprocess((v) => !(v === 'false' || v === '0' || v === false), z.boolean()),
  });
  const levelRange = (q: { beginTime: string; endTime: string }) => {
    const from = parseDateTime(q.beginTime)?.getTime();
    const to = parseDateTime(q.endTime)?.getTime();
    if (from === undefined) throw badInput('开始时间格式应为YYYY-MM-DD HH:mm:ss');
    if (to === undefined) throw badInput('结束时间格式应为YYYY-MM-DD HH:mm:ss');
    if (from > to) throw badInput('开始时间不能晚于结束时间');
    if (to - from > LEVEL_MAX_DAYS * DAY_MS) throw badInput(`查询时间范围不能超过${LEVEL_MAX_DAYS}天`);
    return { from, to: to + 999 };
  };
  const levelOf = async (auth: AuthContext, q: z.output<typeof levelQuery>) => {
    await usableRecord(db, auth.scope, 'truck', q.truckId, '车牌号');
    const truck = await db
      .selectFrom('truck')
      .select(['id', 'car_no', 'vin', 'tank_capacity'])
      .where('id', '=', q.truckId)
      .executeTakeFirstOrThrow();
    const level = await levelHistory(
      db,
      { id: truck.id, tankCapacity: truck.tank_capacity },
      levelRange(q),
      q.thin,
    );
    return {
      truckId: truck.id,
      carNo: truck.car_no,
      vin: truck.vin,
      tankCapacity: truck.tank_capacity,
      ...level,
    };
  };

  route(app, TAG, {
    method: 'GET',
    url: '/oilChange/change/level',
    summary: `油量曲线：一辆车 truckId 在 beginTime/endTime(不超过${LEVEL_MAX_DAYS}天) 的油量（经油箱标定换算），thin(默认true，0.5升容差抽稀)；返回 {carNo, tankCapacity, calibrated, list: [{reportTime, litres, oilValue(油箱%), speed}]}`,
    access: [...LEVEL_CODES],
    labels: FUEL_LABELS,
    query: levelQuery,
    handler: async ({ auth, query }) => levelOf(auth, query),
  });

  registerExport(app, TAG, {
    url: '/oilChange/change/level/export',
    method: 'GET',
    summary: '导出油量曲线（条件同油量曲线）',
    access: [...LEVEL_CODES],
    input: levelQuery,
    title: '油量变化历史',
    columns: [
      { header: '车牌号', width: 14, value: (r: LevelRow) => r.carNo },
      { header: '上报时间', width: 20, value: (r: LevelRow) => r.reportTime },
      { header: '油量(L)', width: 12, value: (r: LevelRow) => r.litres },
      { header: '油箱百分比(%)', width: 14, value: (r: LevelRow) => r.oilValue },
      { header: '速度(km/h)', width: 12, value: (r: LevelRow) => r.speed },
    ],
    count: async (_db, auth, q) => (await levelOf(auth, q)).list.length,
    rows: async function* (_db, auth, q, pageSize) {
      const level = await levelOf(auth, q);
      const rows = level.list.map((p) => ({ ...p, carNo: level.carNo }));
      for (let i = 0; i < rows.length; i += pageSize) yield rows.slice(i, i + pageSize);
    },
  });

  registerCalibrationRoutes(app, ctx);
}

interface LevelRow {
  carNo: string;
  reportTime: string;
  litres: number | null;
  oilValue: number | null;
  speed: number;
}
