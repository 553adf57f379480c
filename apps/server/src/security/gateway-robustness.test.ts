import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OfflineGeocoder } from '../modules/geo/offline-geocoder';
import { timeText } from '../modules/monitor/vehicle-status';
import { TestTerminal } from '../telematics/gateway/test-terminal';
import { startWriterThread } from '../telematics/ingest/sqlite-writer';
import {
  encodeHeartbeat,
  encodeLocation,
  encodeLocationBody,
  encodeSubpackaged,
  MSG,
} from '../telematics/jt808';
import {
  call,
  DEMO,
  login,
  SQLITE_FILE_DATABASE,
  startTestApp,
  TEST_DATABASES,
  type TestApp,
} from '../test/support';
import { reportOne as report, truckRowOf, waitFor } from '../test/telematics';

/** The frame of the outside test: terminal 013800000003, 39.1°N, 117.2°W (status bit 3: west). */
const WEST_FRAME = Buffer.from(
  '7e0200001c0138000000030003000000000000000b02549e6006fc548000320258005a261125060823a77e',
  'hex',
);
/** Located, ACC on. */
const DRIVING = 3;

describe.each(TEST_DATABASES)('gateway robustness on $title', (database) => {
  let t: TestApp;
  let port: number;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp(database, { jt808Port: 0 });
    port = t.app.jt808Port as number;
    admin = await login(t.app, 'admin', DEMO.admin);
  });
  afterAll(() => t.close());

  const truckOf = (phone: string) => truckRowOf(t, phone);
  const positions = (truckId: number) =>
    t.db.db
      .selectFrom('position')
      .select(['time', 'lat', 'lon', 'extra'])
      .where('truck_id', '=', truckId)
      .orderBy('time')
      .execute();
  const stateOf = (truckId: number) =>
    t.db.db
      .selectFrom('vehicle_state')
      .select(['time', 'lat', 'lon'])
      .where('truck_id', '=', truckId)
      .executeTakeFirstOrThrow();

  it('finding 10: the outside test frame is answered, stored flagged, kept out of the live state, and every list still answers', async () => {
    const truck = await truckOf('13800000003');
    const terminal = await TestTerminal.connect(port, '013800000003');
    await terminal.login();
    const beijing = { lat: 39.908692, lon: 116.397477, status: DRIVING, speed: 50, time: t.now() - 60_000 };
    expect(await report(terminal, beijing)).toBe(0);
    terminal.send(WEST_FRAME);
    expect((await terminal.answerTo(3)).result).toBe(0);

    const list = await call(t.app, 'POST', '/api/v2/web/monitor/local/team/carList', {
      token: admin,
      body: { pageSize: 100 },
    });
    expect(list.body.code).toBe(200);
    expect(list.body.data.total).toBeGreaterThan(1);
    const card = await call(t.app, 'POST', '/api/monitor/car/card', {
      token: admin,
      body: { vin: truck.vin },
    });
    expect(card.body.code).toBe(200);
    expect(card.body.data.lng).toBeCloseTo(116.397477, 5);

    const stored = await positions(truck.id);
    expect(stored).toHaveLength(2);
    expect(stored[1]?.lon).toBe(-117_200_000);
    expect(JSON.parse(stored[1]?.extra ?? '{}')).toMatchObject({ implausible: 'jump' });
    expect(await stateOf(truck.id)).toMatchObject({ lat: 39_908_692, lon: 116_397_477 });
    const track = await call(t.app, 'POST', '/api/v2/web/monitor/local/truck/trail/history', {
      token: admin,
      body: {
        vin: truck.vin,
        beginTime: timeText(t.now() - 600_000),
        endTime: timeText(t.now()),
        thin: false,
      },
    });
    expect(track.body.code).toBe(200);
    expect(track.body.data.list.map((p: { lng: number }) => p.lng)).toEqual([116.397477]);
    await terminal.close();
  });

  it('finding 10: coordinates outside ±90/±180 and a time years before the last report are flagged; the place lookup never throws', async () => {
    const truck = await truckOf('13800000004');
    const terminal = await TestTerminal.connect(port, '13800000004');
    await terminal.login();
    const now = t.now();
    expect(await report(terminal, { lat: 38.5, lon: 117.1, status: DRIVING, time: now - 60_000 })).toBe(0);
    expect(await report(terminal, { lat: 95.5, lon: 117.1, status: DRIVING, time: now - 50_000 })).toBe(0);
    expect(await report(terminal, { lat: 38.5, lon: 190, status: DRIVING, time: now - 40_000 })).toBe(0);
    expect(
      await report(terminal, { lat: 38.5, lon: 117.1, status: DRIVING, time: now - 3 * 366 * 86_400_000 }),
    ).toBe(0);
    const stored = await positions(truck.id);
    expect(stored.map((p) => JSON.parse(p.extra ?? '{}').implausible)).toEqual([
      'staleTime',
      undefined,
      'coordinates',
      'coordinates',
    ]);
    expect(await stateOf(truck.id)).toMatchObject({ time: now - 60_000, lat: 38_500_000, lon: 117_100_000 });
    const offline = new OfflineGeocoder();
    expect(offline.reverseSync(39.1, -117.2).address).toBe('境外或未收录地区');
    expect(offline.reverseSync(95.5, 190).address).toBe('无效坐标');
    expect(offline.reverseSync(Number.NaN, Number.NaN).address).toBe('无效坐标');
    expect(offline.reverseSync(39.908692, 116.397477).address).toContain('北京');
    await terminal.close();
  });

  it('finding 10: three reports in a row that agree with each other move a truck whose last place was wrong', async () => {
    const truck = await truckOf('13800000005');
    const terminal = await TestTerminal.connect(port, '13800000005');
    await terminal.login();
    const now = t.now();
    expect(await report(terminal, { lat: 45, lon: 125, status: DRIVING, time: now - 40_000 })).toBe(0);
    for (let i = 3; i >= 1; i--)
      expect(await report(terminal, { lat: 39.9, lon: 116.4, status: DRIVING, time: now - i * 10_000 })).toBe(
        0,
      );
    await waitFor(async () => (await stateOf(truck.id)).lat === 39_900_000);
    const flagged = (await positions(truck.id)).filter((p) => p.extra?.includes('implausible'));
    expect(flagged).toHaveLength(2);
    await terminal.close();
  });

  it('finding 14: a report resent by the terminal is stored once and acknowledged again', async () => {
    const truck = await truckOf('13800000006');
    const terminal = await TestTerminal.connect(port, '13800000006');
    await terminal.login();
    const location = { lat: 39.1, lon: 117.2, status: DRIVING, speed: 40, time: t.now() - 30_000 };
    const header = terminal.header();
    const frame = encodeLocation(header, location);
    terminal.send(frame);
    expect((await terminal.answerTo(header.serial)).result).toBe(0);
    // resent after its answer (another group commit), and twice within one group commit
    terminal.send(frame);
    expect((await terminal.answerTo(header.serial)).result).toBe(0);
    terminal.send(frame, frame);
    expect((await terminal.answerTo(header.serial)).result).toBe(0);
    expect((await terminal.answerTo(header.serial)).result).toBe(0);
    expect(await positions(truck.id)).toHaveLength(1);
    await terminal.close();
  });
});

describe.each(TEST_DATABASES)('gateway before authentication on $title', (database) => {
  let t: TestApp;
  let port: number;
  const PER_ADDRESS = 4;

  beforeAll(async () => {
    t = await startTestApp(database, {
      jt808Port: 0,
      jt808PreAuthPerAddress: PER_ADDRESS,
      // long enough for a registration on PostgreSQL, which first asks the other processes
      jt808PreAuthMs: 4000,
    });
    port = t.app.jt808Port as number;
  });
  afterAll(() => t.close());

  /** True when the platform closed `terminal` within `ms`. */
  const closedWithin = (terminal: TestTerminal, ms: number) =>
    Promise.race([
      terminal.closed.then(() => true),
      new Promise<boolean>((r) => setTimeout(() => r(false), ms)),
    ]);

  it('finding 12: a connection that sends more than a few kilobytes before authenticating is closed', async () => {
    const terminal = await TestTerminal.connect(port, '13800000007');
    // an opening flag and then a frame that never ends: nothing of it may be held
    terminal.send(Buffer.from([0x7e]), Buffer.alloc(3000, 0x31));
    expect(await closedWithin(terminal, 300)).toBe(false);
    terminal.send(Buffer.alloc(3000, 0x31));
    expect(await closedWithin(terminal, 1000)).toBe(true);
  });

  it('finding 12: before authentication split packets are refused, not reassembled, and heartbeats are not answered', async () => {
    const terminal = await TestTerminal.connect(port, '13800000008');
    const first = terminal.header();
    const body = encodeLocationBody({ lat: 39, lon: 116, time: t.now() });
    const parts = encodeSubpackaged({ ...first, msgId: MSG.location }, body, 10);
    terminal.send(parts[0] as Buffer);
    expect((await terminal.answerTo(first.serial)).result).toBe(1);
    const beat = terminal.header();
    terminal.send(encodeHeartbeat(beat));
    await expect(terminal.answerTo(beat.serial, 300)).rejects.toThrow();
    await terminal.login();
    const after = terminal.header();
    terminal.send(encodeHeartbeat(after));
    expect((await terminal.answerTo(after.serial)).result).toBe(0);
    await terminal.close();
  });

  it('finding 12: an unauthenticated connection is closed after the deadline; an authenticated one stays', async () => {
    const idle = await TestTerminal.connect(port, '13800000009');
    const good = await TestTerminal.connect(port, '13800000013');
    await good.login();
    expect(await closedWithin(idle, 6000)).toBe(true);
    expect(good.isClosed).toBe(false);
    await good.close();
  });

  it('finding 12: one address holds only a bounded number of unauthenticated connections', async () => {
    const held = await Promise.all(
      Array.from({ length: PER_ADDRESS }, () => TestTerminal.connect(port, '13900000000')),
    );
    const extra = await TestTerminal.connect(port, '13800000014');
    expect(await closedWithin(extra, 1000)).toBe(true);
    for (const connection of held) expect(connection.isClosed).toBe(false);
    // one of them leaves: the address may connect again, and a terminal logs in
    await held[0]?.close();
    await new Promise((r) => setTimeout(r, 50));
    const terminal = await TestTerminal.connect(port, '13800000014');
    await terminal.login();
    expect(terminal.isClosed).toBe(false);
    await Promise.all([...held.slice(1).map((c) => c.close()), terminal.close()]);
  });
});

describe('ingest durability on SQLite', () => {
  it('finding 16: the connections that write group commits sync every commit (synchronous FULL)', async () => {
    const t = await startTestApp(SQLITE_FILE_DATABASE, { jt808Port: 0 });
    try {
      const sqlite = t.db.sqlite;
      if (!sqlite) throw new Error('a SQLite database has its connection handle');
      // 2 is FULL: the WAL is synced at every commit, so an acknowledged report survives power loss
      expect(sqlite.pragma('synchronous', { simple: true })).toBe(2);
      const thread = startWriterThread(sqlite, { pragmas: [], log: console, onFailed: () => {} });
      if (!thread) throw new Error('a database file has a writer thread');
      try {
        expect(await thread.pragma('synchronous')).toBe(2);
      } finally {
        await thread.close();
      }
    } finally {
      await t.close();
    }
  });
});
