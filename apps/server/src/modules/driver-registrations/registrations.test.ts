import { OPERATE_LOG_PAGES, ROLE_PRESETS, vinCheckChar } from '@fleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  DEMO,
  login,
  multipartBody,
  startTestApp,
  TEST_DATABASES,
  type TestApp,
} from '../../test/support';
import { sha256Hex } from '../auth/tokens';
import { testIdCard } from '../drivers/drivers.fixture';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);

function vin(serial: string): string {
  const body = `LZZ5CLSB0P${serial}`;
  return `${body.slice(0, 8)}${vinCheckChar(body)}${body.slice(9)}`;
}

describe.each(TEST_DATABASES)('driver self-registration and review on $name', (database) => {
  let t: TestApp;
  let admin: string;
  let code: string;
  let firstId: number;
  beforeAll(async () => {
    t = await startTestApp(database);
    admin = await login(t.app, 'admin', DEMO.admin);
  });
  afterAll(() => t.close());

  /** Sends an SMS code to the phone and reads it from the message the server sent. */
  async function smsCode(phone: string): Promise<string> {
    t.advance(61_000);
    const sent = await call(t.app, 'POST', '/api/sms/send', { body: { phone } });
    expect(sent.body.code, sent.body.msg).toBe(200);
    const text = t.sms.filter((m) => m.phone === phone).at(-1)?.text ?? '';
    return /(\d{6})/.exec(text)?.[1] ?? '';
  }
  async function verify(phone: string) {
    const res = await call(t.app, 'POST', '/api/driver/register/verify', {
      body: { code, phone, smsCode: await smsCode(phone) },
    });
    return res.body;
  }
  async function uploadPhoto(ticket: string, filename = '驾驶证.png', content = PNG) {
    const { payload, headers } = multipartBody({ filename, content });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/driver/register/upload',
      payload,
      headers: { ...headers, 'register-ticket': ticket },
    });
    return res.json();
  }

  it('gives a registration link for a team, shown publicly with the company and team', async () => {
    const added = await call(t.app, 'POST', '/api/driver/register/invite/add', {
      token: admin,
      body: { teamCode: '10000010010001', remark: '2026年冬季招聘' },
    });
    expect(added.body.code).toBe(200);
    code = added.body.data.code;
    expect(added.body.data.path).toBe(`/driver-register?code=${code}`);
    const info = await call(t.app, 'GET', '/api/driver/register/invite', { query: { code } });
    expect(info.body.data).toEqual({ merchantName: '示例物流有限公司', teamName: '干线一分队' });
    const wrong = await call(t.app, 'GET', '/api/driver/register/invite', {
      query: { code: '0'.repeat(16) },
    });
    expect(wrong.body).toMatchObject({ code: 404, msg: '注册链接无效或已停用，请联系车队获取新的链接' });
  });

  it('verifies the phone, takes photos and the form, and waits for review', async () => {
    const badCode = await call(t.app, 'POST', '/api/driver/register/verify', {
      body: { code, phone: '16900000001', smsCode: '000000' },
    });
    expect(badCode.body).toMatchObject({ code: 400, msg: '验证码错误或已过期' });
    const seeded = await t.db.db.selectFrom('driver').select('phone').executeTakeFirstOrThrow();
    expect(await verify(seeded.phone)).toMatchObject({
      code: 400,
      msg: '该手机号已是本公司的司机，无需注册',
    });

    const verified = await verify('16900000001');
    expect(verified.data).toMatchObject({ status: 0, rejectReason: '' });
    const ticket = verified.data.ticket as string;
    const photo = await uploadPhoto(ticket);
    expect(photo.data.fullPath).toMatch(/^\/api\/file\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/);
    const fake = await uploadPhoto(ticket, '身份证.png', Buffer.from('%PDF-1.4 not an image'));
    expect(fake).toMatchObject({ code: 400, msg: '文件: 只支持 jpg、png 图片，且内容须与扩展名一致' });
    expect(await uploadPhoto('f'.repeat(64))).toMatchObject({
      code: 400,
      msg: '手机验证已过期，请重新获取验证码',
    });
    // the web page sends the ticket as a form field before the file
    const byField = multipartBody({ filename: '头像.png', content: PNG }, { ticket });
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/driver/register/upload',
      payload: byField.payload,
      headers: byField.headers,
    });
    expect(second.json().code).toBe(200);

    const form = {
      ticket,
      driverName: '郑师傅',
      idCard: testIdCard('19880808', 41),
      licenseClass: 'A2',
      licenseExpiry: '2031-05-01',
      photos: [photo.data.fullPath],
      carNo: '津C·12345',
      vin: vin('A000001'),
    };
    const noVin = await call(t.app, 'POST', '/api/driver/register/submit', { body: { ...form, vin: '' } });
    expect(noVin.body).toMatchObject({ code: 400, msg: '车架号: 登记车辆时车牌号和车架号都须填写' });
    const foreignPhoto = await call(t.app, 'POST', '/api/driver/register/submit', {
      body: { ...form, photos: ['/api/file/uploads/2026/11/0123456789abcdef0123456789abcdef.png'] },
    });
    expect(foreignPhoto.body).toMatchObject({ code: 400, msg: '照片: 请使用本次上传的照片' });
    const noId = await call(t.app, 'POST', '/api/driver/register/submit', { body: { ...form, idCard: '' } });
    expect(noId.body).toMatchObject({ code: 400, msg: '身份证号: 请输入身份证号' });
    const submitted = await call(t.app, 'POST', '/api/driver/register/submit', { body: form });
    expect(submitted.body).toMatchObject({ code: 200, data: { status: 1 } });
    firstId = submitted.body.data.id;
    const reuse = await call(t.app, 'POST', '/api/driver/register/submit', { body: form });
    expect(reuse.body).toMatchObject({ code: 400, msg: '手机验证已过期，请重新获取验证码' });
    expect((await verify('16900000001')).data).toEqual({ status: 1, ticket: null, rejectReason: '' });
  });

  it('approves: the driver and the truck are created, the photos wait for a check, all logged', async () => {
    const page = await call(t.app, 'POST', '/api/driver/register/review/page', {
      token: admin,
      body: { status: 1 },
    });
    expect(page.body.data.list).toEqual([
      expect.objectContaining({
        id: firstId,
        statusName: '待审核',
        driverName: '郑师傅',
        driverPhone: '16900000001',
        carNo: '津C12345',
        plateColorName: '黄色',
        teamName: '干线一分队',
      }),
    ]);
    const approved = await call(t.app, 'POST', '/api/driver/register/review/approve', {
      token: admin,
      body: { id: firstId },
    });
    expect(approved.body.code).toBe(200);
    expect(approved.body.data.truckNote).toBe('新增车辆 津C12345');
    const twice = await call(t.app, 'POST', '/api/driver/register/review/approve', {
      token: admin,
      body: { id: firstId },
    });
    expect(twice.body).toMatchObject({ code: 400, msg: '该申请已审核，请刷新列表' });
    expect(t.sms.at(-1)).toEqual({
      phone: '16900000001',
      text: '您的司机注册申请已通过审核，欢迎加入车队。',
    });

    const driver = await call(t.app, 'GET', '/api/driver/info', {
      token: admin,
      query: { id: String(approved.body.data.driverId) },
    });
    expect(driver.body.data).toMatchObject({
      driverName: '郑师傅',
      teamName: '干线一分队',
      carNo: '津C12345',
      source: 3,
      photosChecked: false,
    });
    const untouched = await call(t.app, 'POST', '/api/driver/getUntouchedDriverPhotos', {
      token: admin,
      body: {},
    });
    expect(untouched.body.data.list.map((d: { driverName: string }) => d.driverName)).toEqual(['郑师傅']);
    const checked = await call(t.app, 'POST', '/api/driver/photos/check', {
      token: admin,
      body: { ids: [approved.body.data.driverId] },
    });
    expect(checked.body.code).toBe(200);
    const none = await call(t.app, 'POST', '/api/driver/getUntouchedDriverPhotos', {
      token: admin,
      body: {},
    });
    expect(none.body.data.total).toBe(0);

    const logs = async (dataId: number, pageEnum: number) =>
      (
        await call(t.app, 'POST', '/api/colliery/operate/log/tc/page', {
          token: admin,
          body: { dataId, pageEnum },
        })
      ).body.data.list.map((r: { content: string }) => r.content);
    expect(await logs(firstId, OPERATE_LOG_PAGES.driverRegistration)).toEqual([
      '审核通过，新增司机，新增车辆 津C12345',
    ]);
    expect(await logs(approved.body.data.driverId, OPERATE_LOG_PAGES.driver)).toEqual([
      '核对司机照片',
      '通过自助注册审核新增司机 郑师傅（16900000001）',
    ]);
    expect(await logs(approved.body.data.truckId, OPERATE_LOG_PAGES.truck)).toEqual([
      '通过司机注册审核新增车辆 津C12345',
    ]);
  });

  it('rejects with a reason the driver is told, and takes a corrected form again', async () => {
    const ticket = (await verify('16900000002')).data.ticket;
    const form = {
      ticket,
      driverName: '冯师傅',
      idCard: testIdCard('19900101', 52),
      licenseClass: 'B2',
      licenseExpiry: '2021-01-01',
    };
    const sent = await call(t.app, 'POST', '/api/driver/register/submit', { body: form });
    const id = sent.body.data.id;
    const noReason = await call(t.app, 'POST', '/api/driver/register/review/reject', {
      token: admin,
      body: { id, reason: ' ' },
    });
    expect(noReason.body).toMatchObject({ code: 400, msg: '驳回原因: 请输入驳回原因' });
    const rejected = await call(t.app, 'POST', '/api/driver/register/review/reject', {
      token: admin,
      body: { id, reason: '驾驶证已过期' },
    });
    expect(rejected.body.code).toBe(200);
    expect(t.sms.at(-1)?.text).toBe('您的司机注册申请未通过审核，原因：驾驶证已过期。请修改后重新提交。');
    const again = await verify('16900000002');
    expect(again.data).toMatchObject({ status: 0, rejectReason: '驾驶证已过期' });
    const resent = await call(t.app, 'POST', '/api/driver/register/submit', {
      body: { ...form, ticket: again.data.ticket, licenseExpiry: '2031-01-01' },
    });
    expect(resent.body.code).toBe(200);
    expect(resent.body.data.id).not.toBe(id);
    const page = await call(t.app, 'POST', '/api/driver/register/review/page', {
      token: admin,
      body: { keyword: '冯' },
    });
    expect(page.body.data.list.map((r: { statusName: string }) => r.statusName)).toEqual([
      '已驳回',
      '待审核',
    ]);
  });

  it('keeps registrations to the team subtree, and closed links take no registration', async () => {
    const role = await call(t.app, 'POST', '/api/system/role/add', {
      token: admin,
      body: { name: '审核员', codes: [...ROLE_PRESETS.admin] },
    });
    await call(t.app, 'POST', '/api/system/user/add', {
      token: admin,
      body: {
        username: 'review_c1',
        password: sha256Hex('Review@123'),
        nickname: '城配审核员',
        teamCode: '10000010020001',
        roleIds: [role.body.data.id],
      },
    });
    const other = await login(t.app, 'review_c1', 'Review@123');
    const page = await call(t.app, 'POST', '/api/driver/register/review/page', { token: other, body: {} });
    expect(page.body.data.total).toBe(0);
    const pending = await call(t.app, 'POST', '/api/driver/register/review/page', {
      token: admin,
      body: { status: 1 },
    });
    const approve = await call(t.app, 'POST', '/api/driver/register/review/approve', {
      token: other,
      body: { id: pending.body.data.list[0].id },
    });
    expect(approve.body.code).toBe(404);
    const invites = await call(t.app, 'POST', '/api/driver/register/invite/page', { token: admin, body: {} });
    expect(invites.body.data.list[0]).toMatchObject({ pendingCount: 1, approvedCount: 1, rejectedCount: 1 });
    const closed = await call(t.app, 'POST', '/api/driver/register/invite/valid', {
      token: admin,
      body: { id: invites.body.data.list[0].id, enabled: 0 },
    });
    expect(closed.body.code).toBe(200);
    expect(await verify('16900000003')).toMatchObject({ code: 404 });
  });
});
