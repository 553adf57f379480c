import { OPERATE_LOG_PAGES, ROLE_PRESETS } from '@fleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../test/support';

const HQ = '1000001';
const TRUNK = '1000001001';
const TRUNK_ONE = '10000010010001';
const TRUNK_TWO = '10000010010002';
const CITY = '1000001002';
const CITY_ONE = '10000010020001';

const row = (seq: number, stationType: 1 | 2 | 3, stationId: number | null, lng: number, lat: number) => ({
  seq,
  stationType,
  stationId,
  address: `测试地址${seq}`,
  longitude: lng,
  latitude: lat,
  distance: 0,
  runningHours: 0,
  runningMins: 0,
  baiduMapProduce: false,
});
const table = (stationId: number | null = null) => [
  row(1, 1, stationId, 116.4, 39.9),
  row(2, 3, null, 117.2, 39.1),
];
const line = (routeName: string, extra: Record<string, unknown> = {}) => ({
  routeName,
  routeType: 1,
  cargo: '普通货物',
  speedLimit: 80,
  corridorWidth: 800,
  stationList: table(),
  ...extra,
});
const customer = (customerName: string, teamCode: string) => ({
  customerName,
  customerType: 1,
  settlementType: 1,
  teamCode,
});

describe.each(TEST_DATABASES)('scope of referenced records on $name', (database) => {
  let t: TestApp;
  let admin: string;
  let dispatch: string;
  let safety: string;
  const ok = <T extends { body: { code: number } }>(res: T): T => {
    expect(res.body).toMatchObject({ code: 200 });
    return res;
  };
  const addCustomer = async (name: string, teamCode: string) =>
    ok(
      await call(t.app, 'POST', '/api/colliery/customer/add', {
        token: admin,
        body: customer(name, teamCode),
      }),
    ).body.data.id as number;
  const stationOf = async (token: string, teamCode: string) => {
    const list = await call(t.app, 'GET', '/api/station/list', {
      token,
      query: { pageNum: '1', pageSize: '100' },
    });
    return (list.body.data.list as { id: number; teamCode: string }[]).find((s) => s.teamCode === teamCode);
  };

  beforeAll(async () => {
    t = await startTestApp(database);
    admin = await login(t.app, 'admin', DEMO.admin);
    dispatch = await login(t.app, 'dispatch', DEMO.dispatch);
    safety = await login(t.app, 'safety', DEMO.safety);
  });
  afterAll(() => t.close());

  it("finding 4: a line cannot point at another team's customer or station, nor read its name back", async () => {
    const foreign = await addCustomer('城配专属客户', CITY);
    const attach = await call(t.app, 'POST', '/api/colliery/line/add', {
      token: dispatch,
      body: line('越权客户线路', { customerId: foreign }),
    });
    expect(attach.body).toMatchObject({ code: 400, msg: expect.stringContaining('客户') });
    const own = ok(
      await call(t.app, 'POST', '/api/colliery/line/add', { token: dispatch, body: line('本队线路') }),
    ).body.data.id as number;
    const edit = await call(t.app, 'POST', '/api/colliery/line/edit', {
      token: dispatch,
      body: { ...line('本队线路', { customerId: foreign }), id: own },
    });
    expect(edit.body).toMatchObject({ code: 400, msg: expect.stringContaining('客户') });
    const info = await call(t.app, 'GET', '/api/colliery/line/info', {
      token: dispatch,
      query: { id: String(own) },
    });
    expect(JSON.stringify(info.body.data)).not.toContain('城配专属客户');
    const page = await call(t.app, 'POST', '/api/colliery/line/page', {
      token: dispatch,
      body: { customerId: foreign },
    });
    expect(page.body.data.total).toBe(0);
    // a station of 城配车队 is not dispatch's to put on a line
    const cityStation = await stationOf(admin, CITY);
    expect(cityStation).toBeDefined();
    const withStation = await call(t.app, 'POST', '/api/colliery/line/add', {
      token: dispatch,
      body: line('越权站点线路', { stationList: table(cityStation?.id) }),
    });
    expect(withStation.body).toMatchObject({ code: 400, msg: expect.stringContaining('站点') });
    // the line of another team is not readable through the whole-merchant detail either
    const cityLines = await call(t.app, 'POST', '/api/colliery/line/page', {
      token: admin,
      body: { teamCode: CITY },
    });
    const cityLine = cityLines.body.data.list[0].id as number;
    const noTeam = await call(t.app, 'GET', '/api/colliery/line/infoNoTeam', {
      token: dispatch,
      query: { id: String(cityLine) },
    });
    expect(noTeam.body.code).toBe(404);
  });

  it('finding 22: reference records of the teams above are readable and pickable, not editable', async () => {
    const trunkCustomer = await addCustomer('干线车队客户', TRUNK);
    const hqCustomer = await addCustomer('总部客户', HQ);
    // lines and stations of 干线运输车队 show in dispatch's lists and pickers
    const lines = await call(t.app, 'POST', '/api/colliery/line/page', {
      token: dispatch,
      body: { pageSize: 100 },
    });
    const trunkLines = (lines.body.data.list as { id: number; teamCode: string }[]).filter(
      (l) => l.teamCode === TRUNK,
    );
    expect(trunkLines.length).toBeGreaterThan(0);
    const trunkLine = trunkLines[0]?.id as number;
    const box = await call(t.app, 'GET', '/api/route/box', { token: dispatch });
    expect(box.body.data.map((l: { id: number }) => l.id)).toContain(trunkLine);
    const info = await call(t.app, 'GET', '/api/colliery/line/info', {
      token: dispatch,
      query: { id: String(trunkLine) },
    });
    expect(info.body.code).toBe(200);
    const trunkStation = await stationOf(dispatch, TRUNK);
    expect(trunkStation).toBeDefined();
    const stationBox = await call(t.app, 'GET', '/api/station/box', { token: dispatch });
    expect(stationBox.body.data.map((s: { id: number }) => s.id)).toContain(trunkStation?.id);
    // picked into a line of dispatch's own team, with a customer of the team above and of headquarters
    for (const customerId of [trunkCustomer, hqCustomer]) {
      const saved = await call(t.app, 'POST', '/api/colliery/line/add', {
        token: dispatch,
        body: line(`引用上级资料${customerId}`, { customerId, stationList: table(trunkStation?.id) }),
      });
      expect(saved.body.code).toBe(200);
      const back = await call(t.app, 'GET', '/api/colliery/line/info', {
        token: dispatch,
        query: { id: String(saved.body.data.id) },
      });
      expect(back.body.data.customerName).toBe(customerId === hqCustomer ? '总部客户' : '干线车队客户');
    }
    // editing and deleting stay with the owning subtree
    const edit = await call(t.app, 'POST', '/api/colliery/line/edit', {
      token: dispatch,
      body: { ...line('改名的干线线路'), id: trunkLine, teamCode: TRUNK_ONE },
    });
    expect(edit.body.code).toBe(404);
    const del = await call(t.app, 'POST', '/api/colliery/line/delete', {
      token: dispatch,
      body: { id: trunkLine },
    });
    expect(del.body.code).toBe(404);
    const delStation = await call(t.app, 'POST', '/api/station/delete', {
      token: dispatch,
      body: { ids: [trunkStation?.id] },
    });
    expect(delStation.body.code).not.toBe(200);
    // safety keeps the fence set of its sub-fleet on the stations of 城配车队 above it
    const sets = await call(t.app, 'POST', '/api/electricFence/fenceSet/list', { token: safety, body: {} });
    const citySet = sets.body.data.list.find((s: { name: string }) => s.name === '城配门店与配送中心');
    expect(citySet?.stationIds.length).toBeGreaterThan(0);
    const keep = await call(t.app, 'POST', '/api/electricFence/fenceSet/update', {
      token: safety,
      body: citySet,
    });
    expect(keep.body).toMatchObject({ code: 200 });
    // a sibling team's records stay out of reach
    const sibling = ok(
      await call(t.app, 'POST', '/api/colliery/line/add', {
        token: admin,
        body: line('二分队线路', { teamCode: TRUNK_TWO }),
      }),
    ).body.data.id as number;
    const siblingInfo = await call(t.app, 'GET', '/api/colliery/line/info', {
      token: dispatch,
      query: { id: String(sibling) },
    });
    expect(siblingInfo.body.code).toBe(404);
  });

  it("finding 5: a record's history is shown only to users who may open the record", async () => {
    const logOf = async (token: string, pageEnum: number, dataId: number) =>
      call(t.app, 'POST', '/api/colliery/operate/log/tc/page', { token, body: { dataId, pageEnum } });
    // a customer of safety's own team: safety has no customer page, so no customer history
    const customerId = await addCustomer('安全员所在队客户', CITY_ONE);
    expect((await logOf(admin, OPERATE_LOG_PAGES.customer, customerId)).body.data.total).toBe(1);
    const refused = await logOf(safety, OPERATE_LOG_PAGES.customer, customerId);
    expect(refused.body.data?.total ?? 0).toBe(0);
    expect(JSON.stringify(refused.body)).not.toContain('安全员所在队客户');
    // a line moved out of dispatch's team: its history goes with it
    const id = ok(
      await call(t.app, 'POST', '/api/colliery/line/add', {
        token: admin,
        body: line('移交线路', { teamCode: TRUNK_ONE }),
      }),
    ).body.data.id as number;
    expect((await logOf(dispatch, OPERATE_LOG_PAGES.line, id)).body.data.total).toBe(1);
    ok(
      await call(t.app, 'POST', '/api/colliery/line/edit', {
        token: admin,
        body: { ...line('移交线路'), id, teamCode: TRUNK_TWO },
      }),
    );
    const moved = await logOf(dispatch, OPERATE_LOG_PAGES.line, id);
    expect(moved.body.data?.total ?? 0).toBe(0);
    // the history of a line of the team above, which dispatch may open, is shown
    const lines = await call(t.app, 'POST', '/api/colliery/line/page', {
      token: admin,
      body: { teamCode: TRUNK },
    });
    const trunkLine = lines.body.data.list.find((l: { teamCode: string }) => l.teamCode === TRUNK)
      .id as number;
    ok(
      await call(t.app, 'POST', '/api/colliery/line/edit', {
        token: admin,
        body: { ...line('总部维护的干线'), id: trunkLine },
      }),
    );
    expect((await logOf(dispatch, OPERATE_LOG_PAGES.line, trunkLine)).body.data.total).toBe(1);
    expect((await logOf(admin, OPERATE_LOG_PAGES.line, id)).body.data.total).toBe(2);
  });
});

/**
 * List routes that stay empty in a fresh demo by nature, not by scope: what is not built yet or not
 * part of the demo, what the demo fleet makes as it drives, and the records of work nobody has done
 * yet (invitations, notices, timed authorisations).
 */
const EMPTY_BY_NATURE: Record<string, string> = {
  'POST /api/truck/no/listFilterSafety': 'the demo terminals have no video channels',
  'POST /api/truck/no/listFilterSafetyAndOnLine': 'the demo terminals have no video channels',
  'GET /api/oilChange/change/history': 'read from reported positions: the demo fleet fills it as it drives',
  'POST /api/monitor/order/list': 'waybills are not built yet',
  'POST /api/driver/getUntouchedDriverPhotos': 'no driver has sent photos to check',
  'POST /api/driver/register/invite/page': 'no driver has been invited to register',
  'POST /api/driver/register/review/page': 'no driver has registered',
  'POST /api/tkui/push/list': 'no notice has been sent',
  'POST /api/permission/authorization/list': 'no timed authorisation has been given',
};

describe.each(TEST_DATABASES)('the demo accounts on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(database, { seedDemoAlarms: true, seedDemoWaybills: true });
  });
  afterAll(() => t.close());

  it('finding 22: each demo account finds rows in every list its menu codes open', async () => {
    const empty: string[] = [];
    for (const [name, password] of Object.entries(DEMO)) {
      const token = await login(t.app, name, password);
      const codes = new Set(ROLE_PRESETS[name as keyof typeof DEMO]);
      const routes = t.app.apiRoutes.filter(
        (r) => r.list && Array.isArray(r.access) && (r.access as string[]).some((c) => codes.has(c)),
      );
      expect(routes.length, name).toBeGreaterThan(name === 'finance' ? 5 : 15);
      for (const r of routes) {
        const key = `${r.method} ${r.url}`;
        if (EMPTY_BY_NATURE[key]) continue;
        const body = r.method === 'POST' ? { pageSize: 50 } : undefined;
        const res = await call(t.app, r.method as 'GET' | 'POST', r.url, { token, body });
        expect(res.body.code, `${name} ${key}: ${res.body.msg}`).toBe(200);
        const data = res.body.data;
        const rows = Array.isArray(data) ? data.length : Array.isArray(data?.list) ? data.list.length : 1;
        if (rows === 0) empty.push(`${name} ${key}`);
      }
    }
    expect(empty).toEqual([]);
  });
});
