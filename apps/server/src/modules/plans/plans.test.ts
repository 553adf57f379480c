import { OPERATE_LOG_PAGES, ROLE_PRESETS } from '@fleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withoutDemoPlans } from '../../test/demo-plans';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';
import { sha256Hex } from '../auth/tokens';
import { readBack } from '../file-tasks/file-tasks.fixture';

// Departure plans through the API: a draft saved without the full rules, publishing with each of
// its refusals (fields, station times, the order, the truck's and the driver's certificates, a truck
// or driver already planned in the window), editing, handing to the driver, cancelling, deleting,
// the station rows from the line's running times, the list, export, log, the order's progress, and
// another team that sees none of it.

const TRUNK_ONE = '10000010010001';
const TRUNK_TWO = '10000010010002';
const JINGJINTANG = '北京至天津京津塘干线';
const DAXING = '北京大兴至石家庄干线';
const CUSTOMER = '天津港散货物流有限公司';

interface Station {
  seq: number;
  address: string;
  arriveTime: string;
  departTime: string;
}
interface Plan {
  id: number;
  planNo: string;
  state: number;
  stateName: string;
  carNo: string;
  driverName: string;
  departTime: string;
  arriveTime: string;
  stations: Station[];
}

describe.each(TEST_DATABASES)('departure plans on $name', (database) => {
  let t: TestApp;
  let dispatch: string;
  let other: string;
  let customerId: number;
  let lineId: number;
  let daxingId: number;
  let truck: { id: number; car_no: string; driver_id: number };
  let truck2: { id: number; car_no: string; driver_id: number };
  let driverName: string;
  let orderId: number;
  let lineMinutes: number;

  const post = (token: string, url: string, body: unknown) =>
    call(t.app, 'POST', `/api/plan/${url}`, { token, body });
  const info = async (token: string, id: number) =>
    (await call(t.app, 'GET', '/api/plan/info', { token, query: { id: String(id) } })).body.data as Plan;
  const list = async (token: string, query: Record<string, string> = {}) =>
    (await call(t.app, 'GET', '/api/plan/list', { token, query: { pageSize: '100', ...query } })).body
      .data as {
      list: Plan[];
      total: number;
    };
  const cancel = (token: string, id: number, reason = '') =>
    call(t.app, 'GET', '/api/plan/cancel', { token, query: { id: String(id), reason } });
  const logOf = async (id: number) =>
    (
      (
        await call(t.app, 'POST', '/api/colliery/operate/log/tc/page', {
          token: dispatch,
          body: { dataId: id, pageEnum: OPERATE_LOG_PAGES.plan, pageSize: 50 },
        })
      ).body.data as { list: { content: string }[] }
    ).list.map((l) => l.content);
  const form = (extra: Record<string, unknown> = {}) => ({
    lineId,
    truckId: truck.id,
    driverId: truck.driver_id,
    cargo: '动力煤',
    plannedTons: '35',
    departTime: '2026-11-21 08:00:00',
    remark: '',
    ...extra,
  });
  const ok = async (token: string, url: string, body: unknown) => {
    const res = await post(token, url, body);
    expect(res.body.code, `${url}: ${res.body.msg}`).toBe(200);
    return res.body.data as { id: number; planNo: string };
  };
  const setDriver = (values: Record<string, string | null>) =>
    t.db.db.updateTable('driver').set(values).where('id', '=', truck.driver_id).execute();
  const setTruck = (values: Record<string, string | null>) =>
    t.db.db.updateTable('truck').set(values).where('id', '=', truck.id).execute();

  beforeAll(async () => {
    t = await startTestApp(database);
    // it starts from a fleet without the demo's orders and plans, so it counts its own
    await withoutDemoPlans(t.db.db);
    dispatch = await login(t.app, 'dispatch', DEMO.dispatch);
    const admin = await login(t.app, 'admin', DEMO.admin);
    const role = await call(t.app, 'POST', '/api/system/role/add', {
      token: admin,
      body: { name: '二分队调度', codes: [...ROLE_PRESETS.dispatch] },
    });
    await call(t.app, 'POST', '/api/system/user/add', {
      token: admin,
      body: {
        username: 'plan_d2',
        password: sha256Hex('Plan@1234'),
        nickname: 'plan_d2',
        teamCode: TRUNK_TWO,
        roleIds: [role.body.data.id],
      },
    });
    other = await login(t.app, 'plan_d2', 'Plan@1234');
    const db = t.db.db;
    customerId = (
      await db
        .selectFrom('customer')
        .select('id')
        .where('customer_name', '=', CUSTOMER)
        .executeTakeFirstOrThrow()
    ).id;
    lineId = (
      await db.selectFrom('line').select('id').where('name', '=', JINGJINTANG).executeTakeFirstOrThrow()
    ).id;
    daxingId = (await db.selectFrom('line').select('id').where('name', '=', DAXING).executeTakeFirstOrThrow())
      .id;
    const trucks = await db
      .selectFrom('truck')
      .innerJoin('driver', 'driver.id', 'truck.driver_id')
      .select(['truck.id', 'truck.car_no', 'truck.driver_id', 'driver.name'])
      .where('truck.team_code', '=', TRUNK_ONE)
      .orderBy('truck.id')
      .limit(2)
      .execute();
    const [first, second] = trucks;
    if (!first || !second) throw new Error('the demo has two trucks with drivers in 干线一分队');
    truck = { id: first.id, car_no: first.car_no, driver_id: Number(first.driver_id) };
    truck2 = { id: second.id, car_no: second.car_no, driver_id: Number(second.driver_id) };
    driverName = first.name;
    const rows = await db
      .selectFrom('line_station')
      .select(['running_hours', 'running_mins'])
      .where('line_id', '=', lineId)
      .execute();
    lineMinutes = rows.reduce((sum, r) => sum + r.running_hours * 60 + r.running_mins, 0);
    const order = await call(t.app, 'POST', '/api/transport/order/add', {
      token: dispatch,
      body: {
        customerId,
        lineId,
        cargo: '动力煤',
        quantityUnit: 1,
        quantity: '700',
        startTime: '2026-11-20 00:00:00',
        endTime: '2026-11-30 00:00:00',
      },
    });
    orderId = order.body.data.id;
  });
  afterAll(() => t.close());

  let draftId = 0;
  it('saves a draft without the full rules, its stations from the line running times', async () => {
    const draft = await ok(dispatch, 'temp', { lineId, departTime: '2026-11-21 08:00:00' });
    draftId = draft.id;
    const plan = await info(dispatch, draftId);
    expect(plan).toMatchObject({ state: 0, stateName: '草稿', carNo: '', driverName: '' });
    expect(plan.planNo).toMatch(/^JH20261120\d{10}$/);
    expect(plan.stations.length).toBeGreaterThanOrEqual(2);
    expect(plan.stations[0]).toMatchObject({ seq: 1, arriveTime: '2026-11-21 08:00:00' });
    expect(lineMinutes).toBeGreaterThan(0);
    const end = new Date(Date.UTC(2026, 10, 21, 8, lineMinutes)).toISOString(); // Shanghai wall time
    expect(plan.stations.at(-1)?.arriveTime).toBe(`${end.slice(0, 10)} ${end.slice(11, 19)}`);
    // a draft still points only at records of the caller's scope
    const foreign = await t.db.db
      .selectFrom('truck')
      .select('id')
      .where('team_code', '=', TRUNK_TWO)
      .executeTakeFirstOrThrow();
    expect((await post(dispatch, 'temp', { truckId: foreign.id })).body.msg).toBe(
      '车辆: 不存在或不在您的管辖范围内',
    );
    expect((await logOf(draftId))[0]).toMatch(
      /^保存草稿 JH\d+：北京至天津京津塘干线，2026-11-21 08:00:00发车$/,
    );
  });

  it('refuses publishing a plan that lacks a field or whose station times run backwards', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [form({ truckId: null }), '车辆: 请选择车辆'],
      [form({ driverId: '' }), '司机: 请选择司机'],
      [form({ lineId: undefined }), '线路: 请选择线路'],
      [form({ departTime: '' }), '计划发车时间: 请选择计划发车时间'],
      [form({ departTime: '2026-11-21 25:00:00' }), '计划发车时间: 格式应为YYYY-MM-DD HH:mm:ss'],
      [form({ plannedTons: '0' }), '计划装载量: 计划装载量须为大于0的吨数，最多三位小数'],
      [
        form({
          stations: [
            { seq: 1, stationType: 1, address: '起点' },
            { seq: 2, stationType: 3, address: '终点', arriveTime: '2026-11-21 07:00:00' },
          ],
        }),
        '站点计划: 终点的计划时间须晚于上一站，且出发不早于到达',
      ],
      [
        form({ stations: [{ seq: 1, stationType: 1, address: '起点' }] }),
        '站点计划: 请至少保留起点和终点两个站点',
      ],
    ];
    for (const [body, message] of cases)
      expect((await post(dispatch, 'add', body)).body.msg, message).toBe(message);
  });

  it("refuses a driver whose licence or qualification expires before the plan's last day", async () => {
    await setDriver({ license_expiry: '2026-11-20' });
    expect((await post(dispatch, 'add', form())).body.msg).toBe(
      `司机: 司机${driverName}的驾驶证已于2026-11-20到期，不能执行2026-11-21的计划`,
    );
    await setDriver({ license_expiry: null });
    expect((await post(dispatch, 'add', form())).body.msg).toBe(
      `司机: 司机${driverName}未登记驾驶证有效期，请先在司机管理中补全`,
    );
    await setDriver({ license_expiry: '2030-06-30', qualification_expiry: '2026-10-31' });
    expect((await post(dispatch, 'add', form())).body.msg).toBe(
      `司机: 司机${driverName}的从业资格证已于2026-10-31到期，不能执行2026-11-21的计划`,
    );
    await setDriver({ qualification_expiry: null });
  });

  it('refuses a truck whose certificates expire before the plan ends', async () => {
    const saved = await t.db.db
      .selectFrom('truck')
      .select(['insurance_expiry', 'annual_inspection_expiry'])
      .where('id', '=', truck.id)
      .executeTakeFirstOrThrow();
    await setTruck({ insurance_expiry: '2026-11-01' });
    expect((await post(dispatch, 'add', form())).body.msg).toBe(
      `车辆: 车辆${truck.car_no}的保险已于2026-11-01到期，不能执行2026-11-21的计划`,
    );
    await setTruck({ insurance_expiry: saved.insurance_expiry, annual_inspection_expiry: '2026-11-20' });
    expect((await post(dispatch, 'add', form())).body.msg).toBe(
      `车辆: 车辆${truck.car_no}的年检已于2026-11-20到期，不能执行2026-11-21的计划`,
    );
    await setTruck({ annual_inspection_expiry: saved.annual_inspection_expiry });
  });

  it('refuses an order that is not open or not of the plan customer and line', async () => {
    const orderNo = (
      await call(t.app, 'GET', '/api/transport/order/info', {
        token: dispatch,
        query: { id: String(orderId) },
      })
    ).body.data.orderNo as string;
    expect((await post(dispatch, 'add', form({ orderId, lineId: daxingId }))).body.msg).toBe(
      `线路: 计划的线路须与运输订单${orderNo}的线路一致`,
    );
    const otherCustomer = await t.db.db
      .selectFrom('customer')
      .select('id')
      .where('id', '!=', customerId)
      .where('merchant_id', '=', 1)
      .executeTakeFirstOrThrow();
    expect((await post(dispatch, 'add', form({ orderId, customerId: otherCustomer.id }))).body.msg).toBe(
      `客户: 计划的客户须与运输订单${orderNo}的客户一致`,
    );
    await call(t.app, 'POST', '/api/transport/order/status', {
      token: dispatch,
      body: { id: orderId, status: 2 },
    });
    expect((await post(dispatch, 'add', form({ orderId }))).body.msg).toBe(
      `运输订单: 运输订单${orderNo}已完成，不能再安排计划`,
    );
    await call(t.app, 'POST', '/api/transport/order/status', {
      token: dispatch,
      body: { id: orderId, status: 1 },
    });
    expect((await post(dispatch, 'add', form({ orderId: 999_999 }))).body.msg).toBe(
      '运输订单: 不存在或不在您的管辖范围内',
    );
  });

  let publishedId = 0;
  it("publishes the draft through update, the order's customer taken over and its progress counting it", async () => {
    const res = await ok(dispatch, 'update', { id: draftId, ...form({ orderId }) });
    publishedId = res.id;
    expect(publishedId).toBe(draftId);
    const plan = await info(dispatch, publishedId);
    expect(plan).toMatchObject({ state: 1, stateName: '已发布', carNo: truck.car_no, driverName });
    expect(plan).toMatchObject({ customerName: CUSTOMER, plannedTons: '35.000' });
    const order = await call(t.app, 'GET', '/api/transport/order/info', {
      token: dispatch,
      query: { id: String(orderId) },
    });
    expect(order.body.data).toMatchObject({ plannedTrips: 1, plannedTons: '35.000', plannedPercent: 5 });
    expect((await logOf(publishedId))[0]).toMatch(
      new RegExp(
        `^发布计划 JH\\d+：${truck.car_no} ${driverName}，北京至天津京津塘干线，2026-11-21 08:00:00发车$`,
      ),
    );
    // a published plan is no draft again
    expect((await post(dispatch, 'temp', { id: publishedId, ...form() })).body.msg).toBe(
      '计划当前为“已发布”，不能保存草稿',
    );
  });

  it('refuses a truck or a driver already planned in the window, and takes the next free window', async () => {
    const first = await info(dispatch, publishedId);
    const busy = `（2026-11-21 08:00:00至${first.arriveTime}），时间不能重叠`;
    expect((await post(dispatch, 'add', form({ departTime: '2026-11-21 09:00:00' }))).body.msg).toBe(
      `车辆: 车辆${truck.car_no}在该时段已有计划${first.planNo}${busy}`,
    );
    expect(
      (await post(dispatch, 'add', form({ truckId: truck2.id, departTime: '2026-11-21 07:30:00' }))).body.msg,
    ).toBe(`司机: 司机${driverName}在该时段已有计划${first.planNo}${busy}`);
    await ok(dispatch, 'add', form({ truckId: truck2.id, driverId: truck2.driver_id }));
    await ok(dispatch, 'add', form({ departTime: '2026-11-22 08:00:00' }));
    // editing the published plan itself is no overlap with itself; the edited station times are kept
    const stations = first.stations.map((s, i) =>
      i === first.stations.length - 1
        ? { ...s, arriveTime: '2026-11-21 20:00:00', departTime: '2026-11-21 20:30:00' }
        : s,
    );
    await ok(dispatch, 'update', {
      id: publishedId,
      ...form({ orderId, stations, remark: '终点卸货半小时' }),
    });
    const edited = await info(dispatch, publishedId);
    expect(edited).toMatchObject({ state: 1, arriveTime: '2026-11-21 20:00:00' });
    expect(edited.stations.at(-1)).toMatchObject({
      arriveTime: '2026-11-21 20:00:00',
      departTime: '2026-11-21 20:30:00',
    });
    expect((await logOf(publishedId))[0]).toMatch(/^修改计划 JH\d+：/);
  });

  it('hands a published plan to the driver once; then it is no longer edited', async () => {
    expect((await post(dispatch, 'distribute', { id: publishedId })).body.code).toBe(200);
    expect((await info(dispatch, publishedId)).state).toBe(2);
    expect((await post(dispatch, 'distribute', { id: publishedId })).body.msg).toBe(
      '计划当前为“已下发”，不能下发',
    );
    expect((await post(dispatch, 'update', { id: publishedId, ...form() })).body.msg).toBe(
      '计划当前为“已下发”，不能修改',
    );
    const draft = await ok(dispatch, 'temp', form({ departTime: '2026-12-01 08:00:00' }));
    expect((await post(dispatch, 'distribute', { id: draft.id })).body.msg).toBe(
      '计划当前为“草稿”，不能下发',
    );
    expect((await logOf(publishedId))[0]).toMatch(/^下发计划 JH\d+$/);
  });

  it('cancels a plan before it runs, freeing its truck, and never a running one', async () => {
    expect((await cancel(dispatch, publishedId, '客户推迟装货')).body.code).toBe(200);
    expect(await info(dispatch, publishedId)).toMatchObject({ state: 5, cancelReason: '客户推迟装货' });
    expect((await logOf(publishedId))[0]).toMatch(/^取消计划 JH\d+（原为已下发）：客户推迟装货$/);
    expect((await cancel(dispatch, publishedId)).body.msg).toBe('计划当前为“已取消”，不能取消');
    const again = await ok(dispatch, 'add', form({ departTime: '2026-11-21 09:00:00' }));
    await t.db.db.updateTable('plan').set({ state: 3 }).where('id', '=', again.id).execute();
    expect((await cancel(dispatch, again.id)).body.msg).toBe('计划当前为“执行中”，不能取消');
    expect((await post(dispatch, 'update', { id: again.id, ...form() })).body.msg).toBe(
      '计划当前为“执行中”，不能修改',
    );
  });

  it('deletes drafts and cancelled plans only', async () => {
    const published = (await list(dispatch, { state: '1' })).list[0] as Plan;
    expect((await post(dispatch, 'delete', { ids: [published.id] })).body.msg).toBe(
      `计划${published.planNo}当前为“已发布”，只能删除草稿和已取消的计划`,
    );
    const drafts = (await list(dispatch, { state: '0' })).list.map((p) => p.id);
    expect(drafts).toHaveLength(1);
    expect((await post(dispatch, 'delete', { ids: [...drafts, publishedId] })).body).toMatchObject({
      code: 200,
      data: { deleted: 2 },
    });
    expect((await list(dispatch, { state: '0' })).total).toBe(0);
    const stations = await t.db.db
      .selectFrom('plan_station')
      .select('id')
      .where('plan_id', '=', publishedId)
      .execute();
    expect(stations).toHaveLength(0);
  });

  it('lists by state, truck and departure time, and exports exactly the filtered rows', async () => {
    expect((await list(dispatch, { truckId: String(truck2.id) })).list.map((p) => p.carNo)).toEqual([
      truck2.car_no,
    ]);
    expect((await list(dispatch, { startTime: '2026-11-22 00:00:00' })).total).toBe(1);
    expect((await list(dispatch, { state: '3' })).total).toBe(1);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/plan/export?state=1',
      headers: { 'auth-token': dispatch },
    });
    const rows = await readBack(res.rawPayload);
    expect(rows[0]?.slice(0, 3)).toEqual(['计划编号', '计划状态', '运输订单']);
    expect(rows.slice(1).map((r) => r[1])).toEqual(['已发布', '已发布']);
  });

  it('keeps plans to their team', async () => {
    expect((await list(other)).total).toBe(0);
    expect(
      (await call(t.app, 'GET', '/api/plan/info', { token: other, query: { id: '1' } })).body.code,
    ).not.toBe(200);
    const mine = (await list(dispatch, { state: '1' })).list[0] as Plan;
    expect((await post(other, 'distribute', { id: mine.id })).body.msg).toBe('发车计划不存在或无权操作');
    expect((await cancel(other, mine.id)).body.msg).toBe('发车计划不存在或无权操作');
    // the line is the headquarters' and shared; the truck is not the other team's
    expect((await post(other, 'add', form())).body.msg).toBe('车辆: 不存在或不在您的管辖范围内');
  });
});
