import { fenToYuan, formatDateTime, kgToTons, OPERATE_LOG_PAGES, shanghaiParts } from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { badInput } from '../../http/envelope';
import { idField } from '../../http/form-fields';
import { pageOffset, paging, route } from '../../http/route';
import { blank, teamFilter } from '../../records/filters';
import type { ExportColumn } from '../file-tasks/file-tasks.contract';
import { registerExport } from '../file-tasks/file-tasks.register';
import { recordOperation } from '../operate-log/operate-log.repository';
import { SALARY_CONFIRM_CODES, SALARY_READ_CODES } from './salary-codes';
import {
  type DriverMonth,
  figuresOf,
  ITEM_KIND_NAMES,
  type MonthFigures,
  type SalaryItem,
  salaryMonths,
  tonKmText,
} from './salary-compute';

const TAG = '司机工资';
const LABELS = { month: '月份', driverId: '司机', driverIds: '司机', teamCode: '所属车队' };

const monthField = z
  .string({ error: '请选择月份' })
  .trim()
  .min(1, '请选择月份')
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, '月份格式应为YYYY-MM');

/** The list filter; without a month, the current month (Shanghai). */
const salaryFilter = z.object({
  month: z.preprocess(blank, monthField.optional()),
  driverId: z.preprocess(blank, idField('司机不正确').optional()),
  teamCode: teamFilter,
});
type SalaryFilter = z.output<typeof salaryFilter>;
type MonthOf = (f: SalaryFilter) => SalaryFilter & { month: string };

const km = (m: number | null) =>
  m === null ? '' : `${Math.floor(m / 1000)}.${String(m % 1000).padStart(3, '0')}`;

function detailRow(m: DriverMonth, i: SalaryItem) {
  return {
    driverId: m.driverId,
    driverName: m.driverName,
    driverPhone: m.driverPhone,
    teamName: m.teamName,
    month: m.month,
    kind: i.kind,
    kindName: ITEM_KIND_NAMES[i.kind] ?? i.kind,
    waybillId: i.waybillId,
    billNo: i.billNo,
    planNo: i.planNo,
    time: i.at === null ? '' : formatDateTime(new Date(i.at)),
    lineName: i.lineName,
    carNo: i.carNo,
    settleWeight: i.kind === 'waybill' && i.settleKg !== null ? kgToTons(i.settleKg) : '',
    distanceKm: i.kind === 'waybill' ? km(i.distanceM) : '',
    amountFen: i.amountFen,
    amount: fenToYuan(i.amountFen),
    text: i.text,
    confirmed: m.confirmed !== null,
  };
}
type DetailRow = ReturnType<typeof detailRow>;

function figuresView(f: MonthFigures) {
  return {
    trips: f.trips,
    settleWeight: kgToTons(f.settleKg),
    tonKm: tonKmText(f.kgM),
    baseFen: f.baseFen,
    base: fenToYuan(f.baseFen),
    pieceFen: f.pieceFen,
    piece: fenToYuan(f.pieceFen),
    bonusFen: f.bonusFen,
    bonus: fenToYuan(f.bonusFen),
    deductionFen: f.deductionFen,
    deduction: fenToYuan(f.deductionFen),
    totalFen: f.totalFen,
    total: fenToYuan(f.totalFen),
  };
}

function summaryRow(m: DriverMonth) {
  return {
    driverId: m.driverId,
    driverName: m.driverName,
    driverPhone: m.driverPhone,
    teamName: m.teamName,
    month: m.month,
    ...figuresView(figuresOf(m.items)),
    confirmState: m.confirmed ? 1 : 0,
    confirmStateName: m.confirmed ? '已确认' : '未确认',
    confirmedByName: m.confirmed?.by ?? '',
    confirmTime: m.confirmed ? formatDateTime(new Date(m.confirmed.at)) : '',
  };
}
type SummaryRow = ReturnType<typeof summaryRow>;

function sumFigures(months: readonly DriverMonth[]): MonthFigures {
  const total: MonthFigures = {
    trips: 0,
    settleKg: 0,
    kgM: 0,
    baseFen: 0,
    pieceFen: 0,
    bonusFen: 0,
    deductionFen: 0,
    totalFen: 0,
  };
  for (const m of months) {
    const f = figuresOf(m.items);
    for (const k of Object.keys(total) as (keyof MonthFigures)[]) total[k] += f[k];
  }
  return total;
}

async function detailRows(db: Kysely<Database>, auth: AuthContext, f: SalaryFilter & { month: string }) {
  const months = await salaryMonths(db, auth, f);
  return { months, rows: months.flatMap((m) => m.items.map((i) => detailRow(m, i))) };
}

const DETAIL_COLUMNS: ExportColumn<DetailRow>[] = [
  { header: '月份', width: 10, value: (r) => r.month },
  { header: '司机', width: 12, value: (r) => r.driverName },
  { header: '手机号', width: 14, value: (r) => r.driverPhone },
  { header: '所属车队', width: 16, value: (r) => r.teamName },
  { header: '项目', width: 12, value: (r) => r.kindName },
  { header: '运单号', width: 20, value: (r) => r.billNo },
  { header: '计划单号', width: 20, value: (r) => r.planNo },
  { header: '时间', width: 20, value: (r) => r.time },
  { header: '线路', width: 20, value: (r) => r.lineName },
  { header: '车牌号', width: 12, value: (r) => r.carNo },
  { header: '结算重量(吨)', width: 12, value: (r) => r.settleWeight },
  { header: '里程(公里)', width: 12, value: (r) => r.distanceKm },
  { header: '金额(元)', width: 12, value: (r) => r.amount },
  { header: '计算说明', width: 60, value: (r) => r.text },
];

const SUMMARY_COLUMNS: ExportColumn<SummaryRow>[] = [
  { header: '月份', width: 10, value: (r) => r.month },
  { header: '司机', width: 12, value: (r) => r.driverName },
  { header: '手机号', width: 14, value: (r) => r.driverPhone },
  { header: '所属车队', width: 16, value: (r) => r.teamName },
  { header: '趟数', width: 8, value: (r) => r.trips },
  { header: '结算吨数', width: 12, value: (r) => r.settleWeight },
  { header: '吨公里', width: 14, value: (r) => r.tonKm },
  { header: '底薪(元)', width: 12, value: (r) => r.base },
  { header: '计件工资(元)', width: 12, value: (r) => r.piece },
  { header: '奖励补贴(元)', width: 12, value: (r) => r.bonus },
  { header: '扣款(元)', width: 12, value: (r) => r.deduction },
  { header: '应发合计(元)', width: 12, value: (r) => r.total },
  { header: '确认状态', width: 10, value: (r) => r.confirmStateName },
  { header: '确认人', width: 12, value: (r) => r.confirmedByName },
  { header: '确认时间', width: 20, value: (r) => r.confirmTime },
];

/** 'YYYY-MM' of now in Shanghai. */
function currentMonth(now: number): string {
  const p = shanghaiParts(new Date(now));
  return `${p.year}-${String(p.month).padStart(2, '0')}`;
}

/**
 * 司机工资明细 and 司机工资汇总: the months of the caller's drivers, computed live until confirmed;
 * confirming stores the items and total, after which later changes of waybills or rules leave them.
 */
export function registerDriverSalaryRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const withMonth: MonthOf = (f) => ({ ...f, month: f.month ?? currentMonth(ctx.config.now()) });

  route(app, TAG, {
    method: 'POST',
    url: '/colliery/driver/salary/detail/page',
    summary:
      '司机工资明细（month 为 YYYY-MM，不填为本月；可按司机、车队筛选）：每位司机的底薪、补贴、扣款及当月完成的每张运单的计件工资、节油奖励、计划到达超时罚款，text 为计算说明；金额为分（amountFen，扣款为负）及元；totalRow 为合计；已确认的月份按确认时保存的明细',
    access: SALARY_READ_CODES,
    list: true,
    labels: LABELS,
    body: salaryFilter.extend(paging),
    handler: async ({ auth, body }) => {
      const { months, rows } = await detailRows(db, auth, withMonth(body));
      const f = sumFigures(months);
      const start = pageOffset(body);
      return {
        list: rows.slice(start, start + body.pageSize),
        total: rows.length,
        totalRow: { ...figuresView(f), drivers: months.length },
      };
    },
  });

  registerExport<SalaryFilter, DetailRow>(app, TAG, {
    url: '/colliery/driver/salary/detail/export',
    method: 'POST',
    summary: '导出司机工资明细（与明细页相同的条件）',
    access: SALARY_READ_CODES,
    input: salaryFilter as unknown as z.ZodType<SalaryFilter>,
    title: '司机工资明细',
    columns: DETAIL_COLUMNS,
    count: async (db2, auth, f) => (await detailRows(db2, auth, withMonth(f))).rows.length,
    rows: async function* (db2, auth, f) {
      yield (await detailRows(db2, auth, withMonth(f))).rows;
    },
  });

  route(app, TAG, {
    method: 'POST',
    url: '/colliery/driver/salary/summary/page',
    summary:
      '司机工资汇总（month 为 YYYY-MM，不填为本月）：每位司机当月趟数、结算吨数、吨公里、底薪、计件工资、奖励补贴、扣款、应发合计（分及元），确认状态、确认人与时间；totalRow 为合计',
    access: SALARY_READ_CODES,
    list: true,
    labels: LABELS,
    body: salaryFilter.extend(paging),
    handler: async ({ auth, body }) => {
      const months = await salaryMonths(db, auth, withMonth(body));
      const start = pageOffset(body);
      return {
        list: months.slice(start, start + body.pageSize).map(summaryRow),
        total: months.length,
        totalRow: figuresView(sumFigures(months)),
      };
    },
  });

  registerExport<SalaryFilter, SummaryRow>(app, TAG, {
    url: '/colliery/driver/salary/summary/export',
    method: 'POST',
    summary: '导出司机工资汇总（与汇总页相同的条件）',
    access: SALARY_READ_CODES,
    input: salaryFilter as unknown as z.ZodType<SalaryFilter>,
    title: '司机工资汇总',
    columns: SUMMARY_COLUMNS,
    count: async (db2, auth, f) => (await salaryMonths(db2, auth, withMonth(f))).length,
    rows: async function* (db2, auth, f) {
      yield (await salaryMonths(db2, auth, withMonth(f))).map(summaryRow);
    },
  });

  route(app, TAG, {
    method: 'POST',
    url: '/colliery/driver/salary/summary/confirm',
    summary:
      '确认司机月工资（driverIds、month，已结束的月份）：保存当时计算的明细与合计，此后该司机该月不再变化；已确认的不能再次确认',
    access: SALARY_CONFIRM_CODES,
    labels: LABELS,
    body: z.object({
      driverIds: z
        .array(idField('司机不正确'), { error: '请选择司机' })
        .min(1, '请选择司机')
        .max(500, '一次最多确认500位司机'),
      month: monthField,
    }),
    handler: async ({ auth, body }) => {
      const at = ctx.config.now();
      // a month not ended yet would freeze a partial month
      if (body.month >= currentMonth(at)) throw badInput(`${body.month} 月尚未结束，不能确认工资`);
      const ids = [...new Set(body.driverIds)];
      const months = await salaryMonths(db, auth, { month: body.month, driverIds: ids });
      const found = new Set(months.map((m) => m.driverId));
      if (ids.some((id) => !found.has(id))) throw badInput('司机: 不存在或不在您的管辖范围内');
      const done = months.filter((m) => m.confirmed);
      if (done.length)
        throw badInput(
          `${done.map((m) => m.driverName).join('、')} ${body.month} 的工资已确认，不能重复确认`,
        );
      try {
        await db.transaction().execute(async (tx) => {
          for (const m of months) {
            const f = figuresOf(m.items);
            await tx
              .insertInto('driver_salary_month')
              .values({
                merchant_id: auth.merchantId,
                team_code: m.teamCode,
                driver_id: m.driverId,
                month: body.month,
                items: JSON.stringify(m.items),
                total_fen: f.totalFen,
                confirmed_by: auth.userId,
                confirmed_by_name: auth.nickname,
                confirmed_at: at,
              })
              .execute();
            await recordOperation(
              tx,
              auth,
              {
                pageEnum: OPERATE_LOG_PAGES.driverSalary,
                dataId: m.driverId,
                teamCode: m.teamCode,
                content: `确认司机工资：${m.driverName} ${body.month}，${f.trips}趟，应发合计：未确认→${fenToYuan(f.totalFen)}元`,
              },
              at,
            );
          }
        });
      } catch (error) {
        // two confirmations at once: the unique (merchant, driver, month) lets one through
        const again = await db
          .selectFrom('driver_salary_month')
          .select('driver_id')
          .where('merchant_id', '=', auth.merchantId)
          .where('month', '=', body.month)
          .where('driver_id', 'in', ids)
          .execute();
        if (again.length) throw badInput(`${body.month} 的工资已确认，不能重复确认`);
        throw error;
      }
      return {
        confirmed: months.length,
        totalFen: months.reduce((s, m) => s + figuresOf(m.items).totalFen, 0),
      };
    },
  });
}
