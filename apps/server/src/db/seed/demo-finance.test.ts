import { APPOINTMENT_STATUS, APPROVE_ACTION, APPROVE_STATUS } from '@fleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseChain } from '../../modules/approvals/fee-approval';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';
import { seedDemo } from '.';

// The demo's fee approvals, payments and loading appointments are as the approvals, payments and
// appointment pages would have left them, and the finance user finds work waiting.
describe.each(TEST_DATABASES)('demo finance on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(database, { seedDemoWaybills: true });
  });
  afterAll(() => t.close());

  it('seeds the chain and rounds in every state with their steps and fee states', async () => {
    const db = t.db.db;
    const nodes = await db
      .selectFrom('approve_node')
      .select(['id', 'node_name', 'seq'])
      .orderBy('seq')
      .execute();
    expect(nodes.map((n) => n.node_name)).toEqual(['调度审核', '财务审核']);
    const rounds = await db.selectFrom('approve_business').selectAll().execute();
    const byStatus = (s: number) => rounds.filter((r) => r.status === s);
    expect(byStatus(APPROVE_STATUS.approved).length).toBeGreaterThan(5);
    expect(byStatus(APPROVE_STATUS.rejected).length).toBe(1);
    const pending = byStatus(APPROVE_STATUS.pending);
    expect(pending.some((r) => r.current_seq === 2)).toBe(true);
    expect(pending.some((r) => r.current_seq === 1)).toBe(true);
    for (const r of rounds) {
      const chain = parseChain(r.chain);
      expect(chain.map((n) => n.nodeName)).toEqual(['调度审核', '财务审核']);
      const node = chain.find((n) => n.seq === r.current_seq);
      expect(r.current_approvers).toBe(
        r.status === APPROVE_STATUS.pending ? `,${node?.users.map((u) => u.userId).join(',')},` : '',
      );
      const steps = await db
        .selectFrom('approve_track')
        .select(['action', 'comment'])
        .where('business_id', '=', r.id)
        .orderBy('id')
        .execute();
      expect(steps[0]?.action).toBe(APPROVE_ACTION.submit);
      const expected =
        r.status === APPROVE_STATUS.approved ? 3 : r.status === APPROVE_STATUS.rejected ? 3 : r.current_seq;
      expect(steps.length).toBe(expected);
      if (r.status === APPROVE_STATUS.rejected) {
        expect(steps.at(-1)?.action).toBe(APPROVE_ACTION.reject);
        expect(steps.at(-1)?.comment).toBeTruthy();
      }
      const fees = await db
        .selectFrom('approve_business_fee as bf')
        .innerJoin('waybill_fee as f', 'f.id', 'bf.fee_id')
        .select(['f.state', 'f.amount_fen'])
        .where('bf.business_id', '=', r.id)
        .execute();
      expect(fees.reduce((s, f) => s + Number(f.amount_fen), 0)).toBe(Number(r.amount_fen));
      const states = new Set(fees.map((f) => f.state));
      if (r.status === APPROVE_STATUS.pending) expect([...states]).toEqual([1]);
      if (r.status === APPROVE_STATUS.rejected) expect([...states]).toEqual([3]);
      if (r.status === APPROVE_STATUS.approved)
        expect([...states].every((s) => s === 2 || s === 4)).toBe(true);
    }
    // every payment pays approved rounds' fees, its items summing to its amount
    const payments = await db.selectFrom('fee_payment').selectAll().execute();
    expect(payments.length).toBeGreaterThan(0);
    for (const p of payments) {
      const items = await db
        .selectFrom('fee_payment_item as i')
        .innerJoin('waybill_fee as f', 'f.id', 'i.fee_id')
        .select(['i.amount_fen', 'f.state'])
        .where('i.payment_id', '=', p.id)
        .execute();
      expect(items.reduce((s, i) => s + Number(i.amount_fen), 0)).toBe(Number(p.amount_fen));
      expect(items.every((i) => i.state === 4)).toBe(true);
    }
    const logs = await db
      .selectFrom('operate_log')
      .select('content')
      .where((eb) =>
        eb.or([
          eb('content', 'like', '费用审批通过%'),
          eb('content', 'like', '付款：%'),
          eb('content', 'like', '%装车预约：%'),
        ]),
      )
      .execute();
    expect(logs.length).toBeGreaterThan(payments.length);
  });

  it('gives the finance user rounds to approve and a ledger with paid and unpaid rows', async () => {
    const finance = await login(t.app, 'finance', DEMO.finance);
    const waiting = await call(t.app, 'POST', '/api/colliery/waybill/fee/tc/approval/page', {
      token: finance,
      body: { pageSize: 50 },
    });
    expect(waiting.body.data.list.length).toBeGreaterThan(0);
    const ledger = await t.db.db.selectFrom('fee_payable').select(['paid_fen', 'unpaid_fen']).execute();
    expect(ledger.some((r) => Number(r.paid_fen) > 0)).toBe(true);
    expect(ledger.some((r) => Number(r.unpaid_fen) > 0)).toBe(true);
  });

  it('seeds loading appointments of every review state without overlapping approved slots', async () => {
    const rows = await t.db.db.selectFrom('loading_appointment').selectAll().execute();
    const statuses = new Set(rows.map((r) => r.status));
    expect(statuses).toEqual(
      new Set([APPOINTMENT_STATUS.pending, APPOINTMENT_STATUS.approved, APPOINTMENT_STATUS.rejected]),
    );
    for (const r of rows) {
      expect(Number(r.appoint_end)).toBeGreaterThan(Number(r.appoint_start));
      if (r.status === APPOINTMENT_STATUS.rejected) expect(r.reason).toBeTruthy();
    }
    const approved = rows.filter((r) => r.status === APPOINTMENT_STATUS.approved);
    for (const a of approved)
      for (const b of approved)
        if (a.id !== b.id && (a.station_id === b.station_id || a.truck_id === b.truck_id))
          expect(
            Number(a.appoint_start) < Number(b.appoint_end) &&
              Number(a.appoint_end) > Number(b.appoint_start),
          ).toBe(false);
    const dispatch = await login(t.app, 'dispatch', DEMO.dispatch);
    const page = await call(t.app, 'POST', '/api/appointment/examine/page', {
      token: dispatch,
      body: { pageSize: 50 },
    });
    expect(page.body.data.list.length).toBeGreaterThan(0);
    // seeding again finds the data and writes nothing
    expect(await seedDemo(t.db.db, t.now(), 10)).toBe(false);
  });
});
