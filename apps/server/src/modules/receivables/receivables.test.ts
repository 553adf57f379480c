import { OPERATE_LOG_PAGES, WAYBILL_STATE } from '@fleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitDays } from '../../records/period-sums';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';
import { readBack } from '../file-tasks/file-tasks.fixture';

// 应收对账 through the API on the demo's waybills: the income of a completed waybill to the fen
// (freight + income fees, kept by the database when a fee is added), a statement whose totals
// match its waybills, adjustments with their history, batch checking all or nothing, another
// team's waybills neither seen nor changed, and the Chinese messages naming the fields.

/** 干线一分队 (dispatch's team) and 干线二分队 (finance's team). */
const TRUNK_ONE = '10000010010001';
const TRUNK_TWO = '10000010010002';

interface Row {
  id: number;
  waybillId: number;
  billNo: string;
  customerId: number;
  customerName: string;
  completedAt: string;
  freightFen: number;
  feeIncomeFen: number;
  incomeFen: number;
  adjustFen: number;
  confirmedFen: number;
  checkFen: number | null;
  anomalyFen: number;
  anomalyReason: string | null;
  checkName: string | null;
  checkState: number;
}

describe('splitDays', () => {
  it('reads whole months from the monthly sums and the cut ones by day', () => {
    expect(splitDays(20260101, 20261231)).toEqual({ months: [202601, 202612], days: [] });
    expect(splitDays(20260917, 20261103)).toEqual({
      months: [202610, 202610],
      days: [
        [20260917, 20260931],
        [20261101, 20261103],
      ],
    });
    expect(splitDays(20260205, 20260220)).toEqual({ months: null, days: [[20260205, 20260220]] });
    expect(splitDays(20260201, 20260228)).toEqual({ months: [202602, 202602], days: [] });
    expect(splitDays(20251215, 20260110)).toEqual({
      months: null,
      days: [
        [20251215, 20251231],
        [20260101, 20260110],
      ],
    });
    expect(splitDays(19700101, 99991231)).toEqual({ months: [197001, 999912], days: [] });
  });
});

describe.each(TEST_DATABASES)('receivables on $name', (database) => {
  let t: TestApp;
  let admin: string;
  let finance: string;
  /** Completed waybills of 干线二分队 (finance sees them) and of 干线一分队 (finance does not). */
  let own: { id: number; bill_no: string }[];
  let other: { id: number; bill_no: string };
  let open: { id: number; bill_no: string };

  const post = (token: string, url: string, body: unknown) =>
    call(t.app, 'POST', `/api/colliery/waybill/${url}`, { token, body });
  const ok = async (token: string, url: string, body: unknown) => {
    const res = await post(token, url, body);
    expect(res.body.code, `${url}: ${res.body.msg}`).toBe(200);
    // biome-ignore lint/suspicious/noExplicitAny: the answer's data
    return res.body.data as any;
  };
  const refused = async (token: string, url: string, body: unknown) =>
    (await post(token, url, body)).body.msg;
  const report = async (token: string, body: Record<string, unknown> = {}) =>
    (await ok(token, 'billReceiveReport', { pageSize: 500, ...body })) as {
      list: Row[];
      total: number;
      totalRow: Record<string, number>;
    };
  const rowOf = async (token: string, waybillId: number) =>
    (await report(token, { billNo: own.concat(other).find((w) => w.id === waybillId)?.bill_no })).list.find(
      (r) => r.waybillId === waybillId,
    ) as Row;

  /** The income of a waybill read straight from its freight and fee rows. */
  const incomeOf = async (waybillId: number) => {
    const w = await t.db.db
      .selectFrom('waybill')
      .select('freight_fen')
      .where('id', '=', waybillId)
      .executeTakeFirstOrThrow();
    const fees = await t.db.db
      .selectFrom('waybill_fee as f')
      .innerJoin('fee_type as ft', 'ft.id', 'f.fee_type_id')
      .select(['f.amount_fen', 'ft.fee_kind', 'f.state'])
      .where('f.waybill_id', '=', waybillId)
      .execute();
    return (
      Number(w.freight_fen) +
      fees.filter((f) => f.fee_kind === 1 && f.state !== 3).reduce((s, f) => s + Number(f.amount_fen), 0)
    );
  };

  beforeAll(async () => {
    t = await startTestApp(database, { seedDemoWaybills: true });
    admin = await login(t.app, 'admin', DEMO.admin);
    finance = await login(t.app, 'finance', DEMO.finance);
    const completed = (team: string) =>
      t.db.db
        .selectFrom('waybill')
        .select(['id', 'bill_no'])
        .where('team_code', '=', team)
        .where('status', '=', WAYBILL_STATE.completed)
        .where('cancelled', '=', 0)
        .orderBy('id')
        .execute();
    own = (await completed(TRUNK_TWO)).slice(0, 5);
    other = (await completed(TRUNK_ONE))[0] as { id: number; bill_no: string };
    open = (await t.db.db
      .selectFrom('waybill')
      .select(['id', 'bill_no'])
      .where('team_code', '=', TRUNK_TWO)
      .where('status', '<', WAYBILL_STATE.completed)
      .where('cancelled', '=', 0)
      .executeTakeFirstOrThrow()) as { id: number; bill_no: string };
    expect(own.length).toBe(5);
    expect(other).toBeDefined();
  }, 120_000);
  afterAll(() => t?.close());

  it('keeps one row per completed waybill, its income freight plus income fees to the fen', async () => {
    const completed = await t.db.db
      .selectFrom('waybill')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', WAYBILL_STATE.completed)
      .executeTakeFirstOrThrow();
    const rows = await t.db.db
      .selectFrom('bill_receive')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(Number(completed.n));
    const first = own[0] as { id: number };
    const before = await rowOf(finance, first.id);
    expect(before.incomeFen).toBe(await incomeOf(first.id));
    expect(before.incomeFen).toBe(before.freightFen + before.feeIncomeFen);
    expect(before.confirmedFen).toBe(before.incomeFen);
    // an income fee (时效罚款, kind 1) added to the completed waybill counts at once; a cost fee does not
    const types = await t.db.db
      .selectFrom('fee_type')
      .select(['id', 'fee_name'])
      .where('merchant_id', '=', 1)
      .where('built_in', '=', 1)
      .execute();
    const typeId = (name: string) => types.find((x) => x.fee_name === name)?.id;
    await ok(admin, 'fee/add', { waybillId: first.id, feeTypeId: typeId('时效罚款'), amountFen: 12_301 });
    await ok(admin, 'fee/add', { waybillId: first.id, feeTypeId: typeId('油费'), amountFen: 50_000 });
    const after = await rowOf(finance, first.id);
    expect(after.feeIncomeFen).toBe(before.feeIncomeFen + 12_301);
    expect(after.incomeFen).toBe(before.incomeFen + 12_301);
    expect(after.incomeFen).toBe(await incomeOf(first.id));
    // a rejected income fee leaves the income
    await t.db.db
      .updateTable('waybill_fee')
      .set({ state: 3 })
      .where('waybill_id', '=', first.id)
      .where('amount_fen', '=', 12_301)
      .execute();
    expect((await rowOf(finance, first.id)).incomeFen).toBe(before.incomeFen);
  });

  it('groups waybills into a statement whose totals match its waybills to the fen', async () => {
    const name = '2026年11月干线二分队对账单';
    const members = own.slice(0, 3).map((w) => w.id);
    await ok(finance, 'billReceive/adjust', {
      waybillId: members[1],
      adjustFen: -1_999,
      reason: '扣减装卸损耗',
    });
    await ok(finance, 'billReceive/updateAnomalyMoney', {
      waybillId: members[2],
      anomalyFen: 3_501,
      anomalyReason: '客户称重差异',
    });
    const joined = await ok(finance, 'billReceive/updateCheckName', { waybillIds: members, checkName: name });
    expect(joined).toMatchObject({ total: 3, changed: 3 });
    // again: nothing changes
    expect(
      await ok(finance, 'billReceive/updateCheckName', { waybillIds: members, checkName: name }),
    ).toMatchObject({ changed: 0 });
    const detail = await ok(finance, 'billReceive/queryCheckDetail', { checkName: name });
    expect(detail.list.map((r: Row) => r.waybillId).sort()).toEqual([...members].sort());
    let income = 0;
    let adjust = 0;
    for (const id of members) {
      income += await incomeOf(id);
      adjust += id === members[1] ? -1_999 : 0;
    }
    expect(detail.totalRow).toMatchObject({
      waybills: 3,
      incomeFen: income,
      adjustFen: adjust,
      confirmedFen: income + adjust,
      anomalyFen: 3_501,
    });
    const sum = (k: keyof Row) => detail.list.reduce((s: number, r: Row) => s + Number(r[k] ?? 0), 0);
    expect(detail.totalRow.confirmedFen).toBe(sum('confirmedFen'));
    expect(detail.totalRow.freightFen + detail.totalRow.feeIncomeFen).toBe(detail.totalRow.incomeFen);
    // the report filtered by the statement: the same totals
    const filtered = await report(finance, { checkName: name });
    expect(filtered.total).toBe(3);
    expect(filtered.totalRow).toEqual(detail.totalRow);
    // fuzzy search of names
    expect(await ok(finance, 'billReceive/likeCheckName', { checkName: '二分队' })).toEqual([
      { checkName: name, waybills: 3 },
    ]);
    expect(await ok(finance, 'billReceive/likeCheckName', { checkName: '不存在的' })).toEqual([]);
    // a waybill is in one statement only
    expect(
      await refused(finance, 'billReceive/updateCheckName', {
        waybillIds: [own[3]?.id, members[0]],
        checkName: '另一个对账单',
      }),
    ).toBe(`运单${own[0]?.bill_no}：已在对账单“${name}”中，一条运单只能加入一个对账单`);
    // all or nothing: the first waybill was not put into the other statement
    expect((await rowOf(finance, own[3]?.id as number)).checkName).toBeNull();
    expect(
      await refused(finance, 'billReceive/updateCheckName', { waybillIds: members, checkName: ' ' }),
    ).toBe('对账单名称: 请填写对账单名称');
    expect(await refused(finance, 'billReceive/queryCheckDetail', { checkName: '没有这个对账单' })).toBe(
      '对账单“没有这个对账单”不存在',
    );
  });

  it('adjusts with a reason and keeps the history; a repeated adjustment changes nothing', async () => {
    const id = own[3]?.id as number;
    const income = await incomeOf(id);
    const first = await ok(finance, 'billReceive/adjust', {
      waybillId: id,
      adjustFen: 12_345,
      reason: '补收超时等待费',
    });
    expect(first).toMatchObject({ adjustFen: 12_345, confirmedFen: income + 12_345, incomeFen: income });
    await ok(finance, 'billReceive/adjust', { waybillId: id, adjustFen: 12_345, reason: '补收超时等待费' });
    await ok(finance, 'billReceive/adjust', { waybillId: id, adjustFen: -500, reason: '客户协商让利' });
    const history = await ok(finance, 'billReceive/adjust/detail', { waybillId: id });
    expect(history.map((h: Record<string, unknown>) => [h.oldFen, h.newFen, h.reason, h.userName])).toEqual([
      [12_345, -500, '客户协商让利', '李财务'],
      [0, 12_345, '补收超时等待费', '李财务'],
    ]);
    expect((await rowOf(finance, id)).confirmedFen).toBe(income - 500);
    const log = await call(t.app, 'POST', '/api/colliery/operate/log/tc/page', {
      token: admin,
      body: { dataId: id, pageEnum: OPERATE_LOG_PAGES.waybill, pageSize: 50 },
    });
    const contents = (log.body.data.list as { content: string }[]).map((e) => e.content);
    expect(contents).toContain(
      `应收对账：对账调整 123.45元→-5.00元，确认应收 ${((income + 12_345) / 100).toFixed(2)}元→${(
        (income - 500) / 100
      ).toFixed(2)}元，原因：客户协商让利`,
    );
    expect(await refused(finance, 'billReceive/adjust', { waybillId: id, adjustFen: 100 })).toBe(
      '调整原因: 请填写调整原因',
    );
    expect(
      await refused(finance, 'billReceive/adjust', { waybillId: id, adjustFen: 1.5, reason: '零头' }),
    ).toBe('调整金额: 金额须为整数分');
  });

  it('checks one waybill and a batch all or nothing, naming the waybill that fails', async () => {
    const [a, b] = [own[3]?.id as number, own[4]?.id as number];
    expect(await refused(finance, 'billReceive/updateCheckMoney', { waybillId: a, checkFen: -1 })).toBe(
      '核对金额: 不能为负数',
    );
    expect(await refused(finance, 'billReceive/updateCheckMoney', { waybillId: a })).toBe(
      '核对金额: 请输入核对金额',
    );
    expect(await refused(finance, 'billReceive/updateAnomalyMoney', { waybillId: a, anomalyFen: 100 })).toBe(
      '异常原因: 请填写异常原因',
    );
    expect(
      await refused(finance, 'billReceive/updateCheckMoney', { waybillId: open.id, checkFen: 100 }),
    ).toBe('运单未完成，不能对账');
    const cancelled = await t.db.db
      .selectFrom('waybill')
      .select('id')
      .where('team_code', '=', TRUNK_TWO)
      .where('cancelled', '=', 1)
      .executeTakeFirstOrThrow();
    expect(
      await refused(finance, 'billReceive/adjust', { waybillId: cancelled.id, adjustFen: 100, reason: '试' }),
    ).toBe('运单已取消，不能对账');
    // a batch with a waybill not completed: nothing checked, that waybill named
    expect(await refused(finance, 'billReceive/batchUpdateCheckMoney', { waybillIds: [a, b, open.id] })).toBe(
      `运单${open.bill_no}：运单未完成，不能对账`,
    );
    expect((await rowOf(finance, a)).checkState).toBe(0);
    expect(await ok(finance, 'billReceive/batchUpdateCheckMoney', { waybillIds: [a, b] })).toEqual({
      total: 2,
      changed: 2,
    });
    for (const id of [a, b]) {
      const r = await rowOf(finance, id);
      expect(r).toMatchObject({ checkState: 1, checkFen: r.confirmedFen });
    }
    // repeated: changes nothing
    expect(await ok(finance, 'billReceive/batchUpdateCheckMoney', { waybillIds: [a, b] })).toMatchObject({
      changed: 0,
    });
    const checked = await ok(finance, 'billReceive/updateCheckMoney', { waybillId: a, checkFen: 88_888 });
    expect(checked).toMatchObject({ checkFen: 88_888, checkState: 1, checkStateName: '已对账' });
    const stateFiltered = await report(finance, { checkState: 1 });
    expect(stateFiltered.list.every((r) => r.checkState === 1)).toBe(true);
    expect(stateFiltered.list.map((r) => r.waybillId)).toEqual(expect.arrayContaining([a, b]));
  });

  it('shows and changes nothing of another team', async () => {
    const seen = await report(finance);
    expect(seen.list.some((r) => r.waybillId === other.id)).toBe(false);
    expect((await report(admin, { billNo: other.bill_no })).list.map((r) => r.waybillId)).toEqual([other.id]);
    const missing = '运单不存在或无权操作';
    for (const [url, body] of [
      ['billReceive/updateCheckMoney', { waybillId: other.id, checkFen: 1 }],
      ['billReceive/updateAnomalyMoney', { waybillId: other.id, anomalyFen: 1, anomalyReason: '试' }],
      ['billReceive/adjust', { waybillId: other.id, adjustFen: 1, reason: '试' }],
      ['billReceive/adjust/detail', { waybillId: other.id }],
    ] as const)
      expect(await refused(finance, url, body)).toBe(missing);
    expect(
      await refused(finance, 'billReceive/batchUpdateCheckMoney', { waybillIds: [own[4]?.id, other.id] }),
    ).toBe(`${missing}（运单ID ${other.id}）`);
    expect(
      await refused(finance, 'billReceive/updateCheckName', { waybillIds: [other.id], checkName: '越权' }),
    ).toBe(`${missing}（运单ID ${other.id}）`);
    const untouched = await t.db.db
      .selectFrom('bill_receive')
      .selectAll()
      .where('waybill_id', '=', other.id)
      .executeTakeFirstOrThrow();
    expect(untouched).toMatchObject({ check_fen: null, check_name: null, check_state: 0 });
    expect(Number(untouched.adjust_fen)).toBe(0);
    // a user without the page's codes
    const dispatch = await login(t.app, 'dispatch', DEMO.dispatch);
    expect((await post(dispatch, 'billReceiveReport', {})).status).toBe(403);
  });

  it('reports statistics by customer and period that add up to the report, and exports', async () => {
    const all = await report(finance, { startDate: '2026-01-01', endDate: '2026-11-20' });
    expect(all.total).toBeGreaterThan(0);
    const byMonth = await ok(finance, 'billReceiveStatistics', {
      startDate: '2026-01-01',
      endDate: '2026-11-20',
      periodType: 'month',
    });
    const { customerId: _c, customerName: _n, period: _p, ...totals } = byMonth.totalRow;
    expect(totals).toEqual(all.totalRow);
    // the totals of the period come from the monthly and daily sums; summed over the rows (by
    // state, which the sums do not hold) they are the same to the fen
    const range = { startDate: '2026-01-01', endDate: '2026-11-20' };
    const [open, done] = [
      await report(finance, { ...range, checkState: 0 }),
      await report(finance, { ...range, checkState: 1 }),
    ];
    for (const k of Object.keys(all.totalRow))
      expect((open.totalRow[k] ?? 0) + (done.totalRow[k] ?? 0), k).toBe(all.totalRow[k]);
    // a period cut inside months: the days of the cut months and the whole months between
    const cut = { startDate: '2026-09-17', endDate: '2026-11-03' };
    const cutTotals = (await report(finance, cut)).totalRow;
    const cutOpen = await report(finance, { ...cut, checkState: 0 });
    const cutDone = await report(finance, { ...cut, checkState: 1 });
    expect(cutTotals.confirmedFen).toBe(
      (cutOpen.totalRow.confirmedFen ?? 0) + (cutDone.totalRow.confirmedFen ?? 0),
    );
    expect(cutTotals.waybills).toBe(cutOpen.total + cutDone.total);
    const sum = (k: string) =>
      byMonth.list.reduce((s: number, r: Record<string, number>) => s + (r[k] ?? 0), 0);
    for (const k of ['waybills', 'incomeFen', 'adjustFen', 'confirmedFen', 'checkFen', 'anomalyFen'])
      expect(sum(k), k).toBe(all.totalRow[k]);
    expect(byMonth.list.every((r: { period: string }) => /^\d{4}-\d{2}$/.test(r.period))).toBe(true);
    const byDay = await ok(finance, 'billReceiveStatistics', {
      startDate: '2026-01-01',
      endDate: '2026-11-20',
      periodType: 'day',
      groupBy: 'customer',
    });
    expect(byDay.totalRow.confirmedFen).toBe(all.totalRow.confirmedFen);
    expect(new Set(byDay.list.map((r: Row) => r.customerId)).size).toBe(byDay.list.length);
    expect(
      await refused(finance, 'billReceiveStatistics', { startDate: '2026-11-20', endDate: '2026-01-01' }),
    ).toBe('结束日期: 结束日期不能早于开始日期');
    expect(await refused(finance, 'billReceiveStatistics', { endDate: '2026-01-01' })).toBe(
      '开始日期: 请选择开始日期',
    );

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/colliery/waybill/billReceiveReportExport',
      payload: { checkState: 1 },
      headers: { 'auth-token': finance },
    });
    const rows = await readBack(res.rawPayload);
    const checked = await report(finance, { checkState: 1 });
    expect(rows[0]?.slice(0, 3)).toEqual(['运单号', '客户', '线路']);
    expect(rows.length).toBe(checked.total + 2);
    const header = rows[0] as string[];
    const last = rows[rows.length - 1] as unknown[];
    expect(last[0]).toBe('合计');
    expect(last[header.indexOf('确认应收（元）')]).toBe(
      (Number(checked.totalRow.confirmedFen) / 100).toFixed(2),
    );
  });
});
