import { distanceMeters } from '@fleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';
import { stopRow as row } from './lines.fixture';

const DONGSHENG = row(1, 1, '鄂尔多斯市东胜区', 109.963, 39.817);
const BAOTOU = row(2, 2, '包头市东河区', 110.044, 40.576);
const PORT = row(3, 3, '天津港', 117.78, 38.98);
const line = (routeName: string, stationList: unknown[], extra: Record<string, unknown> = {}) => ({
  routeName,
  routeType: 1,
  cargo: '动力煤',
  speedLimit: 80,
  corridorWidth: 800,
  stationList,
  ...extra,
});

describe.each(TEST_DATABASES)('lines on $name', (database) => {
  let t: TestApp;
  let dispatch: string;
  beforeAll(async () => {
    t = await startTestApp(database);
    dispatch = await login(t.app, 'dispatch', DEMO.dispatch);
  });
  afterAll(() => t.close());

  const logOf = async (id: number) =>
    (
      await call(t.app, 'POST', '/api/colliery/operate/log/tc/page', {
        token: dispatch,
        body: { dataId: id, pageEnum: 4 },
      })
    ).body.data.list.map((r: { content: string }) => r.content);
  const info = async (id: number) =>
    (await call(t.app, 'GET', '/api/route/info', { token: dispatch, query: { id: String(id) } })).body.data;

  it('recalculates a table with the built-in provider: road factor and truck speed, not map-calculated', async () => {
    const res = await call(t.app, 'POST', '/api/route/calculate', {
      token: dispatch,
      body: { stationList: [DONGSHENG, BAOTOU, { ...PORT, baiduMapProduce: true }] },
    });
    expect(res.body.code).toBe(200);
    const { stationList, provider, baiduMapProduce, notice } = res.body.data;
    expect({ provider, baiduMapProduce }).toEqual({ provider: 'builtin', baiduMapProduce: false });
    expect(notice).toContain('未经地图计算');
    expect(notice).toContain('未配置在线地图服务');
    const km = (distanceMeters(39.817, 109.963, 40.576, 110.044) * 1.3) / 1000;
    expect(stationList[1].distance).toBeCloseTo(km, 2);
    const minutes = Math.round((km / 60) * 60);
    expect(stationList[1].runningHours * 60 + stationList[1].runningMins).toBe(minutes);
    expect(stationList[0]).toMatchObject({ distance: 0, runningHours: 0, runningMins: 0 });
    expect(stationList.map((r: { baiduMapProduce: boolean }) => r.baiduMapProduce)).toEqual([
      false,
      false,
      false,
    ]);
  });

  let lineId = 0;
  it('adds a line, fills missing distances, and never keeps a map-calculated claim without a map service', async () => {
    const res = await call(t.app, 'POST', '/api/route/add', {
      token: dispatch,
      body: line('东胜至天津港', [
        DONGSHENG,
        { ...BAOTOU, distance: 110, runningHours: 2, baiduMapProduce: true },
        PORT,
      ]),
    });
    expect(res.body).toMatchObject({ code: 200, data: { id: expect.any(Number) } });
    lineId = res.body.data.id;
    const saved = await info(lineId);
    expect(saved).toMatchObject({
      routeName: '东胜至天津港',
      routeTypeName: '干线运输',
      teamName: '干线一分队',
      speedLimit: 80,
      corridorWidth: 800,
      cargo: '动力煤',
      baiduMapProduce: false,
      startAddress: '鄂尔多斯市东胜区',
      endAddress: '天津港',
      stationCount: 3,
    });
    expect(
      saved.stationList.map((r: { seq: number; stationType: number }) => [r.seq, r.stationType]),
    ).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
    // the typed distance is kept, the missing one estimated; nothing claims a map calculation
    expect(saved.stationList[1]).toMatchObject({ distance: 110, runningHours: 2, baiduMapProduce: false });
    expect(saved.stationList[2].distance).toBeGreaterThan(700);
    expect(saved.distance).toBeCloseTo(110 + saved.stationList[2].distance, 3);
    expect(saved.path).toHaveLength(3);
    expect(await logOf(lineId)).toEqual(['新增线路 东胜至天津港：鄂尔多斯市东胜区→包头市东河区→天津港']);
  });

  it('refuses tables that break business section 4 and other bad input, in Chinese', async () => {
    const bad = async (body: unknown) =>
      (await call(t.app, 'POST', '/api/colliery/line/add', { token: dispatch, body })).body;
    expect(await bad(line('两个起点', [DONGSHENG, { ...BAOTOU, stationType: 1 }, PORT]))).toMatchObject({
      code: 400,
      msg: '站点: 线路必须有且只有一个起点和一个终点',
    });
    expect(await bad(line('无终点', [DONGSHENG]))).toMatchObject({
      code: 400,
      msg: '站点: 线路至少需要起点和终点',
    });
    expect(
      await bad(line('空行', [{ ...DONGSHENG, address: '', longitude: null, latitude: null }, PORT])),
    ).toMatchObject({
      code: 400,
      msg: '站点: 第1行：请选择地址',
    });
    expect(await bad(line('乱序', [DONGSHENG, { ...BAOTOU, seq: 3 }, { ...PORT, seq: 2 }]))).toMatchObject({
      code: 400,
      msg: '站点: 第2行：序号应为2',
    });
    expect(
      await bad(line('东京', [DONGSHENG, { ...PORT, seq: 2, longitude: 139.7, latitude: 35.7 }])),
    ).toMatchObject({
      code: 400,
      msg: '站点: 第2行：经纬度不在中国境内',
    });
    expect(await bad(line('东胜至天津港', [DONGSHENG, { ...PORT, seq: 2 }]))).toMatchObject({
      code: 400,
      msg: '线路名称: 已存在',
    });
    expect(await bad(line('东胜-天津', [DONGSHENG, { ...PORT, seq: 2 }]))).toMatchObject({
      code: 400,
      msg: '线路名称: 请输入30个以内的中英文或者数字',
    });
    expect(
      await bad(
        line('别家站点', [
          { ...DONGSHENG, stationId: 999999 },
          { ...PORT, seq: 2 },
        ]),
      ),
    ).toMatchObject({
      code: 400,
      msg: '站点: 第1行的站点不存在或无权使用',
    });
    expect(
      await bad(line('别家客户', [DONGSHENG, { ...PORT, seq: 2 }], { customerId: 999999 })),
    ).toMatchObject({
      code: 400,
      msg: '客户: 不存在或不在您的管辖范围内',
    });
    expect(await bad(line('限速', [DONGSHENG, { ...PORT, seq: 2 }], { speedLimit: 300 }))).toMatchObject({
      code: 400,
      msg: '限速: 限速应为1-200的整数',
    });
  });

  it('edits a line: the rows are replaced and the log says what changed', async () => {
    const station = await call(t.app, 'POST', '/api/station/add', {
      token: dispatch,
      body: {
        name: '集宁服务区',
        type: 6,
        longitude: 113.105,
        latitude: 41.035,
        fenceType: 'circle',
        radius: 300,
      },
    });
    const rows = [
      DONGSHENG,
      BAOTOU,
      { ...row(3, 2, '集宁服务区', 113.105, 41.035), stationId: station.body.data.id },
      { ...PORT, seq: 4 },
    ];
    const res = await call(t.app, 'POST', '/api/colliery/line/edit', {
      token: dispatch,
      body: line('东胜至天津港', rows, { id: lineId, speedLimit: 70, status: 0 }),
    });
    expect(res.body.code).toBe(200);
    const saved = await info(lineId);
    expect(saved.stationList.map((r: { address: string }) => r.address)).toEqual([
      '鄂尔多斯市东胜区',
      '包头市东河区',
      '集宁服务区',
      '天津港',
    ]);
    expect(saved.stationList[2].stationId).toBe(station.body.data.id);
    expect(saved).toMatchObject({ speedLimit: 70, status: 0, statusName: '停用' });
    expect((await logOf(lineId))[0]).toBe(
      '修改线路 东胜至天津港：限速：80km/h→70km/h，状态：启用→停用，站点：鄂尔多斯市东胜区→包头市东河区→天津港→鄂尔多斯市东胜区→包头市东河区→集宁服务区→天津港',
    );
  });

  it('lists, searches and offers lines of the caller’s team subtree and of the teams above', async () => {
    await call(t.app, 'POST', '/api/colliery/line/add', {
      token: dispatch,
      body: line('包头短倒', [DONGSHENG, { ...BAOTOU, stationType: 3 }], { routeType: 2 }),
    });
    const page = await call(t.app, 'POST', '/api/colliery/line/page', {
      token: dispatch,
      body: { routeType: 2 },
    });
    expect(page.body.data).toMatchObject({
      total: 1,
      list: [
        {
          routeName: '包头短倒',
          startAddress: '鄂尔多斯市东胜区',
          endAddress: '包头市东河区',
          stationCount: 2,
        },
      ],
    });
    const fuzzy = await call(t.app, 'GET', '/api/colliery/line/fuzzy', {
      token: dispatch,
      query: { routeName: '天津' },
    });
    // its own line, and the demo trunk line of 干线运输车队 above it
    expect(fuzzy.body.data).toEqual([
      { id: lineId, value: '东胜至天津港' },
      { id: expect.any(Number), value: '北京至天津京津塘干线' },
    ]);
    // the box offers enabled lines only
    const box = await call(t.app, 'GET', '/api/route/box', { token: dispatch });
    const boxed = box.body.data.map((b: { name: string }) => b.name);
    expect(boxed).toContain('包头短倒');
    expect(boxed).not.toContain('东胜至天津港');
    const names = await call(t.app, 'GET', '/api/route/name/list', {
      token: dispatch,
      query: { routeName: '东胜' },
    });
    expect(names.body.data).toEqual([{ id: lineId, routeName: '东胜至天津港' }]);
    const team = await call(t.app, 'GET', '/api/route/list/team', {
      token: dispatch,
      query: { teamCode: '10000010010001' },
    });
    expect(team.body.data).toHaveLength(2);
    const brands = await call(t.app, 'GET', '/api/colliery/line/fuelBrand/list', { token: dispatch });
    expect(brands.body.data).toEqual(expect.arrayContaining(['解放']));
    const series = await call(t.app, 'GET', '/api/colliery/line/fuelSeries/list', {
      token: dispatch,
      query: { brand: '解放' },
    });
    expect(series.body.data).toEqual(['J6P']);
    // 干线二分队's finance user (capacity route pages) sees none of them, even by id
    const finance = await login(t.app, 'finance', DEMO.finance);
    const other = await call(t.app, 'POST', '/api/colliery/line/page', {
      token: finance,
      body: { pageSize: 100 },
    });
    const seen = other.body.data.list.map((l: { routeName: string; teamCode: string }) => l.teamCode);
    expect(seen).not.toContain('10000010010001');
    const byId = await call(t.app, 'GET', '/api/colliery/line/info', {
      token: finance,
      query: { id: String(lineId) },
    });
    expect(byId.body.code).toBe(404);
    // nor through infoNoTeam, which reads the lines a waybill may pick
    const noTeam = await call(t.app, 'GET', '/api/colliery/line/infoNoTeam', {
      token: finance,
      query: { id: String(lineId) },
    });
    expect(noTeam.body.code).toBe(404);
  });

  it('deletes lines and logs it', async () => {
    const res = await call(t.app, 'POST', '/api/colliery/line/delete', {
      token: dispatch,
      body: { id: lineId },
    });
    expect(res.body).toMatchObject({ code: 200, data: { deleted: 1 } });
    expect(
      (await call(t.app, 'GET', '/api/route/info', { token: dispatch, query: { id: String(lineId) } })).body
        .code,
    ).toBe(404);
    expect((await logOf(lineId))[0]).toBe('删除线路 东胜至天津港');
  });
});
