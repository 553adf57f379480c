import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
