import {
  CHECK_NAME_MAX,
  confirmedReceivableFen,
  formatDateTime,
  RECEIVABLE_CODES,
  RECEIVABLE_PATHS,
  type ReceivableRow,
  WAYBILL_STATE,
} from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import { type Kysely, PostgresAdapter } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { badInput, notFound } from '../../http/envelope';
import { idField, requiredText } from '../../http/form-fields';
import { paging, route } from '../../http/route';
import { inScope } from '../../http/scope';
import { blank } from '../../records/filters';
import type { ExportColumn } from '../file-tasks/file-tasks.contract';
import { registerExport } from '../file-tasks/file-tasks.register';
import { MAX_FEN } from '../waybills/waybill-fields';
import { logWaybill, WAYBILL_MISSING } from '../waybills/waybill-repository';
import {
  detailRows,
  filteredRows,
  LABELS,
  type ReportFilter,
  receivableReport,
  receivableStatistics,
  reportFilter,
  statisticsFilter,
  totalsOf,
  yuanText,
} from './receivables.repository';

// 应收对账 (car070301, tc010202): the customer side of completed waybills. Every change of money
// is written with the old and new amounts in the waybill's operation log, in its transaction;
// each change sets a value (not adds to it), so a repeated request changes the money once.

const TAG = '应收对账';
const CODES = [...RECEIVABLE_CODES];
/** The most waybills one batch call names. */
const BATCH_MAX = 500;
/** The most rows a statement's detail answers. */
const STATEMENT_MAX = 5000;

type Db = Kysely<Database>;

const MONEY = '金额须为整数分';
const fenField = (required: string, min: number, minMessage: string) =>
  z.preprocess(
    blank,
    z.coerce.number({ error: required }).int(MONEY).min(min, minMessage).max(MAX_FEN, '金额过大'),
  );

const waybillIdsField = z
  .array(idField('运单不正确'), { error: '请选择运单' })
  .min(1, '请选择运单')
  .max(BATCH_MAX, `一次最多选择${BATCH_MAX}条运单`);

const yuan = (fen: number | null) => (fen === null ? '未核对' : `${yuanText(fen)}元`);

interface LockedRow {
  id: number;
  waybill_id: number;
  team_code: string;
  income_fen: number;
  adjust_fen: number;
  check_fen: number | null;
  anomaly_fen: number;
  anomaly_reason: string | null;
  check_name: string | null;
  check_state: number;
  bill_no: string;
}

/**
 * The receivable row of waybill `waybillId` that the caller may change, locked for the
 * transaction on PostgreSQL: 404 '运单不存在或无权操作' for a waybill of another merchant or team;
 * 400 for a cancelled or not completed one. `prefix` names the waybill in a batch's message.
 */
async function changeableRow(
  tx: Db,
  auth: AuthContext,
  waybillId: number,
  batch = false,
): Promise<LockedRow> {
  const w = await tx
    .selectFrom('waybill')
    .select(['id', 'bill_no', 'status', 'cancelled', 'team_code'])
    .where(inScope(auth.scope, 'waybill'))
    .where('id', '=', waybillId)
    .executeTakeFirst();
  if (!w) throw batch ? badInput(`${WAYBILL_MISSING}（运单ID ${waybillId}）`) : notFound(WAYBILL_MISSING);
  const named = (text: string) => badInput(batch ? `运单${w.bill_no}：${text}` : text);
  if (w.cancelled === 1) throw named('运单已取消，不能对账');
  if (w.status !== WAYBILL_STATE.completed) throw named('运单未完成，不能对账');
  let q = tx
    .selectFrom('bill_receive')
    .select([
      'id',
      'waybill_id',
      'team_code',
      'income_fen',
      'adjust_fen',
      'check_fen',
      'anomaly_fen',
      'anomaly_reason',
      'check_name',
      'check_state',
    ])
    .where('waybill_id', '=', w.id)
    .where('merchant_id', '=', auth.merchantId);
  if (tx.getExecutor().adapter instanceof PostgresAdapter) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw named('运单未完成，不能对账');
  return {
    ...row,
    income_fen: Number(row.income_fen),
    adjust_fen: Number(row.adjust_fen),
    check_fen: row.check_fen === null ? null : Number(row.check_fen),
    anomaly_fen: Number(row.anomaly_fen),
    bill_no: w.bill_no,
  };
}

/** The report row of one waybill after a change. */
async function rowOf(db: Db, auth: AuthContext, id: number): Promise<ReceivableRow | undefined> {
  const [row] = await detailRows(filteredRows(db, auth, {} as ReportFilter).where('b.id', '=', id), 1, 0);
  return row;
}

const log = (tx: Db, auth: AuthContext, r: LockedRow, content: string, at: number) =>
  logWaybill(tx, auth, { id: r.waybill_id, team_code: r.team_code }, `应收对账：${content}`, at);

export function registerReceivableRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const now = () => ctx.config.now();

  route(app, TAG, {
    method: 'POST',
    url: RECEIVABLE_PATHS.report,
    summary:
      '应收对账报表：已完成（未取消）运单的客户、线路、运单号、完成时间、重量、运费、收入费用、总收入、对账调整、确认应收（=总收入+对账调整）、核对金额、异常金额、对账单、对账状态；筛选客户、线路、完成日期、对账单、对账状态、运单号、车队；totalRow 为全部筛选行的合计（分）',
    access: CODES,
    list: true,
    labels: LABELS,
    body: reportFilter.and(z.object(paging)),
    handler: ({ auth, body }) => receivableReport(db, auth, body),
  });

  registerExport<ReportFilter, ExportRow>(app, TAG, {
    url: RECEIVABLE_PATHS.reportExport,
    method: 'POST',
    summary: '导出应收对账报表（与报表相同的筛选，末行为合计）',
    access: CODES,
    input: reportFilter as unknown as z.ZodType<ReportFilter>,
    title: '应收对账',
    columns: EXPORT_COLUMNS,
    count: async (db2, auth, f) => (await totalsOf(filteredRows(db2, auth, f))).waybills + 1,
    rows: async function* (db2, auth, f, pageSize) {
      const q = filteredRows(db2, auth, f);
      for (let offset = 0; ; offset += pageSize) {
        const rows = await detailRows(q, pageSize, offset);
        if (rows.length > 0) yield rows;
        if (rows.length < pageSize) break;
      }
      const t = await totalsOf(q);
      yield [{ ...t, billNo: '合计', total: true }];
    },
  });

  route(app, TAG, {
    method: 'POST',
    url: RECEIVABLE_PATHS.statistics,
    summary:
      '应收统计：开始日期至结束日期（最长366天）完成的运单按客户和日或月（periodType day|month；groupBy customerPeriod|customer|period）统计运单数、运费、收入费用、总收入、对账调整、确认应收、核对金额、异常金额（分），另有合计行 totalRow',
    access: CODES,
    labels: LABELS,
    body: statisticsFilter,
    handler: ({ auth, body }) => receivableStatistics(db, auth, body),
  });

  route(app, TAG, {
    method: 'POST',
    url: RECEIVABLE_PATHS.updateCheckMoney,
    summary:
      '核对金额：设置一条已完成运单的核对金额（分，不小于0），对账状态变为已对账；记入运单操作日志（原值→新值）',
    access: CODES,
    labels: LABELS,
    body: z.object({
      waybillId: idField('运单不正确'),
      checkFen: fenField('请输入核对金额', 0, '不能为负数'),
    }),
    handler: async ({ auth, body }) => {
      const at = now();
      const id = await db.transaction().execute(async (tx) => {
        const r = await changeableRow(tx, auth, body.waybillId);
        if (r.check_fen === body.checkFen && r.check_state === 1) return r.id;
        await tx
          .updateTable('bill_receive')
          .set({ check_fen: body.checkFen, check_state: 1, updated_by: auth.userId, updated_at: at })
          .where('id', '=', r.id)
          .execute();
        await log(tx, auth, r, `核对金额 ${yuan(r.check_fen)}→${yuan(body.checkFen)}`, at);
        return r.id;
      });
      return rowOf(db, auth, id);
    },
  });

  route(app, TAG, {
    method: 'POST',
    url: RECEIVABLE_PATHS.batchUpdateCheckMoney,
    summary:
      '批量核对：所选运单（最多500条）各以其确认应收为核对金额，对账状态变为已对账；一个事务，任一运单不能核对则全部不变并指明该运单；记入各运单操作日志',
    access: CODES,
    labels: LABELS,
    body: z.object({ waybillIds: waybillIdsField }),
    handler: async ({ auth, body }) => {
      const at = now();
      const ids = [...new Set(body.waybillIds)];
      let changed = 0;
      await db.transaction().execute(async (tx) => {
        for (const waybillId of ids) {
          const r = await changeableRow(tx, auth, waybillId, true);
          const confirmed = confirmedReceivableFen(r.income_fen, r.adjust_fen);
          if (r.check_fen === confirmed && r.check_state === 1) continue;
          await tx
            .updateTable('bill_receive')
            .set({ check_fen: confirmed, check_state: 1, updated_by: auth.userId, updated_at: at })
            .where('id', '=', r.id)
            .execute();
          await log(tx, auth, r, `批量核对，核对金额 ${yuan(r.check_fen)}→${yuan(confirmed)}`, at);
          changed += 1;
        }
      });
      return { total: ids.length, changed };
    },
  });

  route(app, TAG, {
    method: 'POST',
    url: RECEIVABLE_PATHS.updateAnomalyMoney,
    summary:
      '异常金额：设置一条已完成运单的异常金额（分，不小于0）及异常原因（金额大于0时必填）；记入运单操作日志（原值→新值）',
    access: CODES,
    labels: LABELS,
    body: z
      .object({
        waybillId: idField('运单不正确'),
        anomalyFen: fenField('请输入异常金额', 0, '不能为负数'),
        anomalyReason: z.preprocess(
          (v) => (v === undefined || v === null ? '' : typeof v === 'string' ? v.trim() : v),
          z.string({ error: '请填写异常原因' }).max(200, '最多输入200个字符'),
        ),
      })
      .superRefine((b, c) => {
        if (b.anomalyFen > 0 && !b.anomalyReason)
          c.addIssue({ code: 'custom', path: ['anomalyReason'], message: '请填写异常原因' });
      }),
    handler: async ({ auth, body }) => {
      const at = now();
      const reason = body.anomalyReason || null;
      const id = await db.transaction().execute(async (tx) => {
        const r = await changeableRow(tx, auth, body.waybillId);
        if (r.anomaly_fen === body.anomalyFen && r.anomaly_reason === reason) return r.id;
        await tx
          .updateTable('bill_receive')
          .set({
            anomaly_fen: body.anomalyFen,
            anomaly_reason: reason,
            updated_by: auth.userId,
            updated_at: at,
          })
          .where('id', '=', r.id)
          .execute();
        await log(
          tx,
          auth,
          r,
          `异常金额 ${yuan(r.anomaly_fen)}→${yuan(body.anomalyFen)}${reason ? `，原因：${reason}` : ''}`,
          at,
        );
        return r.id;
      });
      return rowOf(db, auth, id);
    },
  });

  route(app, TAG, {
    method: 'POST',
    url: RECEIVABLE_PATHS.adjust,
    summary:
      '对账调整：设置一条已完成运单的对账调整金额（分，可正可负），原因必填；确认应收=总收入+对账调整；每次变更记入调整记录（操作人、时间、原值、新值、原因）和运单操作日志',
    access: CODES,
    labels: LABELS,
    body: z.object({
      waybillId: idField('运单不正确'),
      adjustFen: fenField('请输入调整金额', -MAX_FEN, '金额过小'),
      reason: requiredText(200, '请填写调整原因'),
    }),
    handler: async ({ auth, body }) => {
      const at = now();
      const id = await db.transaction().execute(async (tx) => {
        const r = await changeableRow(tx, auth, body.waybillId);
        if (r.adjust_fen === body.adjustFen) return r.id;
        await tx
          .updateTable('bill_receive')
          .set({
            adjust_fen: body.adjustFen,
            adjust_reason: body.reason,
            updated_by: auth.userId,
            updated_at: at,
          })
          .where('id', '=', r.id)
          .execute();
        await tx
          .insertInto('bill_receive_adjust')
          .values({
            bill_receive_id: r.id,
            merchant_id: auth.merchantId,
            old_fen: r.adjust_fen,
            new_fen: body.adjustFen,
            reason: body.reason,
            user_id: auth.userId,
            user_name: auth.nickname,
            at,
          })
          .execute();
        await log(
          tx,
          auth,
          r,
          `对账调整 ${yuan(r.adjust_fen)}→${yuan(body.adjustFen)}，确认应收 ${yuan(
            confirmedReceivableFen(r.income_fen, r.adjust_fen),
          )}→${yuan(confirmedReceivableFen(r.income_fen, body.adjustFen))}，原因：${body.reason}`,
          at,
        );
        return r.id;
      });
      return rowOf(db, auth, id);
    },
  });

  route(app, TAG, {
    method: 'POST',
    url: RECEIVABLE_PATHS.adjustDetail,
    summary: '调整记录：一条运单的对账调整历史（操作人、时间、原金额、新金额、原因），新的在前',
    access: CODES,
    labels: LABELS,
    body: z.object({ waybillId: idField('运单不正确') }),
    handler: async ({ auth, body }) => {
      const row = await db
        .selectFrom('bill_receive as b')
        .select('b.id')
        .where(inScope(auth.scope, 'b'))
        .where('b.waybill_id', '=', body.waybillId)
        .executeTakeFirst();
      if (!row) throw notFound(WAYBILL_MISSING);
      const list = await db
        .selectFrom('bill_receive_adjust')
        .selectAll()
        .where('bill_receive_id', '=', row.id)
        .orderBy('id', 'desc')
        .execute();
      return list.map((a) => ({
        id: a.id,
        oldFen: Number(a.old_fen),
        newFen: Number(a.new_fen),
        reason: a.reason,
        userId: a.user_id,
        userName: a.user_name ?? '',
        at: formatDateTime(new Date(Number(a.at))),
      }));
    },
  });

  route(app, TAG, {
    method: 'POST',
    url: RECEIVABLE_PATHS.updateCheckName,
    summary:
      '加入对账单：把所选已完成运单归入名为 checkName 的对账单；一条运单只属于一个对账单（已在其他对账单中的运单被拒绝并指明）；一个事务，全部或全不；记入各运单操作日志',
    access: CODES,
    labels: LABELS,
    body: z.object({
      waybillIds: waybillIdsField,
      checkName: requiredText(CHECK_NAME_MAX, '请填写对账单名称'),
    }),
    handler: async ({ auth, body }) => {
      const at = now();
      const ids = [...new Set(body.waybillIds)];
      let changed = 0;
      await db.transaction().execute(async (tx) => {
        for (const waybillId of ids) {
          const r = await changeableRow(tx, auth, waybillId, true);
          if (r.check_name === body.checkName) continue;
          if (r.check_name !== null)
            throw badInput(`运单${r.bill_no}：已在对账单“${r.check_name}”中，一条运单只能加入一个对账单`);
          await tx
            .updateTable('bill_receive')
            .set({ check_name: body.checkName, updated_by: auth.userId, updated_at: at })
            .where('id', '=', r.id)
            .execute();
          await log(tx, auth, r, `加入对账单“${body.checkName}”`, at);
          changed += 1;
        }
      });
      return { total: ids.length, changed, checkName: body.checkName };
    },
  });

  route(app, TAG, {
    method: 'POST',
    url: RECEIVABLE_PATHS.likeCheckName,
    summary: '对账单名称模糊查询：本人可见范围内名称包含 checkName 的对账单（最多20个）及其运单数',
    access: CODES,
    labels: LABELS,
    body: z.object({ checkName: z.preprocess(blank, z.string().max(CHECK_NAME_MAX).optional()) }),
    handler: async ({ auth, body }) => {
      let q = db
        .selectFrom('bill_receive as b')
        .where(inScope(auth.scope, 'b'))
        .where('b.check_name', 'is not', null);
      if (body.checkName) q = q.where('b.check_name', 'like', `%${body.checkName.replace(/[\\%_]/g, '')}%`);
      const rows = await q
        .select((eb) => ['b.check_name', eb.fn.countAll<number>().as('n')])
        .groupBy('b.check_name')
        .orderBy('b.check_name')
        .limit(20)
        .execute();
      return rows.map((r) => ({ checkName: r.check_name as string, waybills: Number(r.n) }));
    },
  });

  route(app, TAG, {
    method: 'POST',
    url: RECEIVABLE_PATHS.queryCheckDetail,
    summary:
      '对账单明细：一个对账单的运单（至多5000条）及合计（运单数、总收入、对账调整、确认应收、核对金额、异常金额，分）',
    access: CODES,
    labels: LABELS,
    body: z.object({ checkName: requiredText(CHECK_NAME_MAX, '请填写对账单名称') }),
    handler: async ({ auth, body }) => {
      const q = filteredRows(db, auth, { checkName: body.checkName } as ReportFilter);
      const [list, totalRow] = await Promise.all([detailRows(q, STATEMENT_MAX, 0), totalsOf(q)]);
      if (totalRow.waybills === 0) throw badInput(`对账单“${body.checkName}”不存在`);
      return { checkName: body.checkName, list, totalRow };
    },
  });
}

type ExportRow = Partial<ReceivableRow> & {
  billNo: string;
  freightFen: number;
  feeIncomeFen: number;
  incomeFen: number;
  adjustFen: number;
  confirmedFen: number;
  anomalyFen: number;
  checkFen: number | null;
  total?: boolean;
};

const tons = (kg: number | null | undefined) =>
  kg === null || kg === undefined ? '' : (kg / 1000).toFixed(3);

const EXPORT_COLUMNS: ExportColumn<ExportRow>[] = [
  { header: '运单号', width: 18, value: (r) => r.billNo },
  { header: '客户', width: 24, value: (r) => r.customerName ?? '' },
  { header: '线路', width: 24, value: (r) => r.lineName ?? '' },
  { header: '完成时间', width: 20, value: (r) => r.completedAt ?? '' },
  { header: '装车净重（吨）', width: 12, value: (r) => tons(r.loadingNetKg) },
  { header: '卸车净重（吨）', width: 12, value: (r) => tons(r.unloadingNetKg) },
  { header: '结算重量（吨）', width: 12, value: (r) => tons(r.settleKg) },
  { header: '运费（元）', width: 12, value: (r) => yuanText(r.freightFen) },
  { header: '收入费用（元）', width: 12, value: (r) => yuanText(r.feeIncomeFen) },
  { header: '总收入（元）', width: 12, value: (r) => yuanText(r.incomeFen) },
  { header: '对账调整（元）', width: 12, value: (r) => yuanText(r.adjustFen) },
  { header: '确认应收（元）', width: 12, value: (r) => yuanText(r.confirmedFen) },
  { header: '核对金额（元）', width: 12, value: (r) => yuanText(r.checkFen) },
  { header: '异常金额（元）', width: 12, value: (r) => yuanText(r.anomalyFen) },
  { header: '异常原因', width: 20, value: (r) => r.anomalyReason ?? '' },
  { header: '对账单', width: 20, value: (r) => r.checkName ?? '' },
  { header: '对账状态', width: 10, value: (r) => r.checkStateName ?? '' },
];
