import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';
import { DEMO_LINES } from './demo-lines';

describe.each(TEST_DATABASES)('demo stations and lines on $name', (database) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(database);
    admin = await login(t.app, 'admin', DEMO.admin);
  });
  afterAll(() => t.close());

  it('gives the logistics merchant its trunk and city lines with their station tables', async () => {
    const page = await call(t.app, 'POST', '/api/colliery/line/page', {
      token: admin,
      body: { pageSize: 50 },
    });
    const names = page.body.data.list.map((l: { routeName: string }) => l.routeName).sort();
    const expected = DEMO_LINES.filter((l) => l.kind !== 'coal').map((l) => l.name);
    expect(names).toEqual([...expected].sort());

    const trunk = page.body.data.list.find(
      (l: { routeName: string }) => l.routeName === '北京大兴至石家庄干线',
    );
    const info = await call(t.app, 'GET', '/api/route/info', {
      token: admin,
      query: { id: String(trunk.id) },
    });
    const rows = info.body.data.stationList as {
      stationType: number;
      address: string;
      distance: number;
      baiduMapProduce: boolean;
    }[];
    expect(rows.map((r) => r.stationType)).toEqual([1, 2, 2, 2, 3]);
    expect(rows[0]?.distance).toBe(0);
    for (const row of rows.slice(1)) expect(row.distance).toBeGreaterThan(10);
    expect(rows.every((r) => !r.baiduMapProduce)).toBe(true);
    // the real road is about 280 km; the built-in estimate is within a fifth of it
    expect(info.body.data.distance).toBeGreaterThan(224);
    expect(info.body.data.distance).toBeLessThan(340);
  });

  it('files each named place once as a station with a circle fence', async () => {
    const list = await call(t.app, 'GET', '/api/station/list', { token: admin, query: { pageSize: '500' } });
    const names: string[] = list.body.data.list.map((s: { name: string }) => s.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(['河西陈塘庄配送中心', '石家庄东物流园', '泗村店服务区']));
    expect(names).not.toContain('东胜煤炭物流园'); // a coal station, of the other merchant
  });

  it('watches the city stores and depots with a fence set that alarms on entering and leaving', async () => {
    const sets = await call(t.app, 'POST', '/api/electricFence/fenceSet/list', { token: admin, body: {} });
    expect(sets.body.code).toBe(200);
    const city = sets.body.data.list.find((s: { name: string }) => s.name === '城配门店与配送中心');
    expect(city).toBeDefined();
    expect(JSON.stringify(city)).toContain('河西陈塘庄配送中心');
  });
});
