import {
  APPOINTMENT_STATUS,
  APPROVE_BUSINESS_TYPE,
  APPROVE_STATUS,
  formatDateTime,
  OPERATE_LOG_PAGES,
  PLAN_STATE,
} from '@fleet/domain';
import type { Kysely } from 'kysely';
import type { AuthContext } from '../../http/auth';
import { AppError } from '../../http/envelope';
import { choosableApprovers } from '../../modules/approvals/approve-settings.routes';
import { actOnRoundInTx, type Live, parseChain, submitRound } from '../../modules/approvals/fee-approval';
import { recordOperation } from '../../modules/operate-log/operate-log.repository';
import { payInTx } from '../../modules/payments/payments.pay';
import type { Database } from '../schema';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The demo merchant with the finance work (示例物流有限公司). */
const MERCHANT_NAME = '示例物流有限公司';

/** The demo merchant's fee approval chain: node name and the demo accounts asked to approve at it. */
export const DEMO_APPROVE_CHAIN = [
  { nodeName: '调度审核', users: ['dispatch', 'admin'] },
  { nodeName: '财务审核', users: ['finance', 'admin'] },
] as const;

/** Rounds per team of the demo merchant, newest waybills first. */
const WAITING_FINANCE = 2;
const WAITING_DISPATCH = 1;
const APPROVED = 10;
/** Of the approved rounds, the older ones are paid. */
const PAID = 6;

const REJECT_COMMENT = '过路过桥费与ETC账单金额不符，请核对后重新提交';
const APPOINTMENT_REJECT_REASON = '该时段站点装车位已约满，请改约其他时段';

/**
 * The seed's reminders are written to the inbox like the server's; nobody is connected yet, so
 * their pushes are not published.
 */
const SEEDING: Live = {
  bus: { publish: async () => undefined } as unknown as Live['bus'],
  log: { warn: () => undefined, error: () => undefined } as unknown as Live['log'],
};

type Db = Kysely<Database>;

/** The demo accounts of the merchant, as the approvals and payments modules' callers. */
async function demoCallers(tx: Db, merchantId: number): Promise<Map<string, AuthContext>> {
  const rows = await tx
    .selectFrom('app_user as u')
    .innerJoin('user_merchant as um', 'um.user_id', 'u.id')
    .select(['u.id', 'u.username', 'u.nickname', 'um.team_code', 'um.is_manager'])
    .where('um.merchant_id', '=', merchantId)
    .where('u.username', 'in', ['admin', 'dispatch', 'finance'])
    .execute();
  return new Map(
    rows.map((r) => [
      r.username,
      {
        sessionId: 0,
        userId: r.id,
        username: r.username,
        nickname: r.nickname,
        merchantId,
        teamCode: r.team_code,
        isManager: r.is_manager === 1,
        codes: new Set<string>(),
        scope: { merchantId, teamCode: r.team_code },
      },
    ]),
  );
}

/**
 * The demo's finance and appointments, for `now` (after the demo waybills and plans):
 * - the merchant's fee approval chain 调度审核 → 财务审核, with those of the demo dispatcher, finance
 *   user and administrator whom the approval settings accept as approvers (enabled, holding a fee
 *   approval page), as the settings page writes it and logs it;
 * - for the newest completed waybills with fees of each team: rounds submitted and acted on through
 *   the approvals module (chain snapshot, current approvers, tracking steps, 8001 reminders, fee
 *   states, operation log): most 已通过 (fees 已审核), a few waiting at 财务审核 and one at 调度审核,
 *   and one rejected at 财务审核 with its comment (fees 已驳回);
 * - the older approved waybills paid (fees 已支付) through the payments module;
 * - loading appointments (待审核, 已通过, 已驳回 with the reason) at the start stations of today's and
 *   tomorrow's plans of the teams of the demo administrator and dispatcher.
 * Answers what it wrote.
 */
export async function seedDemoFinance(
  tx: Db,
  now: number,
): Promise<{ rounds: number; payments: number; appointments: number }> {
  const merchant = await tx
    .selectFrom('merchant')
    .select('id')
    .where('name', '=', MERCHANT_NAME)
    .executeTakeFirst();
  if (!merchant) return { rounds: 0, payments: 0, appointments: 0 };
  const merchantId = merchant.id;
  const callers = await demoCallers(tx, merchantId);
  const admin = callers.get('admin');
  if (!admin) return { rounds: 0, payments: 0, appointments: 0 };
  const top = await tx
    .selectFrom('team')
    .select('team_code')
    .where('merchant_id', '=', merchantId)
    .where('parent_code', 'is', null)
    .executeTakeFirstOrThrow();

  // the chain, made by the administrator on the approval settings page
  const chainAt = now - 61 * DAY;
  const eligible = new Set((await choosableApprovers(tx, merchantId, now)).map((u) => u.userId));
  for (const [i, n] of DEMO_APPROVE_CHAIN.entries()) {
    const users = n.users
      .map((name) => callers.get(name))
      .filter((u): u is AuthContext => u !== undefined && eligible.has(u.userId));
    if (users.length === 0) continue;
    const node = await tx
      .insertInto('approve_node')
      .values({
        merchant_id: merchantId,
        business_type: APPROVE_BUSINESS_TYPE.waybillFee,
        seq: i + 1,
        node_name: n.nodeName,
        created_at: chainAt,
        updated_at: chainAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordOperation(
      tx,
      admin,
      {
        pageEnum: OPERATE_LOG_PAGES.approveSetting,
        dataId: node.id,
        teamCode: top.team_code,
        content: `新增审批节点：${n.nodeName}（第${i + 1}个）`,
      },
      chainAt,
    );
    await tx
      .insertInto('approve_node_user')
      .values(
        users.map((u) => ({
          node_id: node.id,
          user_id: u.userId,
          merchant_id: merchantId,
          created_at: chainAt,
        })),
      )
      .execute();
    await recordOperation(
      tx,
      admin,
      {
        pageEnum: OPERATE_LOG_PAGES.approveSetting,
        dataId: node.id,
        teamCode: top.team_code,
        content: `添加审批人：${n.nodeName}：${users.map((u) => u.nickname).join('、')}`,
      },
      chainAt,
    );
  }

  const rounds = await seedRounds(tx, merchantId, callers, now);
  const payments = await seedPayments(tx, merchantId, callers, rounds.approved, now);
  const appointments = await seedAppointments(tx, merchantId, callers, now);
  return { rounds: rounds.count, payments, appointments };
}

/** Who acts for a team: the dispatcher in the teams they reach, the administrator elsewhere. */
function actorAt(
  callers: Map<string, AuthContext>,
  teamCode: string,
  chain: { users: { userId: number }[] },
) {
  const may = new Set(chain.users.map((u) => u.userId));
  const order = ['dispatch', 'finance', 'admin'];
  for (const name of order) {
    const c = callers.get(name);
    if (c && may.has(c.userId) && teamCode.startsWith(c.teamCode)) return c;
  }
  return undefined;
}

async function seedRounds(
  tx: Db,
  merchantId: number,
  callers: Map<string, AuthContext>,
  now: number,
): Promise<{ count: number; approved: number[] }> {
  // completed waybills with fees awaiting approval, newest first
  const waybills = await tx
    .selectFrom('waybill as w')
    .select(['w.id', 'w.team_code', 'w.completed_at', 'w.created_by'])
    .where('w.merchant_id', '=', merchantId)
    .where('w.status', '=', 6)
    .where('w.cancelled', '=', 0)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('waybill_fee as f')
          .select('f.id')
          .whereRef('f.waybill_id', '=', 'w.id')
          .where('f.state', '=', 1),
      ),
    )
    .orderBy('w.completed_at', 'desc')
    .orderBy('w.id', 'desc')
    .execute();
  const byTeam = new Map<string, typeof waybills>();
  for (const w of waybills) {
    const list = byTeam.get(w.team_code) ?? [];
    list.push(w);
    byTeam.set(w.team_code, list);
  }
  const approved: number[] = [];
  let count = 0;
  let rejectedOne = false;
  for (const [team, list] of [...byTeam.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const picked = list.slice(0, WAITING_FINANCE + WAITING_DISPATCH + 1 + APPROVED);
    for (const [k, w] of picked.entries()) {
      const completed = Number(w.completed_at ?? now - DAY);
      // the office submits an hour after the waybill came back (earlier for the newest)
      const submitAt = Math.min(completed + HOUR, now - 3 * HOUR);
      const submitter =
        [...callers.values()].find((c) => c.userId === w.created_by) ??
        actorAt(callers, team, {
          users: [...callers.values()].map((c) => ({ userId: c.userId })),
        });
      if (!submitter) continue;
      const round = await submitRound(
        tx,
        SEEDING,
        merchantId,
        w.id,
        { userId: submitter.userId, name: submitter.nickname, auth: submitter },
        submitAt,
      );
      count++;
      // what becomes of it
      const fate =
        k < WAITING_FINANCE
          ? 'finance'
          : k < WAITING_FINANCE + WAITING_DISPATCH
            ? 'dispatch'
            : k === WAITING_FINANCE + WAITING_DISPATCH && !rejectedOne
              ? 'rejected'
              : 'approved';
      if (fate === 'dispatch') continue;
      const passFirst = await act(tx, callers, round.id, true, null, submitAt + 2 * HOUR);
      if (!passFirst) continue;
      if (fate === 'finance') continue;
      const secondAt = Math.min(submitAt + 20 * HOUR, now - HOUR);
      if (fate === 'rejected') {
        if (await act(tx, callers, round.id, false, REJECT_COMMENT, secondAt)) rejectedOne = true;
        continue;
      }
      if (await act(tx, callers, round.id, true, null, secondAt)) approved.push(w.id);
    }
  }
  return { count, approved };
}

/**
 * An approver of the round's current node who reaches its team approves (`pass`) or rejects it
 * through the approvals module (actOnRoundInTx), in the seed's transaction: the round moved on
 * under its version, the tracking step, the fees at the end, the waybill's log entry and the next
 * node's reminder. Answers false when no demo account may act.
 */
async function act(
  tx: Db,
  callers: Map<string, AuthContext>,
  id: number,
  pass: boolean,
  comment: string | null,
  at: number,
): Promise<boolean> {
  const round = await tx
    .selectFrom('approve_business')
    .select(['chain', 'current_seq', 'status', 'team_code'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const node = parseChain(round.chain).find((n) => n.seq === round.current_seq);
  if (!node || round.status !== APPROVE_STATUS.pending) return false;
  const auth = actorAt(callers, round.team_code, node);
  if (!auth) return false;
  await actOnRoundInTx(tx, SEEDING, auth, id, pass, comment, at);
  return true;
}

/**
 * The older of the approved waybills paid by the finance user (the administrator outside their
 * teams) through the payments module (payInTx), in the seed's transaction: the approved cost fees
 * 已审核 → 已支付, the payment to the driver (the owner of a hired truck) with its items, the
 * waybill's log entry.
 */
async function seedPayments(
  tx: Db,
  merchantId: number,
  callers: Map<string, AuthContext>,
  approved: readonly number[],
  now: number,
): Promise<number> {
  if (approved.length === 0) return 0;
  const rows = await tx
    .selectFrom('waybill as w')
    .leftJoin('truck as tr', 'tr.id', 'w.truck_id')
    .select(['w.id', 'w.team_code', 'w.completed_at', 'tr.car_info_type'])
    .where('w.merchant_id', '=', merchantId)
    .where('w.id', 'in', [...approved])
    .orderBy('w.completed_at')
    .orderBy('w.id')
    .execute();
  // per team: the oldest approved ones are paid, the newest stay payable
  const byTeam = new Map<string, typeof rows>();
  for (const r of rows) byTeam.set(r.team_code, [...(byTeam.get(r.team_code) ?? []), r]);
  let paid = 0;
  for (const list of byTeam.values()) {
    for (const [k, w] of list.slice(0, PAID).entries()) {
      const auth = ['finance', 'admin']
        .map((n) => callers.get(n))
        .find((c): c is AuthContext => c !== undefined && w.team_code.startsWith(c.teamCode));
      if (!auth) continue;
      const approvedAt = await tx
        .selectFrom('approve_business')
        .select('finished_at')
        .where('waybill_id', '=', w.id)
        .where('status', '=', APPROVE_STATUS.approved)
        .executeTakeFirst();
      const at = Math.min(Number(approvedAt?.finished_at ?? now - DAY) + DAY, now - HOUR);
      // paid at the top of the hour before the entry
      const paidAt = Math.floor((at - HOUR) / HOUR) * HOUR;
      try {
        await payInTx(
          tx,
          auth,
          {
            waybillId: w.id,
            requestKey: `demo-${w.id}`,
            paidAt: formatDateTime(new Date(paidAt)),
            payMethod: k % 3 === 2 ? 3 : 1,
            payer: auth.nickname,
            remark: w.car_info_type === 3 ? '外协车费用结算' : null,
            photos: [],
          },
          at,
        );
      } catch (error) {
        // refused before its first write (no payee, no approved cost fee): the waybill stays payable
        if (!(error instanceof AppError)) throw error;
        continue;
      }
      paid++;
    }
  }
  return paid;
}

const slotText = (start: number, end: number) =>
  `${formatDateTime(new Date(start))}至${formatDateTime(new Date(end)).slice(11)}`;

/**
 * Loading appointments at the start stations of today's and tomorrow's plans not yet departed, in
 * the teams of the demo dispatcher and administrator: entered by the office an hour or so before
 * the slot (never after now), then approved or rejected with the reason, or left 待审核; approved
 * slots never overlap at a station or for a truck, as the appointment page requires.
 */
async function seedAppointments(
  tx: Db,
  merchantId: number,
  callers: Map<string, AuthContext>,
  now: number,
): Promise<number> {
  const plans = await tx
    .selectFrom('plan as p')
    .innerJoin('plan_station as s', (j) => j.onRef('s.plan_id', '=', 'p.id').on('s.seq', '=', 1))
    .innerJoin('station as st', 'st.id', 's.station_id')
    .innerJoin('truck as t', 't.id', 'p.truck_id')
    .innerJoin('driver as d', 'd.id', 'p.driver_id')
    .select([
      'p.id',
      'p.team_code',
      'p.truck_id',
      'p.driver_id',
      'p.planned_depart_at',
      'p.published_at',
      's.station_id',
      'st.name as station_name',
      't.car_no',
      'd.name as driver_name',
    ])
    .where('p.merchant_id', '=', merchantId)
    .where('p.state', 'in', [PLAN_STATE.published, PLAN_STATE.distributed])
    .where('p.planned_depart_at', '>', now)
    .where('p.planned_depart_at', '<', now + 2 * DAY)
    .orderBy('p.planned_depart_at')
    .orderBy('p.id')
    .execute();
  const dispatch = callers.get('dispatch');
  const admin = callers.get('admin');
  const teams = [dispatch, admin].filter((c): c is AuthContext => c !== undefined);
  const fates = [APPOINTMENT_STATUS.approved, APPOINTMENT_STATUS.pending, APPOINTMENT_STATUS.rejected];
  const perTeam = new Map<number, number>();
  const approvedSlots: { station: number; truck: number; start: number; end: number }[] = [];
  let count = 0;
  for (const plan of plans) {
    const { truck_id, driver_id } = plan;
    if (truck_id === null || driver_id === null) continue;
    const p = { ...plan, truck_id, driver_id };
    // the dispatcher's own team first, the administrator's for the others
    const office = teams.find((c) => p.team_code.startsWith(c.teamCode));
    if (!office) continue;
    const made = perTeam.get(office.userId) ?? 0;
    if (made >= 6) continue;
    const depart = Number(p.planned_depart_at);
    const start = Math.floor((depart - 90 * MINUTE) / (15 * MINUTE)) * 15 * MINUTE;
    const end = start + HOUR;
    let status: number = fates[made % fates.length] as number;
    if (
      status === APPOINTMENT_STATUS.approved &&
      approvedSlots.some(
        (s) => (s.station === p.station_id || s.truck === p.truck_id) && s.start < end && s.end > start,
      )
    )
      status = APPOINTMENT_STATUS.pending;
    const createdAt = Math.min(now - 30 * MINUTE, Math.max(Number(p.published_at), start - 6 * HOUR));
    const reviewedAt = Math.min(now - 10 * MINUTE, createdAt + 15 * MINUTE);
    const reviewed = status !== APPOINTMENT_STATUS.pending;
    const reason = status === APPOINTMENT_STATUS.rejected ? APPOINTMENT_REJECT_REASON : null;
    const { id } = await tx
      .insertInto('loading_appointment')
      .values({
        merchant_id: merchantId,
        team_code: p.team_code,
        plan_id: p.id,
        order_id: null,
        truck_id: p.truck_id,
        driver_id: p.driver_id,
        station_id: p.station_id as number,
        appoint_start: start,
        appoint_end: end,
        status,
        reason,
        reviewed_by: reviewed ? office.userId : null,
        reviewed_at: reviewed ? reviewedAt : null,
        created_by: office.userId,
        created_at: createdAt,
        updated_at: reviewed ? reviewedAt : createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const entry = (content: string, at: number) =>
      recordOperation(
        tx,
        office,
        { pageEnum: OPERATE_LOG_PAGES.loadingAppointment, dataId: id, teamCode: p.team_code, content },
        at,
      );
    await entry(
      `新增装车预约：${p.car_no} ${p.driver_name}，${p.station_name} ${slotText(start, end)}`,
      createdAt,
    );
    if (reviewed)
      await entry(
        `${status === APPOINTMENT_STATUS.approved ? '通过' : '驳回'}装车预约：${p.car_no}，${p.station_name} ${slotText(start, end)}${reason ? `，原因：${reason}` : ''}`,
        reviewedAt,
      );
    if (status === APPOINTMENT_STATUS.approved)
      approvedSlots.push({ station: p.station_id as number, truck: p.truck_id, start, end });
    perTeam.set(office.userId, made + 1);
    count++;
  }
  return count;
}
