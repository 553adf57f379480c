import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';
import { wgs84ToGcj02 } from './coords';
import { OfflinePlaceSearch } from './place-search';

describe.each(TEST_DATABASES)('keyword place search on $name', (database) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp(database);
    token = await login(t.app, 'dispatch', DEMO.dispatch);
  });
  afterAll(() => t.close());

  it('finds prefectures, counties and places of the gazetteer, exact names first', async () => {
    const res = await call(t.app, 'GET', '/api/geo/search', { token, query: { keyword: '东胜' } });
    expect(res.body.code).toBe(200);
    const first = res.body.data[0];
    expect(first).toMatchObject({
      name: '东胜区',
      city: '鄂尔多斯市',
      province: '内蒙古自治区',
      provider: 'offline',
    });
    expect(first.address).toBe('内蒙古自治区鄂尔多斯市东胜区');
    expect(first.lng).toBeCloseTo(109.96, 0);
    const port = await call(t.app, 'GET', '/api/geo/search', { token, query: { keyword: '天津港' } });
    expect(port.body.data[0]).toMatchObject({ name: '天津港', city: '天津市' });
    const seat = await call(t.app, 'GET', '/api/geo/search', { token, query: { keyword: '张家口' } });
    expect(seat.body.data[0]).toMatchObject({ name: '张家口市', district: '' });
  });

  it('narrows by city, caps at 100 and answers an empty list when nothing matches', async () => {
    const all = await call(t.app, 'GET', '/api/geo/search', { token, query: { keyword: '区' } });
    expect(all.body.data).toHaveLength(100);
    const beijing = await call(t.app, 'GET', '/api/geo/search', {
      token,
      query: { keyword: '区', city: '北京市' },
    });
    expect(beijing.body.data.length).toBeGreaterThan(10);
    for (const hit of beijing.body.data) expect(hit.province).toBe('北京市');
    const none = await call(t.app, 'GET', '/api/geo/search', {
      token,
      query: { keyword: '不存在的地名xyz' },
    });
    expect(none.body).toMatchObject({ code: 200, data: [] });
    const empty = await call(t.app, 'GET', '/api/geo/search', { token, query: { keyword: ' ' } });
    expect(empty.body).toMatchObject({ code: 400, msg: '关键字: 请输入关键字' });
    const anonymous = await call(t.app, 'GET', '/api/geo/search', { query: { keyword: '东胜' } });
    expect(anonymous.body.code).toBe(401);
  });
});

describe('online place search', () => {
  let server: Server;
  let base = '';
  let failing = false;
  const seen: URL[] = [];
  const [gLng, gLat] = wgs84ToGcj02(116.47, 39.99);
  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://local');
      seen.push(url);
      res.setHeader('content-type', 'application/json');
      if (failing) {
        res.statusCode = 500;
        res.end('{}');
      } else if (url.pathname === '/v3/assistant/inputtips') {
        res.end(
          JSON.stringify({
            status: '1',
            tips: [
              {
                name: '望京SOHO',
                district: '北京市朝阳区',
                address: '阜通东大街',
                location: `${gLng},${gLat}`,
              },
              { name: '望京（公交站）', district: '北京市朝阳区', address: [], location: [] },
            ],
          }),
        );
      } else if (url.pathname === '/v2/search') {
        res.end(
          JSON.stringify({
            status: { infocode: 1000 },
            pois: [{ name: '康巴什区政府', address: '康巴什区', lonlat: '109.79,39.6', county: '康巴什区' }],
          }),
        );
      } else {
        res.statusCode = 404;
        res.end('{}');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('asks AMap input tips first (GCJ-02 converted back), then adds the gazetteer, and survives a failure', async () => {
    const t = await startTestApp(TEST_DATABASES[0] as (typeof TEST_DATABASES)[number], {
      geocoder: 'amap',
      amapKey: 'test-key',
      amapBaseUrl: base,
    });
    try {
      const token = await login(t.app, 'admin', DEMO.admin);
      const res = await call(t.app, 'GET', '/api/geo/search', {
        token,
        query: { keyword: '望京', city: '北京' },
      });
      expect(res.body.data[0]).toMatchObject({
        name: '望京SOHO',
        provider: 'amap',
        address: '北京市朝阳区阜通东大街',
      });
      expect(res.body.data[0].lng).toBeCloseTo(116.47, 5);
      expect(res.body.data[0].lat).toBeCloseTo(39.99, 5);
      // the tip without a location is left out; the gazetteer's 望京 follows
      expect(res.body.data.map((h: { name: string }) => h.name)).toEqual(['望京SOHO', '望京']);
      const asked = seen.find((u) => u.pathname === '/v3/assistant/inputtips');
      expect(asked?.searchParams.get('key')).toBe('test-key');
      expect(asked?.searchParams.get('city')).toBe('北京');
      failing = true;
      const fallback = await call(t.app, 'GET', '/api/geo/search', { token, query: { keyword: '望京' } });
      expect(fallback.body.data).toEqual([expect.objectContaining({ name: '望京', provider: 'offline' })]);
    } finally {
      failing = false;
      await t.close();
    }
  });

  it('asks Tianditu when only its key is set', async () => {
    const t = await startTestApp(TEST_DATABASES[0] as (typeof TEST_DATABASES)[number], {
      geocoder: 'tianditu',
      tiandituKey: 'tk-key',
      tiandituBaseUrl: base,
    });
    try {
      const token = await login(t.app, 'admin', DEMO.admin);
      const res = await call(t.app, 'GET', '/api/geo/search', { token, query: { keyword: '康巴什' } });
      expect(res.body.data[0]).toMatchObject({ name: '康巴什区政府', provider: 'tianditu', lng: 109.79 });
      const asked = seen.find((u) => u.pathname === '/v2/search');
      expect(asked?.searchParams.get('tk')).toBe('tk-key');
      expect(JSON.parse(asked?.searchParams.get('postStr') ?? '{}')).toMatchObject({ keyWord: '康巴什' });
    } finally {
      await t.close();
    }
  });
});

describe('offline place search', () => {
  it('orders exact, prefix and contained names', async () => {
    const search = new OfflinePlaceSearch();
    const hits = await search.search('鄂尔多斯', undefined, 100);
    expect(hits[0]).toMatchObject({ name: '鄂尔多斯市' });
    // places within the prefecture follow, through their division text
    expect(hits.some((h) => h.name === '东胜区')).toBe(true);
  });
});
