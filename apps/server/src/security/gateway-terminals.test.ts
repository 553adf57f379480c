import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secondProcess } from '../realtime/test-sockets';
import { TestTerminal } from '../telematics/gateway/test-terminal';
import {
  encodeLocation,
  encodeLocationQueryResponse,
  encodeMultimediaData,
  encodeMultimediaEvent,
  encodeShootNowResponse,
  encodeSubpackaged,
  encodeTerminalResponse,
  type LocationInput,
  MSG,
} from '../telematics/jt808';
import { encodeBatchLocationBody } from '../telematics/jt808/messages/location-report';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../test/support';
import { reportOne, waitFor } from '../test/telematics';

/** A JPEG-looking file of `size` bytes (start and end markers around random bytes). */
function jpeg(size: number): Buffer {
  return Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
    randomBytes(size - 6),
    Buffer.from([0xff, 0xd9]),
  ]);
}

const beijing: LocationInput = { lat: 39.908692, lon: 116.397477, speed: 30, time: 0 };

describe.each(TEST_DATABASES)('terminal security of the gateway on $title', (database) => {
  let t: TestApp;
  let port: number;
  let admin: string;
  let minute = 0;

  beforeAll(async () => {
    t = await startTestApp(database, { jt808Port: 0, jt808ReplyTimeoutMs: 1000 });
    port = t.app.jt808Port as number;
    admin = await login(t.app, 'admin', DEMO.admin);
  });
  afterAll(() => t.close());

  const terminalRow = (phone: string) =>
    t.db.db.selectFrom('terminal').selectAll().where('phone', '=', phone).executeTakeFirstOrThrow();
  const positionsOf = async (phone: string) => {
    const { id } = await terminalRow(phone);
    const rows = await t.db.db
      .selectFrom('position')
      .select('truck_id')
      .where('terminal_id', '=', id)
      .execute();
    return rows.length;
  };
  /** Sends one report and answers the platform's result for it. */
  function report(terminal: TestTerminal): Promise<number> {
    minute++;
    return reportOne(terminal, { ...beijing, time: t.now() - 30 * 60_000 + minute * 1000 });
  }

  it('finding 11: a registration that does not match the recorded terminal ID, maker or model is refused with result 4', async () => {
    const phone = '13800000031';
    for (const claim of [{ terminalId: 'X999999' }, { manufacturer: 'EVIL' }, { model: 'OTHER-1' }]) {
      const attacker = await TestTerminal.connect(port, phone);
      const answer = await attacker.register('京A12345', claim);
      expect(answer.result).toBe(4);
      expect(answer.authCode).toBeUndefined();
      await attacker.close();
    }
    expect((await terminalRow(phone)).auth_code_hash).toBeNull();
  });

  it('finding 11: a takeover attempt while the real terminal reports is refused (result 3) and the real terminal keeps reporting', async () => {
    const phone = '13800000032';
    const real = await TestTerminal.connect(port, phone);
    await real.login();
    expect(await report(real)).toBe(0);

    const attacker = await TestTerminal.connect(port, phone);
    const answer = await attacker.register();
    expect(answer.result).toBe(3);
    expect(answer.authCode).toBeUndefined();
    // a code guessed or left from before does not help either
    expect((await attacker.authenticate('0000000000000000')).result).toBe(1);

    for (let i = 0; i < 3; i++) expect(await report(real)).toBe(0);
    expect(real.isClosed).toBe(false);
    await waitFor(async () => (await positionsOf(phone)) === 4);
    await real.close();
  });

  it('finding 11: the authentication code stays the same across registrations, so a device that keeps it still authenticates', async () => {
    const phone = '13800000033';
    const first = await TestTerminal.connect(port, phone);
    const a = await first.register();
    expect(a.result).toBe(0);
    expect((await first.authenticate(a.authCode as string)).result).toBe(0);
    await first.close();

    const again = await TestTerminal.connect(port, phone);
    const b = await again.register();
    expect(b.result).toBe(0);
    expect(b.authCode).toBe(a.authCode);
    await again.close();

    // the device re-connects and authenticates with the code it kept, without registering
    const kept = await TestTerminal.connect(port, phone);
    expect((await kept.authenticate(a.authCode as string)).result).toBe(0);
    expect(await report(kept)).toBe(0);
    await kept.close();
  });

  it('finding 11: the operator resets the code on the terminal page: the connection closes, the old code fails, the next registration gets a new one', async () => {
    const phone = '13800000034';
    const terminal = await TestTerminal.connect(port, phone);
    const first = await terminal.register();
    expect((await terminal.authenticate(first.authCode as string)).result).toBe(0);
    const { id } = await terminalRow(phone);

    const reset = await call(t.app, 'POST', '/api/terminal/resetAuthCode', { token: admin, body: { id } });
    expect(reset.body).toMatchObject({ code: 200 });
    await terminal.closed;

    const old = await TestTerminal.connect(port, phone);
    expect((await old.authenticate(first.authCode as string)).result).toBe(1);
    await old.closed;
    const fresh = await TestTerminal.connect(port, phone);
    const next = await fresh.register();
    expect(next.result).toBe(0);
    expect(next.authCode).not.toBe(first.authCode);
    expect((await fresh.authenticate(next.authCode as string)).result).toBe(0);
    await fresh.close();

    // another team's dispatcher may not reset it: the route checks the menu code
    const finance = await login(t.app, 'finance', DEMO.finance);
    const refused = await call(t.app, 'POST', '/api/terminal/resetAuthCode', {
      token: finance,
      body: { id },
    });
    expect(refused.status).toBe(403);
  });

  it('finding 13: every part of a split message is acknowledged with 0x8001, a missing part is asked for with 0x8003, and the joined message is stored', async () => {
    const phone = '13800000036';
    const terminal = await TestTerminal.connect(port, phone);
    await terminal.login();
    const base = t.now() - 20 * 60_000;
    const locations = Array.from({ length: 30 }, (_, i) => ({ ...beijing, time: base + i * 1000 }));
    const h = terminal.header();
    const body = encodeBatchLocationBody(0, locations);
    const parts = encodeSubpackaged({ ...h, msgId: MSG.batchLocation }, body, 400);
    expect(parts.length).toBe(3);
    for (let i = 1; i < parts.length; i++) terminal.header(); // the parts took consecutive serials
    terminal.send(parts[0] as Buffer, parts[2] as Buffer);
    expect((await terminal.answerTo(h.serial)).result).toBe(0);
    expect((await terminal.answerTo(h.serial + 2)).result).toBe(0);
    const asked = await terminal.next(MSG.retransmitRequest, 6000);
    expect(asked.message).toMatchObject({ firstSerial: h.serial, missing: [2] });
    terminal.send(parts[1] as Buffer);
    expect((await terminal.answerTo(h.serial + 1)).result).toBe(0);
    await waitFor(async () => (await positionsOf(phone)) === 30);
    await terminal.close();
  });

  it('finding 13: a photo uploaded with 0x0800 and a split 0x0801 is answered 0x8800 (listing a missing packet), stored as evidence and served', async () => {
    const phone = '13800000037';
    const terminal = await TestTerminal.connect(port, phone);
    await terminal.login();
    const photo = jpeg(2500);
    const head = { mediaId: 901, type: 0, format: 0, event: 1, channel: 1 };
    const event = terminal.header();
    terminal.send(encodeMultimediaEvent(event, head));
    expect((await terminal.answerTo(event.serial)).result).toBe(0);
    const h = terminal.header();
    const parts = encodeMultimediaData(h, head, { ...beijing, time: t.now() - 60_000 }, photo);
    expect(parts.length).toBe(3);
    for (let i = 1; i < parts.length; i++) terminal.header();
    terminal.send(parts[0] as Buffer, parts[2] as Buffer);
    const asked = await terminal.next(MSG.mediaDataResponse, 6000);
    expect(asked.message).toMatchObject({ mediaId: 901, missing: [2] });
    terminal.send(parts[1] as Buffer);
    const done = await terminal.next(MSG.mediaDataResponse, 6000);
    expect(done.message).toMatchObject({ mediaId: 901, missing: [] });

    const truck = await t.db.db
      .selectFrom('truck')
      .innerJoin('terminal', 'terminal.id', 'truck.terminal_id')
      .select(['truck.id', 'truck.vin'])
      .where('terminal.phone', '=', phone)
      .executeTakeFirstOrThrow();
    const stored = await t.db.db
      .selectFrom('alarm_attachment')
      .select(['stored_path', 'type', 'size', 'channel'])
      .where('truck_id', '=', truck.id)
      .execute();
    expect(stored).toMatchObject([{ type: 'photo', size: photo.length, channel: 1 }]);
    const latest = await call(t.app, 'GET', '/api/monitor/car/photo/latest', {
      token: admin,
      query: { vin: truck.vin },
    });
    expect(latest.body.data.url).toMatch(/^\/api\/alarm\/media\//);
    const served = await t.app.inject({ method: 'GET', url: latest.body.data.url });
    expect(served.rawPayload.equals(photo)).toBe(true);
    await terminal.close();
  });

  it('finding 13: the truck card asks for a photo (0x8801), the terminal answers 0x0805 and uploads it, and the card finds it', async () => {
    const phone = '13800000038';
    const terminal = await TestTerminal.connect(port, phone);
    await terminal.login();
    const photo = jpeg(1500);
    const shots: number[] = [];
    terminal.onFrame = (r) => {
      if (r.message.kind !== 'shootNow') return;
      shots.push(r.message.channel);
      terminal.send(encodeShootNowResponse(terminal.header(), r.header.serial, 0, [7]));
      const head = { mediaId: 7, type: 0, format: 0, event: 0, channel: r.message.channel };
      const h = terminal.header();
      const parts = encodeMultimediaData(h, head, { ...beijing, time: t.now() }, photo);
      for (let i = 1; i < parts.length; i++) terminal.header();
      terminal.send(...parts);
    };
    const { vin } = await t.db.db
      .selectFrom('truck')
      .innerJoin('terminal', 'terminal.id', 'truck.terminal_id')
      .select('truck.vin')
      .where('terminal.phone', '=', phone)
      .executeTakeFirstOrThrow();
    const asked = await call(t.app, 'POST', '/api/monitor/car/photo', {
      token: admin,
      body: { vin, channel: 2 },
    });
    expect(asked.body).toMatchObject({ code: 200, data: { mediaIds: [7] } });
    expect(shots).toEqual([2]);
    await terminal.next(MSG.mediaDataResponse, 6000);
    const latest = await call(t.app, 'GET', '/api/monitor/car/photo/latest', {
      token: admin,
      query: { vin, since: String(asked.body.data.requestedAt) },
    });
    expect(latest.body.data).toMatchObject({ channel: 2 });
    const served = await t.app.inject({ method: 'GET', url: latest.body.data.url });
    expect(served.rawPayload.equals(photo)).toBe(true);
    await terminal.close();
  });
});

describe.runIf(TEST_DATABASES.some((d) => d.name === 'postgres'))(
  'commands to terminals across processes on one PostgreSQL',
  () => {
    it('finding 15: a location query, a text message and T-BOX settings called on the other process reach the terminal and bring its answer back', async () => {
      const pgDb = TEST_DATABASES.find((d) => d.name === 'postgres');
      if (!pgDb) return;
      const one = await startTestApp(pgDb, { jt808Port: 0, jt808ReplyTimeoutMs: 2000 });
      const two = await secondProcess(one, pgDb);
      try {
        await two.app.ready();
        const phone = '13800000035';
        const terminal = await TestTerminal.connect(one.app.jt808Port as number, phone);
        await terminal.login();
        const texts: string[] = [];
        terminal.onFrame = (r) => {
          const replySerial = r.header.serial;
          if (r.message.kind === 'locationQuery') {
            const at = one.now() - 60_000;
            terminal.send(
              encodeLocationQueryResponse(terminal.header(), replySerial, { ...beijing, time: at }),
            );
          } else if (r.message.kind === 'textMessage' || r.message.kind === 'setParameters') {
            if (r.message.kind === 'textMessage') texts.push(r.message.text);
            const replyMsgId = r.header.msgId;
            terminal.send(encodeTerminalResponse(terminal.header(), { replySerial, replyMsgId, result: 0 }));
          }
        };
        // the second process holds no connection of this terminal
        expect(two.app.telematics.isOnline(phone)).toBe(false);

        const located = await two.app.telematics.queryLocation(phone);
        expect(located.location).toMatchObject({ lat: beijing.lat, lon: beijing.lon });
        expect(located.position).toMatchObject({ lat: 39908692, lon: 116397477 });
        expect(await two.app.telematics.sendText(phone, 0x0c, '请到站点卸货')).toBe(0);
        expect(texts).toEqual(['请到站点卸货']);

        const admin = await login(two.app, 'admin', DEMO.admin);
        const { id: terminalId } = await one.db.db
          .selectFrom('terminal')
          .select('id')
          .where('phone', '=', phone)
          .executeTakeFirstOrThrow();
        const settings = {
          heartbeatSeconds: 30,
          reportSeconds: 10,
          sleepReportSeconds: 600,
          maxSpeed: 89,
          overspeedSeconds: 15,
          fatigueMinutes: 240,
          restMinutes: 20,
        };
        const saved = await call(two.app, 'POST', '/api/terminal/setting/save', {
          token: admin,
          body: { terminalId, ...settings },
        });
        expect(saved.body.code).toBe(200);
        const sent = await call(two.app, 'POST', '/api/terminal/setting/send', {
          token: admin,
          body: { terminalId },
        });
        expect(sent.body).toMatchObject({ code: 200, data: { result: 0 } });

        // a terminal no process holds is offline (511) quickly, not after the reply timeout
        const started = Date.now();
        await expect(two.app.telematics.queryLocation('13800000036')).rejects.toMatchObject({ code: 511 });
        expect(Date.now() - started).toBeLessThan(2000);
        await terminal.close();
      } finally {
        await two.close();
        await one.close();
      }
    });

    it('finding 11: a takeover attempt on another process is refused (result 3) while the real terminal keeps reporting on the first', async () => {
      const pgDb = TEST_DATABASES.find((d) => d.name === 'postgres');
      if (!pgDb) return;
      const one = await startTestApp(pgDb, { jt808Port: 0, jt808ReplyTimeoutMs: 1000 });
      const two = await secondProcess(one, pgDb, { jt808Port: 0, jt808ReplyTimeoutMs: 1000 });
      try {
        await two.app.ready();
        const phone = '13800000039';
        const real = await TestTerminal.connect(one.app.jt808Port as number, phone);
        await real.login();
        const attacker = await TestTerminal.connect(two.app.jt808Port as number, phone);
        const answer = await attacker.register();
        expect(answer).toMatchObject({ result: 3 });
        expect(answer.authCode).toBeUndefined();
        const h = real.header();
        real.send(encodeLocation(h, { ...beijing, time: one.now() - 60_000 }));
        expect((await real.answerTo(h.serial)).result).toBe(0);
        expect(real.isClosed).toBe(false);
        await attacker.close();
        await real.close();
      } finally {
        await two.close();
        await one.close();
      }
    });
  },
);
