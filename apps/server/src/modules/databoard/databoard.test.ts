import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';

describe.each(TEST_DATABASES)('home workbench and public config on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(database, { bossScreenUrl: 'https://boss.example.com/screen' });
  });
  afterAll(() => t.close());

  it("counts teams and users of the caller's subtree", async () => {
    const admin = await login(t.app, 'admin', DEMO.admin);
    const all = (await call(t.app, 'GET', '/api/databoard/summary', { token: admin })).body.data;
    expect(all).toMatchObject({ merchantName: '示例物流有限公司', teamCount: 6, userCount: 4, roleCount: 4 });
    expect(all.teams.find((x: { teamCode: string }) => x.teamCode === '10000010010001').userCount).toBe(1);
    const dispatch = await login(t.app, 'dispatch', DEMO.dispatch);
    const mine = (await call(t.app, 'GET', '/api/databoard/summary', { token: dispatch })).body.data;
    expect(mine).toMatchObject({
      teamCount: 1,
      userCount: 1,
      teams: [{ teamName: '干线一分队', userCount: 1 }],
    });
  });

  it('gives the public configuration without a token', async () => {
    const res = await call(t.app, 'GET', '/api/app/config');
    expect(res.body.data).toEqual({
      bossScreenUrl: 'https://boss.example.com/screen',
      brands: [],
      mapProvider: 'osm',
      tiandituKey: '',
      mapTileUrl: '',
      mapTileCoords: 'wgs84',
    });
  });
});
