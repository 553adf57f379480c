import { fromShanghai, OPERATE_LOG_PAGES } from '@fleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';

// Driver salary through the API: the rules, a month whose detail explains every amount (the figures
// worked out by hand below), a driver's own settings over the merchant's, a late plan's penalty, a
// fuel saving bonus, confirming a month that then stays as it was, and another team's drivers unseen.

/** The finance user's team (干线二分队) and the dispatcher's (干线一分队). */
const FINANCE_TEAM = '10000010010002';
const OTHER_TEAM = '10000010010001';
const JINGJINTANG = '北京至天津京津塘干线';
const DAXING = '北京大兴至石家庄干线';
const CUSTOMER = '天津港散货物流有限公司';
const at = (day: number, hour: number, minute = 0, month = 11) =>
  fromShanghai(2026, month, day, hour, minute).getTime();

describe.each(TEST_DATABASES)('driver salary on $name', (database) => {
  let t: TestApp;
  let admin: string;
  let finance: string;
  let merchantId: number;
  let jingjintang: number;
  let daxing: number;
  let customerId: number;
  let truckId: number;
  let otherTruckId: number;
  const driver = { a: 0, b: 0, c: 0 };
  const waybill = { one: 0 };

  const post = (token: string, url: string, body: unknown) =>
    call(t.app, 'POST', `/api/colliery/driver/salary/${url}`, { token, body });
  const ok = async (token: string, url: string, body: unknown) => {
    const res = await post(token, url, body);
    expect(res.body.code, `${url}: ${res.body.msg}`).toBe(200);
    // biome-ignore lint/suspicious/noExplicitAny: the answer's data
    return res.body.data as any;
  };
  const summaryOf = async (token: string, driverId: number) =>
    (await ok(token, 'summary/page', { month: '2026-11', driverId })).list[0];

  let billSeq = 0;
  const addWaybill = async (v: {
    driverId: number;
    lineId: number;
    truckId: number;
    teamCode: string;
    settleKg: number | null;
    completedAt: number;
    departedAt: number;
    cancelled?: number;
  }) => {
    const stations = await t.db.db
      .selectFrom('line_station')
      .select('station_id')
      .where('line_id', '=', v.lineId)
      .orderBy('seq')
      .execute();
    billSeq += 1;
    const row = await t.db.db
      .insertInto('waybill')
      .values({
        merchant_id: merchantId,
        team_code: v.teamCode,
        bill_no: `YDSAL${String(billSeq).padStart(4, '0')}`,
        customer_id: customerId,
        line_id: v.lineId,
        loading_station_id: stations[0]?.station_id as number,
        unloading_station_id: stations[stations.length - 1]?.station_id as number,
        truck_id: v.truckId,
        driver_id: v.driverId,
        status: 6,
        cancelled: v.cancelled ?? 0,
        settle_kg: v.settleKg,
        planned_load_at: null,
        planned_arrive_at: null,
        loading_at: v.departedAt - 3_600_000,
        departed_at: v.departedAt,
        arrived_at: v.completedAt - 600_000,
        completed_at: v.completedAt,
        cancel_reason: null,
        cancelled_at: null,
        approval_remark: null,
        approved_by: null,
        approved_at: null,
        loading_gross_kg: null,
        loading_tare_kg: null,
        loading_net_kg: null,
        loading_weighed_at: null,
        loading_photos: null,
        unloading_gross_kg: null,
        unloading_tare_kg: null,
        unloading_net_kg: null,
        unloading_weighed_at: null,
        unloading_photos: null,
        back_photos: null,
        back_remark: null,
        back_at: null,
        transport_price_id: null,
        price_type: null,
        price_fen: null,
        settle_weight: null,
        allowed_loss_permille: null,
        price_deduction_fen: null,
        loss_kg: null,
        plan_id: null,
        remark: null,
        created_by: null,
        created_at: v.departedAt,
        updated_at: v.completedAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const addDriver = async (name: string, phone: string, teamCode: string) =>
    (
      await t.db.db
        .insertInto('driver')
        .values({
          merchant_id: merchantId,
          team_code: teamCode,
          name,
          phone,
          id_card: null,
          license_class: null,
          license_expiry: null,
          qualification_no: null,
          qualification_expiry: null,
          photos: null,
          remark: null,
          photos_checked_at: null,
          deleted_at: null,
          created_at: t.now(),
          updated_at: t.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const addPlan = async (driverId: number, planNo: string, plannedArrive: number, arrived: number) =>
    t.db.db
      .insertInto('plan')
      .values({
        merchant_id: merchantId,
        team_code: FINANCE_TEAM,
        plan_no: planNo,
        state: 4,
        order_id: null,
        customer_id: customerId,
        line_id: jingjintang,
        truck_id: truckId,
        driver_id: driverId,
        cargo: '动力煤',
        planned_kg: null,
        planned_depart_at: plannedArrive - 4 * 3_600_000,
        planned_arrive_at: plannedArrive,
        departed_at: plannedArrive - 4 * 3_600_000,
        arrived_at: arrived,
        published_at: null,
        distributed_at: null,
        cancelled_at: null,
        cancel_reason: null,
        schedule_id: null,
        remark: null,
        created_by: null,
        created_at: plannedArrive - 86_400_000,
        updated_at: arrived,
      })
      .execute();

  beforeAll(async () => {
    t = await startTestApp(database);
    admin = await login(t.app, 'admin', DEMO.admin);
    finance = await login(t.app, 'finance', DEMO.finance);
    const db = t.db.db;
    merchantId = (
      await db
        .selectFrom('team')
        .select('merchant_id')
        .where('team_code', '=', FINANCE_TEAM)
        .executeTakeFirstOrThrow()
    ).merchant_id;
    customerId = (
      await db
        .selectFrom('customer')
        .select('id')
        .where('customer_name', '=', CUSTOMER)
        .executeTakeFirstOrThrow()
    ).id;
    jingjintang = (
      await db.selectFrom('line').select('id').where('name', '=', JINGJINTANG).executeTakeFirstOrThrow()
    ).id;
    daxing = (await db.selectFrom('line').select('id').where('name', '=', DAXING).executeTakeFirstOrThrow())
      .id;
    // distances fixed for figures worked out by hand: 120.000 km and 283.400 km
    await db.updateTable('line').set({ distance: 120_000 }).where('id', '=', jingjintang).execute();
    await db.updateTable('line').set({ distance: 283_400 }).where('id', '=', daxing).execute();
    truckId = (
      await db
        .selectFrom('truck')
        .select('id')
        .where('team_code', '=', FINANCE_TEAM)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
    otherTruckId = (
      await db
        .selectFrom('truck')
        .select('id')
        .where('team_code', '=', OTHER_TEAM)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
    driver.a = await addDriver('工资测试甲', '13900000001', FINANCE_TEAM);
    driver.b = await addDriver('工资测试乙', '13900000002', FINANCE_TEAM);
    driver.c = await addDriver('工资测试丙', '13900000003', OTHER_TEAM);
  });
  afterAll(() => t.close());

  it('refuses bad rules naming the field and saves the rules with a log of old and new values', async () => {
    expect((await post(finance, 'config/save', { perTon: '12.345' })).body).toMatchObject({
      code: 400,
      msg: '每吨单价: 请最多输入八位整数和两位小数的金额',
    });
    expect(
      (await post(finance, 'config/save', { lineRules: [{ lineId: jingjintang, fuelTarget: '0' }] })).body,
    ).toMatchObject({ code: 400, msg: '线路规则第1项目标百公里油耗: 须为0.1-999.9之间的数，最多一位小数' });
    expect(
      (
        await post(finance, 'config/save', {
          lineRules: [{ lineId: jingjintang }, { lineId: jingjintang, perTonKm: '1' }],
        })
      ).body,
    ).toMatchObject({ code: 400, msg: '线路规则: 同一线路只能设置一条' });
    const empty = (await call(t.app, 'GET', '/api/colliery/driver/salary/config/detail', { token: finance }))
      .body.data;
    expect(empty).toMatchObject({ saved: false, perTrip: '0.00', lineRules: [] });

    const saved = await ok(finance, 'config/save', {
      perTrip: '50',
      perTon: '12.00',
      perTonKm: '0.30',
      basePay: '3000',
      latePenalty: '50',
      fuelBonus: '6',
      allowance: '200',
      lineRules: [{ lineId: jingjintang, perTonKm: '0.25', fuelTarget: '32' }],
    });
    expect(saved).toMatchObject({
      perTrip: '50.00',
      perTripFen: 5000,
      perTonFen: 1200,
      perTonKmFen: 30,
      basePayFen: 300000,
      latePenaltyFen: 5000,
      fuelBonusFen: 600,
      allowanceFen: 20000,
      lineRules: [
        { lineId: jingjintang, lineName: JINGJINTANG, perTonKm: '0.25', perTonKmFen: 25, fuelTarget: '32.0' },
      ],
      saved: true,
    });
    const detail = (await call(t.app, 'GET', '/api/colliery/driver/salary/config/detail', { token: admin }))
      .body.data;
    expect(detail).toMatchObject({ basePay: '3000.00', perTonKm: '0.30', saved: true });
    const log = await call(t.app, 'POST', '/api/colliery/operate/log/tc/page', {
      token: finance,
      body: { dataId: merchantId, pageEnum: OPERATE_LOG_PAGES.driverSalary, pageSize: 10 },
    });
    expect(log.body.code, log.body.msg).toBe(200);
    expect(log.body.data.list[0].content).toContain('每吨单价：0.00→12.00元/吨');
    expect(log.body.data.list[0].content).toContain('月底薪：0.00→3000.00元');
    expect(log.body.data.list[0].content).toContain(
      `线路规则：无→${JINGJINTANG}（吨公里单价0.25元，目标油耗32.0升/百公里）`,
    );
  });

  it('explains every amount of a month: piece pay by trip, ton and ton-km, fuel bonus, late penalty, base and allowance', async () => {
    // 甲: two waybills in November, one in October, one cancelled
    waybill.one = await addWaybill({
      driverId: driver.a,
      lineId: jingjintang,
      truckId,
      teamCode: FINANCE_TEAM,
      settleKg: 30_500,
      departedAt: at(5, 8),
      completedAt: at(5, 14),
    });
    await addWaybill({
      driverId: driver.a,
      lineId: daxing,
      truckId,
      teamCode: FINANCE_TEAM,
      settleKg: 28_333,
      departedAt: at(12, 8),
      completedAt: at(12, 18),
    });
    await addWaybill({
      driverId: driver.a,
      lineId: daxing,
      truckId,
      teamCode: FINANCE_TEAM,
      settleKg: 10_000,
      departedAt: at(30, 8, 0, 10),
      completedAt: at(30, 18, 0, 10),
    });
    await addWaybill({
      driverId: driver.a,
      lineId: daxing,
      truckId,
      teamCode: FINANCE_TEAM,
      settleKg: 10_000,
      departedAt: at(13, 8),
      completedAt: at(13, 18),
      cancelled: 1,
    });
    // the truck's trip during waybill one: 120.0 km on 35.0 L against 32.0 L/100 km
    await t.db.db
      .insertInto('trip')
      .values({
        merchant_id: merchantId,
        team_code: FINANCE_TEAM,
        truck_id: truckId,
        driver_id: driver.a,
        start_time: at(5, 8, 10),
        end_time: at(5, 12),
        start_lat: 39_900_000,
        start_lon: 116_400_000,
        end_lat: 39_100_000,
        end_lon: 117_200_000,
        start_mileage: null,
        mileage: 1200,
        start_fuel: null,
        fuel_used: 350,
      })
      .execute();
    // plans: one 45 minutes late (the team warns after 0 minutes), one early
    await addPlan(driver.a, 'JHSAL0001', at(6, 12), at(6, 12, 45));
    await addPlan(driver.a, 'JHSAL0002', at(7, 12), at(7, 11, 50));

    const page = await ok(finance, 'detail/page', { month: '2026-11', driverId: driver.a, pageSize: 50 });
    const texts = page.list.map((r: { kindName: string; amountFen: number; text: string }) => [
      r.kindName,
      r.amountFen,
      r.text,
    ]);
    // 30.500 t: trip 50.00; ton 30500×12.00/1000 = 366.00; ton-km 30.5×120×0.25 = 915.00; 1331.00
    // 28.333 t on 283.4 km: ton 339.996 → 340.00; ton-km 28.333×283.4×0.30 = 2408.87166 → 2408.87
    // fuel: 32.0 L/100 km × 120.0 km = 38.4 L allowed, 35.0 used, 3.40 L × 6.00 = 20.40
    expect(texts).toEqual([
      ['底薪', 300000, '底薪（商户规则）：3000.00元/月'],
      ['固定补贴', 20000, '固定补贴：200.00元/月'],
      [
        '计件工资',
        133100,
        '按趟计：1趟 × 50.00元/趟 = 50.00元；按吨计：30.500吨 × 12.00元/吨 = 366.00元；按吨公里计（线路单价）：30.500吨 × 120.000公里 × 0.25元/吨公里 = 915.00元；合计 1331.00元',
      ],
      [
        '节油奖励',
        2040,
        '节油奖励：行驶120.0公里，目标油耗32.0升/百公里应耗38.4升，实耗35.0升，节油3.40升 × 6.00元/升 = 20.40元',
      ],
      [
        '计件工资',
        279887,
        '按趟计：1趟 × 50.00元/趟 = 50.00元；按吨计：28.333吨 × 12.00元/吨 = 340.00元；按吨公里计：28.333吨 × 283.400公里 × 0.30元/吨公里 = 2408.87元；合计 2798.87元',
      ],
      [
        '到达超时罚款',
        -5000,
        '到达超时：计划到达2026-11-06 12:00:00，实际到达2026-11-06 12:45:00，晚45分钟（预警0分钟），罚款50.00元',
      ],
    ]);
    // 3000 + 200 + 1331 + 20.40 + 2798.87 − 50 = 7300.27
    expect(page.totalRow).toMatchObject({
      totalFen: 730027,
      total: '7300.27',
      trips: 2,
      pieceFen: 412987,
      bonusFen: 22040,
      deductionFen: 5000,
    });
    expect(page.list[2]).toMatchObject({
      settleWeight: '30.500',
      distanceKm: '120.000',
      lineName: JINGJINTANG,
    });

    // without a month: the current one
    expect((await ok(finance, 'summary/page', { driverId: driver.a })).list[0].month).toBe('2026-11');
    const summary = await summaryOf(finance, driver.a);
    // 30.5×120 + 28.333×283.4 = 3660 + 8029.5722 = 11689.572 t·km
    expect(summary).toMatchObject({
      driverName: '工资测试甲',
      trips: 2,
      settleWeight: '58.833',
      tonKm: '11689.572',
      baseFen: 300000,
      pieceFen: 412987,
      bonusFen: 22040,
      deductionFen: 5000,
      totalFen: 730027,
      total: '7300.27',
      confirmState: 0,
      confirmStateName: '未确认',
    });
  });

  it("uses a driver's own settings over the merchant's rules", async () => {
    const saved = await call(t.app, 'POST', '/api/driverSalaryInfoSave', {
      token: admin,
      body: { driverId: driver.b, settleType: 2, baseSalary: '4000', unitPrice: '15', deduction: '100' },
    });
    expect(saved.body.code, saved.body.msg).toBe(200);
    await addWaybill({
      driverId: driver.b,
      lineId: daxing,
      truckId,
      teamCode: FINANCE_TEAM,
      settleKg: 20_000,
      departedAt: at(9, 8),
      completedAt: at(9, 18),
    });
    // a waybill without a settlement weight: an item of 0 saying why, the month goes on
    await addWaybill({
      driverId: driver.b,
      lineId: daxing,
      truckId,
      teamCode: FINANCE_TEAM,
      settleKg: null,
      departedAt: at(11, 8),
      completedAt: at(11, 18),
    });
    const page = await ok(finance, 'detail/page', { month: '2026-11', driverId: driver.b });
    expect(page.list.map((r: { amountFen: number; text: string }) => [r.amountFen, r.text])).toEqual([
      [400000, '底薪（司机设置）：4000.00元/月'],
      [20000, '固定补贴：200.00元/月'],
      [-10000, '固定扣款（司机设置）：100.00元/月'],
      [30000, '司机计薪 按吨计：20.000吨 × 15.00元/吨 = 300.00元'],
      [0, '司机计薪 按吨计：运单无结算重量，未计'],
    ]);
    expect((await summaryOf(finance, driver.b)).totalFen, '4000 + 200 − 100 + 300').toBe(440000);
  });

  it("hides another team's drivers and refuses confirming them", async () => {
    await addWaybill({
      driverId: driver.c,
      lineId: jingjintang,
      truckId: otherTruckId,
      teamCode: OTHER_TEAM,
      settleKg: 10_000,
      departedAt: at(10, 8),
      completedAt: at(10, 18),
    });
    const mine = await ok(finance, 'summary/page', { month: '2026-11', pageSize: 500 });
    const ids = mine.list.map((r: { driverId: number }) => r.driverId);
    expect(ids).toContain(driver.a);
    expect(ids).not.toContain(driver.c);
    expect((await ok(finance, 'detail/page', { month: '2026-11', driverId: driver.c })).total).toBe(0);
    expect((await summaryOf(admin, driver.c)).trips).toBe(1);
    expect(
      (await post(finance, 'summary/confirm', { driverIds: [driver.c], month: '2026-10' })).body,
    ).toMatchObject({
      code: 400,
      msg: '司机: 不存在或不在您的管辖范围内',
    });
  });

  it('keeps a confirmed month as it was and refuses a second confirmation', async () => {
    expect((await post(finance, 'summary/page', { month: '2026/11' })).body).toMatchObject({
      code: 400,
      msg: '月份: 月份格式应为YYYY-MM',
    });
    expect((await post(finance, 'summary/confirm', { driverIds: [], month: '2026-11' })).body).toMatchObject({
      code: 400,
      msg: '司机: 请选择司机',
    });
    expect(
      (await post(finance, 'summary/confirm', { driverIds: [driver.a], month: '2026-12' })).body,
    ).toMatchObject({
      code: 400,
      msg: '2026-12 月尚未结束，不能确认工资',
    });
    // the current month has not ended: confirming it would freeze a partial month
    expect(
      (await post(finance, 'summary/confirm', { driverIds: [driver.a], month: '2026-11' })).body,
    ).toMatchObject({ code: 400, msg: '2026-11 月尚未结束，不能确认工资' });
    expect((await summaryOf(finance, driver.a)).confirmState).toBe(0);
    // 2026-12-01 10:00 Shanghai: November has ended
    t.advance(11 * 24 * 3600_000);
    finance = await login(t.app, 'finance', DEMO.finance);
    const done = await ok(finance, 'summary/confirm', { driverIds: [driver.a], month: '2026-11' });
    expect(done).toEqual({ confirmed: 1, totalFen: 730027 });
    // later changes: the waybill's weight, the rules, a new waybill
    await t.db.db.updateTable('waybill').set({ settle_kg: 40_000 }).where('id', '=', waybill.one).execute();
    await ok(finance, 'config/save', {
      perTrip: '60',
      perTon: '12',
      perTonKm: '0.3',
      basePay: '3500',
      allowance: '300',
    });
    await addWaybill({
      driverId: driver.a,
      lineId: jingjintang,
      truckId,
      teamCode: FINANCE_TEAM,
      settleKg: 25_000,
      departedAt: at(20, 8),
      completedAt: at(20, 18),
    });
    const a = await summaryOf(finance, driver.a);
    expect(a).toMatchObject({
      totalFen: 730027,
      trips: 2,
      confirmState: 1,
      confirmStateName: '已确认',
      confirmedByName: expect.any(String),
    });
    expect(a.confirmTime).toBe('2026-12-01 10:00:00');
    const detail = await ok(finance, 'detail/page', { month: '2026-11', driverId: driver.a, pageSize: 50 });
    expect(detail.list[2].text).toContain('30.500吨 × 12.00元/吨 = 366.00元');
    // 乙 is not confirmed: computed live with the new rules, base from the driver's own settings
    expect((await summaryOf(finance, driver.b)).totalFen, '4000 + 300 − 100 + 300').toBe(450000);
    expect(
      (await post(finance, 'summary/confirm', { driverIds: [driver.a, driver.b], month: '2026-11' })).body,
    ).toMatchObject({
      code: 400,
      msg: '工资测试甲 2026-11 的工资已确认，不能重复确认',
    });
    expect((await summaryOf(finance, driver.b)).confirmState).toBe(0);
    const log = await call(t.app, 'POST', '/api/colliery/operate/log/tc/page', {
      token: finance,
      body: { dataId: driver.a, pageEnum: OPERATE_LOG_PAGES.driverSalary, pageSize: 10 },
    });
    expect(log.body.data.list[0].content).toBe(
      '确认司机工资：工资测试甲 2026-11，2趟，应发合计：未确认→7300.27元',
    );
  });

  it('exports the detail and the summary', async () => {
    const detail = await post(finance, 'detail/export', { month: '2026-11', driverId: driver.a });
    expect(detail.status).toBe(200);
    expect(String(detail.text.length > 100)).toBe('true');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/colliery/driver/salary/summary/export',
      headers: { 'auth-token': finance },
      payload: { month: '2026-11' },
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('司机工资汇总'));
  });
});
