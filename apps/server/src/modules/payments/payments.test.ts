import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WAYBILL_STATE } from '@fleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  DEMO,
  login,
  multipartBody,
  startTestApp,
  TEST_DATABASES,
  type TestApp,
} from '../../test/support';
import { readBack } from '../file-tasks/file-tasks.fixture';

// 付款与应付 through the API on the demo's waybills: only approved cost fees are paid, once (the
// same request key, or two requests at the same moment), to the driver of an own truck and the
// owner of a hired one; a batch answers per waybill; invoice images past the rules are refused
// with the messages of business section 5; the ledgers' totals match the fee rows to the fen; and
// another team's waybills are neither paid nor seen. Fees reach 已审核 by the test's own setup.

/** 干线一分队 (dispatch's team) and 干线二分队 (finance's team). */
const TRUNK_ONE = '10000010010001';
const TRUNK_TWO = '10000010010002';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(200, 7),
]);
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(100, 32)]);

describe.each(TEST_DATABASES)('payments on $name', (database) => {
  let t: TestApp;
  let admin: string;
  let finance: string;
  let types: Map<string, number>;
  /** Waybills of 干线二分队 on own trucks, one on a hired truck, and one of 干线一分队. */
  let own: { id: number; bill_no: string; driver_id: number | null }[];
  let hired: { id: number; bill_no: string; truck_id: number };
  let other: { id: number; bill_no: string };

  const post = (token: string, url: string, body: unknown) =>
    call(t.app, 'POST', `/api/colliery/waybill/${url}`, { token, body });
  const ok = async (token: string, url: string, body: unknown) => {
    const res = await post(token, url, body);
    expect(res.body.code, `${url}: ${res.body.msg}`).toBe(200);
    // biome-ignore lint/suspicious/noExplicitAny: the answer's data
    return res.body.data as any;
  };
  const refused = async (token: string, url: string, body: unknown) => {
    const res = await post(token, url, body);
    expect(res.body.code, `${url} should be refused`).not.toBe(200);
    return res.body.msg as string;
  };
  const upload = async (filename: string, content: Buffer) => {
    const { payload, headers } = multipartBody({ filename, content }, { name: filename });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/file/upload',
      payload,
      headers: { ...headers, 'auth-token': finance },
    });
    return res.json().data.fullPath as string;
  };
  /** A fee added through the API, then set to `state` as the approval would. */
  const fee = async (waybillId: number, typeName: string, amountFen: number, state = 2) => {
    const { id } = await ok(admin, 'fee/add', { waybillId, feeTypeId: types.get(typeName), amountFen });
    await t.db.db.updateTable('waybill_fee').set({ state }).where('id', '=', id).execute();
    return id as number;
  };
  const stateOf = async (id: number) =>
    (await t.db.db.selectFrom('waybill_fee').select('state').where('id', '=', id).executeTakeFirstOrThrow())
      .state;
  const payment = (waybillId: number, extra: Record<string, unknown> = {}) => ({
    waybillId,
    requestKey: randomUUID(),
    paidAt: '2026-11-20 10:30:00',
    payMethod: 1,
    payer: '王会计',
    remark: '11月运费结算',
    ...extra,
  });

  beforeAll(async () => {
    t = await startTestApp(database, {
      seedDemoWaybills: true,
      uploadDir: mkdtempSync(path.join(tmpdir(), 'fleet-pay-')),
    });
    admin = await login(t.app, 'admin', DEMO.admin);
    finance = await login(t.app, 'finance', DEMO.finance);
    const rows = await t.db.db
      .selectFrom('fee_type')
      .select(['id', 'fee_name'])
      .where('merchant_id', '=', 1)
      .where('built_in', '=', 1)
      .execute();
    types = new Map(rows.map((r) => [r.fee_name, r.id]));
    const waybills = (team: string, kind: 'own' | 'hired') =>
      t.db.db
        .selectFrom('waybill as w')
        .innerJoin('truck as tr', 'tr.id', 'w.truck_id')
        .select(['w.id', 'w.bill_no', 'w.driver_id', 'w.truck_id'])
        .where('w.team_code', '=', team)
        .where('w.cancelled', '=', 0)
        .where('w.status', '=', WAYBILL_STATE.completed)
        .where('tr.car_info_type', kind === 'hired' ? '=' : '<>', 3)
        .where('w.driver_id', 'is not', null)
        .orderBy('w.id')
        .execute();
    own = (await waybills(TRUNK_TWO, 'own')).slice(0, 6);
    // the hired truck's payments are this test's own: a truck none of whose fees the demo paid
    const paidTrucks = new Set(
      (
        await t.db.db
          .selectFrom('waybill_fee as f')
          .innerJoin('waybill as w', 'w.id', 'f.waybill_id')
          .select('w.truck_id')
          .where('f.state', '=', 4)
          .execute()
      ).map((r) => r.truck_id),
    );
    const hiredRows = (await waybills(TRUNK_TWO, 'hired')).filter((w) => !paidTrucks.has(w.truck_id));
    if (hiredRows[0]) hired = hiredRows[0];
    else {
      // the demo's 干线二分队 has no hired truck with a completed waybill: make the next one hired
      const w = (await waybills(TRUNK_TWO, 'own'))
        .slice(6)
        .find((r) => !paidTrucks.has(r.truck_id)) as (typeof hiredRows)[number];
      await t.db.db.updateTable('truck').set({ car_info_type: 3 }).where('id', '=', w.truck_id).execute();
      hired = w;
    }
    await t.db.db
      .updateTable('truck')
      .set({ owner_name: '赵车主', owner_phone: '13912345678' })
      .where('id', '=', hired.truck_id)
      .execute();
    other = (await waybills(TRUNK_ONE, 'own'))[0] as { id: number; bill_no: string };
    expect(own.length).toBe(6);
    expect(other).toBeDefined();
  }, 120_000);
  afterAll(() => t?.close());

  it('refuses an unapproved or rejected fee, naming the bill and the fee; pays the approved ones to the driver', async () => {
    const w = own[0] as (typeof own)[number];
    const pending = await fee(w.id, '过路过桥费', 12_345, 1);
    const msg = await refused(finance, 'fee/tc/payBillFee', payment(w.id, { feeIds: [pending] }));
    expect(msg).toContain(w.bill_no);
    expect(msg).toContain('过路过桥费 123.45元');
    expect(msg).toContain('不能付款');
    const rejected = await fee(w.id, '装车费', 5_000, 3);
    expect(await refused(finance, 'fee/tc/payBillFee', payment(w.id, { feeIds: [rejected] }))).toContain(
      '已驳回',
    );
    // an income fee is not payable
    const income = await fee(w.id, '时效罚款', 700, 2);
    expect(await refused(finance, 'fee/tc/payBillFee', payment(w.id, { feeIds: [income] }))).toContain(
      '是收入',
    );
    expect(await stateOf(pending)).toBe(1);

    const a = await fee(w.id, '油费', 80_001);
    const b = await fee(w.id, '卸车费', 2_999);
    const paid = await ok(finance, 'fee/tc/payBillFee', payment(w.id));
    const driver = await t.db.db
      .selectFrom('driver')
      .select(['name', 'phone'])
      .where('id', '=', w.driver_id as number)
      .executeTakeFirstOrThrow();
    expect(paid).toMatchObject({
      waybillId: w.id,
      payeeType: 1,
      payeeTypeName: '司机',
      payeeName: driver.name,
      amountFen: 83_000,
      payMethodName: '银行转账',
      payer: '王会计',
      paidAt: '2026-11-20 10:30:00',
    });
    expect(paid.items.map((i: { feeId: number }) => i.feeId).sort()).toEqual([a, b].sort());
    expect([await stateOf(a), await stateOf(b), await stateOf(pending)]).toEqual([4, 4, 1]);
    // already paid: refused with the fee named
    const again = await refused(finance, 'fee/tc/payBillFee', payment(w.id, { feeIds: [a] }));
    expect(again).toBe(`运单${w.bill_no}的费用“油费 800.01元”已支付，不能重复付款`);
    expect(await refused(finance, 'fee/tc/payBillFee', payment(w.id))).toContain('没有待付款的已审核费用');
    // the money is in the waybill's operation log
    const log = await t.db.db
      .selectFrom('operate_log')
      .select('content')
      .where('data_id', '=', String(w.id))
      .where('content', 'like', '付款：%')
      .executeTakeFirstOrThrow();
    expect(log.content).toContain('830.00元');
    expect(log.content).toContain('油费 800.01元（已审核→已支付）');
    // the history of the waybill
    const history = await ok(finance, 'fee/tc/payRecords', { waybillId: w.id });
    expect(history).toHaveLength(1);
    expect(history[0].amountFen).toBe(83_000);
  });

  it('pays once for a repeated request key and for two requests at the same moment', async () => {
    const w = own[1] as (typeof own)[number];
    const f = await fee(w.id, '信息费', 30_000);
    const body = payment(w.id);
    const first = await ok(finance, 'fee/tc/payBillFee', body);
    const second = await ok(finance, 'fee/tc/payBillFee', body);
    expect(second.id).toBe(first.id);
    const w2 = own[2] as (typeof own)[number];
    const g = await fee(w2.id, '借支', 45_678);
    // two different keys at once: one pays, the other is refused
    const [x, y] = await Promise.all([
      post(finance, 'fee/tc/payBillFee', payment(w2.id)),
      post(finance, 'fee/tc/payBillFee', payment(w2.id)),
    ]);
    expect([x.body.code, y.body.code].filter((c) => c === 200)).toHaveLength(1);
    // the same key twice at once: both answer the one payment
    const w3 = own[3] as (typeof own)[number];
    await fee(w3.id, '装车费', 1_001);
    const same = payment(w3.id);
    const [p, q] = await Promise.all([
      post(finance, 'fee/tc/payBillFee', same),
      post(finance, 'fee/tc/payBillFee', same),
    ]);
    expect([p.body.code, q.body.code]).toEqual([200, 200]);
    expect(p.body.data.id).toBe(q.body.data.id);
    const payments = await t.db.db
      .selectFrom('fee_payment')
      .select(['waybill_id', 'amount_fen'])
      .where('waybill_id', 'in', [w.id, w2.id, w3.id])
      .execute();
    expect(payments.map((r) => [r.waybill_id, Number(r.amount_fen)]).sort()).toEqual(
      [
        [w.id, 30_000],
        [w2.id, 45_678],
        [w3.id, 1_001],
      ].sort(),
    );
    expect([await stateOf(f), await stateOf(g)]).toEqual([4, 4]);
  });

  it('pays a hired truck to its owner; a batch answers per waybill', async () => {
    await fee(hired.id, '过路过桥费', 66_600);
    const w4 = own[4] as (typeof own)[number];
    await fee(w4.id, '油费', 10_010);
    const w5 = own[5] as (typeof own)[number];
    await fee(w5.id, '油费', 999, 1); // not approved
    const body = {
      ...payment(0),
      waybillIds: [hired.id, w4.id, w5.id, other.id],
    };
    const batch = await ok(finance, 'fee/tc/batchPayBillFee', body);
    expect(batch).toMatchObject({ total: 4, succeeded: 2, failed: 2, amountFen: 76_610 });
    const byId = new Map(batch.results.map((r: { waybillId: number }) => [r.waybillId, r]));
    expect(byId.get(hired.id)).toMatchObject({
      success: true,
      payment: {
        payeeType: 2,
        payeeTypeName: '车主',
        payeeName: '赵车主',
        payeePhone: '13912345678',
        amountFen: 66_600,
      },
    });
    expect(byId.get(w4.id)).toMatchObject({ success: true, payment: { payeeType: 1, amountFen: 10_010 } });
    expect(byId.get(w5.id)).toMatchObject({ success: false, billNo: w5.bill_no });
    expect((byId.get(w5.id) as { message: string }).message).toContain('没有待付款的已审核费用');
    expect(byId.get(other.id)).toMatchObject({ success: false, message: '运单不存在或无权操作' });
    // the batch repeated: nothing paid twice, the same payments answered
    const again = await ok(finance, 'fee/tc/batchPayBillFee', body);
    expect(again.succeeded).toBe(2);
    const count = await t.db.db
      .selectFrom('fee_payment')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('waybill_id', 'in', [hired.id, w4.id])
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2);
  });

  it('refuses invoice images past the rules with the spec messages', async () => {
    const w = own[5] as (typeof own)[number];
    await fee(w.id, '卸车费', 4_400);
    const png = await upload('发票.png', PNG);
    const pdf = await upload('发票.pdf', PDF);
    expect(
      await refused(finance, 'fee/tc/payBillFee', payment(w.id, { photos: Array(7).fill(png) })),
    ).toContain('发票图片最多支持上传 6 张，当前共选择了 7 张');
    expect(await refused(finance, 'fee/tc/payBillFee', payment(w.id, { photos: [png, pdf] }))).toContain(
      '发票图片只能是 JPG/PNG 格式!',
    );
    const big = await upload('大图.png', PNG);
    await t.db.db
      .updateTable('uploaded_file')
      .set({ size: 20 * 1024 * 1000 + 1 })
      .where('stored_path', '=', big.replace('/api/file/uploads/', ''))
      .execute();
    expect(await refused(finance, 'fee/tc/payBillFee', payment(w.id, { photos: [big] }))).toContain(
      '发票图片大小不能超过 20MB!',
    );
    expect(
      await refused(
        finance,
        'fee/tc/payBillFee',
        payment(w.id, { photos: ['/api/file/uploads/2026/11/x.png'] }),
      ),
    ).toContain('不是本平台上传的文件');
    const paid = await ok(finance, 'fee/tc/payBillFee', payment(w.id, { photos: [png, png] }));
    expect(paid.photos).toEqual([png, png]);
    expect(
      await refused(finance, 'fee/tc/payBillFee', { ...payment(w.id), payMethod: 9, payer: '' }),
    ).toMatch(/付款方式|付款人/);
  });

  it('ledgers: totals match the fee rows to the fen; another team is neither paid nor seen', async () => {
    // the payable ledger of finance's team, to the fen from the rows
    const report = await ok(finance, 'fee/tc/billFeeDealReport', { pageSize: 500 });
    const rows = await t.db.db
      .selectFrom('waybill_fee as f')
      .innerJoin('fee_type as ft', 'ft.id', 'f.fee_type_id')
      .innerJoin('waybill as w', 'w.id', 'f.waybill_id')
      .select(['f.waybill_id', 'f.amount_fen', 'f.state', 'w.created_at'])
      .where('f.team_code', 'like', `${TRUNK_TWO}%`)
      .where('ft.fee_kind', '=', 2)
      .where('f.state', 'in', [2, 4])
      .execute();
    const sum = (state?: number) =>
      rows
        .filter((r) => state === undefined || r.state === state)
        .reduce((s, r) => s + Number(r.amount_fen), 0);
    expect(report.totalRow).toEqual({
      waybills: new Set(rows.map((r) => r.waybill_id)).size,
      approvedFen: sum(),
      paidFen: sum(4),
      unpaidFen: sum(2),
    });
    expect(report.list.reduce((s: number, r: { approvedFen: number }) => s + r.approvedFen, 0)).toBe(sum());
    // the payee filter finds the owner's waybills only (the demo's approved ones of that truck too)
    const owners = await ok(finance, 'fee/tc/billFeeDealReport', {
      payeeType: 2,
      payeeName: '赵',
      pageSize: 500,
    });
    expect(owners.list.map((r: { waybillId: number }) => r.waybillId)).toContain(hired.id);
    expect(owners.list.every((r: { payeeName: string }) => r.payeeName === '赵车主')).toBe(true);
    const owner = await ok(finance, 'fee/tc/billFeeDealReport', {
      payeeType: 2,
      payeeName: '赵',
      billNo: hired.bill_no,
    });
    expect(owner.list).toHaveLength(1);
    expect(owner.list[0]).toMatchObject({
      waybillId: hired.id,
      payeeName: '赵车主',
      paidFen: 66_600,
      payState: 2,
    });
    const unpaid = await ok(finance, 'fee/tc/billFeeDealReport', { payState: 1, pageSize: 500 });
    expect(unpaid.totalRow.unpaidFen).toBe(sum(2));
    expect(unpaid.list.every((r: { unpaidFen: number }) => r.unpaidFen > 0)).toBe(true);
    // statistics by payee and month add up to the same
    const stats = await ok(finance, 'fee/tc/billFeeDealStatistics', {
      startDate: '2020-01-01',
      endDate: '2020-12-31',
    });
    expect(stats.totalRow.approvedFen).toBe(0);
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const from = new Date(Date.now() + 8 * 3_600_000 - 300 * 86_400_000).toISOString().slice(0, 10);
    const s2 = await ok(finance, 'fee/tc/billFeeDealStatistics', {
      startDate: from,
      endDate: today,
      periodType: 'month',
    });
    const since = Date.parse(`${from}T00:00:00+08:00`);
    const inPeriod = rows.filter((r) => Number(r.created_at) >= since);
    expect(s2.totalRow.approvedFen).toBe(inPeriod.reduce((s, r) => s + Number(r.amount_fen), 0));
    expect(s2.list.reduce((s: number, r: { approvedFen: number }) => s + r.approvedFen, 0)).toBe(
      s2.totalRow.approvedFen,
    );
    expect(s2.list.reduce((s: number, r: { paidFen: number }) => s + r.paidFen, 0)).toBe(s2.totalRow.paidFen);
    expect(s2.list.find((r: { payeeName: string }) => r.payeeName === '赵车主')).toMatchObject({
      payeeTypeName: '车主',
      paidFen: 66_600,
    });
    // fee detail: every fee of the team, totals per state to the fen
    const detail = await ok(finance, 'fee/tc/feeDetails', { pageSize: 10 });
    const all = await t.db.db
      .selectFrom('waybill_fee')
      .select(['amount_fen', 'state', 'fee_type_id'])
      .where('team_code', 'like', `${TRUNK_TWO}%`)
      .execute();
    const total = (pick: (r: (typeof all)[number]) => boolean) =>
      all.filter(pick).reduce((s, r) => s + Number(r.amount_fen), 0);
    expect(detail.total).toBe(all.length);
    expect(detail.totalRow).toMatchObject({
      fees: all.length,
      amountFen: total(() => true),
      pendingFen: total((r) => r.state === 1),
      approvedFen: total((r) => r.state === 2),
      rejectedFen: total((r) => r.state === 3),
      paidFen: total((r) => r.state === 4),
    });
    const road = await ok(finance, 'fee/tc/feeDetails', { roadBridge: true, pageSize: 500 });
    const roadId = types.get('过路过桥费');
    expect(road.totalRow.amountFen).toBe(total((r) => r.fee_type_id === roadId));
    expect(road.list.every((r: { feeTypeName: string }) => r.feeTypeName === '过路过桥费')).toBe(true);
    const paidRoad = road.list.find((r: { waybillId: number }) => r.waybillId === hired.id);
    expect(paidRoad).toMatchObject({
      stateName: '已支付',
      payer: '王会计',
      payeeName: '赵车主',
      payMethodName: '银行转账',
    });
    // another team's waybill: not paid, not in the ledgers, not in the history
    const f = await fee(other.id, '油费', 1_234);
    expect(await refused(finance, 'fee/tc/payBillFee', payment(other.id))).toBe('运单不存在或无权操作');
    expect(await stateOf(f)).toBe(2);
    expect(await refused(finance, 'fee/tc/payRecords', { waybillId: other.id })).toBe('运单不存在或无权操作');
    const seen = await ok(finance, 'fee/tc/feeDetails', { billNo: other.bill_no });
    expect(seen.total).toBe(0);
    // dispatch (no finance menus) is refused the ledger
    const dispatch = await login(t.app, 'dispatch', DEMO.dispatch);
    const res = await post(dispatch, 'fee/tc/billFeeDealReport', {});
    expect(res.body.code).not.toBe(200);
  });

  it('statistics by payee and month or day equal the fee rows to the fen over cut months, after changes', async () => {
    const shanghai = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString();
    /** The statistics' rows computed from the approved cost fees of finance's team's waybills. */
    const expected = async (start: string, end: string, periodType: 'day' | 'month') => {
      const rows = await t.db.db
        .selectFrom('waybill_fee as f')
        .innerJoin('fee_type as ft', 'ft.id', 'f.fee_type_id')
        .innerJoin('waybill as w', 'w.id', 'f.waybill_id')
        .leftJoin('truck as tr', 'tr.id', 'w.truck_id')
        .leftJoin('driver as d', 'd.id', 'w.driver_id')
        .select([
          'f.waybill_id',
          'f.amount_fen',
          'f.state',
          'w.created_at',
          'tr.car_info_type',
          'tr.owner_name',
        ])
        .select('d.name as driver_name')
        .where('w.team_code', 'like', `${TRUNK_TWO}%`)
        .where('ft.fee_kind', '=', 2)
        .where('f.state', 'in', [2, 4])
        .where('w.created_at', '>=', Date.parse(`${start}T00:00:00+08:00`))
        .where('w.created_at', '<', Date.parse(`${end}T00:00:00+08:00`) + 86_400_000)
        .execute();
      const groups = new Map<
        string,
        {
          payeeType: number;
          payeeName: string;
          period: string;
          ids: Set<number>;
          approvedFen: number;
          paidFen: number;
          unpaidFen: number;
        }
      >();
      for (const r of rows) {
        const hiredTruck = r.car_info_type === 3;
        const payeeName = (hiredTruck ? r.owner_name : r.driver_name) ?? '';
        const period = shanghai(Number(r.created_at)).slice(0, periodType === 'day' ? 10 : 7);
        const key = `${hiredTruck ? 2 : 1}:${payeeName}:${period}`;
        const g = groups.get(key) ?? {
          payeeType: hiredTruck ? 2 : 1,
          payeeName,
          period,
          ids: new Set<number>(),
          approvedFen: 0,
          paidFen: 0,
          unpaidFen: 0,
        };
        g.ids.add(r.waybill_id);
        g.approvedFen += Number(r.amount_fen);
        if (r.state === 4) g.paidFen += Number(r.amount_fen);
        if (r.state === 2) g.unpaidFen += Number(r.amount_fen);
        groups.set(key, g);
      }
      return new Map([...groups].map(([key, { ids, ...g }]) => [key, { ...g, waybills: ids.size }] as const));
    };
    const answered = async (startDate: string, endDate: string, periodType: 'day' | 'month') => {
      const stats = await ok(finance, 'fee/tc/billFeeDealStatistics', { startDate, endDate, periodType });
      const list = new Map<string, Record<string, unknown>>();
      for (const r of stats.list)
        list.set(`${r.payeeType}:${r.payeeName}:${r.period}`, {
          payeeType: r.payeeType,
          payeeName: r.payeeName,
          period: r.period,
          waybills: r.waybills,
          approvedFen: r.approvedFen,
          paidFen: r.paidFen,
          unpaidFen: r.unpaidFen,
        });
      return { list, totalRow: stats.totalRow };
    };
    const check = async (start: string, end: string, periodType: 'day' | 'month') => {
      const want = await expected(start, end, periodType);
      const got = await answered(start, end, periodType);
      expect(got.list).toEqual(want);
      const sum = (k: 'waybills' | 'approvedFen' | 'paidFen' | 'unpaidFen') =>
        [...want.values()].reduce((s, g) => s + g[k], 0);
      expect(got.totalRow).toMatchObject({
        waybills: sum('waybills'),
        approvedFen: sum('approvedFen'),
        paidFen: sum('paidFen'),
        unpaidFen: sum('unpaidFen'),
      });
      return want;
    };
    // from the 15th of the month ten months ago to today: both ends cut a month
    const today = shanghai(Date.now()).slice(0, 10);
    const first = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
    first.setUTCMonth(first.getUTCMonth() - 10);
    const start = `${first.toISOString().slice(0, 7)}-15`;
    const byMonth = await check(start, today, 'month');
    expect(byMonth.size).toBeGreaterThan(1);
    const lastDays = shanghai(Date.now() - 40 * 86_400_000).slice(0, 10);
    await check(lastDays, today, 'day');
    // a waybill's driver changes, a fee is approved, another rejected: the sums follow
    const [a, b] = own as [(typeof own)[number], (typeof own)[number]];
    await t.db.db.updateTable('waybill').set({ driver_id: b.driver_id }).where('id', '=', a.id).execute();
    const added = await fee(b.id, '装车费', 4_321);
    await t.db.db.updateTable('waybill_fee').set({ state: 3 }).where('id', '=', added).execute();
    await fee(a.id, '油费', 5_678);
    await check(start, today, 'month');
    await check(lastDays, today, 'day');
    await t.db.db.updateTable('waybill').set({ driver_id: a.driver_id }).where('id', '=', a.id).execute();
    await check(start, today, 'month');
  });

  it('exports the payable ledger and the fee detail with a total row', async () => {
    const exported = (url: string, payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/colliery/waybill/fee/tc/${url}`,
        payload,
        headers: { 'auth-token': finance },
      });
    const sheet = await readBack((await exported('billFeeDealReportExport', {})).rawPayload);
    expect(sheet[0]).toContain('收款方');
    expect(sheet.at(-1)?.[3]).toBe('合计');
    const rows = await readBack((await exported('feeDetailsExport', { roadBridge: true })).rawPayload);
    expect(rows[0]?.[0]).toBe('运单号');
    expect(rows.at(-1)?.[0]).toBe('合计');
  });
});
