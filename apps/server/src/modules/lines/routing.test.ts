import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { insertBeforeEnd, newStationTable, type StationRow } from '@fleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, login, startTestApp, TEST_DATABASES } from '../../test/support';
import { builtinRouting, createRouting } from './routing';

const placed = (rows: StationRow[], places: [string, number, number][]): StationRow[] =>
  rows.map((r, i) => {
    const p = places[i];
    return p ? { ...r, address: p[0], longitude: p[1], latitude: p[2] } : r;
  });

describe('routing providers', () => {
  let server: Server;
  let base = '';
  let failing = false;
  let asked = 0;
  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://local');
      asked++;
      res.setHeader('content-type', 'application/json');
      if (failing || url.pathname !== '/v3/direction/driving') {
        res.statusCode = 500;
        res.end('{}');
        return;
      }
      // 100 km and 75 minutes a leg, whatever the points
      res.end(JSON.stringify({ status: '1', route: { paths: [{ distance: '100000', duration: '4500' }] } }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const table = () =>
    placed(insertBeforeEnd(newStationTable()), [
      ['东胜', 109.963, 39.817],
      ['包头', 110.044, 40.576],
      ['天津港', 117.78, 38.98],
    ]);

  it('the built-in provider is an estimate and skips empty rows without joining through them', async () => {
    const routing = createRouting({ amapKey: null, amapBaseUrl: base });
    expect(routing.preferred).toBe(builtinRouting);
    const rows = table();
    rows[1] = { ...rows[1], address: '', longitude: null, latitude: null } as StationRow;
    const result = await routing.calculate(rows);
    expect(result).toMatchObject({ provider: 'builtin', baiduMapProduce: false });
    expect(result.rows[1]?.distance).toBe(0);
    // the end is measured from the start, the last placed row before it
    expect(result.rows[2]?.distance).toBeGreaterThan(700);
  });

  it('asks AMap leg by leg when its key is set, marks the rows map-calculated, and falls back when it fails', async () => {
    const routing = createRouting({ amapKey: 'k', amapBaseUrl: base });
    asked = 0;
    const result = await routing.calculate(table());
    expect(asked).toBe(2);
    expect(result).toMatchObject({ provider: 'amap', baiduMapProduce: true });
    expect(
      result.rows.slice(1).map((r) => [r.distance, r.runningHours, r.runningMins, r.baiduMapProduce]),
    ).toEqual([
      [100, 1, 15, true],
      [100, 1, 15, true],
    ]);
    // only the rows asked for
    const one = await routing.calculate(table(), new Set([2]));
    expect(one.rows.map((r) => r.distance)).toEqual([0, 0, 100]);
    failing = true;
    const fallback = await routing.calculate(table());
    failing = false;
    expect(fallback).toMatchObject({ provider: 'builtin', baiduMapProduce: false });
  });

  it('saves map-calculated rows through the API when an online map service is configured', async () => {
    const t = await startTestApp(TEST_DATABASES[0] as (typeof TEST_DATABASES)[number], {
      amapKey: 'k',
      amapBaseUrl: base,
    });
    try {
      const token = await login(t.app, 'dispatch', DEMO.dispatch);
      const calc = await call(t.app, 'POST', '/api/route/calculate', {
        token,
        body: { stationList: table() },
      });
      expect(calc.body.data).toMatchObject({ provider: 'amap', baiduMapProduce: true, notice: '' });
      const add = await call(t.app, 'POST', '/api/route/add', {
        token,
        body: { routeName: '高德线路', routeType: 1, stationList: calc.body.data.stationList },
      });
      const saved = await call(t.app, 'GET', '/api/route/info', {
        token,
        query: { id: String(add.body.data.id) },
      });
      expect(saved.body.data).toMatchObject({
        baiduMapProduce: true,
        distance: 200,
        runningHours: 2,
        runningMins: 30,
      });
    } finally {
      await t.close();
    }
  });
});
