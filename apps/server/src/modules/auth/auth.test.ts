import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';
import { hashToken, sha256Hex } from './tokens';

describe.each(TEST_DATABASES)('session on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(database);
  });
  afterAll(() => t.close());

  const loginBody = (username: string, password: string, extra: Record<string, string> = {}) => ({
    username,
    password: sha256Hex(password),
    ...extra,
  });

  /** Puts a captcha of known text in place, as the image endpoint would. */
  async function captcha(id: string, text: string, expiresIn = 300_000) {
    await t.db.db.deleteFrom('verify_code').where('id', '=', id).execute();
    await t.db.db
      .insertInto('verify_code')
      .values({ id, code_hash: hashToken(text), expires_at: t.now() + expiresIn })
      .execute();
  }

  it('logs in every demo account and answers token, ucid, nickname and refresh token', async () => {
    for (const [username, password] of Object.entries(DEMO)) {
      const res = await call(t.app, 'POST', '/api/auth/login', { body: loginBody(username, password) });
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(200);
      expect(res.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(res.body.data.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(res.body.data.ucid).toMatch(/^\d+$/);
      expect(res.body.data.nickname).toBeTruthy();
    }
  });

  it('stores tokens and passwords only as hashes', async () => {
    const token = await login(t.app, 'finance', DEMO.finance);
    const sessions = await t.db.db
      .selectFrom('user_session')
      .select(['token_hash', 'refresh_hash'])
      .execute();
    expect(sessions.some((s) => s.token_hash === hashToken(token))).toBe(true);
    expect(sessions.every((s) => s.token_hash !== token)).toBe(true);
    const users = await t.db.db.selectFrom('app_user').select('password_hash').execute();
    for (const u of users) expect(u.password_hash).toMatch(/^scrypt\$16384\$8\$1\$/);
  });

  it('refuses a wrong password with a Chinese message and no token', async () => {
    const res = await call(t.app, 'POST', '/api/auth/login', { body: loginBody('finance', 'Wrong@123') });
    expect(res.body.code).toBe(400);
    expect(res.body.msg).toContain('用户名或密码错误');
    expect(res.body.data).toBeNull();
  });

  it('answers 400 naming the field for a malformed login body', async () => {
    const res = await call(t.app, 'POST', '/api/auth/login', {
      body: { username: 'admin', password: 'plain' },
    });
    expect(res.body.code).toBe(400);
    expect(res.body.msg).toContain('密码');
    const empty = await call(t.app, 'POST', '/api/auth/login', { body: { password: sha256Hex('x') } });
    expect(empty.body.code).toBe(400);
    expect(empty.body.msg).toContain('用户名');
  });

  it('asks for a captcha after three failures of a name, and a captcha works once', async () => {
    const name = 'safety';
    const show = () => call(t.app, 'GET', '/api/verify/isShowVerifyCode', { query: { userName: name } });
    expect((await show()).body.data).toBe(false);
    for (let i = 0; i < 3; i++)
      await call(t.app, 'POST', '/api/auth/login', { body: loginBody(name, 'Bad@1234') });
    expect((await show()).body.data).toBe(true);
    // other names are not affected
    expect(
      (await call(t.app, 'GET', '/api/verify/isShowVerifyCode', { query: { userName: 'admin' } })).body.data,
    ).toBe(false);

    const without = await call(t.app, 'POST', '/api/auth/login', { body: loginBody(name, DEMO.safety) });
    expect(without.body.code).toBe(400);
    expect(without.body.msg).toBe('请输入验证码');

    const image = await t.app.inject({
      method: 'GET',
      url: '/api/verify/getVerifyCode?verifyCodeId=abcdef12-3456',
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toContain('image/svg+xml');
    expect(image.body).toMatch(/^<svg/);
    const stored = await t.db.db
      .selectFrom('verify_code')
      .selectAll()
      .where('id', '=', 'abcdef12-3456')
      .execute();
    expect(stored).toHaveLength(1);

    await captcha('cap-00000001', 'ab3d');
    const wrong = await call(t.app, 'POST', '/api/auth/login', {
      body: loginBody(name, DEMO.safety, { webVerifyCodeId: 'cap-00000001', webVerifyCode: 'zzzz' }),
    });
    expect(wrong.body.msg).toBe('验证码错误');
    // the code was used by that try: the right text no longer works
    const reused = await call(t.app, 'POST', '/api/auth/login', {
      body: loginBody(name, DEMO.safety, { webVerifyCodeId: 'cap-00000001', webVerifyCode: 'ab3d' }),
    });
    expect(reused.body.msg).toContain('验证码已失效');

    await captcha('cap-00000002', 'ab3d', -1);
    const expired = await call(t.app, 'POST', '/api/auth/login', {
      body: loginBody(name, DEMO.safety, { webVerifyCodeId: 'cap-00000002', webVerifyCode: 'ab3d' }),
    });
    expect(expired.body.msg).toContain('验证码已过期');

    await captcha('cap-00000003', 'ab3d');
    const good = await call(t.app, 'POST', '/api/auth/login', {
      body: loginBody(name, DEMO.safety, { webVerifyCodeId: 'cap-00000003', webVerifyCode: 'AB3D' }),
    });
    expect(good.body.code).toBe(200);
    expect((await show()).body.data).toBe(false);
  });

  it('locks an account for 15 minutes after 10 failed logins', async () => {
    await t.db.db
      .insertInto('app_user')
      .values({
        username: 'locktest',
        password_hash: (
          await t.db.db
            .selectFrom('app_user')
            .select('password_hash')
            .where('username', '=', 'dispatch')
            .executeTakeFirstOrThrow()
        ).password_hash,
        nickname: '锁定测试',
        created_at: 0,
        updated_at: 0,
      })
      .execute();
    const user = await t.db.db
      .selectFrom('app_user')
      .select('id')
      .where('username', '=', 'locktest')
      .executeTakeFirstOrThrow();
    await t.db.db
      .insertInto('user_merchant')
      .values({ user_id: user.id, merchant_id: 1, team_code: '10000010010001', entry_time: 0 })
      .execute();
    let last = '';
    for (let i = 0; i < 10; i++) {
      await captcha(`lock-000${i}`, 'qwer');
      const res = await call(t.app, 'POST', '/api/auth/login', {
        body: loginBody('locktest', 'Bad@1234', { webVerifyCodeId: `lock-000${i}`, webVerifyCode: 'qwer' }),
      });
      last = res.body.msg;
    }
    expect(last).toContain('账号已锁定');
    await captcha('lock-0100', 'qwer');
    const right = await call(t.app, 'POST', '/api/auth/login', {
      body: loginBody('locktest', DEMO.dispatch, { webVerifyCodeId: 'lock-0100', webVerifyCode: 'qwer' }),
    });
    expect(right.body.code).toBe(400);
    expect(right.body.msg).toContain('账号已锁定');
    t.advance(15 * 60_000 + 1000);
    const after = await call(t.app, 'POST', '/api/auth/login', {
      body: loginBody('locktest', DEMO.dispatch),
    });
    expect(after.body.code).toBe(200);
  });

  it('answers body code 401 without a token, with a bad token, and after 12 hours idle', async () => {
    expect((await call(t.app, 'GET', '/api/user/info')).body.code).toBe(401);
    expect((await call(t.app, 'GET', '/api/user/info', { token: 'nonsense' })).body.code).toBe(401);
    const token = await login(t.app, 'dispatch', DEMO.dispatch);
    expect((await call(t.app, 'GET', '/api/user/info', { token })).body.code).toBe(200);
    t.advance(11 * 3600_000);
    expect((await call(t.app, 'GET', '/api/user/info', { token })).body.code).toBe(200);
    t.advance(11 * 3600_000);
    expect((await call(t.app, 'GET', '/api/user/info', { token })).body.code).toBe(200);
    t.advance(12 * 3600_000 + 1000);
    const expired = await call(t.app, 'GET', '/api/user/info', { token });
    expect(expired.body.code).toBe(401);
    expect(expired.body.msg).toBe('登录失效，请重新登录');
  });

  it('refreshes a token once, and logout revokes it', async () => {
    const first = await call(t.app, 'POST', '/api/auth/login', { body: loginBody('finance', DEMO.finance) });
    const { token, refreshToken } = first.body.data;
    const refreshed = await call(t.app, 'POST', '/api/auth/refresh', { body: { refreshToken } });
    expect(refreshed.body.code).toBe(200);
    expect(refreshed.body.data.token).not.toBe(token);
    expect((await call(t.app, 'GET', '/api/user/info', { token })).body.code).toBe(401);
    expect((await call(t.app, 'POST', '/api/auth/refresh', { body: { refreshToken } })).body.code).toBe(401);
    const fresh = refreshed.body.data.token;
    expect((await call(t.app, 'GET', '/api/user/info', { token: fresh })).body.code).toBe(200);
    expect((await call(t.app, 'POST', '/api/auth/logout', { token: fresh })).body.code).toBe(200);
    expect((await call(t.app, 'GET', '/api/user/info', { token: fresh })).body.code).toBe(401);
  });

  it('changes the password with the old one and signs other sessions out', async () => {
    const a = await login(t.app, 'finance', DEMO.finance);
    const b = await login(t.app, 'finance', DEMO.finance);
    const wrong = await call(t.app, 'POST', '/api/auth/reset', {
      token: a,
      body: { oldPassword: sha256Hex('Nope@123'), newPassword: sha256Hex('Newpass@456') },
    });
    expect(wrong.body).toMatchObject({ code: 400, msg: '原密码错误' });
    const res = await call(t.app, 'POST', '/api/auth/reset', {
      token: a,
      body: { oldPassword: sha256Hex(DEMO.finance), newPassword: sha256Hex('Newpass@456') },
    });
    expect(res.body.code).toBe(200);
    expect((await call(t.app, 'GET', '/api/user/info', { token: a })).body.code).toBe(200);
    expect((await call(t.app, 'GET', '/api/user/info', { token: b })).body.code).toBe(401);
    await expect(login(t.app, 'finance', DEMO.finance)).rejects.toThrow();
    await login(t.app, 'finance', 'Newpass@456');
    await call(t.app, 'POST', '/api/auth/reset', {
      token: a,
      body: { oldPassword: sha256Hex('Newpass@456'), newPassword: sha256Hex(DEMO.finance) },
    });
  });

  it('lists merchants and switches the token to another merchant', async () => {
    const token = await login(t.app, 'admin', DEMO.admin);
    const list = await call(t.app, 'GET', '/api/auth/getMerchantList', { token });
    expect(Object.values(list.body.data)).toEqual(['示例物流有限公司', '示例煤炭运输有限公司']);
    const coalId = Number(Object.keys(list.body.data)[1]);
    const before = await call(t.app, 'GET', '/api/team/tree', { token });
    expect(before.body.data.map((n: { teamName: string }) => n.teamName)).toContain('干线一分队');
    const pick = await call(t.app, 'POST', '/api/auth/pickMerchant', { token, body: { merchantId: coalId } });
    expect(pick.body.data.merchantName).toBe('示例煤炭运输有限公司');
    const after = await call(t.app, 'GET', '/api/team/tree', { token });
    const names = after.body.data.map((n: { teamName: string }) => n.teamName);
    expect(names).toContain('鄂尔多斯煤运车队');
    expect(names).not.toContain('干线一分队');
    const info = await call(t.app, 'GET', '/api/user/info', { token });
    expect(info.body.data.merchantName).toBe('示例煤炭运输有限公司');
    // the next login starts in the merchant picked last
    const again = await login(t.app, 'admin', DEMO.admin);
    expect((await call(t.app, 'GET', '/api/user/info', { token: again })).body.data.merchantId).toBe(coalId);
    await call(t.app, 'POST', '/api/auth/pickMerchant', { token: again, body: { groupIds: [1] } });

    const dispatch = await login(t.app, 'dispatch', DEMO.dispatch);
    const refused = await call(t.app, 'POST', '/api/auth/pickMerchant', {
      token: dispatch,
      body: { merchantId: coalId },
    });
    expect(refused.body).toMatchObject({ code: 400, msg: '您不属于该商户' });
  });

  it('sends SMS codes through the provider, checks and consumes them', async () => {
    const send = await call(t.app, 'POST', '/api/sms/send', { body: { phone: '13912345678' } });
    expect(send.body.code).toBe(200);
    const text = t.sms.at(-1)?.text ?? '';
    const code = /(\d{6})/.exec(text)?.[1] as string;
    expect(code).toMatch(/^\d{6}$/);
    const again = await call(t.app, 'POST', '/api/sms/send', { body: { phone: '13912345678' } });
    expect(again.body.msg).toContain('频繁');
    const bad = await call(t.app, 'POST', '/api/sms/send', { body: { phone: '2391234567' } });
    expect(bad.body).toMatchObject({ code: 400 });
    expect(bad.body.msg).toContain('手机号码不符合规范');
    expect(
      (await call(t.app, 'POST', '/api/sms/check', { body: { phone: '13912345678', code } })).body.data,
    ).toBe(true);
    const wrongCode = code === '000000' ? '111111' : '000000';
    expect(
      (await call(t.app, 'POST', '/api/sms/check', { body: { phone: '13912345678', code: wrongCode } })).body
        .data,
    ).toBe(false);
    expect(
      (await call(t.app, 'POST', '/api/sms/verifty', { body: { phone: '13912345678', code } })).body.data,
    ).toBe(true);
    const reused = await call(t.app, 'POST', '/api/sms/verifty', { body: { phone: '13912345678', code } });
    expect(reused.body).toMatchObject({ code: 400, msg: '验证码错误或已过期' });
  });
});
