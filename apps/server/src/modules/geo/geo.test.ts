import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';
import { wgs84ToGcj02 } from './coords';
import { distanceMeters } from './gazetteer';

describe.each(TEST_DATABASES)('map helpers and reverse geocoding on $name', (database) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp(database);
    token = await login(t.app, 'dispatch', DEMO.dispatch);
  });
  afterAll(() => t.close());

  it('names the place of a point from the shipped gazetteer', async () => {
    const res = await call(t.app, 'GET', '/api/geo/reverse', {
      token,
      query: { lat: '39.61', lng: '109.78' },
    });
    expect(res.body.code).toBe(200);
    expect(res.body.data).toMatchObject({
      province: '内蒙古自治区',
      city: '鄂尔多斯市',
      cityCode: '150600',
      provider: 'offline',
      location: { lng: 109.78, lat: 39.61 },
    });
    expect(res.body.data.formatted_address).toBe(res.body.data.address);
    const byLocation = await call(t.app, 'GET', '/api/geo/reverse', {
      token,
      query: { location: '38.97,117.78' },
    });
    expect(byLocation.body.data.city).toBe('天津市');
    // a GCJ-02 point is converted first
    const [gLng, gLat] = wgs84ToGcj02(109.78, 39.61);
    const gcj = await call(t.app, 'GET', '/api/geo/reverse', {
      token,
      query: { lat: String(gLat), lng: String(gLng), coordType: 'gcj02' },
    });
    expect(gcj.body.data.location.lng).toBeCloseTo(109.78, 5);
  });

  it('refuses a missing or impossible point in Chinese', async () => {
    const none = await call(t.app, 'GET', '/api/geo/reverse', { token, query: { lat: '39' } });
    expect(none.body).toMatchObject({ code: 400, msg: '位置: 请提供有效的纬度和经度' });
    const far = await call(t.app, 'GET', '/api/geo/reverse', { token, query: { lat: '95', lng: '116' } });
    expect(far.body.code).toBe(400);
    expect(far.body.msg).toContain('纬度');
    const anonymous = await call(t.app, 'GET', '/api/geo/reverse', { query: { lat: '39', lng: '116' } });
    expect(anonymous.body.code).toBe(401);
  });

  it('converts to BD-09, one point or many', async () => {
    const one = await call(t.app, 'POST', '/api/baidu/geo/bd09', {
      token,
      body: { lng: 116.404, lat: 39.915 },
    });
    expect(one.body.code).toBe(200);
    expect(one.body.data).toMatchObject({ wgs84Lng: 116.404, wgs84Lat: 39.915 });
    expect(one.body.data.lng).toBe(one.body.data.bd09Lng);
    expect(one.body.data.bd09Lng - 116.404).toBeGreaterThan(0.005);
    const many = await call(t.app, 'POST', '/api/baidu/geo/bd09', {
      token,
      body: {
        points: [
          { lng: 116.404, lat: 39.915 },
          { lng: 117.2, lat: 39.1 },
        ],
        coordType: 'gcj02',
      },
    });
    expect(many.body.data).toHaveLength(2);
    expect(many.body.data[0].gcj02Lng).toBeCloseTo(116.404, 6);
    const bad = await call(t.app, 'POST', '/api/baidu/geo/bd09', { token, body: { coordType: 'wgs84' } });
    expect(bad.body).toMatchObject({ code: 400, msg: '请提供经纬度' });
  });

  it('estimates a route without an online map service', async () => {
    const res = await call(t.app, 'POST', '/api/baidu/direction', {
      token,
      body: {
        points: [
          { lng: 109.78, lat: 39.61 },
          { lng: 111.749, lat: 40.842 },
          { lng: 116.404, lat: 39.915 },
        ],
      },
    });
    expect(res.body.code).toBe(200);
    const great =
      distanceMeters(39.61, 109.78, 40.842, 111.749) + distanceMeters(40.842, 111.749, 39.915, 116.404);
    expect(res.body.data).toMatchObject({ baiduMapProduce: false, provider: 'offline' });
    expect(res.body.data.distance).toBe(Math.round(great * 1.3));
    expect(res.body.data.duration).toBe(Math.round((great * 1.3) / (60_000 / 3600)));
    expect(res.body.data.durationText).toMatch(/小时/);
    const od = await call(t.app, 'POST', '/api/baidu/direction', {
      token,
      body: { origin: { lng: 116.4, lat: 39.9 }, destination: { lng: 117.2, lat: 39.1 } },
    });
    expect(od.body.data.distanceKm).toBeGreaterThan(100);
    const one = await call(t.app, 'POST', '/api/baidu/direction', {
      token,
      body: { points: [{ lng: 1, lat: 1 }] },
    });
    expect(one.body).toMatchObject({ code: 400, msg: '坐标点: 至少需要起点和终点' });
  });

  it('says plainly that no weather service is configured', async () => {
    const res = await call(t.app, 'POST', '/api/baidu/weather', { token, body: { lng: 116.4, lat: 39.9 } });
    expect(res.body).toMatchObject({ code: 400, msg: '未配置天气服务', data: null });
  });
});

describe('online map services', () => {
  let server: Server;
  let base: string;
  const seen: URL[] = [];
  let failing = false;
  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      seen.push(url);
      res.setHeader('content-type', 'application/json');
      if (failing) {
        res.statusCode = 500;
        res.end('{}');
        return;
      }
      if (url.pathname === '/v3/geocode/regeo') {
        res.end(
          JSON.stringify({
            status: '1',
            info: 'OK',
            regeocode: {
              formatted_address: '北京市朝阳区望京街道阜通东大街',
              addressComponent: { province: '北京市', city: [], district: '朝阳区', adcode: '110105' },
            },
          }),
        );
      } else if (url.pathname === '/v3/weather/weatherInfo') {
        res.end(
          JSON.stringify({
            status: '1',
            lives: [
              {
                province: '北京',
                city: '北京市',
                adcode: url.searchParams.get('city'),
                weather: '晴',
                temperature: '12',
                winddirection: '西北',
                windpower: '≤3',
                humidity: '30',
                reporttime: '2026-11-20 10:00:00',
              },
            ],
          }),
        );
      } else if (url.pathname === '/v3/direction/driving') {
        res.end(
          JSON.stringify({ status: '1', route: { paths: [{ distance: '123456', duration: '5400' }] } }),
        );
      } else if (url.pathname === '/geocoder') {
        res.end(
          JSON.stringify({
            status: '0',
            msg: 'ok',
            result: {
              formatted_address: '内蒙古自治区鄂尔多斯市康巴什区',
              addressComponent: {
                province: '内蒙古自治区',
                city: '鄂尔多斯市',
                county: '康巴什区',
                county_code: '156150603',
              },
            },
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

  it('asks AMap (GCJ-02, with the key) for addresses, routes and weather, and falls back offline', async () => {
    const t = await startTestApp(TEST_DATABASES[0] as (typeof TEST_DATABASES)[number], {
      geocoder: 'amap',
      amapKey: 'test-key',
      amapBaseUrl: base,
    });
    try {
      const token = await login(t.app, 'admin', DEMO.admin);
      const res = await call(t.app, 'GET', '/api/geo/reverse', {
        token,
        query: { lat: '39.99', lng: '116.47' },
      });
      expect(res.body.data).toMatchObject({
        address: '北京市朝阳区望京街道阜通东大街',
        province: '北京市',
        city: '北京市',
        district: '朝阳区',
        cityCode: '110100',
        provider: 'amap',
      });
      const asked = seen.find((u) => u.pathname === '/v3/geocode/regeo');
      expect(asked?.searchParams.get('key')).toBe('test-key');
      const [gLng, gLat] = wgs84ToGcj02(116.47, 39.99);
      expect(asked?.searchParams.get('location')).toBe(`${gLng.toFixed(6)},${gLat.toFixed(6)}`);

      const route = await call(t.app, 'POST', '/api/baidu/direction', {
        token,
        body: { origin: { lng: 116.4, lat: 39.9 }, destination: { lng: 117.2, lat: 39.1 } },
      });
      expect(route.body.data).toMatchObject({
        distance: 123456,
        duration: 5400,
        baiduMapProduce: true,
        provider: 'amap',
      });

      const weather = await call(t.app, 'POST', '/api/baidu/weather', {
        token,
        body: { lng: 116.47, lat: 39.99 },
      });
      expect(weather.body.data).toMatchObject({
        weather: '晴',
        temperature: 12,
        cityCode: '110100',
        provider: 'amap',
      });

      failing = true;
      const fallback = await call(t.app, 'GET', '/api/geo/reverse', {
        token,
        query: { lat: '39.61', lng: '109.78' },
      });
      expect(fallback.body.data).toMatchObject({ city: '鄂尔多斯市', provider: 'offline' });
      const offlineRoute = await call(t.app, 'POST', '/api/baidu/direction', {
        token,
        body: { origin: { lng: 116.4, lat: 39.9 }, destination: { lng: 117.2, lat: 39.1 } },
      });
      expect(offlineRoute.body.data.baiduMapProduce).toBe(false);
    } finally {
      failing = false;
      await t.close();
    }
  });

  it('asks Tianditu for addresses when its key is set', async () => {
    const t = await startTestApp(TEST_DATABASES[0] as (typeof TEST_DATABASES)[number], {
      geocoder: 'tianditu',
      tiandituKey: 'tk-key',
      tiandituBaseUrl: base,
    });
    try {
      const token = await login(t.app, 'admin', DEMO.admin);
      const res = await call(t.app, 'GET', '/api/geo/reverse', {
        token,
        query: { lat: '39.6', lng: '109.79' },
      });
      expect(res.body.data).toMatchObject({
        address: '内蒙古自治区鄂尔多斯市康巴什区',
        city: '鄂尔多斯市',
        district: '康巴什区',
        cityCode: '150600',
        provider: 'tianditu',
      });
      const asked = seen.find((u) => u.pathname === '/geocoder');
      expect(asked?.searchParams.get('tk')).toBe('tk-key');
      expect(JSON.parse(asked?.searchParams.get('postStr') ?? '{}')).toEqual({
        lon: 109.79,
        lat: 39.6,
        ver: 1,
      });
      // no AMap key: no weather
      const weather = await call(t.app, 'POST', '/api/baidu/weather', {
        token,
        body: { lng: 116.47, lat: 39.99 },
      });
      expect(weather.body).toMatchObject({ code: 400, msg: '未配置天气服务' });
    } finally {
      await t.close();
    }
  });
});
