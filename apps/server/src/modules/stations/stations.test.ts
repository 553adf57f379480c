import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadFile } from '../../test/sheets';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';
import { readBack, sheetFile } from '../file-tasks/file-tasks.fixture';

const circle = {
  name: '东胜煤矿装货点',
  type: 1,
  address: '内蒙古自治区鄂尔多斯市东胜区',
  province: '内蒙古自治区',
  city: '鄂尔多斯',
  district: '东胜区',
  longitude: 109.963,
  latitude: 39.817,
  fenceType: 'circle',
  radius: 500,
};
const square = [
  { lng: 117.7, lat: 38.95 },
  { lng: 117.72, lat: 38.95 },
  { lng: 117.72, lat: 38.97 },
  { lng: 117.7, lat: 38.97 },
];

describe.each(TEST_DATABASES)('stations on $name', (database) => {
  let t: TestApp;
  let dispatch: string;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(database);
    dispatch = await login(t.app, 'dispatch', DEMO.dispatch);
    admin = await login(t.app, 'admin', DEMO.admin);
  });
  afterAll(() => t.close());

  const logOf = async (id: number) =>
    (
      await call(t.app, 'POST', '/api/colliery/operate/log/tc/page', {
        token: dispatch,
        body: { dataId: id, pageEnum: 10 },
      })
    ).body.data.list.map((r: { content: string }) => r.content);

  it('adds a circle and a polygon station, lists, finds and shows them', async () => {
    const a = await call(t.app, 'POST', '/api/station/add', { token: dispatch, body: circle });
    expect(a.body).toMatchObject({ code: 200, data: { id: expect.any(Number) } });
    const b = await call(t.app, 'POST', '/api/station/add', {
      token: dispatch,
      body: { name: '天津港卸货区', type: 2, fenceType: 'polygon', points: square, address: '天津港' },
    });
    expect(b.body.code).toBe(200);

    const info = await call(t.app, 'GET', '/api/station/info', {
      token: dispatch,
      query: { id: String(b.body.data.id) },
    });
    expect(info.body.data).toMatchObject({
      name: '天津港卸货区',
      typeName: '卸货地',
      fenceType: 'polygon',
      radius: null,
      teamCode: '10000010010001',
      teamName: '干线一分队',
      points: square,
    });
    // the station point of a polygon is its centroid
    expect(info.body.data.longitude).toBeCloseTo(117.71, 6);
    expect(info.body.data.latitude).toBeCloseTo(38.96, 6);

    const list = await call(t.app, 'GET', '/api/station/list', { token: dispatch, query: { name: '东胜' } });
    expect(list.body.data).toMatchObject({
      total: 1,
      list: [{ name: '东胜煤矿装货点', radius: 500, fenceTypeName: '圆形' }],
    });
    const polygons = await call(t.app, 'GET', '/api/station/list', {
      token: dispatch,
      query: { fenceType: 'polygon' },
    });
    expect(polygons.body.data.list.map((s: { name: string }) => s.name)).toEqual(['天津港卸货区']);
    // the box offers dispatch's own stations and those of 干线运输车队 above it
    const box = await call(t.app, 'GET', '/api/station/box', { token: dispatch, query: { keyword: '天津' } });
    expect(box.body.data).toContainEqual(
      expect.objectContaining({ name: '天津港卸货区', value: '天津港卸货区' }),
    );
    expect(box.body.data).toContainEqual(expect.objectContaining({ name: '天津开发区物流中心' }));
    expect(await logOf(a.body.data.id)).toEqual(['新增站点 东胜煤矿装货点（圆形，半径500米）']);
  });

  it('refuses bad names, places abroad, radii and polygons in Chinese', async () => {
    const bad = async (body: Record<string, unknown>) =>
      (await call(t.app, 'POST', '/api/station/add', { token: dispatch, body: { ...circle, ...body } })).body;
    expect(await bad({ name: '东胜-煤矿' })).toMatchObject({
      code: 400,
      msg: '站点名称: 请输入30个以内的中英文或者数字',
    });
    expect(await bad({ name: '东胜煤矿装货点' })).toMatchObject({ code: 400, msg: '站点名称: 已存在' });
    expect(await bad({ name: '东京', longitude: 139.7, latitude: 35.7 })).toMatchObject({
      code: 400,
      msg: expect.stringContaining('经纬度不在中国境内'),
    });
    expect(await bad({ name: '小圈', radius: 30 })).toMatchObject({
      code: 400,
      msg: '围栏半径: 围栏半径须在50-5000米之间',
    });
    expect(await bad({ name: '大圈', radius: 6000 })).toMatchObject({
      code: 400,
      msg: expect.stringContaining('50-5000米'),
    });
    const bowTie = [square[0], square[2], square[1], square[3]];
    expect(await bad({ name: '交叉', fenceType: 'polygon', points: bowTie })).toMatchObject({
      code: 400,
      msg: '多边形顶点: 多边形围栏的边不能交叉',
    });
    expect(await bad({ name: '两点', fenceType: 'polygon', points: square.slice(0, 2) })).toMatchObject({
      code: 400,
      msg: expect.stringContaining('至少需要3个顶点'),
    });
    expect(await bad({ name: '别队', teamCode: '10000010010002' })).toMatchObject({
      code: 400,
      msg: '所属车队: 不存在或不在您的管辖范围内',
    });
    // a user without the station menu code is refused
    const safety = await login(t.app, 'safety', DEMO.safety);
    const refused = await call(t.app, 'POST', '/api/station/add', {
      token: safety,
      body: { ...circle, name: '安全' },
    });
    expect(refused.status).toBe(403);
  });

  it('updates a fence from circle to polygon and logs what changed', async () => {
    const list = await call(t.app, 'GET', '/api/station/list', { token: dispatch, query: { name: '东胜' } });
    const id = list.body.data.list[0].id;
    const res = await call(t.app, 'POST', '/api/station/update', {
      token: dispatch,
      body: { ...circle, id, radius: 800, remark: '夜间限行' },
    });
    expect(res.body.code).toBe(200);
    const poly = await call(t.app, 'POST', '/api/station/update', {
      token: dispatch,
      body: {
        ...circle,
        id,
        fenceType: 'polygon',
        points: square.map((p) => ({ lng: p.lng - 7.74, lat: p.lat + 0.86 })),
      },
    });
    expect(poly.body.code).toBe(200);
    const info = await call(t.app, 'GET', '/api/station/info', {
      token: dispatch,
      query: { id: String(id) },
    });
    expect(info.body.data).toMatchObject({ fenceType: 'polygon', radius: null, longitude: 109.963 });
    expect(info.body.data.points).toHaveLength(4);
    const entries = await logOf(id);
    expect(entries[1]).toBe('修改站点 东胜煤矿装货点：围栏半径：500米→800米，备注：空→夜间限行');
    expect(entries[0]).toContain('围栏类型：圆形→多边形');
    expect(entries[0]).toContain('多边形顶点：空→4个顶点');
  });

  it("shows stations of the caller's team subtree and of the teams above, none of a sibling team", async () => {
    const finance = await login(t.app, 'finance', DEMO.finance);
    // finance (干线二分队) reads stations through the capacity route pages but sees none of 干线一分队
    const list = await call(t.app, 'GET', '/api/station/list', {
      token: finance,
      query: { pageSize: '500' },
    });
    const teams = new Set(list.body.data.list.map((s: { teamCode: string }) => s.teamCode));
    expect([...teams]).toEqual(['1000001001']);
    const mine = await call(t.app, 'GET', '/api/station/list', {
      token: dispatch,
      query: { teamCode: '10000010010001' },
    });
    const id = mine.body.data.list[0].id;
    const info = await call(t.app, 'GET', '/api/station/info', { token: finance, query: { id: String(id) } });
    expect(info.body.code).toBe(404);
    // the admin of the parent team sees them
    const all = await call(t.app, 'GET', '/api/station/list', { token: admin, query: { pageSize: '500' } });
    const names = all.body.data.list.map((s: { name: string }) => s.name);
    expect(names).toEqual(expect.arrayContaining(['东胜煤矿装货点', '天津港卸货区']));
  });

  it('exports the filtered stations as .xlsx', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/station/export?fenceType=polygon',
      headers: { 'auth-token': dispatch },
    });
    expect(res.headers['content-type'], res.body.slice(0, 300)).toContain('spreadsheetml');
    const rows = await readBack(res.rawPayload);
    expect(rows[0]).toEqual([
      '站点名称',
      '站点类型',
      '所属车队',
      '省份',
      '城市',
      '区县',
      '地址',
      '经度',
      '纬度',
      '围栏类型',
      '围栏半径(米)',
      '多边形顶点数',
      '备注',
      '创建时间',
    ]);
    expect(rows.slice(1).map((r) => [r[0], r[9], r[11]])).toEqual([
      ['天津港卸货区', '多边形', 4],
      ['东胜煤矿装货点', '多边形', 4],
    ]);
  });

  const upload = async (content: Buffer) =>
    (await uploadFile(t.app, '/api/station/import', dispatch, { filename: '站点.xlsx', content })) as {
      code: number;
      msg: string;
      data: { errors?: { row: number; message: string }[] };
    };
  const HEADER = ['站点名称', '站点类型', '所属车队', '地址', '经度', '纬度', '围栏半径(米)', '备注'];

  it('imports circle fences all or nothing, naming the bad rows', async () => {
    // rows that break the form's rules
    const bad = await upload(
      await sheetFile([
        HEADER,
        ['包头东河停车场', '停车场', '', '包头市东河区', '110.044', '40.576', '300', ''],
        ['卓资加油站', '加油站', '', '', '112.577', '40.894', '20', ''],
        ['火星基地', '仓库', '', '', 'abc', '40', '300', ''],
      ]),
    );
    expect(bad.code).toBe(400);
    expect(bad.data.errors).toEqual([
      { row: 3, message: '围栏半径(米): 围栏半径须在50-5000米之间' },
      expect.objectContaining({ row: 4, message: expect.stringContaining('站点类型应为装货地、卸货地') }),
    ]);
    // rows that clash with each other, the database or the caller's teams
    const clash = await upload(
      await sheetFile([
        HEADER,
        ['包头东河停车场', '停车场', '', '包头市东河区', '110.044', '40.576', '300', ''],
        ['集宁服务区', '服务区', '干线二分队', '', '113.105', '41.035', '300', ''],
        ['包头东河停车场', '停车场', '', '', '110.044', '40.576', '300', ''],
        ['天津港卸货区', '卸货地', '', '', '117.7', '38.95', '300', ''],
      ]),
    );
    expect(clash.code).toBe(400);
    expect(clash.data.errors).toEqual(
      expect.arrayContaining([
        { row: 3, message: '所属车队“干线二分队”不存在或不在您的管辖范围内' },
        { row: 4, message: '站点名称与第2行重复' },
        { row: 5, message: '站点名称“天津港卸货区”已存在' },
      ]),
    );
    const own = { teamCode: '10000010010001' };
    const before = await call(t.app, 'GET', '/api/station/list', { token: dispatch, query: own });
    expect(before.body.data.total).toBe(2);

    const good = await upload(
      await sheetFile([
        HEADER,
        ['包头东河停车场', '停车场', '干线一分队', '包头市东河区', '110.044', '40.576', '300', '夜间停放'],
        ['集宁服务区', '服务区', '', '', '113.105', '41.035', '1000', ''],
      ]),
    );
    expect(good.code).toBe(200);
    const after = await call(t.app, 'GET', '/api/station/list', {
      token: dispatch,
      query: { ...own, type: '3' },
    });
    expect(after.body.data.list).toEqual([
      expect.objectContaining({
        name: '包头东河停车场',
        fenceType: 'circle',
        radius: 300,
        remark: '夜间停放',
        latitude: 40.576,
      }),
    ]);
    expect(await logOf(after.body.data.list[0].id)).toEqual(['导入站点 包头东河停车场（圆形，半径300米）']);
  });

  it('deletes stations, logs it, and no longer shows them', async () => {
    const list = await call(t.app, 'GET', '/api/station/list', { token: dispatch, query: { name: '集宁' } });
    const id = list.body.data.list[0].id;
    const res = await call(t.app, 'POST', '/api/station/delete', { token: dispatch, body: { ids: [id] } });
    expect(res.body).toMatchObject({ code: 200, data: { deleted: 1 } });
    const gone = await call(t.app, 'GET', '/api/station/info', {
      token: dispatch,
      query: { id: String(id) },
    });
    expect(gone.body.code).toBe(404);
    expect((await logOf(id))[0]).toBe('删除站点 集宁服务区');
    // the name is free again
    const again = await call(t.app, 'POST', '/api/station/add', {
      token: dispatch,
      body: { ...circle, name: '集宁服务区', longitude: 113.105, latitude: 41.035 },
    });
    expect(again.body.code).toBe(200);
    const none = await call(t.app, 'POST', '/api/station/delete', { token: dispatch, body: {} });
    expect(none.body).toMatchObject({ code: 400 });
  });
});
