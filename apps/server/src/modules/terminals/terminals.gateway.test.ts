import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestTerminal } from '../../telematics/gateway/test-terminal';
import { encodeLocation, encodeTerminalResponse, MSG, type SetParameters } from '../../telematics/jt808';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';
import { makeVin, TEAM_1 } from '../trucks/trucks.fixture';

/** Sends location reports until one is acknowledged with `result` (the gateway re-reads bindings asynchronously). */
async function reportUntil(
  terminal: TestTerminal,
  result: number,
  time: number,
  timeoutMs = 3000,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const h = terminal.header();
    terminal.send(encodeLocation(h, { lat: 39.9087, lon: 116.3975, speed: 30, time }));
    const answer = await terminal.answerTo(h.serial);
    if (answer.result === result) return;
    if (Date.now() > until) throw new Error(`reports still answered ${answer.result}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(TEST_DATABASES)('terminal changes reach the gateway on $name', (database) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(database, { jt808Port: 0, jt808ReplyTimeoutMs: 1000 });
    admin = await login(t.app, 'admin', DEMO.admin);
  });
  afterAll(() => t.close());

  const positions = async (truckId: number) =>
    (await t.db.db.selectFrom('position').select('time').where('truck_id', '=', truckId).execute()).length;

  it('stores reports for the truck a terminal is bound to, from the moment it is bound until it is unbound', async () => {
    const terminalId = (
      await call(t.app, 'POST', '/api/terminal/add', {
        token: admin,
        body: { tid: '13877779001', teamCode: TEAM_1 },
      })
    ).body.data.id as number;
    const truckId = (
      await call(t.app, 'POST', '/api/truck/update', {
        token: admin,
        body: { carNo: '京A7G001', vin: makeVin(7001), fuelType: 3, teamCode: TEAM_1 },
      })
    ).body.data.id as number;
    const terminal = await TestTerminal.connect(t.app.jt808Port as number, '13877779001');
    await terminal.login();
    await reportUntil(terminal, 1, t.now() - 60_000);

    const bound = await call(t.app, 'POST', '/api/terminal/bind', {
      token: admin,
      body: { terminalId, truckId },
    });
    expect(bound.body.code).toBe(200);
    await reportUntil(terminal, 0, t.now() - 50_000);
    expect(await positions(truckId)).toBe(1);

    await call(t.app, 'POST', '/api/terminal/unbind', { token: admin, body: { terminalId } });
    await reportUntil(terminal, 1, t.now() - 40_000);
    expect(await positions(truckId)).toBe(1);

    // deleting the terminal closes its connection
    const removed = await call(t.app, 'POST', '/api/terminal/delete', {
      token: admin,
      body: { id: terminalId },
    });
    expect(removed.body.code).toBe(200);
    await terminal.closed;
    expect(terminal.isClosed).toBe(true);
  });

  it('sends T-BOX settings with 0x8103 and records the terminal answer', async () => {
    const terminalId = (
      await call(t.app, 'POST', '/api/terminal/add', {
        token: admin,
        body: { tid: '13877779002', teamCode: TEAM_1 },
      })
    ).body.data.id as number;
    const terminal = await TestTerminal.connect(t.app.jt808Port as number, '13877779002');
    await terminal.login();
    const received: SetParameters[] = [];
    let answer = 0;
    terminal.onFrame = (r) => {
      if (r.message.kind !== 'setParameters') return;
      received.push(r.message);
      terminal.send(
        encodeTerminalResponse(terminal.header(), {
          replySerial: r.header.serial,
          replyMsgId: MSG.setParameters,
          result: answer,
        }),
      );
    };
    const settings = {
      heartbeatSeconds: 30,
      reportSeconds: 10,
      sleepReportSeconds: 600,
      maxSpeed: 89,
      overspeedSeconds: 15,
      fatigueMinutes: 240,
      restMinutes: 20,
    };
    await call(t.app, 'POST', '/api/terminal/setting/save', {
      token: admin,
      body: { terminalId, ...settings },
    });
    const sent = await call(t.app, 'POST', '/api/terminal/setting/send', {
      token: admin,
      body: { terminalId },
    });
    expect(sent.body).toMatchObject({ code: 200, data: { result: 0, resultText: '终端已确认' } });
    expect(received[0]?.parameters).toEqual([
      { id: 0x0001, value: 30 },
      { id: 0x0029, value: 10 },
      { id: 0x0027, value: 600 },
      { id: 0x0055, value: 89 },
      { id: 0x0056, value: 15 },
      { id: 0x0057, value: 240 * 60 },
      { id: 0x0059, value: 20 * 60 },
    ]);
    answer = 3;
    const refused = await call(t.app, 'POST', '/api/terminal/setting/send', {
      token: admin,
      body: { terminalId },
    });
    expect(refused.body).toMatchObject({ code: 400, msg: '下发未成功：终端不支持该设置' });
    const info = await call(t.app, 'GET', '/api/terminal/setting', {
      token: admin,
      query: { terminalId: String(terminalId) },
    });
    expect(info.body.data).toMatchObject({ online: true, sendResult: 3, sendResultText: '终端不支持该设置' });
    await terminal.close();
  });
});
