import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadFile } from '../../test/sheets';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';
import { readBack, sheetFile } from '../file-tasks/file-tasks.fixture';
import { stopRow as row } from './lines.fixture';

describe.each(TEST_DATABASES)('line spreadsheets on $name', (database) => {
  let t: TestApp;
  let dispatch: string;
  beforeAll(async () => {
    t = await startTestApp(database);
    dispatch = await login(t.app, 'dispatch', DEMO.dispatch);
    const add = await call(t.app, 'POST', '/api/colliery/line/add', {
      token: dispatch,
      body: {
        routeName: '东胜至天津港',
        routeType: 1,
        stationList: [
          row(1, 1, '鄂尔多斯市东胜区', 109.963, 39.817),
          row(2, 2, '包头市东河区', 110.044, 40.576),
          row(3, 2, '集宁服务区', 113.105, 41.035),
          row(4, 3, '天津港', 117.78, 38.98),
        ],
      },
    });
    expect(add.body.code).toBe(200);
  });
  afterAll(() => t.close());

  it('exports the filtered lines and imports lines all or nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/colliery/line/export',
      payload: { routeName: '东胜' },
      headers: { 'auth-token': dispatch },
    });
    const rows = await readBack(res.rawPayload);
    expect(rows[0]?.slice(0, 8)).toEqual([
      '线路名称',
      '路线类型',
      '所属车队',
      '客户',
      '货物名称',
      '起点',
      '途经点',
      '终点',
    ]);
    expect(rows).toHaveLength(2);
    expect(rows[1]?.slice(5, 8)).toEqual(['鄂尔多斯市东胜区', '包头市东河区→集宁服务区', '天津港']);
    expect(rows[1]?.[10]).toBe('否（未经地图计算）');

    const upload = async (content: Buffer) =>
      (await uploadFile(t.app, '/api/colliery/line/import', dispatch, {
        filename: '线路.xlsx',
        content,
      })) as { code: number; data: { errors?: { row: number; message: string }[] } };
    const HEADER = [
      '线路名称',
      '路线类型',
      '所属车队',
      '起点地址',
      '起点经度',
      '起点纬度',
      '终点地址',
      '终点经度',
      '终点纬度',
      '途经点',
      '限速(km/h)',
      '偏航宽度(米)',
      '备注',
    ];
    const bad = await upload(
      await sheetFile([
        HEADER,
        [
          '准格尔至曹妃甸',
          '干线运输',
          '',
          '准格尔旗',
          '111.24',
          '39.86',
          '曹妃甸',
          '118.46',
          '39.27',
          '张家口,114.88,40.82',
          '',
          '',
          '',
        ],
        [
          '坏途经点',
          '干线运输',
          '',
          '准格尔旗',
          '111.24',
          '39.86',
          '曹妃甸',
          '118.46',
          '39.27',
          '张家口',
          '',
          '',
          '',
        ],
      ]),
    );
    expect(bad.code).toBe(400);
    expect(bad.data.errors).toEqual([
      { row: 3, message: expect.stringContaining('第1个途经点应为“地址,经度,纬度”') },
    ]);
    const good = await upload(
      await sheetFile([
        HEADER,
        [
          '准格尔至曹妃甸',
          '干线运输',
          '',
          '准格尔旗',
          '111.24',
          '39.86',
          '曹妃甸',
          '118.46',
          '39.27',
          '张家口,114.88,40.82',
          '75',
          '',
          '',
        ],
      ]),
    );
    expect(good.code).toBe(200);
    const imported = await call(t.app, 'POST', '/api/colliery/line/page', {
      token: dispatch,
      body: { routeName: '准格尔' },
    });
    const saved = (
      await call(t.app, 'GET', '/api/route/info', {
        token: dispatch,
        query: { id: String(imported.body.data.list[0].id) },
      })
    ).body.data;
    expect(saved).toMatchObject({
      speedLimit: 75,
      corridorWidth: 500,
      stationCount: 3,
      baiduMapProduce: false,
    });
    expect(saved.stationList[1]).toMatchObject({ stationType: 2, address: '张家口' });
    expect(saved.stationList[2].distance).toBeGreaterThan(300);
  });
});
