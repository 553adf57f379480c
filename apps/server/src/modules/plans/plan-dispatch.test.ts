import { OPERATE_LOG_PAGES, ROLE_PRESETS } from '@fleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secondProcess } from '../../realtime/test-sockets';
import { encodeTerminalResponse, MSG, type TextMessage } from '../../telematics/jt808';
import { uploadFile } from '../../test/sheets';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';
import { loginTerminal, waitFor } from '../../test/telematics';
import { sha256Hex } from '../auth/tokens';
import { sheetFile } from '../file-tasks/file-tasks.fixture';

// What the dispatcher does with a published plan, through the API on each database: a notice to
// the truck's terminal over JT/T 808 (0x8300) answered by a real connection, and refused for an
// offline terminal or a truck without one, every notice kept; the cost estimate from prepared trips
// (figures worked out by hand below); the plan import, all rows or none; and the waybills of a
// plan's loads made in one step, which another team may not do.

const TRUNK_ONE = '10000010010001';
const TRUNK_TWO = '10000010010002';
const JINGJINTANG = '北京至天津京津塘干线';
const CUSTOMER = '天津港散货物流有限公司';
const DAY = 86_400_000;

interface Truck {
  id: number;
  car_no: string;
  driver_id: number;
  phone: string;
  driver_name: string;
}

describe.each(TEST_DATABASES)('plan notice, cost, import and waybill scheduling on $name', (database) => {
  let t: TestApp;
  let dispatch: string;
  let other: string;
  let lineId: number;
  let customerId: number;
  let truck: Truck;
  let truck2: Truck;
  let merchantId: number;
  let admin: string;

  const get = (token: string, url: string, query: Record<string, string | number>) =>
    call(t.app, 'GET', `/api${url}`, {
      token,
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    });
  const post = (token: string, url: string, body: unknown) =>
    call(t.app, 'POST', `/api${url}`, { token, body });
  const publish = async (tr: Truck, departTime: string, extra: Record<string, unknown> = {}) => {
    const res = await post(dispatch, '/plan/add', {
      lineId,
      customerId,
      truckId: tr.id,
      driverId: tr.driver_id,
      cargo: '动力煤',
      plannedTons: '35',
      departTime,
      ...extra,
    });
    expect(res.body.code, res.body.msg).toBe(200);
    return res.body.data.id as number;
  };
  const logOf = async (pageEnum: number, id: number) =>
    (
      (await post(dispatch, '/colliery/operate/log/tc/page', { dataId: id, pageEnum, pageSize: 50 })).body
        .data as { list: { content: string }[] }
    ).list.map((l) => l.content);

  beforeAll(async () => {
    t = await startTestApp(database, { jt808Port: 0, jt808ReplyTimeoutMs: 500 });
    dispatch = await login(t.app, 'dispatch', DEMO.dispatch);
    admin = await login(t.app, 'admin', DEMO.admin);
    const role = await post(admin, '/system/role/add', {
      name: '二分队调度',
      codes: [...ROLE_PRESETS.dispatch],
    });
    await post(admin, '/system/user/add', {
      username: 'plan_e2',
      password: sha256Hex('Plan@1234'),
      nickname: 'plan_e2',
      teamCode: TRUNK_TWO,
      roleIds: [role.body.data.id],
    });
    other = await login(t.app, 'plan_e2', 'Plan@1234');
    const db = t.db.db;
    const line = await db
      .selectFrom('line')
      .select(['id', 'merchant_id'])
      .where('name', '=', JINGJINTANG)
      .executeTakeFirstOrThrow();
    lineId = line.id;
    merchantId = line.merchant_id;
    // a line of 123.456 km, so that the estimate's figures are worked out by hand
    await db.updateTable('line').set({ distance: 123_456 }).where('id', '=', lineId).execute();
    customerId = (
      await db
        .selectFrom('customer')
        .select('id')
        .where('customer_name', '=', CUSTOMER)
        .executeTakeFirstOrThrow()
    ).id;
    const trucks = await db
      .selectFrom('truck')
      .innerJoin('driver', 'driver.id', 'truck.driver_id')
      .innerJoin('terminal', 'terminal.id', 'truck.terminal_id')
      .select(['truck.id', 'truck.car_no', 'truck.driver_id', 'terminal.phone', 'driver.name as driver_name'])
      .where('truck.team_code', '=', TRUNK_ONE)
      .orderBy('truck.id')
      .limit(2)
      .execute();
    const [a, b] = trucks.map((r) => ({ ...r, driver_id: Number(r.driver_id) }));
    if (!a || !b) throw new Error('the demo has two trucks with drivers and terminals in 干线一分队');
    truck = a;
    truck2 = b;
    await db.deleteFrom('trip').where('truck_id', 'in', [truck.id, truck2.id]).execute();
  });
  afterAll(() => t.close());

  let planId = 0;
  it('sends the plan to its truck over JT/T 808 and keeps each notice with the answer', async () => {
    planId = await publish(truck, '2026-12-01 08:00:00');
    const terminal = await loginTerminal(t, truck.phone);
    const texts: TextMessage[] = [];
    let answer = 0;
    terminal.onFrame = (r) => {
      if (r.message.kind !== 'textMessage') return;
      texts.push(r.message);
      terminal.send(
        encodeTerminalResponse(terminal.header(), {
          replySerial: r.header.serial,
          replyMsgId: MSG.textMessage,
          result: answer,
        }),
      );
    };
    const sent = await post(dispatch, '/plan/notice', { id: planId });
    expect(sent.body.code, sent.body.msg).toBe(200);
    expect(sent.body.data).toMatchObject({ result: 0, resultText: '成功' });
    expect(texts).toHaveLength(1);
    const text = texts[0]?.text ?? '';
    const plan = (await get(dispatch, '/plan/info', { id: planId })).body.data;
    expect(text).toContain(`发车计划${plan.planNo}`);
    expect(text).toContain(`线路：${JINGJINTANG}`);
    expect(text).toContain(`车辆：${truck.car_no}`);
    expect(text).toContain(`1.${plan.stations[0].address} 12-01 08:00发`);
    expect(text).toContain('货物：动力煤 35吨');
    expect(texts[0]?.flag).toBe(0x0c);

    // the dispatcher's own text; the terminal answers 3 (unsupported)
    answer = 3;
    const own = await post(dispatch, '/plan/notice', { id: planId, text: '请提前半小时到站装货' });
    expect(own.body).toMatchObject({ code: 400, msg: '终端应答：不支持' });
    expect(texts[1]?.text).toBe('请提前半小时到站装货');

    // offline: nothing connected holds the terminal
    await terminal.close();
    await waitFor(async () => !t.app.telematics.isOnline(truck.phone));
    await waitFor(async () => {
      const s = await t.db.db
        .selectFrom('vehicle_state')
        .select('online')
        .where('truck_id', '=', truck.id)
        .executeTakeFirst();
      return (s?.online ?? 0) === 0;
    });
    const offline = await post(dispatch, '/plan/notice', { id: planId, text: '收到请回复' });
    expect(offline.body).toMatchObject({ code: 400, msg: `车辆${truck.car_no}的终端不在线，通知未送达` });

    const list = (await get(dispatch, '/plan/notice/list', { planId })).body.data;
    expect(list.total).toBe(3);
    expect(list.list.map((n: { result: number; resultText: string }) => [n.result, n.resultText])).toEqual([
      [4, '终端不在线'],
      [3, '不支持'],
      [0, '成功'],
    ]);
    expect(list.list[2]).toMatchObject({ text, sentBy: expect.any(String), sentTime: '2026-11-20 10:00:00' });
    expect(list.list[2].answerTime).toBe('2026-11-20 10:00:00');
    expect(list.list[0].answerTime).toBe('');
    const log = await logOf(OPERATE_LOG_PAGES.plan, planId);
    expect(log.filter((l) => l.startsWith(`下发通知 ${plan.planNo} 至${truck.car_no}：`))).toHaveLength(3);
    expect(log[0]).toContain('：终端不在线；内容：收到请回复');
  });

  it('refuses a truck without terminal, a draft and another team, recording the truck without terminal', async () => {
    const second = await publish(truck2, '2026-12-01 09:00:00');
    await t.db.db.updateTable('truck').set({ terminal_id: null }).where('id', '=', truck2.id).execute();
    const none = await post(dispatch, '/plan/notice', { id: second });
    expect(none.body).toMatchObject({ code: 400, msg: `车辆${truck2.car_no}未绑定终端，通知未下发` });
    const list = (await get(dispatch, '/plan/notice/list', { planId: second })).body.data;
    expect(list.list.map((n: { result: number }) => n.result)).toEqual([6]);
    const draft = await post(dispatch, '/plan/temp', { lineId, departTime: '2026-12-02 08:00:00' });
    const refused = await post(dispatch, '/plan/notice', { id: draft.body.data.id });
    expect(refused.body).toMatchObject({
      code: 400,
      msg: '计划当前为“草稿”，只有已发布、已下发、执行中的计划可以下发通知',
    });
    const foreign = await post(other, '/plan/notice', { id: planId });
    expect(foreign.body.msg).toBe('发车计划不存在或无权操作');
    expect((await get(other, '/plan/notice/list', { planId })).body.msg).toBe('发车计划不存在或无权操作');
    const long = await post(dispatch, '/plan/notice', { id: planId, text: '长'.repeat(301) });
    expect(long.body).toMatchObject({ code: 400, msg: '通知内容: 最多输入300个字符' });
  });

  it('estimates the cost from the truck’s recent trips, the prices and the driver’s pay, each with its basis', async () => {
    const now = t.now();
    const trip = (start: number, mileage: number, fuel: number | null, closed = true) => ({
      merchant_id: merchantId,
      team_code: TRUNK_ONE,
      truck_id: truck.id,
      driver_id: truck.driver_id,
      start_time: start,
      end_time: closed ? start + 3_600_000 : null,
      start_lat: 39_900_000,
      start_lon: 116_400_000,
      mileage,
      start_fuel: 1000,
      fuel_used: fuel,
    });
    // counted: 100.0 km with 32.0 L and 50.0 km with 18.0 L (150 km, 50 L: 33.3 L/100 km);
    // not counted: a trip of 31 days ago, an open trip, a trip that measured no fuel
    await t.db.db
      .insertInto('trip')
      .values([
        trip(now - 2 * DAY, 1000, 320),
        trip(now - 10 * DAY, 500, 180),
        trip(now - 31 * DAY, 1000, 900),
        trip(now - 3_600_000, 800, 800, false),
        trip(now - 3 * DAY, 700, null),
      ])
      .execute();
    const saved = await post(dispatch, '/plan/cost/settings', { fuelPrice: '7.65', tollPerKm: '1.20' });
    expect(saved.body.code, saved.body.msg).toBe(200);
    const salary = await post(admin, '/driverSalaryInfoSave', {
      driverId: truck.driver_id,
      settleType: 3,
      unitPrice: '0.50',
    });
    expect(salary.body.code, salary.body.msg).toBe(200);

    const cost = (await get(dispatch, '/plan/costInfo', { id: planId })).body.data;
    // fuel: 123.456 km × (50 L / 150 km) = 41.152 L × 7.65 元 = 314.8128 元 → 31481 fen
    // tolls: 123.456 km × 1.20 元 = 148.1472 元 → 14815 fen
    // pay: 0.50 元/吨公里 × 35 t × 123.456 km = 2160.48 元 → 216048 fen
    expect(cost).toMatchObject({
      distanceM: 123_456,
      distanceKm: '123.5',
      plannedTons: '35',
      fuel: {
        basis: 'trips',
        basisText: '车辆近30天2个行程：共150.0公里、耗油50.0升',
        per100Km: '33.3',
        litres: '41.15',
        priceFen: 765,
        amountFen: 31_481,
        amount: '314.81',
      },
      toll: { perKmFen: 120, amountFen: 14_815, amount: '148.15' },
      driverPay: {
        settleType: 3,
        settleTypeName: '按吨公里计薪',
        amountFen: 216_048,
        basisText: '按吨公里计薪：0.50元/吨公里 × 计划35吨 × 123.5公里',
      },
      totalFen: 31_481 + 14_815 + 216_048,
      total: '2623.44',
    });

    // truck2 has no trips: the fuel limit of its alarm rule (45 L/100 km), then the merchant's own
    const second = (await get(dispatch, '/plan/list', { carNo: '', truckId: truck2.id })).body.data.list[0];
    let fallback = (await get(dispatch, '/plan/costInfo', { id: second.id })).body.data;
    // 123.456 km × 0.45 L/km = 55.5552 L × 7.65 = 424.99728 元 → 42500 fen
    expect(fallback.fuel).toMatchObject({ basis: 'alarmRule', per100Km: '45.0', amountFen: 42_500 });
    expect(fallback.fuel.basisText).toBe('车辆近30天无油耗行程，按油耗异常报警规则的百公里油耗上限');
    expect(fallback.driverPay).toMatchObject({ amountFen: 0, basisText: '司机未设置工资信息，按0计' });
    await post(dispatch, '/plan/cost/settings', { fuelPrice: '7.65', tollPerKm: '1.20', fuelPer100Km: '30' });
    await post(admin, '/driverSalaryInfoSave', {
      driverId: truck2.driver_id,
      settleType: 1,
      unitPrice: '300',
    });
    fallback = (await get(dispatch, '/plan/costInfo', { id: second.id })).body.data;
    // 123.456 km × 0.30 L/km = 37.0368 L × 7.65 = 283.33152 元 → 28333 fen
    expect(fallback.fuel).toMatchObject({ basis: 'setting', per100Km: '30.0', amountFen: 28_333 });
    expect(fallback.driverPay).toMatchObject({ amountFen: 30_000, basisText: '按趟计薪：300.00元/趟 × 1趟' });
    expect(fallback.totalFen).toBe(28_333 + 14_815 + 30_000);

    // the settings as shown, their changes in the log, and their rules
    expect((await get(dispatch, '/plan/cost/settings', {})).body.data).toMatchObject({
      fuelPrice: '7.65',
      tollPerKm: '1.20',
      fuelPer100Km: '30.0',
      saved: true,
    });
    expect(await logOf(OPERATE_LOG_PAGES.planCostSetting, merchantId)).toEqual([
      '修改计划成本单价：默认百公里油耗：按报警规则→30.0升',
      '修改计划成本单价：油价：7.80→7.65元/升；路桥费：1.50→1.20元/公里',
    ]);
    const bad = await post(dispatch, '/plan/cost/settings', { fuelPrice: '7.655', tollPerKm: '1' });
    expect(bad.body).toMatchObject({ code: 400, msg: '油价: 须为金额（元），最多两位小数' });
    expect((await get(other, '/plan/costInfo', { id: planId })).body.msg).toBe('发车计划不存在或无权操作');
  });

  it('imports plans as published ones with the checks of /plan/add, all rows or none', async () => {
    const template = await t.app.inject({
      method: 'GET',
      url: '/api/plan/import/template',
      headers: { 'auth-token': dispatch },
    });
    expect(template.statusCode).toBe(200);
    expect(template.headers['content-type']).toContain('spreadsheetml');
    const header = ['线路', '车牌号', '司机', '计划发车时间', '货物', '计划吨数', '订单号', '备注'];
    const upload = async (rows: (string | number | null)[][]) =>
      uploadFile(t.app, '/api/plan/import', dispatch, {
        filename: '发车计划.xlsx',
        content: await sheetFile([header, ...rows]),
      });
    const count = async () =>
      Number(
        (
          await t.db.db
            .selectFrom('plan')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const one = [JINGJINTANG, truck.car_no, '', '2026-12-05 08:00:00', '动力煤', '30', '', '导入'];
    const two = [
      JINGJINTANG,
      truck2.car_no,
      truck2.driver_name,
      '2026-12-05 09:00:00',
      '焦炭',
      '28.5',
      '',
      '',
    ];
    const bad = await upload([
      one,
      ['不存在的线路', truck.car_no, '', '2026-12-06 08:00:00', '动力煤', '', '', ''],
      [JINGJINTANG, '京X00000', '', '2026-12-06 08:00:00', '动力煤', '', '', ''],
      [JINGJINTANG, truck.car_no, '', '2026-12-06 25:00:00', '动力煤', '', '', ''],
      [JINGJINTANG, truck.car_no, '', '2026-12-06 08:00:00', '', '', '', ''],
      [JINGJINTANG, truck.car_no, '', '2026-12-06 08:00:00', '动力煤', '-1', '', ''],
    ]);
    expect(bad.code).toBe(400);
    expect(bad.data.errors).toEqual([
      { row: 5, message: '计划发车时间: 格式应为YYYY-MM-DD HH:mm:ss' },
      { row: 6, message: '货物: 请填写货物' },
      { row: 7, message: '计划吨数: 须为大于0的吨数，最多三位小数' },
    ]);
    const unknown = await upload([
      one,
      ['不存在的线路', truck.car_no, '', '2026-12-06 08:00:00', '动力煤', '', '', ''],
      [JINGJINTANG, '京X00000', '', '2026-12-06 08:00:00', '动力煤', '', '', ''],
      [JINGJINTANG, truck2.car_no, '', '2026-12-06 08:00:00', '动力煤', '', 'DD000', ''],
      // the same truck as row 2 in an overlapping window
      [JINGJINTANG, truck.car_no, '', '2026-12-05 09:00:00', '动力煤', '', '', ''],
      // the truck already has a plan then (the notice test's)
      [JINGJINTANG, truck.car_no, '', '2026-12-01 08:30:00', '动力煤', '', '', ''],
    ]);
    expect(unknown.code).toBe(400);
    expect(unknown.msg).toContain('第3行：线路: “不存在的线路”不存在或不在您的管辖范围内');
    expect(unknown.data.errors.slice(0, 4)).toEqual([
      { row: 3, message: '线路: “不存在的线路”不存在或不在您的管辖范围内' },
      { row: 4, message: '车牌号: “京X00000”不存在或不在您的管辖范围内' },
      { row: 5, message: '订单号: “DD000”不存在或不在您的管辖范围内' },
      { row: 6, message: '车牌号: 与第2行的计划时段重叠' },
    ]);
    expect(unknown.data.errors[4].row).toBe(7);
    expect(unknown.data.errors[4].message).toMatch(/^车辆: /);
    expect(await count()).toBe(before);

    const good = await upload([one, two]);
    expect(good.code, good.msg).toBe(200);
    expect(good.msg).toBe('成功导入2条数据');
    expect(await count()).toBe(before + 2);
    const imported = (
      await get(dispatch, '/plan/list', { startTime: '2026-12-05 00:00:00', endTime: '2026-12-05 23:59:59' })
    ).body.data.list as {
      id: number;
      state: number;
      carNo: string;
      driverName: string;
      plannedTons: string;
      stations: unknown[];
      teamCode: string;
    }[];
    expect(imported.map((p) => [p.carNo, p.state, p.driverName, p.plannedTons]).sort()).toEqual(
      [
        [truck.car_no, 1, truck.driver_name, '30.000'],
        [truck2.car_no, 1, truck2.driver_name, '28.500'],
      ].sort(),
    );
    expect(imported.every((p) => p.stations.length >= 2 && p.teamCode === TRUNK_ONE)).toBe(true);
    const log = await logOf(OPERATE_LOG_PAGES.plan, imported[0]?.id as number);
    expect(log[0]).toMatch(/^导入发布计划 JH\d+：/);
    // the same sheet again: the trucks are taken now, nothing more is written
    const again = await upload([one, two]);
    expect(again.code).toBe(400);
    expect(again.data.errors.map((e: { row: number }) => e.row)).toEqual([2, 3]);
    expect(await count()).toBe(before + 2);
  });

  it('makes the waybills of a plan’s loads in one step, linked to the plan, and refuses another team', async () => {
    const page = async (token: string) =>
      (await get(token, '/plan/waybill/page', { pageSize: 100 })).body.data as {
        list: { id: number; waybillCount: number; waybillTons: string; plannedTons: string }[];
        total: number;
      };
    const before = (await page(dispatch)).list.find((p) => p.id === planId);
    expect(before).toMatchObject({ waybillCount: 0, waybillTons: '0', plannedTons: '35' });
    const made = await post(dispatch, '/plan/waybill/add', {
      planId,
      loads: [{ plannedTons: '12' }, { plannedTons: '11.5' }, { plannedTons: 11.5 }],
      remark: '调度派单',
    });
    expect(made.body.code, made.body.msg).toBe(200);
    expect(made.body.data.count).toBe(3);
    const rows = await t.db.db
      .selectFrom('waybill')
      .selectAll()
      .where('plan_id', '=', planId)
      .orderBy('id')
      .execute();
    expect(rows).toHaveLength(3);
    const ends = await t.db.db
      .selectFrom('line_station')
      .select(['station_type', 'station_id'])
      .where('line_id', '=', lineId)
      .where('station_type', 'in', [1, 3])
      .execute();
    const loading = ends.find((e) => e.station_type === 1)?.station_id;
    const unloading = ends.find((e) => e.station_type === 3)?.station_id;
    for (const w of rows)
      expect(w).toMatchObject({
        truck_id: truck.id,
        driver_id: truck.driver_id,
        customer_id: customerId,
        line_id: lineId,
        loading_station_id: loading,
        unloading_station_id: unloading,
        cargo: '动力煤',
        status: 1,
        remark: '调度派单',
      });
    expect(rows.map((w) => Number(w.planned_kg))).toEqual([12_000, 11_500, 11_500]);
    // one run of the day's bill numbers, one time: written together
    const seqs = rows.map((w) => Number(w.bill_no.slice(-4)));
    expect(seqs).toEqual([seqs[0], (seqs[0] as number) + 1, (seqs[0] as number) + 2]);
    expect(new Set(rows.map((w) => Number(w.created_at))).size).toBe(1);
    const flows = await t.db.db
      .selectFrom('waybill_flow')
      .select('waybill_id')
      .where(
        'waybill_id',
        'in',
        rows.map((w) => w.id),
      )
      .execute();
    expect(flows).toHaveLength(3);
    const after = (await page(dispatch)).list.find((p) => p.id === planId);
    expect(after).toMatchObject({ waybillCount: 3, waybillTons: '35' });
    const listed = (await get(dispatch, '/plan/waybill/list', { planId })).body.data;
    expect(
      listed.list.map((w: { plannedTons: string; statusName: string }) => [w.plannedTons, w.statusName]),
    ).toEqual([
      ['12', '待装货'],
      ['11.5', '待装货'],
      ['11.5', '待装货'],
    ]);
    const planLog = await logOf(OPERATE_LOG_PAGES.plan, planId);
    expect(planLog[0]).toMatch(/^调度派单 JH\d+：生成运单3张（.+），计划共35吨$/);
    expect((await logOf(OPERATE_LOG_PAGES.waybill, rows[0]?.id as number))[0]).toMatch(/^调度派单新增运单 /);

    // another team sees none of it and may not add to it; bad input writes nothing
    expect((await page(other)).list.some((p) => p.id === planId)).toBe(false);
    const foreign = await post(other, '/plan/waybill/add', { planId, loads: [{ plannedTons: '10' }] });
    expect(foreign.body.msg).toBe('发车计划不存在或无权操作');
    const zero = await post(dispatch, '/plan/waybill/add', {
      planId,
      loads: [{ plannedTons: '10' }, { plannedTons: '0' }],
    });
    expect(zero.body).toMatchObject({
      code: 400,
      msg: '派车明细第2项计划重量: 须为大于0的吨数，最多三位小数',
    });
    const none = await post(dispatch, '/plan/waybill/add', { planId, loads: [] });
    expect(none.body).toMatchObject({ code: 400, msg: '派车明细: 请至少添加一车' });
    const draft = await post(dispatch, '/plan/temp', { lineId, departTime: '2026-12-03 08:00:00' });
    const fromDraft = await post(dispatch, '/plan/waybill/add', {
      planId: draft.body.data.id,
      loads: [{ plannedTons: '1' }],
    });
    expect(fromDraft.body.msg).toBe('计划当前为“草稿”，只有已发布、已下发、执行中的计划可以派单');
    const count = await t.db.db
      .selectFrom('waybill')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('plan_id', '=', planId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(3);
  });
  it('counts the waybills made for a plan of an order in the order’s progress once weighed', async () => {
    const order = await post(dispatch, '/transport/order/add', {
      customerId,
      lineId,
      cargo: '动力煤',
      quantityUnit: 1,
      quantity: '100',
      startTime: '2026-12-01 00:00:00',
      endTime: '2026-12-31 00:00:00',
    });
    expect(order.body.code, order.body.msg).toBe(200);
    const orderId = order.body.data.id as number;
    const forOrder = await publish(truck, '2026-12-08 08:00:00', { orderId });
    const made = await post(dispatch, '/plan/waybill/add', {
      planId: forOrder,
      loads: [{ plannedTons: '20' }, { plannedTons: '15' }],
    });
    expect(made.body.code, made.body.msg).toBe(200);
    const [first] = made.body.data.waybills as { id: number }[];
    const weighed = await post(dispatch, '/colliery/waybill/pound/add', {
      waybillId: first?.id,
      kind: 1,
      grossKg: 50_000,
      tareKg: 30_500,
      weighTime: '2026-11-20 09:00:00',
    });
    expect(weighed.body.code, weighed.body.msg).toBe(200);
    const progress = (await get(dispatch, '/transport/order/info', { id: orderId })).body.data;
    expect(progress).toMatchObject({
      plannedTrips: 1,
      plannedTons: '35.000',
      loadedTrips: 1,
      loadedTons: '19.500',
    });
  });
  it.runIf(database.name === 'postgres')(
    'sends the notice through the process that holds the terminal’s connection',
    async () => {
      const two = await secondProcess(t, database);
      try {
        await two.app.ready();
        const terminal = await loginTerminal(t, truck.phone);
        const texts: string[] = [];
        terminal.onFrame = (r) => {
          if (r.message.kind !== 'textMessage') return;
          texts.push(r.message.text);
          terminal.send(
            encodeTerminalResponse(terminal.header(), {
              replySerial: r.header.serial,
              replyMsgId: MSG.textMessage,
              result: 0,
            }),
          );
        };
        expect(two.app.telematics.isOnline(truck.phone)).toBe(false);
        const token = await login(two.app, 'dispatch', DEMO.dispatch);
        const sent = await call(two.app, 'POST', '/api/plan/notice', {
          token,
          body: { id: planId, text: '另一进程下发' },
        });
        expect(sent.body.code, sent.body.msg).toBe(200);
        expect(texts).toEqual(['另一进程下发']);
        await terminal.close();
      } finally {
        await two.close();
      }
    },
  );
});
