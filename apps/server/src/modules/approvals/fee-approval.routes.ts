import {
  APPROVE_ACTION,
  APPROVE_STATUS,
  approveActionName,
  approveStatusName,
  FEE_APPROVAL_CODES,
  FEE_APPROVAL_PATHS,
  fenToYuan,
} from '@fleet/domain';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { badInput, notFound } from '../../http/envelope';
import { idField, optionalDateTime, optionalText } from '../../http/form-fields';
import { pageOf, paging, route } from '../../http/route';
import { inScope } from '../../http/scope';
import { pagesByIdDesc } from '../file-tasks/export-pages';
import { registerExport } from '../file-tasks/file-tasks.register';
import { amountFenField } from '../waybills/waybill-fields';
import { lockedWaybill } from '../waybills/waybill-flow';
import {
  logWaybill,
  READ_CODES,
  reachableWaybill,
  WAYBILL_MISSING,
  WRITE_CODES,
} from '../waybills/waybill-repository';
import { feeRows, timeText } from '../waybills/waybill-view';
import {
  actOnRound,
  actOnRounds,
  parseChain,
  ROUND_MISSING,
  type RoundRow,
  reachableRound,
  submitRound,
} from './fee-approval';

// 运单费用审批 pages: the rounds of the caller's teams (filters, 待我审批), a round's detail and its
// tracking timeline, approve or reject one or many, and the office's submit, edit of a rejected
// fee and resubmit.

const TAG = '运单费用审批';
const ACT_CODES = FEE_APPROVAL_CODES;
/** The waybill pages and the approval page submit, edit rejected fees and resubmit. */
const SUBMIT_CODES = [...new Set([...WRITE_CODES, ...FEE_APPROVAL_CODES])];
const TRACK_CODES = [...new Set([...READ_CODES, ...FEE_APPROVAL_CODES])];
export const BATCH_MAX = 1000;

const labels = {
  id: '审批单',
  ids: '审批单',
  billNo: '运单号',
  carNo: '车牌号',
  customerId: '客户',
  status: '审批状态',
  startTime: '开始时间',
  endTime: '结束时间',
  taskCode: '审批编号',
  comment: '审批意见',
  pass: '审批结果',
  waybillId: '运单',
  feeId: '费用',
  amountFen: '金额',
  remark: '备注',
};

const roundFilter = z.object({
  billNo: z.string().trim().max(32, '最多输入32个字符').optional(),
  carNo: z.string().trim().max(16, '最多输入16个字符').optional(),
  customerId: z.coerce
    .number()
    .int()
    .positive()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  status: z.coerce
    .number()
    .refine((n) => [1, 2, 3].includes(n), '审批状态不正确')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  taskCode: z.string().trim().max(64, '最多输入64个字符').optional(),
  startTime: optionalDateTime,
  endTime: optionalDateTime,
  /** 待我审批: rounds under way whose current node the caller approves. */
  mine: z.coerce.boolean().optional(),
});
type RoundFilter = z.output<typeof roundFilter>;

const commentField = optionalText(200);
const passField = z.preprocess(
  (v) =>
    v === 'true' || v === 1 || v === '1'
      ? true
      : v === 'false' || v === 0 || v === '0' || v === 2
        ? false
        : v,
  z.boolean({ error: '请选择审批结果' }),
);

function roundsQuery(db: Kysely<Database>, auth: AuthContext, f: RoundFilter) {
  let q = db
    .selectFrom('approve_business as b')
    .innerJoin('waybill as w', 'w.id', 'b.waybill_id')
    .leftJoin('truck as t', 't.id', 'w.truck_id')
    .where(inScope(auth.scope, 'b'));
  if (f.billNo) q = q.where('w.bill_no', 'like', `%${f.billNo.replace(/[%_]/g, '')}%`);
  if (f.carNo) q = q.where('t.car_no', 'like', `%${f.carNo.replace(/[%_]/g, '')}%`);
  if (f.customerId) q = q.where('w.customer_id', '=', f.customerId);
  if (f.status) q = q.where('b.status', '=', f.status);
  if (f.taskCode) q = q.where('b.task_code', '=', f.taskCode);
  if (f.mine)
    q = q
      .where('b.status', '=', APPROVE_STATUS.pending)
      .where('b.current_approvers', 'like', `%,${auth.userId},%`);
  if (f.startTime != null || f.endTime != null) {
    // a step of the round (submitted, approved at a node, rejected) in the range
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('approve_track as k')
          .select('k.id')
          .whereRef('k.business_id', '=', 'b.id')
          .$if(f.startTime != null, (s) => s.where('k.at', '>=', f.startTime as number))
          .$if(f.endTime != null, (s) => s.where('k.at', '<=', f.endTime as number)),
      ),
    );
  }
  return q;
}

function selectRounds(q: ReturnType<typeof roundsQuery>) {
  return q
    .leftJoin('customer as c', 'c.id', 'w.customer_id')
    .leftJoin('line as l', 'l.id', 'w.line_id')
    .leftJoin('app_user as u', 'u.id', 'b.submitted_by')
    .leftJoin('team as tm', (j) =>
      j.onRef('tm.team_code', '=', 'b.team_code').onRef('tm.merchant_id', '=', 'b.merchant_id'),
    )
    .selectAll('b')
    .select([
      'w.bill_no',
      'w.status as waybill_status',
      'w.freight_fen',
      't.car_no',
      'c.customer_name',
      'l.name as line_name',
      'u.nickname as submitter',
      'tm.team_name',
      (eb) =>
        eb
          .selectFrom('approve_business_fee as bf')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('bf.business_id', '=', 'b.id')
          .as('fee_count'),
      (eb) =>
        eb
          .selectFrom('approve_business as b2')
          .select((e) => e.fn.max('b2.id').as('m'))
          .whereRef('b2.waybill_id', '=', 'b.waybill_id')
          .as('latest_id'),
    ]);
}
type ListedRound = Awaited<ReturnType<ReturnType<typeof selectRounds>['execute']>>[number];

/** A round as the lists answer it; one row's odd data never fails the list. */
function roundView(r: ListedRound, userId: number) {
  const chain = parseChain(r.chain);
  const node = chain.find((n) => n.seq === r.current_seq);
  const pending = r.status === APPROVE_STATUS.pending;
  const amountFen = Number(r.amount_fen) || 0;
  return {
    id: r.id,
    taskCode: r.task_code,
    waybillId: r.waybill_id,
    billNo: r.bill_no,
    carNo: r.car_no ?? '',
    customerName: r.customer_name ?? '',
    lineName: r.line_name ?? '',
    teamCode: r.team_code,
    teamName: r.team_name ?? '',
    amountFen,
    amountYuan: fenToYuan(amountFen),
    feeCount: Number(r.fee_count ?? 0),
    status: r.status,
    statusName: approveStatusName(r.status),
    currentSeq: r.current_seq,
    nodeCount: chain.length,
    currentNodeName: pending ? (node?.nodeName ?? '') : '',
    currentApprovers: pending ? (node?.users.map((u) => u.name).join('、') ?? '') : '',
    submittedBy: r.submitted_by,
    submitterName: r.submitted_by === null ? '系统' : (r.submitter ?? ''),
    submitTime: timeText(r.submitted_at),
    finishTime: timeText(r.finished_at),
    mayApprove: pending && r.current_approvers.includes(`,${userId},`),
    mayResubmit:
      r.status === APPROVE_STATUS.rejected &&
      Number(r.latest_id) === r.id &&
      (r.submitted_by === null || r.submitted_by === userId),
  };
}

async function roundPage(
  db: Kysely<Database>,
  auth: AuthContext,
  f: RoundFilter & { pageNum: number; pageSize: number },
) {
  const { rows, total } = await pageOf(
    roundsQuery(db, auth, f),
    (q) => selectRounds(q).orderBy('b.id', 'desc'),
    f,
  );
  return { list: rows.map((r) => roundView(r, auth.userId)), total };
}

/** The steps of rounds, oldest first, each with its round's task code. */
async function trackSteps(db: Kysely<Database>, rounds: readonly RoundRow[]) {
  if (rounds.length === 0) return [];
  const code = new Map(rounds.map((r) => [r.id, r.task_code]));
  const rows = await db
    .selectFrom('approve_track')
    .selectAll()
    .where(
      'business_id',
      'in',
      rounds.map((r) => r.id),
    )
    .orderBy('at')
    .orderBy('id')
    .execute();
  return rows.map((k) => ({
    id: k.id,
    businessId: k.business_id,
    taskCode: code.get(k.business_id) ?? '',
    seq: k.seq,
    nodeName: k.node_name,
    action: k.action,
    actionName: approveActionName(k.action),
    userId: k.user_id,
    userName: k.user_name,
    comment: k.comment ?? '',
    time: timeText(k.at),
  }));
}

/** The node a round waits at, with its approvers; null once finished. */
function waitingOf(r: RoundRow) {
  if (r.status !== APPROVE_STATUS.pending) return null;
  const node = parseChain(r.chain).find((n) => n.seq === r.current_seq);
  return node
    ? {
        businessId: r.id,
        taskCode: r.task_code,
        seq: node.seq,
        nodeName: node.nodeName,
        approvers: node.users.map((u) => u.name),
      }
    : null;
}

async function oneRound(db: Kysely<Database>, auth: AuthContext, id: number) {
  return reachableRound(db, auth, id);
}

export function registerFeeApprovalRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const now = () => ctx.config.now();
  const P = FEE_APPROVAL_PATHS;

  route(app, TAG, {
    method: 'POST',
    url: P.page,
    summary:
      '运单费用审批列表（每轮审批一行，新的在前）：运单号、车牌号、客户、审批状态（1审批中 2已通过 3已驳回）、时间范围（该轮有审批步骤的时间）、审批编号 taskCode、mine 待我审批；金额为分',
    access: ACT_CODES,
    list: true,
    labels,
    body: roundFilter.extend(paging),
    handler: async ({ auth, body }) => roundPage(db, auth, body),
  });

  route(app, TAG, {
    method: 'POST',
    url: P.approvalPage,
    summary: '待我审批：审批中且当前节点的审批人包括我的（其余筛选同列表）',
    access: ACT_CODES,
    list: true,
    labels,
    body: roundFilter.extend(paging),
    handler: async ({ auth, body }) => roundPage(db, auth, { ...body, mine: true }),
  });

  registerExport(app, TAG, {
    url: P.export,
    method: 'POST',
    summary: '导出运单费用审批列表（与列表相同的筛选），金额为元',
    access: ACT_CODES,
    input: roundFilter as unknown as z.ZodType<RoundFilter>,
    title: '运单费用审批',
    count: async (d, auth, f) => {
      const row = await roundsQuery(d, auth, f)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    rows: (d, auth, f, pageSize) =>
      (async function* () {
        for await (const rows of pagesByIdDesc(pageSize, (before) =>
          selectRounds(
            before === undefined
              ? roundsQuery(d, auth, f)
              : roundsQuery(d, auth, f).where('b.id', '<', before),
          )
            .orderBy('b.id', 'desc')
            .limit(pageSize)
            .execute(),
        ))
          yield rows.map((r) => roundView(r, auth.userId));
      })(),
    columns: [
      { header: '审批编号', width: 22, value: (r) => r.taskCode },
      { header: '运单号', width: 18, value: (r) => r.billNo },
      { header: '车牌号', width: 12, value: (r) => r.carNo },
      { header: '客户', width: 20, value: (r) => r.customerName },
      { header: '线路', width: 20, value: (r) => r.lineName },
      { header: '费用项数', width: 10, value: (r) => r.feeCount },
      { header: '金额（元）', width: 14, value: (r) => r.amountYuan },
      { header: '审批状态', width: 10, value: (r) => r.statusName },
      { header: '当前节点', width: 14, value: (r) => r.currentNodeName },
      { header: '当前审批人', width: 20, value: (r) => r.currentApprovers },
      { header: '提交人', width: 12, value: (r) => r.submitterName },
      { header: '提交时间', width: 20, value: (r) => r.submitTime },
      { header: '完成时间', width: 20, value: (r) => r.finishTime },
    ],
  });

  route(app, TAG, {
    method: 'POST',
    url: P.info,
    summary: '审批详情：该轮审批、运单、费用（分）、流程节点（提交时的快照）及状态、审批轨迹',
    access: ACT_CODES,
    labels,
    body: z.object({ id: idField(ROUND_MISSING).optional(), taskCode: z.string().trim().max(64).optional() }),
    handler: async ({ auth, body }) => {
      let id = body.id;
      if (id === undefined && body.taskCode) {
        const found = await db
          .selectFrom('approve_business as b')
          .select('b.id')
          .where(inScope(auth.scope, 'b'))
          .where('b.task_code', '=', body.taskCode)
          .executeTakeFirst();
        id = found?.id;
      }
      if (id === undefined) throw notFound(ROUND_MISSING);
      const round = await oneRound(db, auth, id);
      const [listed] = await selectRounds(
        roundsQuery(db, auth, {} as RoundFilter).where('b.id', '=', round.id),
      ).execute();
      if (!listed) throw notFound(ROUND_MISSING);
      const feeIds = new Set(
        (
          await db
            .selectFrom('approve_business_fee')
            .select('fee_id')
            .where('business_id', '=', round.id)
            .execute()
        ).map((r) => r.fee_id),
      );
      const fees = (await feeRows(db, round.waybill_id)).filter((f) => feeIds.has(f.id));
      const steps = await trackSteps(db, [round]);
      const chain = parseChain(round.chain).map((n) => {
        const step = [...steps].reverse().find((s) => s.seq === n.seq && s.action !== APPROVE_ACTION.submit);
        const state =
          step?.action === APPROVE_ACTION.approve
            ? '已通过'
            : step?.action === APPROVE_ACTION.reject
              ? '已驳回'
              : round.status === APPROVE_STATUS.pending && n.seq === round.current_seq
                ? '审批中'
                : '未开始';
        return { seq: n.seq, nodeName: n.nodeName, approvers: n.users.map((u) => u.name), state };
      });
      return {
        ...roundView(listed, auth.userId),
        freightFen: Number(listed.freight_fen ?? 0),
        fees,
        chain,
        steps,
        waiting: waitingOf(round),
      };
    },
  });

  route(app, TAG, {
    method: 'POST',
    url: P.tracking,
    summary:
      '审批轨迹：taskCode 为该轮的，waybillId 为该运单各轮的；每一步：节点、动作（1提交 2通过 3驳回 4重新提交）、人、时间、意见；waiting 为当前等待的节点及审批人',
    access: TRACK_CODES,
    labels,
    body: z
      .object({ taskCode: z.string().trim().max(64).optional(), waybillId: idField('运单不正确').optional() })
      .refine((b) => Boolean(b.taskCode) || b.waybillId !== undefined, '请提供审批编号或运单'),
    handler: async ({ auth, body }) => {
      let q = db.selectFrom('approve_business as b').selectAll('b').where(inScope(auth.scope, 'b'));
      if (body.taskCode) q = q.where('b.task_code', '=', body.taskCode);
      else {
        await reachableWaybill(db, auth, body.waybillId as number);
        q = q.where('b.waybill_id', '=', body.waybillId as number);
      }
      const rounds = (await q.orderBy('b.id').execute()).map((r) => ({
        ...r,
        amount_fen: Number(r.amount_fen),
      }));
      if (body.taskCode && rounds.length === 0) throw notFound(ROUND_MISSING);
      const last = rounds[rounds.length - 1];
      return {
        list: await trackSteps(db, rounds),
        waiting: last ? waitingOf(last) : null,
        status: last?.status ?? null,
        statusName: last ? approveStatusName(last.status) : '',
      };
    },
  });

  const live = (log: FastifyBaseLogger) => ({ bus: ctx.bus, log });

  route(app, TAG, {
    method: 'POST',
    url: P.approval,
    summary:
      '审批：当前节点的审批人通过（pass true）或驳回（pass false，须填写意见）；最后一个节点通过后费用为已审核，驳回后为已驳回；通过后提醒下一节点的审批人（8001）',
    access: ACT_CODES,
    labels,
    body: z.object({ id: idField(ROUND_MISSING), pass: passField, comment: commentField }),
    handler: async ({ auth, body, req }) => {
      const { result, publish } = await actOnRound(
        db,
        live(req.log),
        auth,
        body.id,
        body.pass,
        body.comment,
        now(),
      );
      publish();
      return result;
    },
  });

  route(app, TAG, {
    method: 'POST',
    url: P.batchApproval,
    summary: `批量审批（最多${BATCH_MAX}条）：每条单独处理（各自一个事务），逐条返回结果：approved 通过、rejected 驳回、refused 未处理及原因`,
    access: ACT_CODES,
    labels,
    body: z.object({
      ids: z
        .array(idField(ROUND_MISSING))
        .min(1, '请选择要审批的数据')
        .max(BATCH_MAX, `一次最多审批${BATCH_MAX}条`),
      pass: passField,
      comment: commentField,
    }),
    handler: async ({ auth, body, req }) => {
      const ids = [...new Set(body.ids)];
      const list = await actOnRounds(db, live(req.log), auth, ids, body.pass, body.comment, now);
      const done = list.filter((r) => r.result !== 'refused').length;
      return { total: list.length, succeeded: done, refused: list.length - done, list };
    },
  });

  route(app, TAG, {
    method: 'POST',
    url: P.submit,
    summary:
      '提交费用审批：运单的待审核、已驳回费用按当前审批流程进入一轮新的审批（未配置审批流程时不能提交），提醒第一个节点的审批人（8001）',
    access: SUBMIT_CODES,
    labels,
    body: z.object({ waybillId: idField('运单不正确') }),
    handler: async ({ auth, body, req }) => {
      const w = await reachableWaybill(db, auth, body.waybillId);
      const at = now();
      const done = await db
        .transaction()
        .execute((tx) =>
          submitRound(
            tx,
            live(req.log),
            auth.merchantId,
            w.id,
            { userId: auth.userId, name: auth.nickname, auth },
            at,
          ),
        );
      done.publish();
      return { id: done.id, taskCode: done.taskCode };
    },
  });

  route(app, TAG, {
    method: 'POST',
    url: P.resubmit,
    summary:
      '重新提交：被驳回的一轮（须为该运单最近的一轮）由提交人修改费用后重新提交，费用回到待审核，按当前审批流程开始新的一轮',
    access: SUBMIT_CODES,
    labels,
    body: z.object({ id: idField(ROUND_MISSING) }),
    handler: async ({ auth, body, req }) => {
      const round = await reachableRound(db, auth, body.id);
      if (round.status !== APPROVE_STATUS.rejected) throw badInput('只有已驳回的审批才能重新提交');
      if (round.submitted_by !== null && round.submitted_by !== auth.userId)
        throw badInput('只有提交人才能重新提交');
      const at = now();
      const done = await db.transaction().execute(async (tx) => {
        const later = await tx
          .selectFrom('approve_business')
          .select('id')
          .where('waybill_id', '=', round.waybill_id)
          .where('id', '>', round.id)
          .executeTakeFirst();
        if (later) throw badInput('该运单的费用已重新提交，不能重复提交');
        return submitRound(
          tx,
          live(req.log),
          round.merchant_id,
          round.waybill_id,
          { userId: auth.userId, name: auth.nickname, auth },
          at,
          round,
        );
      });
      done.publish();
      return { id: done.id, taskCode: done.taskCode };
    },
  });

  route(app, TAG, {
    method: 'POST',
    url: P.feeEdit,
    summary:
      '修改费用：已驳回的费用（或尚未提交审批的待审核费用）修改金额（分）和备注，由提交人修改；记入操作日志（原金额→新金额）',
    access: SUBMIT_CODES,
    labels,
    body: z.object({
      feeId: idField('费用不正确'),
      amountFen: amountFenField('请输入金额'),
      remark: optionalText(200),
    }),
    handler: async ({ auth, body }) => {
      const fee = await db
        .selectFrom('waybill_fee as f')
        .leftJoin('fee_type as t', 't.id', 'f.fee_type_id')
        .select(['f.id', 'f.waybill_id', 'f.amount_fen', 'f.remark', 'f.state', 't.fee_name'])
        .where(inScope(auth.scope, 'f'))
        .where('f.id', '=', body.feeId)
        .executeTakeFirst();
      if (!fee) throw notFound('费用不存在或无权操作');
      const at = now();
      await db.transaction().execute(async (tx) => {
        const w = await lockedWaybill(tx, auth.merchantId, fee.waybill_id);
        if (!w) throw badInput(WAYBILL_MISSING);
        const current = await tx
          .selectFrom('waybill_fee')
          .select(['state', 'amount_fen', 'remark'])
          .where('id', '=', fee.id)
          .executeTakeFirstOrThrow();
        const inRound = await tx
          .selectFrom('approve_business_fee as bf')
          .innerJoin('approve_business as b', 'b.id', 'bf.business_id')
          .select(['b.status', 'b.submitted_by'])
          .where('bf.fee_id', '=', fee.id)
          .orderBy('b.id', 'desc')
          .executeTakeFirst();
        if (current.state === 2 || current.state === 4) throw badInput('费用已审核，不能修改');
        if (inRound?.status === APPROVE_STATUS.pending) throw badInput('费用审批中，不能修改');
        if (inRound && inRound.submitted_by !== null && inRound.submitted_by !== auth.userId)
          throw badInput('只有提交人才能修改被驳回的费用');
        const oldFen = Number(current.amount_fen);
        await tx
          .updateTable('waybill_fee')
          .set({ amount_fen: body.amountFen, remark: body.remark ?? null, updated_at: at })
          .where('id', '=', fee.id)
          .execute();
        const changes: string[] = [];
        if (oldFen !== body.amountFen)
          changes.push(`金额：${fenToYuan(oldFen)}元→${fenToYuan(body.amountFen)}元`);
        if ((current.remark ?? '') !== (body.remark ?? ''))
          changes.push(`备注：${current.remark ?? ''}→${body.remark ?? ''}`);
        if (changes.length > 0)
          await logWaybill(tx, auth, w, `修改费用（${fee.fee_name ?? ''}）：${changes.join('，')}`, at);
      });
      return { id: fee.id };
    },
  });
}
