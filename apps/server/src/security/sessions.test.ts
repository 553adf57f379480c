import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../modules/auth/tokens';
import { type Client, listen, open, secondProcess } from '../realtime/test-sockets';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../test/support';

const WS_UNAUTHORIZED = 4401;
const settle = () => new Promise((resolve) => setTimeout(resolve, 500));

/** The socket's close code, or 'open' if it is still open after a second. */
async function closedWithinASecond(client: Client): Promise<number | 'open'> {
  return Promise.race([client.closed, new Promise<'open'>((r) => setTimeout(() => r('open'), 1000))]);
}

describe.each(TEST_DATABASES)('sessions on $title', (database) => {
  let t: TestApp;
  let port: number;
  let admin: string;
  const clients: Client[] = [];
  beforeAll(async () => {
    t = await startTestApp(database);
    port = await listen(t.app);
    admin = await login(t.app, 'admin', DEMO.admin);
  });
  afterAll(async () => {
    for (const c of clients) c.ws.close();
    await t.close();
  });
  /** A socket open for a while, as a browser's is before its user logs out. */
  const socket = async (token: string) => {
    const client = await open(port, token);
    clients.push(client);
    await settle();
    return client;
  };
  const post = async (token: string, url: string, body: unknown = {}) =>
    (await call(t.app, 'POST', `/api${url}`, { token, body })).body;
  const userId = async (username: string) =>
    (
      await t.db.db
        .selectFrom('app_user')
        .select('id')
        .where('username', '=', username)
        .executeTakeFirstOrThrow()
    ).id;

  it('finding 7: logout closes the open alarm socket of that session within a second', async () => {
    const token = await login(t.app, 'dispatch', DEMO.dispatch);
    const other = await socket(await login(t.app, 'dispatch', DEMO.dispatch));
    const client = await socket(token);
    expect((await post(token, '/auth/logout')).code).toBe(200);
    expect(await closedWithinASecond(client)).toBe(WS_UNAUTHORIZED);
    // the user's other browser stays signed in
    expect(await closedWithinASecond(other)).toBe('open');
  });

  it("finding 7: a password change closes the user's other sockets, an administrator's reset all of them", async () => {
    const mine = await login(t.app, 'finance', DEMO.finance);
    const mineSocket = await socket(mine);
    const elsewhere = await socket(await login(t.app, 'finance', DEMO.finance));
    const changed = await post(mine, '/auth/reset', {
      oldPassword: sha256Hex(DEMO.finance),
      newPassword: sha256Hex('Finance@456'),
    });
    expect(changed.code, changed.msg).toBe(200);
    expect(await closedWithinASecond(elsewhere)).toBe(WS_UNAUTHORIZED);
    expect(mineSocket.ws.readyState).toBe(mineSocket.ws.OPEN);

    const reset = await post(admin, '/system/user/resetPassword', { id: await userId('finance') });
    expect(reset.code, reset.msg).toBe(200);
    expect(await closedWithinASecond(mineSocket)).toBe(WS_UNAUTHORIZED);
  });

  it("finding 7: disabling a user closes the user's sockets within a second", async () => {
    const client = await socket(await login(t.app, 'safety', DEMO.safety));
    const off = await post(admin, '/system/user/changeStatus', { id: await userId('safety'), status: 0 });
    expect(off.code, off.msg).toBe(200);
    expect(await closedWithinASecond(client)).toBe(WS_UNAUTHORIZED);
    await post(admin, '/system/user/changeStatus', { id: await userId('safety'), status: 1 });
  });

  it('finding 7: a token that expires (idle past the limit) closes its socket within a second', async () => {
    const token = await login(t.app, 'dispatch', DEMO.dispatch);
    const client = await socket(token);
    t.advance(11 * 3600_000);
    expect(await closedWithinASecond(client)).toBe('open');
    t.advance(1 * 3600_000 + 1000);
    expect(await closedWithinASecond(client)).toBe(WS_UNAUTHORIZED);
    admin = await login(t.app, 'admin', DEMO.admin);
  });
});

describe.runIf(TEST_DATABASES.some((d) => d.name === 'postgres'))('sessions on two processes', () => {
  it('finding 7: a logout or reset on one process closes the sockets held by the other within a second', async () => {
    const pgDb = TEST_DATABASES.find((d) => d.name === 'postgres');
    if (!pgDb) return;
    const one = await startTestApp(pgDb);
    const two = await secondProcess(one, pgDb);
    const clients: Client[] = [];
    try {
      const portTwo = await listen(two.app);
      const portOne = await listen(one.app);
      const token = await login(one.app, 'dispatch', DEMO.dispatch);
      const onTwo = await open(portTwo, token);
      const financeOnOne = await open(portOne, await login(two.app, 'finance', DEMO.finance));
      clients.push(onTwo, financeOnOne);
      await settle();

      await call(one.app, 'POST', '/api/auth/logout', { token });
      expect(await closedWithinASecond(onTwo)).toBe(WS_UNAUTHORIZED);

      const admin = await login(two.app, 'admin', DEMO.admin);
      const finance = await one.db.db
        .selectFrom('app_user')
        .select('id')
        .where('username', '=', 'finance')
        .executeTakeFirstOrThrow();
      const reset = await call(two.app, 'POST', '/api/system/user/resetPassword', {
        token: admin,
        body: { id: finance.id },
      });
      expect(reset.body.code).toBe(200);
      expect(await closedWithinASecond(financeOnOne)).toBe(WS_UNAUTHORIZED);
    } finally {
      for (const c of clients) c.ws.close();
      await two.close();
      await one.close();
    }
  });
});

describe.each(TEST_DATABASES)('abuse limits on $title', (database) => {
  let t: TestApp;
  afterEach(() => t?.close());
  /** One public call from a client address, with an X-Forwarded-For header of its choosing. */
  const from = async (
    method: 'GET' | 'POST',
    url: string,
    ip: string,
    forwardedFor: string,
    payload?: unknown,
  ) => {
    const res = await t.app.inject({
      method,
      url,
      remoteAddress: ip,
      headers: { 'x-forwarded-for': forwardedFor },
      ...(payload ? { payload: payload as Record<string, unknown> } : {}),
    });
    return res.statusCode;
  };
  const wrongLogin = { username: 'dispatch', password: sha256Hex('wrong') };
  let n = 0;
  const rotating = () => `198.51.100.${++n % 250}`;

  it('finding 8: rotating X-Forwarded-For does not defeat the per-address limits of login, picture code, SMS and registration', async () => {
    t = await startTestApp(database, { loginRateLimit: 3, smsRateLimit: 2 });
    const limited = async (method: 'GET' | 'POST', url: string, times: number, body?: unknown) => {
      const statuses: number[] = [];
      for (let i = 0; i < times; i++) statuses.push(await from(method, url, '203.0.113.7', rotating(), body));
      return statuses;
    };
    expect(await limited('POST', '/api/auth/login', 4, wrongLogin)).toEqual([200, 200, 200, 429]);
    expect(await limited('GET', '/api/verify/getVerifyCode?verifyCodeId=abcdefgh1234', 4)).toEqual([
      200, 200, 200, 429,
    ]);
    const sms: number[] = [];
    for (const phone of ['13900000001', '13900000002', '13900000003'])
      sms.push(await from('POST', '/api/sms/send', '203.0.113.7', rotating(), { phone }));
    expect(sms).toEqual([200, 200, 429]);
    expect(t.sms).toHaveLength(2);
    const register = { code: 'nope0000', phone: '13900000004', smsCode: '123456' };
    expect((await limited('POST', '/api/driver/register/verify', 4, register)).at(-1)).toBe(429);
    // another address still gets its own allowance
    expect(await from('POST', '/api/auth/login', '203.0.113.8', rotating(), wrongLogin)).toBe(200);
  });

  it('finding 8: X-Forwarded-For is believed only from the proxies TRUST_PROXY names', async () => {
    t = await startTestApp(database, { loginRateLimit: 2, trustProxy: ['10.0.0.0/8'] });
    // through the trusted proxy each client has its own limit
    for (const client of ['198.51.100.1', '198.51.100.2', '198.51.100.3'])
      expect(await from('POST', '/api/auth/login', '10.1.2.3', client, wrongLogin)).toBe(200);
    expect(await from('POST', '/api/auth/login', '10.1.2.3', '198.51.100.1', wrongLogin)).toBe(200);
    expect(await from('POST', '/api/auth/login', '10.1.2.3', '198.51.100.1', wrongLogin)).toBe(429);
    // the failure is recorded with the client's address, not the proxy's
    const ips = await t.db.db.selectFrom('login_failure').select('ip').execute();
    expect(new Set(ips.map((r) => r.ip))).toEqual(new Set(['198.51.100.1', '198.51.100.2', '198.51.100.3']));
    // a caller that is not a trusted proxy cannot choose its address
    expect(await from('POST', '/api/auth/login', '203.0.113.9', '198.51.100.4', wrongLogin)).toBe(200);
    expect(await from('POST', '/api/auth/login', '203.0.113.9', '198.51.100.5', wrongLogin)).toBe(200);
    expect(await from('POST', '/api/auth/login', '203.0.113.9', '198.51.100.6', wrongLogin)).toBe(429);
  });

  it('finding 8: one phone number gets at most SMS_DAILY_LIMIT codes a day, from any address', async () => {
    t = await startTestApp(database, { smsDailyLimit: 3 });
    const answers: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/sms/send',
        remoteAddress: `203.0.113.${20 + i}`,
        payload: { phone: '13900000009' },
      });
      answers.push(res.json().msg);
      t.advance(61_000);
    }
    expect(answers.slice(0, 3)).toEqual(['success', 'success', 'success']);
    expect(answers[3]).toBe('今日验证码发送次数已达上限');
    expect(t.sms).toHaveLength(3);
    t.advance(86_400_000);
    const tomorrow = await call(t.app, 'POST', '/api/sms/send', { body: { phone: '13900000009' } });
    expect(tomorrow.body.code).toBe(200);
  });
});

describe.each(TEST_DATABASES)('security headers and the web app on $title', (database) => {
  let t: TestApp;
  let dist: string;
  const script = Buffer.from(`console.log(${JSON.stringify('车队'.repeat(500))});`);
  beforeAll(async () => {
    // a built web app as Vite writes it, with the brotli and gzip files of the build beside
    dist = await mkdtemp(path.join(tmpdir(), 'fleet-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(
      path.join(dist, 'index.html'),
      '<!doctype html><script type="module" src="/assets/index-Ab12.js"></script>',
    );
    await writeFile(path.join(dist, 'assets/index-Ab12.js'), script);
    await writeFile(path.join(dist, 'assets/index-Ab12.js.br'), brotliCompressSync(script));
    await writeFile(path.join(dist, 'assets/index-Ab12.js.gz'), gzipSync(script));
    t = await startTestApp(database, { webDistDir: dist });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('finding 9: the web app and the API answer with CSP, frame, referrer and nosniff headers', async () => {
    for (const url of ['/', '/monitor/local', '/api/health', '/api/user/info', '/assets/index-Ab12.js']) {
      const res = await get(url);
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).not.toMatch(/script-src[^;]*unsafe/);
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toContain("object-src 'none'");
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('finding 9: an avatar is an uploaded file or an http(s) address, nothing else', async () => {
    const token = await login(t.app, 'dispatch', DEMO.dispatch);
    const set = async (avatar: string) =>
      (await call(t.app, 'POST', '/api/user/info', { token, body: { avatar } })).body;
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
      'vbscript:msgbox(1)',
      '//evil.example/a.png',
      '/api/file/uploads/../../etc/passwd',
      'https://',
    ]) {
      const answer = await set(bad);
      expect(answer.code, bad).toBe(400);
      expect(answer.msg, bad).toBe('头像: 须为上传的图片或 http(s) 网址');
    }
    for (const good of [
      'https://img.example.com/a.png',
      'http://10.0.0.5/me.jpg',
      '/api/file/uploads/2026/11/ab12.png',
      '',
    ]) {
      const answer = await set(good);
      expect(answer.code, good).toBe(200);
      expect(answer.data.avatar, good).toBe(good);
    }
  });

  it('finding 25: assets are served precompressed by Accept-Encoding and cached for good, index.html revalidated', async () => {
    const br = await get('/assets/index-Ab12.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(script.length / 5);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gz = await get('/assets/index-Ab12.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await get('/assets/index-Ab12.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(script)).toBe(true);
    for (const page of ['/', '/monitor/local']) {
      const res = await get(page, { 'accept-encoding': 'br' });
      expect(res.headers['cache-control'], page).toBe('no-cache');
      expect(res.body, page).toContain('/assets/index-Ab12.js');
    }
    // an asset of an older build is a 404, not the page in its place
    expect((await get('/assets/index-Old1.js')).statusCode).toBe(404);
  });
});
