import { OPERATE_LOG_PAGES, ROLE_PRESETS } from '@fleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';
import { sha256Hex } from '../auth/tokens';
import { testIdCard } from './drivers.fixture';

/** The same ID with a wrong check character. */
function wrongCheckChar(id: string): string {
  return id.slice(0, 17) + (id.endsWith('0') ? '1' : '0');
}

const PHOTO = '/api/file/uploads/2026/11/0123456789abcdef0123456789abcdef.jpg';

describe.each(TEST_DATABASES)('drivers on $name', (database) => {
  let t: TestApp;
  let admin: string;
  let inner: string;
  let zhangId: number;
  const base = {
    driverName: '赵师傅',
    driverPhone: '16612345678',
    idCard: testIdCard('19850312', 123),
    licenseClass: 'A2',
    licenseExpiry: '2026-12-01',
    qualificationNo: 'ZG1234567',
    qualificationExpiry: '2029-01-01',
    photos: PHOTO,
    teamCode: '10000010010001',
    remark: '',
  };

  beforeAll(async () => {
    t = await startTestApp(database);
    admin = await login(t.app, 'admin', DEMO.admin);
    const role = await call(t.app, 'POST', '/api/system/role/add', {
      token: admin,
      body: { name: '司机管理员', codes: [...ROLE_PRESETS.admin] },
    });
    await call(t.app, 'POST', '/api/system/user/add', {
      token: admin,
      body: {
        username: 'driver_a1',
        password: sha256Hex('Driver@123'),
        nickname: '一分队文员',
        teamCode: '10000010010001',
        roleIds: [role.body.data.id],
      },
    });
    inner = await login(t.app, 'driver_a1', 'Driver@123');
  });
  afterAll(() => t.close());

  const driverCount = async () =>
    Number(
      (
        await t.db.db
          .selectFrom('driver')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('refuses bad fields with the exact Chinese messages and writes nothing', async () => {
    const before = await driverCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, driverName: '' }, '司机姓名: 请输入30个以内的中英文或者数字'],
      [{ ...base, driverName: '张三!' }, '司机姓名: 请输入30个以内的中英文或者数字'],
      [{ ...base, driverPhone: '1661234567' }, '手机号: 手机号码不符合规范'],
      [{ ...base, idCard: wrongCheckChar(base.idCard) }, '身份证号: 身份证号码不符合规范'],
      [{ ...base, idCard: '110101198502301234' }, '身份证号: 身份证号码不符合规范'],
      [{ ...base, licenseClass: 'Z9' }, '准驾车型: 准驾车型不正确'],
      [{ ...base, licenseExpiry: '2026-02-30' }, '驾驶证有效期: 日期格式应为YYYY-MM-DD'],
      [{ ...base, photos: 'https://evil.example/a.jpg' }, '照片: 照片须为本平台上传的jpg或png图片，最多9张'],
      [
        { ...base, photos: Array(10).fill(PHOTO).join(';') },
        '照片: 照片须为本平台上传的jpg或png图片，最多9张',
      ],
      [{ ...base, teamCode: '2000001001' }, '所属车队: 不存在或不在您的管辖范围内'],
    ];
    for (const [body, message] of cases) {
      const res = await call(t.app, 'POST', '/api/driver/add', { token: admin, body });
      expect(res.body, JSON.stringify(body)).toMatchObject({ code: 400, msg: message });
    }
    expect(await driverCount()).toBe(before);
  });

  it('adds, lists with filters, shows and updates a driver, logging each change', async () => {
    const added = await call(t.app, 'POST', '/api/driver/add', {
      token: admin,
      body: { ...base, idCard: base.idCard.toLowerCase() },
    });
    expect(added.body.code).toBe(200);
    zhangId = added.body.data.id;

    const info = await call(t.app, 'GET', '/api/driver/info', {
      token: admin,
      query: { id: String(zhangId) },
    });
    expect(info.body.data).toMatchObject({
      driverName: '赵师傅',
      driverPhone: '16612345678',
      idCard: base.idCard.toUpperCase(),
      licenseClass: 'A2',
      licenseClassName: 'A2 重型牵引挂车',
      licenseExpiry: '2026-12-01',
      // the test clock is 2026-11-20: the licence runs out within 30 days
      licenseState: 2,
      photos: PHOTO,
      photosChecked: true,
      teamName: '干线一分队',
      carNo: '',
      status: 1,
    });

    const dup = await call(t.app, 'POST', '/api/driver/add', {
      token: admin,
      body: { ...base, idCard: '', teamCode: '1000001002' },
    });
    expect(dup.body).toMatchObject({ code: 400, msg: '手机号: 该手机号已被其他司机使用' });
    const dupId = await call(t.app, 'POST', '/api/driver/add', {
      token: admin,
      body: { ...base, driverPhone: '16612345679' },
    });
    expect(dupId.body).toMatchObject({ code: 400, msg: '身份证号: 该身份证号已被其他司机使用' });

    const query = (q: Record<string, string>) =>
      call(t.app, 'GET', '/api/driver/list', { token: admin, query: q }).then((r) => r.body.data);
    expect((await query({ driverName: '赵师' })).list.map((d: { id: number }) => d.id)).toEqual([zhangId]);
    expect((await query({ driverPhone: '6612345678' })).total).toBe(1);
    expect((await query({ driverName: '赵师', teamCode: '1000001002' })).total).toBe(0);
    expect((await query({ driverName: '赵师', expiryState: '2' })).total).toBe(1);
    expect((await query({ driverName: '赵师', expiryState: '1' })).total).toBe(0);
    expect(
      (await query({ driverName: '赵师', licenseExpiryStart: '2026-12-01', licenseExpiryEnd: '2026-12-31' }))
        .total,
    ).toBe(1);
    const seeded = await query({ pageSize: '5' });
    expect(seeded.total).toBeGreaterThan(5);
    expect(seeded.list).toHaveLength(5);
    expect(seeded.list.some((d: { carNo: string }) => d.carNo !== '')).toBe(true);
    const bad = await call(t.app, 'GET', '/api/driver/list', { token: admin, query: { expiryState: '9' } });
    expect(bad.body.code).toBe(400);

    const updated = await call(t.app, 'POST', '/api/driver/update', {
      token: admin,
      body: { ...base, id: zhangId, driverPhone: '16612340000', licenseClass: 'B2', photos: '' },
    });
    expect(updated.body.code).toBe(200);
    const log = await call(t.app, 'POST', '/api/colliery/operate/log/tc/page', {
      token: admin,
      body: { dataId: zhangId, pageEnum: OPERATE_LOG_PAGES.driver },
    });
    expect(log.body.data.list.map((r: { content: string }) => r.content)).toEqual([
      '修改司机：手机号：16612345678→16612340000，准驾车型：A2→B2，照片已修改',
      '新增司机 赵师傅（16612345678）',
    ]);
    expect(log.body.data.list[0].accountName).toBe('系统管理员');
  });

  it('keeps to the caller’s team subtree and merchant', async () => {
    const own = await call(t.app, 'GET', '/api/driver/list', { token: inner, query: { pageSize: '500' } });
    const teams = new Set(own.body.data.list.map((d: { teamCode: string }) => d.teamCode));
    expect([...teams]).toEqual(['10000010010001']);
    const outsider = await t.db.db
      .selectFrom('driver')
      .select('id')
      .where('team_code', '=', '10000010020001')
      .executeTakeFirstOrThrow();
    const info = await call(t.app, 'GET', '/api/driver/info', {
      token: inner,
      query: { id: String(outsider.id) },
    });
    expect(info.body.code).toBe(404);
    const upd = await call(t.app, 'POST', '/api/driver/update', {
      token: inner,
      body: { ...base, id: outsider.id, driverPhone: '16600000001', idCard: '' },
    });
    expect(upd.body.code).toBe(404);
    const del = await call(t.app, 'POST', '/api/driver/delete', { token: inner, body: { id: outsider.id } });
    expect(del.body.code).toBe(400);
    const page = await call(t.app, 'GET', '/api/driver/name/listPage', { token: inner });
    expect(page.body.data.list.length).toBeLessThanOrEqual(20);
    expect(page.body.data.list[0]).toEqual({
      id: expect.any(Number),
      driverName: expect.any(String),
      phone: expect.any(String),
    });
    const all = await call(t.app, 'GET', '/api/driver/name/list', { token: inner });
    expect(all.body.data.map((d: { id: number }) => d.id)).not.toContain(outsider.id);
    expect(page.body.data.total).toBe(all.body.data.length);
  });

  it('pages the driver picker 20 at a time and searches by name or phone', async () => {
    const first = await call(t.app, 'GET', '/api/driver/name/listPage', { token: admin });
    expect(first.body.data.list).toHaveLength(20);
    const second = await call(t.app, 'GET', '/api/driver/name/listPage', {
      token: admin,
      query: { pageNum: '2', pageSize: '20' },
    });
    const ids = new Set(first.body.data.list.map((d: { id: number }) => d.id));
    for (const d of second.body.data.list) expect(ids.has(d.id)).toBe(false);
    const byPhone = await call(t.app, 'GET', '/api/driver/name/listPage', {
      token: admin,
      query: { driverName: '16612340000' },
    });
    expect(byPhone.body.data).toEqual({
      list: [{ id: zhangId, driverName: '赵师傅', phone: '16612340000' }],
      total: 1,
    });
  });

  it('deletes softly, refuses drivers bound to a truck, and frees the phone number', async () => {
    const bound = await t.db.db
      .selectFrom('truck')
      .innerJoin('driver', 'driver.id', 'truck.driver_id')
      .select(['driver.id', 'driver.name', 'truck.car_no'])
      .where('driver.team_code', '=', '10000010010001')
      .executeTakeFirstOrThrow();
    const refused = await call(t.app, 'POST', '/api/driver/delete', { token: admin, body: { id: bound.id } });
    expect(refused.body).toMatchObject({
      code: 400,
      msg: `司机 ${bound.name} 已绑定车辆 ${bound.car_no}，请先在车辆管理中解绑`,
    });
    const res = await call(t.app, 'POST', '/api/driver/delete', { token: admin, body: { ids: [zhangId] } });
    expect(res.body).toMatchObject({ code: 200, data: { deleted: 1 } });
    const row = await t.db.db
      .selectFrom('driver')
      .select('deleted_at')
      .where('id', '=', zhangId)
      .executeTakeFirst();
    expect(row?.deleted_at).toBe(t.now());
    const gone = await call(t.app, 'GET', '/api/driver/info', {
      token: admin,
      query: { id: String(zhangId) },
    });
    expect(gone.body.code).toBe(404);
    const again = await call(t.app, 'POST', '/api/driver/add', {
      token: admin,
      body: { ...base, driverPhone: '16612340000' },
    });
    expect(again.body.code).toBe(200);
    const log = await call(t.app, 'POST', '/api/colliery/operate/log/tc/page', {
      token: admin,
      body: { dataId: zhangId, pageEnum: OPERATE_LOG_PAGES.driver },
    });
    expect(log.body.data.list[0].content).toBe('删除司机 赵师傅（16612340000）');
  });
});
