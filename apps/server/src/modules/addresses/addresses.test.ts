import { OPERATE_LOG_PAGES, ROLE_PRESETS } from '@fleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadFile } from '../../test/sheets';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';
import { sha256Hex } from '../auth/tokens';
import { readBack, sheetFile } from '../file-tasks/file-tasks.fixture';
import { wgs84ToGcj02 } from '../geo/coords';

describe.each(TEST_DATABASES)('common addresses on $name', (database) => {
  let t: TestApp;
  let admin: string;
  let inner: string;
  let portId: number;
  const port = {
    name: '天津港南疆码头',
    address: '天津市滨海新区南疆港路',
    lng: 117.7732014,
    lat: 38.968105,
    addressType: 2,
    contactName: '陈调度',
    contactPhone: '13912345678',
    teamCode: '10000010010001',
  };
  beforeAll(async () => {
    t = await startTestApp(database);
    // these tests count every row they make: start from merchants without the demo's common addresses
    await t.db.db.deleteFrom('common_address').execute();
    admin = await login(t.app, 'admin', DEMO.admin);
    const role = await call(t.app, 'POST', '/api/system/role/add', {
      token: admin,
      body: { name: '地址管理员', codes: [...ROLE_PRESETS.admin] },
    });
    await call(t.app, 'POST', '/api/system/user/add', {
      token: admin,
      body: {
        username: 'address_c1',
        password: sha256Hex('Address@1'),
        nickname: '城配文员',
        teamCode: '10000010020001',
        roleIds: [role.body.data.id],
      },
    });
    inner = await login(t.app, 'address_c1', 'Address@1');
  });
  afterAll(() => t.close());

  it('checks the fields with Chinese messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...port, name: '' }, '地址名称: 请输入30个以内的中英文或者数字'],
      [{ ...port, address: ' ' }, '详细地址: 请输入详细地址'],
      [{ ...port, lng: 12 }, '经度: 经度须在73至136之间（中国境内）'],
      [{ ...port, lat: 60 }, '纬度: 纬度须在3至54之间（中国境内）'],
      [{ ...port, lng: undefined }, '经度: 请在地图上选择位置'],
      [{ ...port, addressType: 9 }, '地址类型: 请选择地址类型'],
      [
        { ...port, contactPhone: '123' },
        '联系电话: 应为手机号或固定电话（如13812345678、010-12345678、400-123-4567）',
      ],
      [{ ...port, teamCode: '20000010010001' }, '所属车队: 不存在或不在您的管辖范围内'],
    ];
    for (const [body, msg] of cases) {
      const res = await call(t.app, 'POST', '/api/common/address/add', { token: admin, body });
      expect(res.body, JSON.stringify(body)).toMatchObject({ code: 400, msg });
    }
  });

  it('adds, lists, edits and deletes an address, logging each change', async () => {
    const added = await call(t.app, 'POST', '/api/common/address/add', { token: admin, body: port });
    expect(added.body.code).toBe(200);
    portId = added.body.data.id;
    const list = await call(t.app, 'POST', '/api/common/address/list', {
      token: admin,
      body: { keyword: '南疆' },
    });
    expect(list.body.data).toMatchObject({
      total: 1,
      list: [
        {
          id: portId,
          lng: 117.773201,
          lat: 38.968105,
          addressTypeName: '卸货地',
          teamName: '干线一分队',
          sourceName: '手工添加',
        },
      ],
    });
    const edited = await call(t.app, 'POST', '/api/common/address/edit', {
      token: admin,
      body: { ...port, id: portId, addressType: 1, lng: 117.7742 },
    });
    expect(edited.body.code).toBe(200);
    const other = await call(t.app, 'POST', '/api/common/address/add', {
      token: admin,
      body: { ...port, name: '临时停车点', addressType: 3, lng: 116.4, lat: 39.9 },
    });
    const del = await call(t.app, 'POST', '/api/common/address/del', {
      token: admin,
      body: { id: other.body.data.id },
    });
    expect(del.body).toMatchObject({ code: 200, data: { deleted: 1 } });
    const after = await call(t.app, 'POST', '/api/common/address/list', { token: admin, body: {} });
    expect(after.body.data.list.map((a: { id: number }) => a.id)).toEqual([portId]);
    const log = await call(t.app, 'POST', '/api/colliery/operate/log/tc/page', {
      token: admin,
      body: { dataId: portId, pageEnum: OPERATE_LOG_PAGES.address },
    });
    expect(log.body.data.list.map((r: { content: string }) => r.content)).toEqual([
      '修改地址：经度：117.773201→117.774200，地址类型：卸货地→装货地',
      '新增地址 天津港南疆码头（天津市滨海新区南疆港路）',
    ]);
    const deletedLog = await call(t.app, 'POST', '/api/colliery/operate/log/tc/page', {
      token: admin,
      body: { dataId: other.body.data.id, pageEnum: OPERATE_LOG_PAGES.address },
    });
    expect(deletedLog.body.data.list[0].content).toBe('删除地址 临时停车点');
  });

  it('keeps addresses to the team subtree', async () => {
    const list = await call(t.app, 'POST', '/api/common/address/list', { token: inner, body: {} });
    expect(list.body.data.total).toBe(0);
    const edit = await call(t.app, 'POST', '/api/common/address/edit', {
      token: inner,
      body: { ...port, id: portId, teamCode: '10000010020001' },
    });
    expect(edit.body.code).toBe(404);
    const del = await call(t.app, 'POST', '/api/common/address/del', {
      token: inner,
      body: { ids: [portId] },
    });
    expect(del.body.code).toBe(400);
  });

  it('marks a place from a safety page once, naming it by reverse geocoding', async () => {
    // a GCJ-02 point 30 m from the port address: the same place
    const [gLng, gLat] = wgs84ToGcj02(117.7745, 38.9683);
    const same = await call(t.app, 'POST', '/api/safety/mark/address', {
      token: admin,
      body: { lng: gLng, lat: gLat, coordType: 'gcj02' },
    });
    expect(same.body.data).toMatchObject({ id: portId, created: false, name: '天津港南疆码头' });
    expect(same.body.data.distance).toBeLessThan(100);

    const safety = await login(t.app, 'safety', DEMO.safety);
    const marked = await call(t.app, 'POST', '/api/safety/mark/address', {
      token: safety,
      body: { lng: 109.99, lat: 39.81, addressType: 3 },
    });
    expect(marked.body.code).toBe(200);
    expect(marked.body.data.created).toBe(true);
    expect(marked.body.data.name).toMatch(/停车场$/);
    const row = await t.db.db
      .selectFrom('common_address')
      .selectAll()
      .where('id', '=', marked.body.data.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ source: 3, lat: 39810000, lon: 109990000, team_code: '10000010020001' });
    expect(row.address.length).toBeGreaterThan(0);
    const homeOnly = await call(t.app, 'POST', '/api/system/role/add', {
      token: admin,
      body: { name: '仅首页', codes: ['car01'] },
    });
    await call(t.app, 'POST', '/api/system/user/add', {
      token: admin,
      body: {
        username: 'home_only',
        password: sha256Hex('Home@1234'),
        nickname: '首页用户',
        teamCode: '10000010020001',
        roleIds: [homeOnly.body.data.id],
      },
    });
    const refused = await call(t.app, 'POST', '/api/safety/mark/address', {
      token: await login(t.app, 'home_only', 'Home@1234'),
      body: { lng: 109.99, lat: 39.81 },
    });
    expect(refused.status).toBe(403);
  });

  const upload = async (rows: (string | number | null)[][]) =>
    uploadFile(t.app, '/api/common/address/import', admin, {
      filename: '地址.xlsx',
      content: await sheetFile(rows),
    });
  const HEADER = ['地址名称', '详细地址', '经度', '纬度', '地址类型', '所属车队'];

  it('imports all rows or none, and exports exactly the filtered rows', async () => {
    const bad = await upload([
      HEADER,
      ['准格尔煤矿装车点', '内蒙古鄂尔多斯市准格尔旗', '111.24', '39.86', '装货地', '干线二分队'],
      ['北京仓库', '北京市大兴区', '216.4', '39.7', '仓库', ''],
    ]);
    expect(bad.code).toBe(400);
    expect(bad.data.errors).toEqual([{ row: 3, message: '经度: 经度须在73至136之间（中国境内）' }]);
    const badType = await upload([HEADER, ['北京仓库', '北京市大兴区', '116.4', '39.7', '仓库', '']]);
    expect(badType.data.errors).toEqual([
      { row: 2, message: '地址类型: 地址类型须为：装货地、卸货地、停车场、加油站、维修厂、其他' },
    ]);
    const good = await upload([
      HEADER,
      ['准格尔煤矿装车点', '内蒙古鄂尔多斯市准格尔旗', '111.24', '39.86', '装货地', '干线二分队'],
      ['北京仓库', '北京市大兴区', '116.4', '39.7', '', ''],
    ]);
    expect(good).toMatchObject({ code: 200, data: { success: 2 } });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/common/address/export',
      payload: { addressType: 1 },
      headers: { 'auth-token': admin },
    });
    const rows = await readBack(res.rawPayload);
    expect(rows[0]?.slice(0, 5)).toEqual(['地址名称', '详细地址', '经度', '纬度', '地址类型']);
    expect(rows.slice(1).map((r) => [r[0], r[7], r[8]])).toEqual([
      ['准格尔煤矿装车点', '干线二分队', '导入'],
      ['天津港南疆码头', '干线一分队', '手工添加'],
    ]);
  });
});
