import { formatDateTime } from '@fleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { coalUser, raiseAlarms, TEAM_ONE } from '../modules/messages/test-fixtures';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../test/support';
import { WS_UNAUTHORIZED } from './message-socket';
import { type Client, listen, open, secondProcess } from './test-sockets';

const alarmsOf = (client: Client) =>
  client.received.filter((m) => m.type === 1).map((m) => m.content as { id: number; alarmId: number });
const settle = (ms = 300) => new Promise((resolve) => setTimeout(resolve, ms));
/** Waits (at most 5 s) until the pushes arrived, then a little longer so that a duplicate would show. */
async function until(arrived: () => boolean): Promise<void> {
  for (let waited = 0; !arrived() && waited < 5000; waited += 20) await settle(20);
  await settle(200);
}

describe.each(TEST_DATABASES)('live message socket on $name', (database) => {
  let t: TestApp;
  let port: number;
  const clients: Client[] = [];
  beforeAll(async () => {
    t = await startTestApp(database);
    port = await listen(t.app);
  });
  afterAll(async () => {
    for (const c of clients) c.ws.close();
    await t.close();
  });
  const track = async (token: string) => {
    const client = await open(port, token);
    clients.push(client);
    return client;
  };

  it('answers ping with pong and refuses a missing, wrong or logged-out token with 4401', async () => {
    const dispatch = await login(t.app, 'dispatch', DEMO.dispatch);
    const client = await track(dispatch);
    expect(client.received).toEqual([{ type: 0, content: 'pong' }]);

    for (const url of ['/api/ws/message2.0', '/api/ws/message2.0?token=nope']) {
      const ws = new WebSocket(`ws://127.0.0.1:${port}${url}`);
      const code = await new Promise<number>((resolve) => ws.on('close', (c) => resolve(c)));
      expect(code, url).toBe(WS_UNAUTHORIZED);
    }
    const gone = await login(t.app, 'dispatch', DEMO.dispatch);
    await call(t.app, 'POST', '/api/auth/logout', { token: gone });
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/ws/message2.0?token=${gone}`);
    expect(await new Promise<number>((resolve) => ws.on('close', (c) => resolve(c)))).toBe(WS_UNAUTHORIZED);

    // an open socket whose session is logged out is closed at once
    const leaving = await login(t.app, 'dispatch', DEMO.dispatch);
    const open1 = await track(leaving);
    await call(t.app, 'POST', '/api/auth/logout', { token: leaving });
    expect(await open1.closed).toBe(WS_UNAUTHORIZED);
    expect(open1.received).toEqual([{ type: 0, content: 'pong' }]);
  });

  it('pushes an alarm once to each socket of every subscribed user in scope, and to no one else', async () => {
    const admin = await login(t.app, 'admin', DEMO.admin);
    const coal = await coalUser(t.app, admin);
    const dispatchToken = await login(t.app, 'dispatch', DEMO.dispatch);
    const dispatchA = await track(dispatchToken);
    // the same user in a second browser
    const dispatchB = await track(await login(t.app, 'dispatch', DEMO.dispatch));
    const adminClient = await track(admin);
    // admin signed in to the coal merchant: not this merchant's alarm
    const adminCoal = await login(t.app, 'admin', DEMO.admin);
    const coalId = Number(
      Object.keys((await call(t.app, 'GET', '/api/auth/getMerchantList', { token: admin })).body.data)[1],
    );
    await call(t.app, 'POST', '/api/auth/pickMerchant', { token: adminCoal, body: { merchantId: coalId } });
    const adminCoalClient = await track(adminCoal);
    const coalClient = await track(coal);
    const finance = await track(await login(t.app, 'finance', DEMO.finance)); // 干线二分队, a sibling team
    const safety = await track(await login(t.app, 'safety', DEMO.safety));
    // a user who unsubscribed overspeed
    const unsub = await call(t.app, 'POST', '/api/message/alarmSubscription/config/edit', {
      token: await login(t.app, 'safety', DEMO.safety),
      body: { codes: [5006] },
    });
    expect(unsub.body.code).toBe(200);

    const [alarm] = await raiseAlarms(t.db.db, TEAM_ONE, [5004], t.now());
    await until(() => [dispatchA, dispatchB, adminClient].every((c) => alarmsOf(c).length > 0));
    for (const client of [dispatchA, dispatchB, adminClient]) {
      expect(alarmsOf(client).map((a) => a.alarmId)).toEqual([alarm?.id]);
    }
    const push = alarmsOf(dispatchA)[0] as Record<string, unknown>;
    expect(push).toMatchObject({
      alarmCode: 5004,
      categoryCode: 'driving',
      eventName: '超速报警',
      businessCode: String(alarm?.id),
      speed: 85.3,
      video: '/api/file/v1.mp4',
      photoList: ['/api/file/p1.jpg'],
      startTime: formatDateTime(new Date(t.now() - 60_000)),
      duration: 60_000,
    });
    for (const key of ['title', 'messageContent', 'content', 'carNo', 'vin', 'tid', 'driverName', 'address'])
      expect(typeof push[key], key).toBe('string');
    // the push carries the recipient's own message id: reading it lowers their count
    const mine = (await call(t.app, 'POST', '/api/message/list2.0', { token: dispatchToken, body: {} })).body
      .data;
    expect(mine.list[0].id).toBe(push.id);
    expect(alarmsOf(adminClient)[0]?.id).not.toBe(push.id);
    for (const client of [adminCoalClient, coalClient, finance, safety]) expect(alarmsOf(client)).toEqual([]);

    // a later alarm of a code safety subscribes to, in safety's own team, reaches safety only once
    await raiseAlarms(t.db.db, '10000010020001', [5004, 5006], t.now());
    await until(() => alarmsOf(safety).length > 0 && alarmsOf(adminClient).length >= 3);
    expect(alarmsOf(safety).map((a) => (a as unknown as { alarmCode: number }).alarmCode)).toEqual([5006]);
    expect(alarmsOf(dispatchA)).toHaveLength(1);
    expect(alarmsOf(adminClient)).toHaveLength(3);
  });
});

describe.runIf(TEST_DATABASES.some((d) => d.name === 'postgres'))(
  'two server processes on one PostgreSQL',
  () => {
    it('pushes every alarm once to each socket, each process to its own sockets', async () => {
      const pgDb = TEST_DATABASES.find((d) => d.name === 'postgres');
      if (!pgDb) return;
      const one = await startTestApp(pgDb);
      const second = await secondProcess(one, pgDb);
      const two = second.app;
      const clients: Client[] = [];
      try {
        const portOne = await listen(one.app);
        const portTwo = await listen(two);
        const dispatch = await login(one.app, 'dispatch', DEMO.dispatch);
        const admin = await login(two, 'admin', DEMO.admin);
        const onOne = await open(portOne, dispatch);
        const onTwo = await open(portTwo, dispatch);
        const adminOnTwo = await open(portTwo, admin);
        const financeOnOne = await open(portOne, await login(one.app, 'finance', DEMO.finance));
        clients.push(onOne, onTwo, adminOnTwo, financeOnOne);

        // raised through the first process's database and bus
        const raised = await raiseAlarms(one.db.db, TEAM_ONE, [5004, 5006, 1001], one.now());
        await until(() => [onOne, onTwo, adminOnTwo].every((c) => alarmsOf(c).length >= 3));
        const ids = raised.map((a) => a.id);
        for (const client of [onOne, onTwo, adminOnTwo])
          expect(
            alarmsOf(client)
              .map((a) => a.alarmId)
              .sort(),
          ).toEqual(ids.sort());
        expect(alarmsOf(financeOnOne)).toEqual([]);
        // one message row per user and alarm, whichever process delivered
        const rows = await one.db.db.selectFrom('message').select(['user_id', 'alarm_id']).execute();
        expect(rows).toHaveLength(6);
      } finally {
        for (const c of clients) c.ws.close();
        await second.close();
        await one.close();
      }
    });
  },
);
