import { OPERATE_LOG_PAGES, ROLE_PRESETS } from '@fleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withoutDemoPlans } from '../../test/demo-plans';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';
import { sha256Hex } from '../auth/tokens';
import { readBack } from '../file-tasks/file-tasks.fixture';
import { createWaybill } from '../waybills/waybill-flow';

// Transport orders through the API: add with the quantity in tons or truckloads, the field rules,
// edit and its rules, finishing, cancelling and opening again, the progress from the order's plans
// and their waybills, filters, export, the log, and another team that sees none of it.

/** The demo's 干线一分队 (dispatch) and 干线二分队 (finance). */
const TRUNK_ONE = '10000010010001';
const TRUNK_TWO = '10000010010002';
const JINGJINTANG = '北京至天津京津塘干线';
const CUSTOMER = '天津港散货物流有限公司';

interface Order {
  id: number;
  orderNo: string;
  customerName: string;
  lineName: string;
  cargo: string;
  quantity: string;
  quantityText: string;
  status: number;
  statusName: string;
  plannedTons: string;
  plannedTrips: number;
  loadedTons: string;
  deliveredTons: string;
  loadedPercent: number;
}

describe.each(TEST_DATABASES)('transport orders on $name', (database) => {
  let t: TestApp;
  let dispatch: string;
  /** A dispatcher of 干线二分队. */
  let other: string;
  let customerId: number;
  let otherCustomerId: number;
  let lineId: number;

  const post = (token: string, url: string, body: unknown) =>
    call(t.app, 'POST', `/api/transport/order/${url}`, { token, body });
  const info = async (token: string, id: number) =>
    call(t.app, 'GET', '/api/transport/order/info', { token, query: { id: String(id) } });
  const page = async (token: string, body: Record<string, unknown> = {}) =>
    (await post(token, 'page', { pageSize: 100, ...body })).body.data as { list: Order[]; total: number };
  const logOf = async (token: string, id: number) =>
    (
      await call(t.app, 'POST', '/api/colliery/operate/log/tc/page', {
        token,
        body: { dataId: id, pageEnum: OPERATE_LOG_PAGES.transportOrder, pageSize: 50 },
      })
    ).body.data as { list: { content: string }[] };
  const form = (extra: Record<string, unknown> = {}) => ({
    customerId,
    lineId,
    cargo: '动力煤',
    quantityUnit: 1,
    quantity: '1200.5',
    startTime: '2026-11-21 08:00:00',
    endTime: '2026-11-30 18:00:00',
    remark: '十一月港口订单',
    ...extra,
  });

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
        username: 'order_d2',
        password: sha256Hex('Order@123'),
        nickname: 'order_d2',
        teamCode: TRUNK_TWO,
        roleIds: [role.body.data.id],
      },
    });
    other = await login(t.app, 'order_d2', 'Order@123');
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
    otherCustomerId = (
      await db
        .selectFrom('customer')
        .select('id')
        .where('id', '!=', customerId)
        .where('merchant_id', '=', 1)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => t.close());

  let orderId = 0;
  it('adds an order in tons, numbered, open, with the customer and line named', async () => {
    const res = await post(dispatch, 'add', form());
    expect(res.body.code, res.body.msg).toBe(200);
    orderId = res.body.data.id;
    const order = (await info(dispatch, orderId)).body.data;
    expect(order).toMatchObject({
      customerName: CUSTOMER,
      lineName: JINGJINTANG,
      cargo: '动力煤',
      quantityUnit: 1,
      quantity: '1200.500',
      quantityText: '1200.5吨',
      startTime: '2026-11-21 08:00:00',
      endTime: '2026-11-30 18:00:00',
      status: 1,
      statusName: '进行中',
      plannedTons: '0.000',
      plannedTrips: 0,
      teamName: '干线一分队',
    });
    expect(order.orderNo).toMatch(/^DD20261120\d{10}$/);
  });

  it('adds an order in truckloads', async () => {
    const res = await post(dispatch, 'add', form({ quantityUnit: 2, quantity: 30, cargo: '集装箱' }));
    expect(res.body.code, res.body.msg).toBe(200);
    expect((await info(dispatch, res.body.data.id)).body.data).toMatchObject({
      quantity: '30',
      quantityText: '30车',
    });
  });

  it('refuses a form that breaks a rule, naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [form({ customerId: undefined }), '客户: 请选择客户'],
      [form({ cargo: ' ' }), '货物名称: 请输入货物名称'],
      [form({ quantity: '0' }), '数量: 数量须大于0：按吨最多三位小数，按车为整数，最大9999999'],
      [form({ quantity: '12.3456' }), '数量: 数量须大于0：按吨最多三位小数，按车为整数，最大9999999'],
      [
        form({ quantityUnit: 2, quantity: '2.5' }),
        '数量: 数量须大于0：按吨最多三位小数，按车为整数，最大9999999',
      ],
      [form({ quantityUnit: 3 }), '数量单位: 请选择数量单位'],
      [form({ startTime: '' }), '开始时间: 请选择开始时间'],
      [form({ endTime: '2026-11-31 08:00:00' }), '结束时间: 格式应为YYYY-MM-DD HH:mm:ss'],
      [form({ endTime: '2026-11-21 08:00:00' }), '结束时间: 结束时间须晚于开始时间'],
      [form({ customerId: 999_999 }), '客户: 不存在或不在您的管辖范围内'],
      [form({ lineId: 999_999 }), '线路: 不存在或不在您的管辖范围内'],
    ];
    for (const [body, message] of cases) {
      const res = await post(dispatch, 'add', body);
      expect(res.body.msg, message).toBe(message);
    }
  });

  it('refuses a line kept for another customer', async () => {
    await t.db.db
      .updateTable('line')
      .set({ customer_id: otherCustomerId })
      .where('id', '=', lineId)
      .execute();
    const res = await post(dispatch, 'add', form());
    await t.db.db.updateTable('line').set({ customer_id: null }).where('id', '=', lineId).execute();
    expect(res.body.msg).toBe('线路: 该线路属于其他客户，请选择该客户的线路');
  });

  it('edits an open order and logs the change', async () => {
    const res = await post(dispatch, 'edit', { id: orderId, ...form({ quantity: '1500', remark: '追加' }) });
    expect(res.body.code, res.body.msg).toBe(200);
    const log = await logOf(dispatch, orderId);
    expect(log.list.map((l) => l.content).join('\n')).toContain('数量：1200.5吨→1500吨');
    expect(log.list.map((l) => l.content).join('\n')).toContain(
      '新增运输订单 动力煤 1200.5吨，2026-11-21 08:00:00至2026-11-30 18:00:00',
    );
  });

  it('shows the progress from its plans and their waybills, drafts and cancelled plans left out', async () => {
    const db = t.db.db;
    const truck = await db
      .selectFrom('truck')
      .select(['id', 'driver_id'])
      .where('team_code', '=', TRUNK_ONE)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const stations = await db
      .selectFrom('line_station')
      .select(['station_id'])
      .where('line_id', '=', lineId)
      .orderBy('seq')
      .execute();
    const at = t.now();
    const plan = (state: number, kg: number) =>
      db
        .insertInto('plan')
        .values({
          merchant_id: 1,
          team_code: TRUNK_ONE,
          plan_no: `JH${state}${kg}`,
          state,
          order_id: orderId,
          customer_id: customerId,
          line_id: lineId,
          truck_id: truck.id,
          driver_id: truck.driver_id,
          planned_kg: kg,
          planned_depart_at: at,
          planned_arrive_at: at + 3_600_000,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const published = await plan(1, 35_000);
    const running = await plan(3, 34_000);
    await plan(0, 33_000);
    await plan(5, 32_000);
    const waybill = async (planId: number) =>
      (
        await createWaybill(
          db,
          {
            merchantId: 1,
            teamCode: TRUNK_ONE,
            customerId,
            lineId,
            loadingStationId: Number(stations[0]?.station_id),
            unloadingStationId: Number(stations.at(-1)?.station_id),
            cargo: '动力煤',
            truckId: truck.id,
            driverId: truck.driver_id,
            planId,
          },
          { source: 1, userId: null, name: '测试' },
          at,
        )
      ).id;
    const loaded = await waybill(published.id);
    const arrived = await waybill(running.id);
    await waybill(running.id);
    await db
      .updateTable('waybill')
      .set({ status: 3, loading_net_kg: 34_500 })
      .where('id', '=', loaded)
      .execute();
    await db
      .updateTable('waybill')
      .set({ status: 4, loading_net_kg: 33_800, unloading_net_kg: 33_700 })
      .where('id', '=', arrived)
      .execute();
    const order = (await info(dispatch, orderId)).body.data as Order;
    expect(order).toMatchObject({
      plannedTrips: 2,
      plannedTons: '69.000',
      loadedTrips: 2,
      loadedTons: '68.300',
      deliveredTrips: 1,
      deliveredTons: '33.700',
      plannedPercent: 5,
      loadedPercent: 5,
      deliveredPercent: 2,
    });
    const listed = (await page(dispatch, { orderNo: order.orderNo })).list;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ plannedTons: '69.000', loadedTons: '68.300', deliveredTons: '33.700' });
    // an order with plans keeps its customer and line, and is not deleted
    expect(
      (await post(dispatch, 'edit', { id: orderId, ...form({ customerId: otherCustomerId }) })).body.msg,
    ).toBe('订单已有发车计划，不能修改客户或线路');
    expect((await post(dispatch, 'delete', { ids: [orderId] })).body.msg).toBe(
      `订单${order.orderNo}已有发车计划，不能删除（可取消订单）`,
    );
    // cancelling waits for its unfinished plans
    expect((await post(dispatch, 'status', { id: orderId, status: 3 })).body.msg).toBe(
      '订单还有3个未完成的发车计划，请先取消计划再取消订单',
    );
  });

  it('finishes an order, opens it again, and refuses the moves a closed order may not make', async () => {
    expect((await post(dispatch, 'status', { id: orderId, status: 2 })).body.code).toBe(200);
    expect((await info(dispatch, orderId)).body.data).toMatchObject({ status: 2, statusName: '已完成' });
    expect((await post(dispatch, 'edit', { id: orderId, ...form() })).body.msg).toBe('订单已完成，不能修改');
    expect((await post(dispatch, 'status', { id: orderId, status: 2 })).body.msg).toBe(
      '订单已是“已完成”状态',
    );
    expect((await post(dispatch, 'status', { id: orderId, status: 3 })).body.msg).toBe(
      '订单已完成，不能变更为“已取消”',
    );
    expect((await post(dispatch, 'status', { id: orderId, status: 1 })).body.code).toBe(200);
    const log = (await logOf(dispatch, orderId)).list.map((l) => l.content);
    expect(log.some((c) => /^完成订单 DD\d+：进行中→已完成$/.test(c))).toBe(true);
    expect(log.some((c) => /^重新打开订单 DD\d+：已完成→进行中$/.test(c))).toBe(true);
  });

  it('cancels an order without plans; a cancelled order stays cancelled', async () => {
    const id = (await post(dispatch, 'add', form({ cargo: '焦煤' }))).body.data.id as number;
    expect((await post(dispatch, 'status', { id, status: 3 })).body.code).toBe(200);
    expect((await post(dispatch, 'status', { id, status: 1 })).body.msg).toBe('订单已取消，不能变更状态');
    expect((await page(dispatch, { status: 3 })).list.map((o) => o.id)).toEqual([id]);
    // it is not offered to plans
    const options = await call(t.app, 'GET', '/api/transport/order/options', {
      token: dispatch,
      query: { customerId: String(customerId) },
    });
    expect(options.body.data.map((o: { id: number }) => o.id)).not.toContain(id);
    expect(options.body.data.map((o: { id: number }) => o.id)).toContain(orderId);
  });

  it('filters by cargo, customer and window, and exports exactly the filtered rows', async () => {
    expect((await page(dispatch, { cargo: '集装' })).list.map((o) => o.cargo)).toEqual(['集装箱']);
    expect((await page(dispatch, { customerId: otherCustomerId })).total).toBe(0);
    expect((await page(dispatch, { startTime: '2026-12-01 00:00:00' })).total).toBe(0);
    expect((await page(dispatch, { endTime: '2026-11-25 00:00:00' })).total).toBe(3);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/transport/order/export',
      payload: { cargo: '动力煤' },
      headers: { 'auth-token': dispatch },
    });
    const rows = await readBack(res.rawPayload);
    expect(rows[0]).toContain('订单号');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain('1500吨');
  });

  it('keeps orders to their team: another team neither sees nor changes them', async () => {
    expect((await page(other)).total).toBe(0);
    expect((await info(other, orderId)).body.code).not.toBe(200);
    expect((await post(other, 'status', { id: orderId, status: 2 })).body.msg).toBe(
      '运输订单不存在或无权操作',
    );
    const own = await post(other, 'add', form({ teamCode: TRUNK_TWO }));
    expect(own.body.code, own.body.msg).toBe(200);
    expect((await page(dispatch)).list.map((o) => o.id)).not.toContain(own.body.data.id);
  });

  it('deletes an order without plans, logged', async () => {
    const id = (await post(dispatch, 'add', form({ cargo: '块煤' }))).body.data.id as number;
    expect((await post(dispatch, 'delete', { ids: [id] })).body.code).toBe(200);
    expect((await info(dispatch, id)).body.code).not.toBe(200);
    expect((await logOf(dispatch, id)).list.map((l) => l.content).join()).toContain(
      '删除运输订单 块煤 1200.5吨，2026-11-21 08:00:00至2026-11-30 18:00:00',
    );
  });
});
