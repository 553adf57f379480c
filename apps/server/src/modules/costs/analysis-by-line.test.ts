import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as costLine from '../../db/migrations/0043_cost_line';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';

// 成本分析 by line through the API as the demo's finance user (干线二分队): a cost takes its
// waybill's line, or the line of the plan (else the waybill) its trip ran for, or none (未关联线路,
// where the trucks' depreciation goes too); the lines' rows add up to the total and each equals its
// cost rows to the fen; an edit, a deletion or the waybill's change of line moves the sums; a line
// filter counts that line alone and a line of another merchant is refused; the migration's back-fill
// finds the same lines.

const TRUNK_TWO = '10000010010002';
const at = (text: string) => Date.parse(`${text}+08:00`);
const fen = (yuan: string) => Math.round(Number(yuan) * 100);

describe.each(TEST_DATABASES)('cost analysis by line on $name', (database) => {
  let t: TestApp;
  let finance: string;
  let trucks: number[];
  let waybill: { id: number; truck_id: number; line_id: number };
  let planLine: number;
  let otherLine: number;
  const ids: Record<string, number> = {};
  const range = { startDate: '2026-11-01', endDate: '2026-11-30', teamCode: TRUNK_TWO };

  const post = (url: string, body: unknown) =>
    call(t.app, 'POST', `/api/miscellaneous/${url}`, { token: finance, body });
  const ok = async (url: string, body: unknown) => {
    const res = await post(url, body);
    expect(res.body.code, `${url}: ${res.body.msg}`).toBe(200);
    // biome-ignore lint/suspicious/noExplicitAny: the answer's data
    return res.body.data as any;
  };
  const trip = async (truckId: number, start: string, end: string) =>
    (
      await t.db.db
        .insertInto('trip')
        .values({
          merchant_id: 1,
          team_code: TRUNK_TWO,
          truck_id: truckId,
          driver_id: null,
          start_time: at(start),
          end_time: at(end),
          start_lat: 39_800_000,
          start_lon: 109_900_000,
          mileage: 1000,
          fuel_used: 300,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  /** The not deleted costs' fen by line (0: none), as the rows hold them. */
  const rowsByLine = async () => {
    const rows = await t.db.db
      .selectFrom('cost')
      .select(['line_id', 'amount'])
      .where('deleted_at', 'is', null)
      .execute();
    const sums = new Map<number, number>();
    for (const r of rows) sums.set(r.line_id ?? 0, (sums.get(r.line_id ?? 0) ?? 0) + Number(r.amount));
    return sums;
  };
  /** The analysis by line as fen by line id. */
  const analysedByLine = async (extra: Record<string, unknown> = {}) => {
    const data = await ok('analysis', { ...range, periodType: 'month', groupBy: 'line', ...extra });
    return {
      data,
      byLine: new Map<number, number>(
        data.byLine.map((r: { lineId: number; total: string }) => [r.lineId, fen(r.total)]),
      ),
    };
  };

  beforeAll(async () => {
    t = await startTestApp(database, { seedDemoWaybills: true });
    finance = await login(t.app, 'finance', DEMO.finance);
    trucks = (
      await t.db.db
        .selectFrom('truck')
        .select('id')
        .where('team_code', '=', TRUNK_TWO)
        .where('deleted_at', 'is', null)
        .orderBy('id')
        .execute()
    ).map((r) => r.id);
    waybill = await t.db.db
      .selectFrom('waybill')
      .select(['id', 'truck_id', 'line_id'])
      .where('team_code', '=', TRUNK_TWO)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const lines = await t.db.db
      .selectFrom('line')
      .select(['id', 'merchant_id'])
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .execute();
    planLine = (lines.find((l) => l.merchant_id === 1 && l.id !== waybill.line_id) as { id: number }).id;
    otherLine = (lines.find((l) => l.merchant_id !== 1) as { id: number }).id;
    // the test counts its own costs and depreciation only
    for (const table of ['cost', 'cost_day', 'cost_month', 'truck_depreciation'] as const)
      await t.db.db.deleteFrom(table).execute();
  });
  afterAll(async () => t?.close());

  it('puts each cost on its waybill’s line, its trip’s plan or waybill, or 未关联线路', async () => {
    const [a, b, c] = trucks as [number, number, number];
    // a plan of truck a on planLine ran 2020-06-01 08:00–14:00; a trip inside it
    await t.db.db
      .insertInto('plan')
      .values({
        merchant_id: 1,
        team_code: TRUNK_TWO,
        plan_no: 'JH-LINE-TEST',
        state: 4,
        line_id: planLine,
        truck_id: a,
        departed_at: at('2020-06-01T08:00:00'),
        arrived_at: at('2020-06-01T14:00:00'),
        created_at: t.now(),
        updated_at: t.now(),
      })
      .execute();
    const onPlan = await trip(a, '2020-06-01T09:00:00', '2020-06-01T12:00:00');
    const afterPlan = await trip(a, '2020-06-01T15:00:00', '2020-06-01T17:00:00');
    // the waybill's truck ran it 2020-06-02 06:00–18:00 (no plan then); a trip inside it
    await t.db.db
      .updateTable('waybill')
      .set({ departed_at: at('2020-06-02T06:00:00'), arrived_at: at('2020-06-02T18:00:00') })
      .where('id', '=', waybill.id)
      .execute();
    const onWaybill = await trip(waybill.truck_id, '2020-06-02T07:00:00', '2020-06-02T10:00:00');

    const add = async (name: string, body: Record<string, unknown>) => {
      ids[name] = (await ok('add', { costDate: '2026-11-10', costType: 2, ...body })).id;
    };
    await add('waybill', { truckId: waybill.truck_id, amount: '300.01', waybillId: waybill.id });
    await add('plan', { truckId: a, amount: '120.55', tripId: onPlan });
    await add('tripWaybill', { truckId: waybill.truck_id, amount: '80.10', tripId: onWaybill });
    await add('noRun', { truckId: a, amount: '45.67', tripId: afterPlan });
    await add('plain', { truckId: b, costDate: '2026-11-12', costType: 4, amount: '9.99' });
    await add('plain2', { truckId: c, costDate: '2026-11-20', costType: 4, amount: '20' });

    const stored = await t.db.db.selectFrom('cost').select(['id', 'line_id']).execute();
    const lineOf = (name: string) => stored.find((r) => r.id === ids[name])?.line_id ?? null;
    expect(lineOf('waybill')).toBe(waybill.line_id);
    expect(lineOf('plan')).toBe(planLine);
    expect(lineOf('tripWaybill')).toBe(waybill.line_id);
    expect(lineOf('noRun')).toBe(null);
    expect(lineOf('plain')).toBe(null);
  });

  it('analyses by line from the sums, to the fen of the rows, depreciation on 未关联线路', async () => {
    await ok('depreciation/save', {
      truckId: trucks[1],
      purchasePrice: '360000',
      purchaseDate: '2025-03-15',
      lifeMonths: 60,
      residual: '36000',
    });
    const { data, byLine } = await analysedByLine();
    expect(data).toMatchObject({ groupBy: 'line', groupName: '线路', byTruck: [], byTeam: [] });
    const rows = await rowsByLine();
    expect(byLine.get(waybill.line_id)).toBe(rows.get(waybill.line_id));
    expect(byLine.get(waybill.line_id)).toBe(30_001 + 8_010);
    expect(byLine.get(planLine)).toBe(12_055);
    // 未关联线路: the costs on no line and the month's depreciation (5,400.00)
    const none = data.byLine.at(-1);
    expect(none).toMatchObject({ lineId: 0, lineName: '未关联线路', count: 3 });
    expect(fen(none.total)).toBe(4_567 + 999 + 2_000 + 540_000);
    expect(none.byType['9']).toBe('5400.00');
    const sum = [...byLine.values()].reduce((s, v) => s + v, 0);
    expect(sum).toBe(fen(data.total.amount));
    expect(data.byLine.map((r: { lineName: string }) => r.lineName)).not.toContain('');

    // by day: the same lines, the days add up to the month
    const days = await ok('analysis', { ...range, periodType: 'day', groupBy: 'line' });
    expect(days.byLine).toEqual(data.byLine);
    expect(days.series.reduce((s: number, d: { total: string }) => s + fen(d.total), 0)).toBe(sum);
    // the default dimension is still by truck and team
    const byTruck = await ok('analysis', { ...range, periodType: 'month' });
    expect(byTruck).toMatchObject({ groupBy: 'truck', groupName: '车辆', byLine: [] });
    expect(byTruck.total).toEqual(data.total);
  });

  it('moves the sums on edit and deletion; filters by a line of the caller’s only', async () => {
    // the plain cost put on the waybill: it leaves 未关联线路 for the waybill's line
    await ok('update', {
      id: ids.plain,
      truckId: waybill.truck_id,
      costDate: '2026-11-12',
      costType: 4,
      amount: '9.99',
      waybillId: waybill.id,
    });
    await ok('deleteBatch', { ids: [ids.plan] });
    const { byLine } = await analysedByLine({ withoutDepreciation: true });
    const rows = await rowsByLine();
    expect(byLine.get(waybill.line_id)).toBe(30_001 + 8_010 + 999);
    expect(byLine.has(planLine)).toBe(false);
    expect(byLine).toEqual(rows);

    const one = await ok('analysis', { ...range, periodType: 'month', lineId: waybill.line_id });
    expect(fen(one.total.amount)).toBe(30_001 + 8_010 + 999);
    expect(one.total.depreciation).toBe('0.00');
    const refused = await post('analysis', { ...range, lineId: otherLine, groupBy: 'line' });
    expect(refused.body.code).toBe(400);
    expect(refused.body.msg).toBe('线路: 不存在或不在您的管辖范围内');
    const wrong = await post('analysis', { ...range, groupBy: 'driver' });
    expect(wrong.body.code).toBe(400);
    expect(wrong.body.msg).toContain('统计维度应为车辆、车队、线路之一');
  });

  it('takes the costs on a waybill to its new line when the line changes (变更线路)', async () => {
    await t.db.db.updateTable('waybill').set({ line_id: planLine }).where('id', '=', waybill.id).execute();
    const { byLine } = await analysedByLine({ withoutDepreciation: true });
    // the costs on the waybill move; the one its trip found keeps the line it was written with
    expect(byLine.get(planLine)).toBe(30_001 + 999);
    expect(byLine.get(waybill.line_id)).toBe(8_010);
    expect(byLine).toEqual(await rowsByLine());
    await t.db.db
      .updateTable('waybill')
      .set({ line_id: waybill.line_id })
      .where('id', '=', waybill.id)
      .execute();
  });

  it('back-fills the line of the costs already written (migration 0043)', async () => {
    const before = await analysedByLine();
    await costLine.down(t.db.db);
    await costLine.up(t.db.db);
    const after = await analysedByLine();
    expect(after.data).toEqual(before.data);
    expect(after.byLine).toEqual(
      await rowsByLine().then((r) => {
        r.set(0, (r.get(0) ?? 0) + 540_000);
        return r;
      }),
    );
  });
});
