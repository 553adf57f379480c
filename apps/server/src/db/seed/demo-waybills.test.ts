import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatDate, WAYBILL_SOURCE, waybillFreight } from '@fleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextBillNo } from '../../modules/waybills/waybill-flow';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';
import { DEMO_WAYBILL_DAYS, seedDemoWaybills } from './demo-waybills';

const HOUR = 3_600_000;

describe.each(TEST_DATABASES)('demo waybills on $name', (database) => {
  let t: TestApp;
  let seconds = 0;
  const uploadDir = mkdtempSync(path.join(tmpdir(), 'fleet-demo-waybills-'));
  beforeAll(async () => {
    // the demo without its waybills, then the waybills as the seed adds them, timed
    t = await startTestApp(database);
    const started = performance.now();
    await t.db.db.transaction().execute((tx) => seedDemoWaybills(tx, t.now(), { uploadDir }));
    seconds = (performance.now() - started) / 1000;
  }, 60_000);
  afterAll(async () => {
    await t.close();
    rmSync(uploadDir, { recursive: true, force: true });
  });

  const waybills = () =>
    t.db.db
      .selectFrom('waybill as w')
      .innerJoin('merchant as m', 'm.id', 'w.merchant_id')
      .innerJoin('truck as t', 't.id', 'w.truck_id')
      .innerJoin('line as l', 'l.id', 'w.line_id')
      .innerJoin('customer as c', 'c.id', 'w.customer_id')
      .selectAll('w')
      .select([
        'm.name as merchant',
        't.team_code as truck_team',
        't.driver_id as truck_driver',
        'l.name as line',
        'c.customer_name',
      ])
      .orderBy('w.id')
      .execute();

  it('a few hundred completed waybills of the last 60 days for each merchant, on its priced lines, fast', async () => {
    const rows = await waybills();
    const completed = (merchant: string) =>
      rows.filter((w) => w.merchant === merchant && w.status === 6 && w.cancelled === 0);
    expect(completed('示例煤炭运输有限公司').length).toBeGreaterThan(150);
    expect(completed('示例物流有限公司').length).toBeGreaterThan(200);
    expect(new Set(completed('示例煤炭运输有限公司').map((w) => w.line))).toEqual(
      new Set(['东胜至天津港煤炭干线', '准格尔经大同至天津港煤炭干线']),
    );
    expect(new Set(completed('示例物流有限公司').map((w) => w.customer_name))).toEqual(
      new Set(['天津港散货物流有限公司', '石家庄鑫达钢铁贸易有限公司', '天津联华超市有限公司']),
    );
    const oldest = Math.min(...rows.map((w) => Number(w.created_at)));
    expect(oldest).toBeGreaterThanOrEqual(t.now() - DEMO_WAYBILL_DAYS * 24 * HOUR);
    expect(oldest).toBeLessThan(t.now() - (DEMO_WAYBILL_DAYS - 4) * 24 * HOUR);
    // the truck's own team and driver, the line's end stations
    for (const w of rows) {
      expect(w.team_code).toBe(w.truck_team);
      expect(w.driver_id).toBe(w.truck_driver);
    }
    // the seed runs at every fresh start
    expect(seconds).toBeLessThan(database.name === 'sqlite' ? 3 : 6);
  });

  it('bill numbers by merchant and day in order of creation; the next number of a day does not collide', async () => {
    const rows = await waybills();
    const seen = new Set<string>();
    const lastOfDay = new Map<string, number>();
    for (const w of rows) {
      const day = formatDate(new Date(Number(w.created_at))).replaceAll('-', '');
      expect(w.bill_no.slice(0, 10)).toBe(`YD${day}`);
      const key = `${w.merchant_id}:${day}`;
      const seq = Number(w.bill_no.slice(10));
      expect(seq).toBe((lastOfDay.get(key) ?? 0) + 1);
      lastOfDay.set(key, seq);
      expect(seen.has(`${w.merchant_id}:${w.bill_no}`)).toBe(false);
      seen.add(`${w.merchant_id}:${w.bill_no}`);
    }
    const latest = rows[rows.length - 1];
    if (!latest) throw new Error('no waybills');
    const next = await t.db.db
      .transaction()
      .execute((tx) => nextBillNo(tx, latest.merchant_id, Number(latest.created_at)));
    expect(Number(next.slice(10))).toBe(Number(latest.bill_no.slice(10)) + 1);
  });

  it('completed: times in order, plausible slips, the price at loading copied and the freight to the fen', async () => {
    const rows = (await waybills()).filter((w) => w.status === 6);
    let coalOver = 0;
    let coal = 0;
    for (const w of rows) {
      const times = [w.created_at, w.loading_at, w.departed_at, w.arrived_at, w.completed_at].map(Number);
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(Number(w.planned_load_at)).toBeGreaterThan(Number(w.created_at));
      expect(Number(w.planned_arrive_at)).toBeGreaterThan(Number(w.planned_load_at));
      expect(Number(w.loading_weighed_at)).toBe(Number(w.loading_at));
      expect(Number(w.unloading_weighed_at)).toBeGreaterThan(Number(w.arrived_at));
      expect(Number(w.back_at)).toBe(Number(w.completed_at));
      expect(w.loading_net_kg).toBe((w.loading_gross_kg ?? 0) - (w.loading_tare_kg ?? 0));
      expect(w.unloading_net_kg).toBe((w.unloading_gross_kg ?? 0) - (w.unloading_tare_kg ?? 0));
      // the terms of the price the office sees for this customer and line
      const price = await t.db.db
        .selectFrom('transport_price')
        .selectAll()
        .where('id', '=', w.transport_price_id as number)
        .executeTakeFirstOrThrow();
      expect([price.customer_id, price.line_id]).toEqual([w.customer_id, w.line_id]);
      expect(Number(w.price_fen)).toBe(Number(price.price_fen));
      expect([w.price_type, w.settle_weight, w.allowed_loss_permille]).toEqual([
        price.price_type,
        price.settle_weight,
        price.allowed_loss_permille,
      ]);
      const f = waybillFreight({
        priceType: price.price_type,
        priceFen: Number(price.price_fen),
        settleWeight: price.settle_weight,
        allowedLossPermille: price.allowed_loss_permille,
        deductionFen: Number(price.deduction_fen),
        loadingNetKg: w.loading_net_kg,
        unloadingNetKg: w.unloading_net_kg,
      });
      expect([Number(w.freight_gross_fen), Number(w.loss_deduction_fen), Number(w.freight_fen)]).toEqual([
        f.grossFen,
        f.deductionFen,
        f.freightFen,
      ]);
      expect(w.loss_kg).toBe(f.lossKg);
      expect(Number(w.freight_fen)).toBeGreaterThan(0);
      if (w.merchant === '示例煤炭运输有限公司') {
        coal++;
        expect(w.cargo).toBe('动力煤');
        expect(w.loading_net_kg).toBeGreaterThanOrEqual(30_000);
        expect(w.loading_net_kg).toBeLessThanOrEqual(35_000);
        expect(w.loss_kg).toBeGreaterThanOrEqual(0);
        if (f.excessLossKg > 0) {
          coalOver++;
          expect(Number(w.loss_deduction_fen)).toBeGreaterThan(0);
        }
      }
    }
    // the loss mostly within the allowed ‰, some above it
    expect(coalOver).toBeGreaterThan(coal * 0.05);
    expect(coalOver).toBeLessThan(coal * 0.3);
  });

  it('slips and receipts of completed waybills have photos: files the merchant uploaded, as the forms require', async () => {
    const rows = await waybills();
    const files = await t.db.db.selectFrom('uploaded_file').selectAll().execute();
    for (const w of rows) {
      if (w.status !== 6) {
        expect([w.loading_photos, w.unloading_photos, w.back_photos]).toEqual([null, null, null]);
        continue;
      }
      for (const url of [w.loading_photos, w.unloading_photos, w.back_photos]) {
        expect(url).toMatch(/^\/api\/file\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/);
        const file = files.find((f) => `/api/file/uploads/${f.stored_path}` === url);
        expect(file?.merchant_id).toBe(w.merchant_id);
      }
    }
    expect(new Set(files.map((f) => f.original_name))).toEqual(
      new Set(['装车磅单.png', '卸车磅单.png', '回单.png']),
    );
    for (const f of files) {
      const data = readFileSync(path.join(uploadDir, f.stored_path));
      expect(data.length).toBe(f.size);
      expect(data.subarray(1, 4).toString('latin1')).toBe('PNG');
    }
  });

  it('the timeline of a completed waybill: the office weighs and signs, the truck’s position moves it on the road', async () => {
    const [w] = (await waybills()).filter((r) => r.status === 6 && r.merchant === '示例煤炭运输有限公司');
    if (!w) throw new Error('no completed coal waybill');
    const flow = await t.db.db
      .selectFrom('waybill_flow')
      .selectAll()
      .where('waybill_id', '=', w.id)
      .orderBy('id')
      .execute();
    expect(flow.map((f) => [f.action, f.from_status, f.to_status, f.source])).toEqual([
      [1, null, 1, WAYBILL_SOURCE.office],
      [3, null, null, WAYBILL_SOURCE.office],
      [2, 1, 2, WAYBILL_SOURCE.office],
      [2, 2, 3, WAYBILL_SOURCE.gps],
      [2, 3, 4, WAYBILL_SOURCE.gps],
      [4, null, null, WAYBILL_SOURCE.office],
      [5, null, null, WAYBILL_SOURCE.office],
      [2, 4, 6, WAYBILL_SOURCE.office],
    ]);
    const at = flow.map((f) => Number(f.at));
    expect(at).toEqual([...at].sort((a, b) => a - b));
    expect(flow[0]?.content).toBe(w.bill_no);
    expect(flow[0]?.actor_name).toBe('系统管理员');
    expect(flow[1]?.content).toMatch(/^毛重\d+\.\d{3}吨，皮重\d+\.\d{3}吨，净重\d+\.\d{3}吨$/);
    const leave = flow[3];
    const arrive = flow[4];
    expect(leave?.station_id).toBe(w.loading_station_id);
    expect(arrive?.station_id).toBe(w.unloading_station_id);
    expect(leave?.content).toContain('驶离装货地');
    expect(arrive?.content).toContain('驶入卸货地“天津港南疆煤码头”围栏');
    const port = await t.db.db
      .selectFrom('station')
      .select(['lat', 'lon'])
      .where('id', '=', w.unloading_station_id)
      .executeTakeFirstOrThrow();
    expect(Math.abs((arrive?.lat ?? 0) - port.lat / 1e6)).toBeLessThan(0.01);
    expect(Math.abs((arrive?.lng ?? 0) - port.lon / 1e6)).toBeLessThan(0.01);
    expect(arrive?.actor_name).toMatch(/^蒙K/);
    expect(Number(arrive?.at)).toBe(Number(w.arrived_at));
  });

  it('fees to approve, a handful cancelled with a reason, and some still to be loaded', async () => {
    const rows = await waybills();
    const fees = await t.db.db
      .selectFrom('waybill_fee as f')
      .innerJoin('fee_type as ft', 'ft.id', 'f.fee_type_id')
      .innerJoin('waybill as w', 'w.id', 'f.waybill_id')
      .select(['ft.fee_name', 'ft.merchant_id as type_merchant', 'w.merchant_id', 'f.state', 'f.amount_fen'])
      .execute();
    expect(new Set(fees.map((f) => f.fee_name))).toEqual(new Set(['装车费', '过路过桥费']));
    for (const f of fees) {
      expect(f.state).toBe(1);
      expect(f.type_merchant).toBe(f.merchant_id);
      expect(Number(f.amount_fen)).toBeGreaterThan(0);
    }
    const cancelled = rows.filter((w) => w.cancelled === 1);
    expect(cancelled.length).toBeGreaterThanOrEqual(3);
    expect(cancelled.length).toBeLessThan(rows.length * 0.06);
    for (const w of cancelled) {
      expect(w.cancel_reason).toBeTruthy();
      expect(w.status).toBe(1);
      expect(w.loading_net_kg).toBeNull();
    }
    const open = rows.filter((w) => w.cancelled === 0 && w.status !== 6);
    expect(open.length).toBeGreaterThan(5);
    for (const w of open) {
      expect(w.status).toBe(1);
      expect(Number(w.created_at)).toBeGreaterThan(t.now() - 24 * HOUR);
      expect(Number(w.planned_load_at)).toBeGreaterThan(Number(w.created_at));
      expect(w.transport_price_id).toBeNull();
    }
    // one open waybill a truck at most
    expect(new Set(open.map((w) => w.truck_id)).size).toBe(open.length);
    // in each team with open waybills, some a driver made, waiting for the office's check
    const pending = open.filter((w) => w.source === WAYBILL_SOURCE.driver);
    expect(pending.every((w) => w.approval_state === 1 && w.created_by === null)).toBe(true);
    expect(open.filter((w) => w.source === WAYBILL_SOURCE.office).every((w) => w.approval_state === 0)).toBe(
      true,
    );
    expect(new Set(pending.map((w) => w.team_code))).toEqual(new Set(open.map((w) => w.team_code)));
    const [made] = pending;
    const flow = await t.db.db
      .selectFrom('waybill_flow')
      .select(['actor_name', 'source', 'action', 'user_id'])
      .where('waybill_id', '=', made?.id ?? 0)
      .execute();
    const driver = await t.db.db
      .selectFrom('driver')
      .select('name')
      .where('id', '=', made?.driver_id ?? 0)
      .executeTakeFirstOrThrow();
    expect(flow).toEqual([
      { actor_name: driver.name, source: WAYBILL_SOURCE.driver, action: 1, user_id: null },
    ]);
  });

  it('the same waybills at every fresh start (SEED_DEMO_WAYBILLS seeds them with the demo)', async () => {
    const again = await startTestApp(database, { seedDemoWaybills: true, uploadDir });
    try {
      const pick = (db: TestApp['db']) =>
        db.db
          .selectFrom('waybill')
          .select(['bill_no', 'truck_id', 'loading_net_kg', 'unloading_net_kg', 'freight_fen', 'created_at'])
          .orderBy('id')
          .execute();
      const first = await pick(t.db);
      const second = await pick(again.db);
      expect(second.length).toBe(first.length);
      // the photos served at their addresses by the app that seeded them
      const completed = await again.db.db
        .selectFrom('waybill')
        .select('back_photos')
        .where('status', '=', 6)
        .executeTakeFirstOrThrow();
      const served = await again.app.inject({ method: 'GET', url: completed.back_photos ?? '' });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(
        second.map((r) => ({ ...r, freight_fen: Number(r.freight_fen), created_at: Number(r.created_at) })),
      ).toEqual(
        first.map((r) => ({ ...r, freight_fen: Number(r.freight_fen), created_at: Number(r.created_at) })),
      );
    } finally {
      await again.close();
    }
    const none = await startTestApp(database);
    try {
      const count = await none.db.db
        .selectFrom('waybill')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(0);
    } finally {
      await none.close();
    }
  }, 60_000);
});

describe.each(TEST_DATABASES)('demo waybills under their forms’ rules on $name', (database) => {
  let t: TestApp;
  const uploadDir = mkdtempSync(path.join(tmpdir(), 'fleet-demo-waybill-forms-'));
  beforeAll(async () => {
    t = await startTestApp(database, { seedDemoWaybills: true, uploadDir });
  }, 60_000);
  afterAll(async () => {
    await t.close();
    rmSync(uploadDir, { recursive: true, force: true });
  });

  it('every receipt of a completed demo waybill and every open one saves unchanged, the freight kept', async () => {
    const admin = await login(t.app, 'admin', DEMO.admin);
    const merchants = await call(t.app, 'GET', '/api/auth/getMerchantList', { token: admin });
    const refused: string[] = [];
    let saved = 0;
    for (const merchantId of Object.keys(merchants.body.data)) {
      const picked = await call(t.app, 'POST', '/api/auth/pickMerchant', {
        token: admin,
        body: { merchantId },
      });
      expect(picked.body.code).toBe(200);
      const rows: { id: number; status: number; cancelled: number; freightFen: number; billNo: string }[] =
        [];
      for (let pageNum = 1; ; pageNum++) {
        const page = await call(t.app, 'POST', '/api/colliery/waybill/page', {
          token: admin,
          body: { pageNum, pageSize: 100 },
        });
        expect(page.body.code).toBe(200);
        rows.push(...page.body.data.list);
        if (page.body.data.list.length < 100) break;
      }
      expect(rows.length).toBeGreaterThan(100);
      for (const w of rows) {
        if (w.cancelled === 1) continue;
        if (w.status === 6) {
          const back = await call(t.app, 'POST', '/api/colliery/waybill/backInfo', {
            token: admin,
            body: { waybillId: w.id },
          });
          const res = await call(t.app, 'POST', '/api/colliery/waybill/addBack', {
            token: admin,
            body: back.body.data,
          });
          if (res.body.code !== 200) refused.push(`回单 ${w.billNo}: ${res.body.msg}`);
          else if (res.body.data.freightFen !== w.freightFen)
            refused.push(`回单 ${w.billNo}: 运费 ${w.freightFen} → ${res.body.data.freightFen}`);
        } else if (w.status === 1) {
          const info = await call(t.app, 'GET', '/api/colliery/waybill/info', {
            token: admin,
            query: { id: String(w.id) },
          });
          const res = await call(t.app, 'POST', '/api/colliery/waybill/edit', {
            token: admin,
            body: info.body.data,
          });
          if (res.body.code !== 200) refused.push(`运单 ${w.billNo}: ${res.body.msg}`);
        }
        saved++;
      }
    }
    expect(refused).toEqual([]);
    expect(saved).toBeGreaterThan(500);
  }, 240_000);
});
