import { formatDateTime } from '@fleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, INGEST_TEST_DATABASES, login, startTestApp, type TestApp } from '../../test/support';
import {
  ACC,
  LOCATED,
  locationAt,
  loginTerminal,
  MIN,
  report,
  truckOf,
  waitFor,
} from '../../test/telematics';

// A waybill moved by its truck's own reports: real JT/T 808 frames over TCP from the terminal of
// 京A10000 (干线一分队) on the 京津塘 line, 北京十八里店物流园 (500 m fence) → 天津开发区物流中心.

const PHONE = '13800000001';
/** Inside the loading station's fence (its centre) and the unloading station's. */
const LOADING = { lat: 39.845, lon: 116.488 };
const UNLOADING = { lat: 39.052, lon: 117.69 };
/** About 3 km from the loading station: out of its fence. */
const NEAR_LOADING = { lat: 39.83, lon: 116.52 };

describe.each(INGEST_TEST_DATABASES)('waybills moved by fence events on $title', (database) => {
  let t: TestApp;
  let dispatch: string;
  beforeAll(async () => {
    t = await startTestApp(database, { jt808Port: 0 });
    dispatch = await login(t.app, 'dispatch', DEMO.dispatch);
  });
  afterAll(() => t.close());

  const statusOf = async (id: number) =>
    (await t.db.db.selectFrom('waybill').select('status').where('id', '=', id).executeTakeFirstOrThrow())
      .status;

  it('loads in the loading fence, leaves it weighed, arrives in the unloading fence, each in the timeline', async () => {
    const truckId = await truckOf(t, PHONE);
    const db = t.db.db;
    const customer = await db
      .selectFrom('customer')
      .select('id')
      .where('customer_name', '=', '天津港散货物流有限公司')
      .executeTakeFirstOrThrow();
    const line = await db
      .selectFrom('line')
      .select('id')
      .where('name', '=', '北京至天津京津塘干线')
      .executeTakeFirstOrThrow();
    const added = await call(t.app, 'POST', '/api/colliery/waybill/add', {
      token: dispatch,
      body: { customerId: customer.id, lineId: line.id, cargo: '普通货物', truckId },
    });
    expect(added.body.code, added.body.msg).toBe(200);
    const id = added.body.data.id as number;
    await waitFor(async () => t.app.telematics.waybills.size > 0);

    // the reports are of the last hours: the server's clock moves on past them
    const base = t.now();
    t.advance(3 * 3_600_000);
    const at = (minute: number, where: { lat: number; lon: number }) =>
      locationAt(base, minute, { ...where, status: ACC | LOCATED });
    const terminal = await loginTerminal(t, PHONE);
    expect(await report(terminal, [at(0, { lat: 39.9, lon: 116.4 }), at(1, LOADING)])).toEqual([0, 0]);
    await waitFor(async () => (await statusOf(id)) === 2);

    // leaving without the loading weight moves nothing; weighed, the next exit does
    expect(await report(terminal, [at(2, NEAR_LOADING)])).toEqual([0]);
    await t.app.telematics.waybills.settled();
    expect(await statusOf(id)).toBe(2);
    const pound = await call(t.app, 'POST', '/api/colliery/waybill/pound/add', {
      token: dispatch,
      body: {
        waybillId: id,
        kind: 1,
        grossKg: 46_000,
        tareKg: 15_000,
        weighTime: formatDateTime(new Date(base + 3 * MIN)),
        photos: '',
      },
    });
    expect(pound.body.code, pound.body.msg).toBe(200);
    expect(await report(terminal, [at(4, LOADING), at(5, NEAR_LOADING)])).toEqual([0, 0]);
    await waitFor(async () => (await statusOf(id)) === 3);

    expect(await report(terminal, [at(90, { lat: 39.43, lon: 116.965 }), at(180, UNLOADING)])).toEqual([
      0, 0,
    ]);
    await waitFor(async () => (await statusOf(id)) === 4);
    await terminal.close();

    const flow = await call(t.app, 'POST', '/api/colliery/waybill/statusFlow', {
      token: dispatch,
      body: { id },
    });
    const rows = flow.body.data as {
      actionName: string;
      fromStatusName: string;
      toStatusName: string;
      sourceName: string;
      actorName: string;
      stationName: string;
      lat: number | null;
      lng: number | null;
      content: string;
      time: string;
    }[];
    expect(rows.map((r) => [r.actionName, r.toStatusName, r.sourceName, r.stationName])).toEqual([
      ['创建运单', '待装货', '调度', ''],
      ['状态变更', '装货中', '车辆定位', '北京十八里店物流园'],
      ['装车过磅', '', '调度', ''],
      ['状态变更', '运输中', '车辆定位', '北京十八里店物流园'],
      ['状态变更', '已到达', '车辆定位', '天津开发区物流中心'],
    ]);
    expect(rows[1]).toMatchObject({
      actorName: '京A10000',
      lat: LOADING.lat,
      lng: LOADING.lon,
      time: formatDateTime(new Date(base + MIN)),
      content: '待装货 → 装货中（车辆定位：驶入装货地“北京十八里店物流园”围栏）',
    });
    expect(rows[3]).toMatchObject({
      lat: NEAR_LOADING.lat,
      lng: NEAR_LOADING.lon,
      time: formatDateTime(new Date(base + 5 * MIN)),
      content: '装货中 → 运输中（车辆定位：驶离装货地“北京十八里店物流园”围栏）',
    });
    expect(rows[4]).toMatchObject({
      lat: UNLOADING.lat,
      lng: UNLOADING.lon,
      time: formatDateTime(new Date(base + 180 * MIN)),
      content: '运输中 → 已到达（车辆定位：驶入卸货地“天津开发区物流中心”围栏）',
    });
    const info = await call(t.app, 'GET', '/api/colliery/waybill/info', {
      token: dispatch,
      query: { id: String(id) },
    });
    expect(info.body.data).toMatchObject({
      status: 4,
      statusName: '已到达',
      loadingTime: formatDateTime(new Date(base + MIN)),
      departTime: formatDateTime(new Date(base + 5 * MIN)),
      arriveTime: formatDateTime(new Date(base + 180 * MIN)),
      // the demo's price of the customer on the line (any cargo): 85.00 元/吨 on the loading weight
      priceFen: 8_500,
      freightFen: 263_500,
    });
    // the log names the truck for the moves it made
    const log = await call(t.app, 'POST', '/api/colliery/operate/log/tc/page', {
      token: dispatch,
      body: { dataId: id, pageEnum: 6 },
    });
    expect(log.body.data.list[0]).toMatchObject({
      accountName: '京A10000',
      content: expect.stringContaining('运输中 → 已到达（车辆定位'),
    });
  });
});
