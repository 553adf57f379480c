import { OPERATE_LOG_PAGES, ROLE_PRESETS } from '@fleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';
import { sha256Hex } from '../auth/tokens';

// 计划发车 through the API: the open orders with what is left to plan and the drafts, assigning a
// truck and driver by hand (the plans' publishing rules and their Chinese refusals), taking them off
// again, auto-assign proposals on positions written by hand (the nearest free truck wins, an order no
// truck can carry says why), accepting proposals one by one, loading appointments with their
// refusals, and another team that reaches none of it.

const TRUNK_ONE = '10000010010001';
const TRUNK_TWO = '10000010010002';
const JINGJINTANG = '北京至天津京津塘干线';
const CUSTOMER = '天津港散货物流有限公司';

interface Truck {
  id: number;
  car_no: string;
  driver_id: number;
  terminal_id: number | null;
}

describe.each(TEST_DATABASES)('plan assignment on $name', (database) => {
  let t: TestApp;
  let dispatch: string;
  let other: string;
  let lineId: number;
  let customerId: number;
  let near: Truck;
  let far: Truck;
  let foreignTruck: number;
  let orderId: number;
  let orderNo: string;
  let draftId: number;

  const post = (token: string, url: string, body: unknown) =>
    call(t.app, 'POST', `/api${url}`, { token, body });
  const ok = async (token: string, url: string, body: unknown) => {
    const res = await post(token, url, body);
    expect(res.body.code, `${url}: ${res.body.msg}`).toBe(200);
    return res.body.data;
  };
  const page = async (token: string, type: 'order' | 'plan') => {
    const res = await call(t.app, 'GET', '/api/plan/management/page', {
      token,
      query: { type, pageSize: '200' },
    });
    expect(res.body.code, res.body.msg).toBe(200);
    return res.body.data as { list: Record<string, unknown>[]; total: number };
  };
  const logOf = async (pageEnum: number, id: number) =>
    (
      (await post(dispatch, '/colliery/operate/log/tc/page', { dataId: id, pageEnum, pageSize: 50 })).body
        .data as { list: { content: string }[] }
    ).list.map((l) => l.content);
  /** Puts a truck's latest state `km` north of the line's start station, seen now. */
  const place = async (truck: Truck, start: { lat: number; lon: number }, km: number) => {
    const db = t.db.db;
    await db.deleteFrom('vehicle_state').where('truck_id', '=', truck.id).execute();
    await db
      .insertInto('vehicle_state')
      .values({
        truck_id: truck.id,
        terminal_id: truck.terminal_id ?? 0,
        time: t.now(),
        received_at: t.now(),
        lat: start.lat + Math.round((km / 111.195) * 1e6),
        lon: start.lon,
        online: 1,
        mileage: null,
        fuel: null,
        driver_id: null,
      })
      .execute();
  };

  beforeAll(async () => {
    t = await startTestApp(database);
    dispatch = await login(t.app, 'dispatch', DEMO.dispatch);
    const admin = await login(t.app, 'admin', DEMO.admin);
    const role = await post(admin, '/system/role/add', {
      name: '二分队调度',
      codes: [...ROLE_PRESETS.dispatch],
    });
    await post(admin, '/system/user/add', {
      username: 'assign_d2',
      password: sha256Hex('Assign@1234'),
      nickname: 'assign_d2',
      teamCode: TRUNK_TWO,
      roleIds: [role.body.data.id],
    });
    other = await login(t.app, 'assign_d2', 'Assign@1234');
    const db = t.db.db;
    lineId = (
      await db.selectFrom('line').select('id').where('name', '=', JINGJINTANG).executeTakeFirstOrThrow()
    ).id;
    customerId = (
      await db
        .selectFrom('customer')
        .select('id')
        .where('customer_name', '=', CUSTOMER)
        .executeTakeFirstOrThrow()
    ).id;
    const trucks = await db
      .selectFrom('truck')
      .select(['id', 'car_no', 'driver_id', 'terminal_id'])
      .where('team_code', '=', TRUNK_ONE)
      .where('driver_id', 'is not', null)
      .where('load_capacity', '>=', 40_000)
      .orderBy('id')
      .limit(2)
      .execute();
    [near, far] = trucks as [Truck, Truck];
    if (!near || !far) throw new Error('the demo has two trunk trucks with drivers in 干线一分队');
    foreignTruck = (
      await db.selectFrom('truck').select('id').where('team_code', '=', TRUNK_TWO).executeTakeFirstOrThrow()
    ).id;
    const start = await db
      .selectFrom('line_station')
      .select(['lat', 'lon'])
      .where('line_id', '=', lineId)
      .where('seq', '=', 1)
      .executeTakeFirstOrThrow();
    await place(near, start, 5);
    await place(far, start, 60);
    const order = await ok(dispatch, '/transport/order/add', {
      customerId,
      lineId,
      cargo: '动力煤',
      quantityUnit: 1,
      quantity: '100',
      startTime: '2026-11-20 00:00:00',
      endTime: '2026-11-30 00:00:00',
      teamCode: TRUNK_ONE,
    });
    orderId = order.id;
    orderNo = (
      await db
        .selectFrom('transport_order')
        .select('order_no')
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow()
    ).order_no;
  });
  afterAll(() => t.close());

  it('lists the open order with what is left to plan, and the draft waiting for a truck', async () => {
    const orders = await page(dispatch, 'order');
    expect(orders.list.find((o) => o.id === orderId)).toMatchObject({
      orderNo,
      quantityText: '100吨',
      plannedText: '0吨',
      leftText: '100吨',
      lineName: JINGJINTANG,
    });
    draftId = (
      await ok(dispatch, '/plan/temp', {
        orderId,
        lineId,
        cargo: '动力煤',
        plannedTons: '35',
        departTime: '2026-11-21 08:00:00',
        teamCode: TRUNK_ONE,
      })
    ).id;
    const plans = await page(dispatch, 'plan');
    expect(plans.list.find((p) => p.id === draftId)).toMatchObject({
      stateName: '草稿',
      assigned: false,
      carNo: '',
      orderNo,
      plannedTons: '35',
      departTime: '2026-11-21 08:00:00',
    });
    // another team sees neither
    expect((await page(other, 'order')).list.some((o) => o.id === orderId)).toBe(false);
    expect((await page(other, 'plan')).list.some((p) => p.id === draftId)).toBe(false);
    const foreignTeam = await call(t.app, 'GET', '/api/plan/management/page', {
      token: other,
      query: { type: 'order', teamCode: TRUNK_ONE },
    });
    expect(foreignTeam.body.msg).toBe('所属车队: 不存在或不在您的管辖范围内');
  });

  it('assigns a truck and driver by hand through the publishing rules, refusals in Chinese', async () => {
    const assign = (token: string, body: Record<string, unknown>) => post(token, '/plan/assign', body);
    const base = { planId: draftId, truckId: near.id, driverId: near.driver_id };
    expect((await assign(dispatch, { ...base, truckId: foreignTruck })).body.msg).toBe(
      '车辆: 不存在或不在您的管辖范围内',
    );
    expect((await assign(dispatch, { planId: draftId, truckId: near.id })).body.msg).toBe('司机: 请选择司机');
    const saved = await t.db.db
      .selectFrom('truck')
      .select('insurance_expiry')
      .where('id', '=', near.id)
      .executeTakeFirstOrThrow();
    await t.db.db
      .updateTable('truck')
      .set({ insurance_expiry: '2026-11-01' })
      .where('id', '=', near.id)
      .execute();
    expect((await assign(dispatch, base)).body.msg).toBe(
      `车辆: 车辆${near.car_no}的保险已于2026-11-01到期，不能执行2026-11-21的计划`,
    );
    await t.db.db
      .updateTable('truck')
      .set({ insurance_expiry: saved.insurance_expiry })
      .where('id', '=', near.id)
      .execute();
    // the other team cannot reach the plan
    expect((await assign(other, base)).body.msg).toMatch(/不存在或无权操作/);

    const done = await ok(dispatch, '/plan/assign', base);
    expect(done).toMatchObject({ id: draftId, state: 1 });
    const plans = await page(dispatch, 'plan');
    expect(plans.list.find((p) => p.id === draftId)).toMatchObject({
      stateName: '已发布',
      assigned: true,
      carNo: near.car_no,
    });
    expect((await page(dispatch, 'order')).list.find((o) => o.id === orderId)).toMatchObject({
      plannedText: '35吨',
      leftText: '65吨',
    });
    expect((await logOf(OPERATE_LOG_PAGES.plan, draftId))[0]).toMatch(/^分配车辆并发布计划 JH\d+：/);
  });

  it('takes the truck and driver off a published plan, back to a draft, and not twice', async () => {
    await ok(dispatch, '/plan/assign/cancel', { planId: draftId });
    const plan = (await page(dispatch, 'plan')).list.find((p) => p.id === draftId);
    expect(plan).toMatchObject({ stateName: '草稿', assigned: false, carNo: '', driverName: '' });
    expect((await logOf(OPERATE_LOG_PAGES.plan, draftId))[0]).toBe(
      `取消分配 ${String(plan?.planNo)}：撤下${near.car_no} ${(await t.db.db.selectFrom('driver').select('name').where('id', '=', near.driver_id).executeTakeFirstOrThrow()).name}，退回草稿`,
    );
    expect((await post(dispatch, '/plan/assign/cancel', { planId: draftId })).body.msg).toBe(
      '计划当前为“草稿”，尚未分配车辆',
    );
    // a plan handed to the driver keeps its truck
    await ok(dispatch, '/plan/assign', { planId: draftId, truckId: near.id, driverId: near.driver_id });
    await ok(dispatch, '/plan/distribute', { id: draftId });
    expect((await post(dispatch, '/plan/assign/cancel', { planId: draftId })).body.msg).toBe(
      '计划当前为“已下发”，不能取消分配',
    );
    expect(
      (await post(dispatch, '/plan/assign', { planId: draftId, truckId: far.id, driverId: far.driver_id }))
        .body.msg,
    ).toBe('计划当前为“已下发”，不能分配车辆');
  });

  it('proposes the nearest free truck for an order with reasons, and says why an order gets none', async () => {
    // the near truck runs the distributed plan on the 21st; on the 22nd it is free again
    const auto = (departTime: string, tons = '30') =>
      ok(dispatch, '/plan/assign/auto', { orderIds: [orderId], departTime, tons });
    const free = await auto('2026-11-22 08:00:00');
    expect(free.unassigned).toEqual([]);
    expect(free.proposals).toHaveLength(1);
    expect(free.proposals[0]).toMatchObject({
      orderId,
      orderNo,
      truckId: near.id,
      carNo: near.car_no,
      driverId: near.driver_id,
      departTime: '2026-11-22 08:00:00',
      plannedTons: '30',
      distanceKm: 5,
      lineName: JINGJINTANG,
    });
    expect(free.proposals[0].reasons).toEqual(
      expect.arrayContaining([
        '空闲',
        '距起点 5.0 公里',
        '在线',
        '证件有效',
        '车辆绑定司机',
        '近24小时驾驶 0.0 小时',
      ]),
    );
    expect(free.proposals[0].reasons).toContainEqual(
      expect.stringMatching(/^核定载重 \d+(\.\d+)? 吨 ≥ 计划 30 吨$/),
    );
    // on the 21st the near truck is busy: the far one is proposed
    const busy = await auto('2026-11-21 08:30:00');
    expect(busy.proposals[0]).toMatchObject({ truckId: far.id, distanceKm: 60 });
    // no truck carries 65 t at once
    const heavy = await auto('2026-11-22 08:00:00', '65');
    expect(heavy.proposals).toEqual([]);
    expect(heavy.unassigned[0].reason).toMatch(/^无可用车辆：.*核定载重不足 \d+ 辆/);
    // another team's order is refused by name
    expect((await post(other, '/plan/assign/auto', { orderIds: [orderId] })).body.msg).toBe(
      '运输订单: 不存在或不在您的管辖范围内',
    );
    // without a choice: every open order of the scope, the demo's included
    const all = await ok(dispatch, '/plan/assign/auto', {});
    const truckIds = all.proposals.map((p: { truckId: number }) => p.truckId);
    expect(new Set(truckIds).size).toBe(truckIds.length);
    expect(
      [...all.proposals, ...all.unassigned].some((p: { orderId: number }) => p.orderId === orderId),
    ).toBe(true);
  });

  it('accepts proposals one by one: plans published, refusals per item in Chinese', async () => {
    const proposal = {
      orderId,
      truckId: near.id,
      driverId: near.driver_id,
      departTime: '2026-11-22 08:00:00',
      plannedTons: '30',
    };
    const first = await ok(dispatch, '/plan/assign/accept', {
      proposals: [
        proposal,
        { ...proposal, truckId: far.id, driverId: far.driver_id, departTime: '2026-11-21 09:00:00' },
        { ...proposal, truckId: far.id, driverId: far.driver_id, departTime: '2026-11-21 09:30:00' },
      ],
    });
    expect(first.created).toBe(2);
    expect(first.results[0]).toMatchObject({ orderId, ok: true });
    expect(first.results[0].planNo).toMatch(/^JH\d+$/);
    expect(first.results[1]).toMatchObject({ ok: true });
    // the far truck already runs the second one at that time
    expect(first.results[2]).toMatchObject({ ok: false });
    expect(first.results[2].message).toMatch(/^车辆: 车辆.+在该时段已有计划JH\d+（2026-11-21 09:00:00至/);
    expect((await logOf(OPERATE_LOG_PAGES.plan, first.results[0].planId))[0]).toMatch(
      /^智能分配发布计划 JH\d+：/,
    );
    expect((await page(dispatch, 'order')).list.find((o) => o.id === orderId)).toMatchObject({
      leftText: '5吨',
    });
    const again = await ok(dispatch, '/plan/assign/accept', { proposals: [proposal] });
    expect(again.results[0].message).toMatch(new RegExp(`^车辆: 车辆${near.car_no}在该时段已有计划JH\\d+`));
    const foreign = await ok(other, '/plan/assign/accept', { proposals: [proposal] });
    expect(foreign.results[0]).toMatchObject({ ok: false, message: '运输订单: 不存在或不在您的管辖范围内' });
    expect((await post(dispatch, '/plan/assign/accept', { proposals: [] })).body.msg).toBe(
      '分配方案: 请选择分配方案',
    );
  });

  it('enters, approves, rejects and cancels loading appointments with their refusals', async () => {
    const station = await t.db.db
      .selectFrom('line_station')
      .select('station_id')
      .where('line_id', '=', lineId)
      .where('seq', '=', 1)
      .executeTakeFirstOrThrow();
    const stationId = Number(station.station_id);
    const slot = { stationId, appointStart: '2026-11-22 07:00:00', appointEnd: '2026-11-22 08:00:00' };
    expect(
      (
        await post(dispatch, '/appointment/examine/add', {
          ...slot,
          truckId: near.id,
          driverId: near.driver_id,
          appointEnd: '2026-11-22 06:00:00',
        })
      ).body.msg,
    ).toBe('预约结束时间: 须晚于预约开始时间');
    expect(
      (
        await post(dispatch, '/appointment/examine/add', {
          ...slot,
          truckId: foreignTruck,
          driverId: near.driver_id,
        })
      ).body.msg,
    ).toBe('车辆: 不存在或不在您的管辖范围内');
    const a = await ok(dispatch, '/appointment/examine/add', {
      ...slot,
      truckId: near.id,
      driverId: near.driver_id,
    });
    const b = await ok(dispatch, '/appointment/examine/add', {
      ...slot,
      appointStart: '2026-11-22 07:30:00',
      appointEnd: '2026-11-22 08:30:00',
      truckId: far.id,
      driverId: far.driver_id,
    });
    expect(a.status).toBe(1);
    await ok(dispatch, '/appointment/examine/approve', { id: a.id });
    expect((await post(dispatch, '/appointment/examine/approve', { id: a.id })).body.msg).toBe(
      '预约当前为“已通过”，不能通过',
    );
    expect((await post(dispatch, '/appointment/examine/approve', { id: b.id })).body.msg).toMatch(
      new RegExp(
        `在该时段已有通过的预约（${near.car_no} 2026-11-22 07:00:00至08:00:00），每个站点同一时间只能装一辆车$`,
      ),
    );
    expect((await post(dispatch, '/appointment/examine/reject', { id: b.id, reason: ' ' })).body.msg).toBe(
      '驳回原因: 请填写驳回原因',
    );
    await ok(dispatch, '/appointment/examine/reject', { id: b.id, reason: '站点该时段已满' });
    expect((await post(dispatch, '/appointment/examine/cancel', { id: b.id })).body.msg).toBe(
      '预约当前为“已驳回”，不能取消',
    );
    // another team reaches neither the list nor the appointment
    expect((await post(other, '/appointment/examine/approve', { id: a.id })).body.msg).toBe(
      '装车预约不存在或无权操作',
    );
    expect((await ok(other, '/appointment/examine/page', {})).total).toBe(0);
    await ok(dispatch, '/appointment/examine/cancel', { id: a.id });
    const list = (await ok(dispatch, '/appointment/examine/page', { pageSize: 50 })).list as Record<
      string,
      unknown
    >[];
    expect(list.find((r) => r.id === a.id)).toMatchObject({ statusName: '已取消', carNo: near.car_no });
    expect(list.find((r) => r.id === b.id)).toMatchObject({ statusName: '已驳回', reason: '站点该时段已满' });
    // with the first one cancelled, the station is free for the second truck's next slot
    const c = await ok(dispatch, '/appointment/examine/add', {
      ...slot,
      truckId: far.id,
      driverId: far.driver_id,
    });
    await ok(dispatch, '/appointment/examine/approve', { id: c.id });
    expect((await logOf(OPERATE_LOG_PAGES.loadingAppointment, b.id))[0]).toMatch(
      /^驳回装车预约：.+，原因：站点该时段已满$/,
    );
    expect(
      (await ok(dispatch, '/appointment/examine/page', { status: 2 })).list.map((r: { id: number }) => r.id),
    ).toEqual([c.id]);
    // the same truck is not approved at two stations at once
    const elsewhere = await t.db.db
      .selectFrom('station')
      .select('id')
      .where('merchant_id', '=', 1)
      .where('id', '!=', stationId)
      .where('team_code', 'in', ['1000001', '1000001001', TRUNK_ONE])
      .executeTakeFirstOrThrow();
    const d = await ok(dispatch, '/appointment/examine/add', {
      ...slot,
      stationId: elsewhere.id,
      appointStart: '2026-11-22 07:45:00',
      truckId: far.id,
      driverId: far.driver_id,
    });
    expect((await post(dispatch, '/appointment/examine/approve', { id: d.id })).body.msg).toMatch(
      new RegExp(
        `^车辆${far.car_no}在该时段已有通过的预约（.+ 2026-11-22 07:00:00至08:00:00），时间不能重叠$`,
      ),
    );
  });
});
