import {
  APPROVE_ACTION,
  APPROVE_BUSINESS_TYPE,
  APPROVE_STATUS,
  type ApproveChainNode,
  fenToYuan,
  OPERATE_LOG_PAGES,
  REJECT_NEEDS_COMMENT,
} from '@fleet/domain';
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { AppError, badInput, notFound, SYSTEM_FAULT_MESSAGE } from '../../http/envelope';
import { inScope } from '../../http/scope';
import type { EventBus } from '../../realtime/bus';
import { lockedWaybill } from '../waybills/waybill-flow';
import { logWaybill, WAYBILL_MISSING } from '../waybills/waybill-repository';
import { type NodeReached, remindApprovers } from './approval-reminder';
import { chainOf } from './approve-settings.routes';

// 运单费用审批: a round (approve_business) takes the waybill's fees awaiting approval (state 1) or
// rejected (state 3) through the chain as it was at submission. Any one approver of the current
// node approves or rejects; the last approval sets the fees 已审核 (2), a rejection 已驳回 (3).
// Every change is one transaction, guarded by the round's status, node and version: a repeated or
// concurrent action changes nothing a second time.

export const ROUND_MISSING = '审批单不存在或无权操作';
export const NO_CHAIN = '未配置审批流程，请先到审批设置中配置审批节点和审批人';
export const ROUND_FINISHED = '该审批已结束，不能重复操作';
export const NOT_APPROVER = '您不是当前审批节点的审批人，不能审批';
export const ACTED_ALREADY = '您已审批过该节点，不能重复审批';
export const ROUND_PENDING = '该运单已有审批中的费用，请等待审批完成';
export const NO_FEES = '该运单没有待审核或已驳回的费用';

const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

export type Live = { bus: EventBus; log: FastifyBaseLogger };
type Db = Kysely<Database>;

export interface RoundRow {
  id: number;
  merchant_id: number;
  team_code: string;
  waybill_id: number;
  task_code: string;
  chain: string;
  current_seq: number;
  current_approvers: string;
  status: number;
  amount_fen: number;
  submitted_by: number | null;
  submitted_at: number;
  finished_at: number | null;
  version: number;
}

/** A node's approvers as stored for the 待我审批 filter: ',3,5,'. */
export function approverList(node: ApproveChainNode): string {
  return `,${node.users.map((u) => u.userId).join(',')},`;
}

export function parseChain(text: string): ApproveChainNode[] {
  try {
    const value = JSON.parse(text) as ApproveChainNode[];
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

/** A round the caller reaches (merchant, team subtree), or 404. */
export async function reachableRound(db: Db, auth: AuthContext, id: number): Promise<RoundRow> {
  const row = await db
    .selectFrom('approve_business as b')
    .selectAll('b')
    .where(inScope(auth.scope, 'b'))
    .where('b.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(ROUND_MISSING);
  return { ...row, amount_fen: Number(row.amount_fen) };
}

/** The waybill facts a reminder and a log entry name. */
async function waybillFacts(db: Db, waybillId: number) {
  return db
    .selectFrom('waybill as w')
    .leftJoin('truck as t', 't.id', 'w.truck_id')
    .leftJoin('driver as d', 'd.id', 'w.driver_id')
    .select(['w.bill_no', 'w.truck_id', 't.car_no', 't.vin', 'd.name as driver_name'])
    .where('w.id', '=', waybillId)
    .executeTakeFirstOrThrow();
}

function reachedOf(
  round: { merchant_id: number; task_code: string; amount_fen: number },
  w: Awaited<ReturnType<typeof waybillFacts>>,
  node: ApproveChainNode,
  at: number,
): NodeReached {
  return {
    merchantId: round.merchant_id,
    taskCode: round.task_code,
    billNo: w.bill_no,
    carNo: w.car_no ?? '',
    vin: w.vin ?? '',
    truckId: w.truck_id,
    driverName: w.driver_name ?? '',
    nodeName: node.nodeName,
    amountFen: round.amount_fen,
    approverIds: node.users.map((u) => u.userId),
    at,
  };
}

/** Who submits: an office user, or the system when a completed waybill is submitted by itself. */
export interface Submitter {
  userId: number | null;
  name: string;
  auth: AuthContext | null;
}

/**
 * Submits the waybill's fees awaiting approval (state 1, not in a round under way) and rejected
 * ones (state 3) as a new round, inside `tx`; the waybill is locked. `previous` is the rejected
 * round resubmitted (its step reads 重新提交). Refused in Chinese when the merchant has no chain, a
 * node has no approver, a round is under way or there is no fee. Returns the reminder's publisher.
 */
export async function submitRound(
  tx: Db,
  live: Live,
  merchantId: number,
  waybillId: number,
  by: Submitter,
  at: number,
  previous?: RoundRow,
): Promise<{ id: number; taskCode: string; publish: () => void }> {
  const w = await lockedWaybill(tx, merchantId, waybillId);
  if (!w) throw badInput(WAYBILL_MISSING);
  if (w.cancelled === 1) throw badInput('运单已取消，不能提交费用审批');
  const chain = (await chainOf(tx, merchantId)).map((n) => ({
    seq: n.seq,
    nodeName: n.nodeName,
    users: n.users.filter((u) => u.enabled).map((u) => ({ userId: u.userId, name: u.name })),
  }));
  if (chain.length === 0) throw badInput(NO_CHAIN);
  const empty = chain.find((n) => n.users.length === 0);
  if (empty) throw badInput(`审批节点「${empty.nodeName}」没有可用的审批人，请先到审批设置中添加审批人`);
  const pending = await tx
    .selectFrom('approve_business')
    .select('id')
    .where('waybill_id', '=', w.id)
    .where('status', '=', APPROVE_STATUS.pending)
    .executeTakeFirst();
  if (pending) throw badInput(ROUND_PENDING);
  const fees = await tx
    .selectFrom('waybill_fee as f')
    .leftJoin('fee_type as t', 't.id', 'f.fee_type_id')
    .select(['f.id', 'f.amount_fen', 'f.state', 't.fee_name'])
    .where('f.waybill_id', '=', w.id)
    .where('f.state', 'in', [1, 3])
    .orderBy('f.id')
    .execute();
  if (fees.length === 0) throw badInput(NO_FEES);
  const amount = fees.reduce((sum, f) => sum + Number(f.amount_fen), 0);
  const rounds = await tx
    .selectFrom('approve_business')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('waybill_id', '=', w.id)
    .executeTakeFirstOrThrow();
  const taskCode = `${w.bill_no}-${Number(rounds.n) + 1}`;
  const first = chain[0] as ApproveChainNode;
  const row = await tx
    .insertInto('approve_business')
    .values({
      merchant_id: w.merchant_id,
      team_code: w.team_code,
      business_type: APPROVE_BUSINESS_TYPE.waybillFee,
      waybill_id: w.id,
      task_code: taskCode,
      chain: JSON.stringify(chain),
      current_seq: first.seq,
      current_approvers: approverList(first),
      status: APPROVE_STATUS.pending,
      amount_fen: amount,
      submitted_by: by.userId,
      submitted_at: at,
      finished_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await tx
    .insertInto('approve_business_fee')
    .values(fees.map((f) => ({ business_id: row.id, fee_id: f.id })))
    .execute();
  const rejected = fees.filter((f) => f.state === 3).map((f) => f.id);
  if (rejected.length > 0)
    await tx
      .updateTable('waybill_fee')
      .set({ state: 1, updated_at: at })
      .where('id', 'in', rejected)
      .execute();
  const again = previous !== undefined;
  await tx
    .insertInto('approve_track')
    .values({
      business_id: row.id,
      seq: 0,
      node_name: again ? '重新提交' : '提交',
      action: again ? APPROVE_ACTION.resubmit : APPROVE_ACTION.submit,
      user_id: by.userId,
      user_name: by.name,
      comment: previous ? `上一轮：${previous.task_code}` : null,
      at,
    })
    .execute();
  const list = fees.map((f) => `${f.fee_name ?? ''} ${fenToYuan(Number(f.amount_fen))}元`).join('，');
  const words = `${again ? '重新提交' : '提交'}费用审批${taskCode}：${list}，合计${fenToYuan(amount)}元${
    rejected.length > 0 ? `（${rejected.length}项由已驳回改为待审核）` : ''
  }`;
  if (by.auth) await logWaybill(tx, by.auth, w, words, at);
  else
    await tx
      .insertInto('operate_log')
      .values({
        merchant_id: w.merchant_id,
        team_code: w.team_code,
        page_enum: 6,
        data_id: String(w.id),
        user_id: null,
        account_name: by.name,
        content: words,
        created_at: at,
      })
      .execute();
  const facts = await waybillFacts(tx, w.id);
  const publish = await remindApprovers(tx, live, [
    reachedOf({ merchant_id: w.merchant_id, task_code: taskCode, amount_fen: amount }, facts, first, at),
  ]);
  return { id: row.id, taskCode, publish };
}

/**
 * A completed waybill's fees awaiting approval go into a round by themselves when the merchant has
 * a chain (and the waybill has such fees and no round under way); nothing otherwise. In `tx`.
 */
export async function autoSubmitFees(
  tx: Db,
  live: Live,
  merchantId: number,
  waybillId: number,
  by: Submitter,
  at: number,
): Promise<() => void> {
  const node = await tx
    .selectFrom('approve_node')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('business_type', '=', APPROVE_BUSINESS_TYPE.waybillFee)
    .executeTakeFirst();
  if (!node) return () => undefined;
  const waiting = await tx
    .selectFrom('waybill_fee')
    .select('id')
    .where('waybill_id', '=', waybillId)
    .where('state', '=', 1)
    .executeTakeFirst();
  if (!waiting) return () => undefined;
  try {
    return (await submitRound(tx, live, merchantId, waybillId, by, at)).publish;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // a chain without approvers, or a round under way: the office submits by hand later
    live.log.warn({ err: error, waybillId }, 'fees of a completed waybill not submitted for approval');
    return () => undefined;
  }
}

export type ActResult =
  | {
      id: number;
      taskCode: string;
      billNo: string;
      result: 'approved' | 'rejected';
      finished: boolean;
      message: string;
    }
  | { id: number; taskCode: string; billNo: string; result: 'refused'; message: string };

/** Why the caller may not act on `round` now, or null. */
export async function refusalOf(db: Db, round: RoundRow, userId: number): Promise<string | null> {
  if (round.status !== APPROVE_STATUS.pending) return ROUND_FINISHED;
  const node = parseChain(round.chain).find((n) => n.seq === round.current_seq);
  if (node?.users.some((u) => u.userId === userId)) return null;
  const acted = await db
    .selectFrom('approve_track')
    .select('id')
    .where('business_id', '=', round.id)
    .where('user_id', '=', userId)
    .where('action', 'in', [APPROVE_ACTION.approve, APPROVE_ACTION.reject])
    .executeTakeFirst();
  return acted ? ACTED_ALREADY : NOT_APPROVER;
}

/** What an action's log entry and reminder name of a round's waybill, read once for a batch. */
export interface RoundFacts extends RoundRow {
  bill_no: string;
  waybill_team: string;
  truck_id: number | null;
  car_no: string | null;
  vin: string | null;
  driver_name: string | null;
}

/** The facts of the rounds the caller reaches, by round id. */
export async function roundFacts(
  db: Db,
  auth: AuthContext,
  ids: readonly number[],
): Promise<Map<number, RoundFacts>> {
  const out = new Map<number, RoundFacts>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('approve_business as b')
      .innerJoin('waybill as w', 'w.id', 'b.waybill_id')
      .leftJoin('truck as t', 't.id', 'w.truck_id')
      .leftJoin('driver as d', 'd.id', 'w.driver_id')
      .selectAll('b')
      .select([
        'w.bill_no',
        'w.team_code as waybill_team',
        'w.truck_id',
        't.car_no',
        't.vin',
        'd.name as driver_name',
      ])
      .where(inScope(auth.scope, 'b'))
      .where('b.id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const r of rows) out.set(r.id, { ...r, amount_fen: Number(r.amount_fen) });
  }
  return out;
}

/**
 * The caller approves (`pass`) or rejects the round of `f` at its current node, inside `tx`: the
 * round is read again there, must be under way and the caller an approver of its current node; the
 * change is guarded by the round's status, node and version, so a repeated or concurrent action
 * changes nothing twice. Returns the result and, when the round moves on, the node it reached.
 */
async function actInTx(
  tx: Db,
  auth: AuthContext,
  f: RoundFacts,
  pass: boolean,
  comment: string | null,
  at: number,
  /** PostgreSQL batches: the rounds the group's one statement changed (see applyGroupPostgres). */
  group?: ReadonlySet<number>,
): Promise<{ result: ActResult; reached: NodeReached | null }> {
  // the round as read before (a snapshot chain never changes); the update below only applies while
  // it is still at that node and version, and is the item's first write: a refused item writes nothing
  const round: RoundRow = f;
  const chain = parseChain(round.chain);
  const index = chain.findIndex((n) => n.seq === round.current_seq);
  const node = chain[index];
  const mayAct =
    round.status === APPROVE_STATUS.pending && node?.users.some((u) => u.userId === auth.userId) === true;
  const next = pass ? chain[index + 1] : undefined;
  const status = !pass ? APPROVE_STATUS.rejected : next ? APPROVE_STATUS.pending : APPROVE_STATUS.approved;
  const done = status !== APPROVE_STATUS.pending;
  const feeWords = !done ? '' : pass ? '，费用由待审核改为已审核' : '，费用由待审核改为已驳回';
  const logText = `费用${pass ? '审批通过' : '审批驳回'}${round.task_code}（${node?.nodeName ?? ''}），合计${fenToYuan(
    round.amount_fen,
  )}元${feeWords}${comment ? `：${comment}` : ''}`;
  const change = {
    status,
    current_seq: next ? next.seq : round.current_seq,
    current_approvers: next ? approverList(next) : '',
    finished_at: done ? at : null,
    version: round.version + 1,
  };
  let applied = false;
  if (group) applied = mayAct && group.has(round.id);
  else if (mayAct && node && isPostgres(tx)) {
    // one statement: the guarded change of the round and, only when it applied, its step, its fees
    // and the log entry (data-modifying CTEs see the round's update through `u`)
    const row = await sql<{ n: number | string }>`
      with u as (
        update approve_business set status = ${change.status}, current_seq = ${change.current_seq},
          current_approvers = ${change.current_approvers}, finished_at = ${change.finished_at},
          version = ${change.version}
        where id = ${round.id} and status = ${APPROVE_STATUS.pending}
          and current_seq = ${round.current_seq} and version = ${round.version}
        returning id
      ), k as (
        insert into approve_track (business_id, seq, node_name, action, user_id, user_name, comment, at)
        select u.id, ${node.seq}::integer, ${node.nodeName}::text,
          ${pass ? APPROVE_ACTION.approve : APPROVE_ACTION.reject}::integer, ${auth.userId}::integer,
          ${auth.nickname}::text, ${comment}::text, ${at}::bigint from u
      ), f as (
        update waybill_fee set state = ${pass ? 2 : 3}, updated_at = ${at}
        where ${done}::boolean and state = 1
          and id in (select fee_id from approve_business_fee where business_id in (select id from u))
      ), l as (
        insert into operate_log (merchant_id, team_code, page_enum, data_id, user_id, account_name, content, created_at)
        select ${auth.merchantId}::integer, ${f.waybill_team}::text, ${OPERATE_LOG_PAGES.waybill}::integer,
          ${String(f.waybill_id)}::text, ${auth.userId}::integer, ${auth.nickname}::text,
          ${logText.slice(0, 2000)}::text, ${at}::bigint from u
      )
      select count(*) as n from u`.execute(tx);
    applied = Number(row.rows[0]?.n ?? 0) === 1;
  } else if (mayAct && node) {
    const changed = await tx
      .updateTable('approve_business')
      .set(change)
      .where('id', '=', round.id)
      .where('status', '=', APPROVE_STATUS.pending)
      .where('current_seq', '=', round.current_seq)
      .where('version', '=', round.version)
      .executeTakeFirst();
    applied = Number(changed.numUpdatedRows) === 1;
    if (applied) {
      await tx
        .insertInto('approve_track')
        .values({
          business_id: round.id,
          seq: node.seq,
          node_name: node.nodeName,
          action: pass ? APPROVE_ACTION.approve : APPROVE_ACTION.reject,
          user_id: auth.userId,
          user_name: auth.nickname,
          comment,
          at,
        })
        .execute();
      if (done) {
        const feeIds = tx
          .selectFrom('approve_business_fee')
          .select('fee_id')
          .where('business_id', '=', round.id);
        await tx
          .updateTable('waybill_fee')
          .set({ state: pass ? 2 : 3, updated_at: at })
          .where('id', 'in', feeIds)
          .where('state', '=', 1)
          .execute();
      }
      await logWaybill(tx, auth, { id: f.waybill_id, team_code: f.waybill_team }, logText, at);
    }
  }
  if (!node || !applied) {
    // why not: the round as it is now
    const now = await tx.selectFrom('approve_business').selectAll().where('id', '=', f.id).executeTakeFirst();
    if (!now) throw notFound(ROUND_MISSING);
    throw badInput(
      (await refusalOf(tx, { ...now, amount_fen: Number(now.amount_fen) }, auth.userId)) ??
        '该审批已被他人处理，请刷新后重试',
    );
  }
  const message = !pass ? '已驳回' : next ? `已通过，待${next.nodeName}审批` : '已通过，审批完成';
  return {
    result: {
      id: round.id,
      taskCode: round.task_code,
      billNo: f.bill_no,
      result: pass ? 'approved' : 'rejected',
      finished: done,
      message,
    },
    reached: next
      ? reachedOf(
          round,
          {
            bill_no: f.bill_no,
            truck_id: f.truck_id as number,
            car_no: f.car_no,
            vin: f.vin,
            driver_name: f.driver_name,
          },
          next,
          at,
        )
      : null,
  };
}

/** What acting on round `f` changes, when the caller may act on it now (as read before). */
function planOf(f: RoundRow, userId: number, pass: boolean) {
  const chain = parseChain(f.chain);
  const index = chain.findIndex((n) => n.seq === f.current_seq);
  const node = chain[index];
  if (f.status !== APPROVE_STATUS.pending || !node?.users.some((u) => u.userId === userId)) return null;
  const next = pass ? chain[index + 1] : undefined;
  const status = !pass ? APPROVE_STATUS.rejected : next ? APPROVE_STATUS.pending : APPROVE_STATUS.approved;
  return { node, next, status, done: status !== APPROVE_STATUS.pending };
}

/**
 * A batch group on PostgreSQL in one statement: each round's change guarded by its own status, node
 * and version (as in actInTx), and only for the rounds it changed their steps, fees and log
 * entries. Returns the ids changed; actInTx then answers each item (and finds why the others
 * were not changed).
 */
async function applyGroupPostgres(
  tx: Db,
  auth: AuthContext,
  group: readonly number[],
  facts: ReadonlyMap<number, RoundFacts>,
  pass: boolean,
  comment: string | null,
  at: number,
): Promise<Set<number>> {
  const rows: { f: RoundFacts; plan: NonNullable<ReturnType<typeof planOf>> }[] = [];
  for (const id of group) {
    const f = facts.get(id);
    const plan = f ? planOf(f, auth.userId, pass) : null;
    if (f && plan) rows.push({ f, plan });
  }
  if (rows.length === 0) return new Set();
  const feeWords = pass ? '，费用由待审核改为已审核' : '，费用由待审核改为已驳回';
  const col = <T>(pick: (r: (typeof rows)[number]) => T) => rows.map(pick);
  const answer = await sql<{ id: number }>`
    with v as (
      select * from unnest(
        ${col((r) => r.f.id)}::integer[], ${col((r) => r.f.current_seq)}::integer[],
        ${col((r) => r.f.version)}::integer[], ${col((r) => r.plan.status)}::integer[],
        ${col((r) => (r.plan.next ? r.plan.next.seq : r.f.current_seq))}::integer[],
        ${col((r) => (r.plan.next ? approverList(r.plan.next) : ''))}::text[],
        ${col((r) => (r.plan.done ? at : null))}::bigint[], ${col((r) => r.plan.node.seq)}::integer[],
        ${col((r) => r.plan.node.nodeName)}::text[], ${col((r) => r.plan.done)}::boolean[],
        ${col((r) =>
          `费用${pass ? '审批通过' : '审批驳回'}${r.f.task_code}（${r.plan.node.nodeName}），合计${fenToYuan(
            r.f.amount_fen,
          )}元${r.plan.done ? feeWords : ''}${comment ? `：${comment}` : ''}`.slice(0, 2000),
        )}::text[],
        ${col((r) => r.f.waybill_team)}::text[], ${col((r) => String(r.f.waybill_id))}::text[]
      ) as v(id, old_seq, ver, status, new_seq, appr, fin, node_seq, node_name, done, log, team, wid)
    ), u as (
      update approve_business b set status = v.status, current_seq = v.new_seq,
        current_approvers = v.appr, finished_at = v.fin, version = v.ver + 1
      from v
      where b.id = v.id and b.status = ${APPROVE_STATUS.pending} and b.current_seq = v.old_seq
        and b.version = v.ver
      returning b.id
    ), k as (
      insert into approve_track (business_id, seq, node_name, action, user_id, user_name, comment, at)
      select v.id, v.node_seq, v.node_name, ${pass ? APPROVE_ACTION.approve : APPROVE_ACTION.reject}::integer,
        ${auth.userId}::integer, ${auth.nickname}::text, ${comment}::text, ${at}::bigint
      from v join u on u.id = v.id
    ), f as (
      update waybill_fee set state = ${pass ? 2 : 3}::integer, updated_at = ${at}::bigint
      where state = 1 and id in (
        select bf.fee_id from approve_business_fee bf join v on v.id = bf.business_id
        join u on u.id = v.id where v.done
      )
    ), l as (
      insert into operate_log (merchant_id, team_code, page_enum, data_id, user_id, account_name, content, created_at)
      select ${auth.merchantId}::integer, v.team, ${OPERATE_LOG_PAGES.waybill}::integer, v.wid,
        ${auth.userId}::integer, ${auth.nickname}::text, v.log, ${at}::bigint
      from v join u on u.id = v.id
    )
    select id from u`.execute(tx);
  return new Set(answer.rows.map((r) => Number(r.id)));
}

/** One round's action (actInTx) and the next node's reminder, written in `tx`. */
async function actAndRemind(
  tx: Db,
  live: Live,
  auth: AuthContext,
  f: RoundFacts,
  pass: boolean,
  comment: string | null,
  at: number,
): Promise<{ result: ActResult; publish: () => void }> {
  const { result, reached } = await actInTx(tx, auth, f, pass, comment, at);
  const publish = await remindApprovers(tx, live, reached ? [reached] : []);
  return { result, publish };
}

/**
 * The caller approves (`pass`) or rejects round `id` at its current node, inside the caller's
 * transaction `tx` (the round read there): what actOnRound writes, for callers that write more in
 * the same transaction (the demo seed). Refused in Chinese as actOnRound; the reminder's publisher
 * is to be called after the commit.
 */
export async function actOnRoundInTx(
  tx: Db,
  live: Live,
  auth: AuthContext,
  id: number,
  pass: boolean,
  comment: string | null,
  at: number,
): Promise<{ result: ActResult; publish: () => void }> {
  const f = (await roundFacts(tx, auth, [id])).get(id);
  if (!f) throw notFound(ROUND_MISSING);
  if (!pass && !comment) throw badInput(REJECT_NEEDS_COMMENT);
  return actAndRemind(tx, live, auth, f, pass, comment, at);
}

/**
 * The caller approves (`pass`) or rejects round `id` at its current node, in one transaction (the
 * round read before it). Returns the result and the reminder's publisher (the next node's
 * approvers, 8001), to call after the commit.
 */
export async function actOnRound(
  db: Db,
  live: Live,
  auth: AuthContext,
  id: number,
  pass: boolean,
  comment: string | null,
  at: number,
): Promise<{ result: ActResult; publish: () => void }> {
  const f = (await roundFacts(db, auth, [id])).get(id);
  if (!f) throw notFound(ROUND_MISSING);
  if (!pass && !comment) throw badInput(REJECT_NEEDS_COMMENT);
  return db.transaction().execute((tx) => actAndRemind(tx, live, auth, f, pass, comment, at));
}

/** Items of a batch committed together; each item is still a unit of its own (a savepoint). */
export const BATCH_COMMIT_ITEMS = 100;

/**
 * A batch: every item is its own unit of work, a savepoint: an item refused (finished, not the
 * caller's node, outside the caller's teams) or failing is rolled back alone and answered with its
 * Chinese reason, the others go on. Items are committed in groups of BATCH_COMMIT_ITEMS (one disk
 * flush a group, the write lock let go between groups); the reminders of a group are written with
 * it and published after its commit. Answers per item, in the order asked.
 */
export async function actOnRounds(
  db: Db,
  live: Live,
  auth: AuthContext,
  ids: readonly number[],
  pass: boolean,
  comment: string | null,
  now: () => number,
): Promise<ActResult[]> {
  if (!pass && !comment) throw badInput(REJECT_NEEDS_COMMENT);
  const facts = await roundFacts(db, auth, ids);
  const list: ActResult[] = [];
  for (let i = 0; i < ids.length; i += BATCH_COMMIT_ITEMS) {
    const group = ids.slice(i, i + BATCH_COMMIT_ITEMS);
    const at = now();
    const results: ActResult[] = [];
    let publish: () => void = () => undefined;
    try {
      publish = await db.transaction().execute(async (tx) => {
        const reached: NodeReached[] = [];
        const applied = isPostgres(tx)
          ? await applyGroupPostgres(tx, auth, group, facts, pass, comment, at)
          : undefined;
        for (const id of group) {
          const f = facts.get(id);
          if (!f) {
            results.push({ id, taskCode: '', billNo: '', result: 'refused', message: ROUND_MISSING });
            continue;
          }
          try {
            const done = await actInTx(tx, auth, f, pass, comment, at, applied);
            results.push(done.result);
            if (done.reached) reached.push(done.reached);
          } catch (error) {
            // refused before its first write: nothing of the item to undo
            if (!(error instanceof AppError)) throw error;
            results.push({
              id,
              taskCode: f.task_code,
              billNo: f.bill_no,
              result: 'refused',
              message: error.message,
            });
          }
        }
        return remindApprovers(tx, live, reached);
      });
    } catch (error) {
      // the group's commit failed: none of its items changed
      live.log.error({ err: error }, 'batch approval group failed');
      results.length = 0;
      for (const id of group) {
        const f = facts.get(id);
        results.push({
          id,
          taskCode: f?.task_code ?? '',
          billNo: f?.bill_no ?? '',
          result: 'refused',
          message: SYSTEM_FAULT_MESSAGE,
        });
      }
    }
    list.push(...results);
    publish();
  }
  return list;
}
