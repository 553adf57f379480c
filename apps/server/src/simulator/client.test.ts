import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLine } from '../db/seed/demo-lines';
import { TEXT_FLAG } from '../telematics/jt808';
import { startTestApp, TEST_DATABASES, type TestApp } from '../test/support';
import { acceleratedClock, type SimClock } from './clock';
import { type FleetSimulator, simulatedTrucks, startSimulator } from './fleet';
import type { VehicleProfile } from './profile';
import { Route } from './route';
import type { TruckStart } from './truck';

/**
 * Three simulated trucks against the real gateway and ingest (fresh SQLite database, gateway on a
 * free port), a minute of simulated time a second, through a TCP relay the test can cut.
 */

const SPEEDUP = 60;
const silent = { debug() {}, info() {}, warn() {} };

/** A relay to the gateway whose connections the test can cut, refusing new ones while down. */
interface Relay {
  port: number;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

async function startRelay(targetPort: number): Promise<Relay> {
  let up = true;
  const pairs = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (!up) {
      client.destroy();
      return;
    }
    const upstream = net.connect({ host: '127.0.0.1', port: targetPort });
    pairs.add(client).add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
      pairs.delete(client);
      pairs.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    cut() {
      up = false;
      for (const socket of pairs) socket.destroy();
    },
    restore() {
      up = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function until<T>(
  what: string,
  probe: () => Promise<T | null | false> | T | null | false,
  ms = 20_000,
) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const trucks = simulatedTrucks(50);
const coal = trucks.find((t) => t.kind === 'coal');
const city = trucks.find((t) => t.kind === 'city' && t.fuelType !== 2);
const trunk2019 = trucks.find((t) => t.terminalPhone === '13800000004');

/** Starts: the coal truck cruising on the G6, the city truck loading at its depot, the trunk truck asleep. */
function startOf(profile: VehicleProfile, _time: number): TruckStart | undefined {
  const base = {
    load: 'full' as const,
    fuel: profile.tankCapacity * 0.7,
    odometer: 150_000,
    drivenSinceBreakS: 0,
    lastRestEnd: _time - 2 * 3_600_000,
  };
  if (profile.phone === coal?.terminalPhone) {
    const route = Route.of(demoLine('coal-dongsheng-tianjin'));
    return { ...base, route, km: 200, activity: 'drive', remainingMs: 0, speed: 75 };
  }
  if (profile.phone === city?.terminalPhone) {
    return {
      ...base,
      route: Route.of(profile.line),
      km: 0,
      activity: 'dwell',
      remainingMs: 8 * 60_000,
      speed: 0,
    };
  }
  if (profile.phone === trunk2019?.terminalPhone) {
    const route = Route.of(profile.line);
    const service = route.stops[1];
    return {
      ...base,
      route,
      km: service?.km ?? 0,
      activity: 'rest',
      remainingMs: 15 * 60_000,
      speed: 0,
      lastRestEnd: _time - 20 * 3_600_000,
    };
  }
  return undefined;
}

describe('simulated terminals against the JT/T 808 gateway', { timeout: 90_000 }, () => {
  let clock: SimClock;
  let t: TestApp;
  let relay: Relay;
  let sim: FleetSimulator;
  const truckIds = new Map<string, number>();

  beforeAll(async () => {
    if (!coal || !city || !trunk2019) throw new Error('demo fleet lacks a kind of truck');
    clock = acceleratedClock(SPEEDUP, Date.UTC(2026, 10, 20, 2, 0, 0));
    t = await startTestApp(TEST_DATABASES[0] ?? { name: 'sqlite', url: 'sqlite::memory:', title: 'sqlite' }, {
      jt808Port: 0,
      now: () => clock.now(),
    });
    relay = await startRelay(t.app.jt808Port ?? 0);
    const rows = await t.db.db
      .selectFrom('truck')
      .innerJoin('terminal', 'terminal.id', 'truck.terminal_id')
      .select(['truck.id', 'terminal.phone'])
      .execute();
    for (const row of rows) truckIds.set(row.phone, row.id);
    sim = startSimulator({
      host: '127.0.0.1',
      port: relay.port,
      vehicles: 3,
      trucks: [coal, city, trunk2019],
      clock,
      log: silent,
      start: startOf,
      settings: { reconnectMinMs: 200, reconnectMaxMs: 800, replyTimeoutMs: 5000 },
    });
  });

  afterAll(async () => {
    await sim?.stop();
    await relay?.close();
    await t?.close();
  });

  const positions = (phone: string) =>
    t.db.db
      .selectFrom('position')
      .select(['time', 'received_at', 'mileage', 'status_bits', 'speed', 'lat', 'lon'])
      .where('truck_id', '=', truckIds.get(phone) ?? -1)
      .orderBy('time')
      .execute();

  it('registers, authenticates and reports positions with growing mileage; ACC goes off and on', async () => {
    const phones = [coal, city, trunk2019].map((x) => x?.terminalPhone ?? '');
    await until('all three online', () => phones.every((p) => t.app.telematics.isOnline(p)));
    expect(sim.client(trunk2019?.terminalPhone ?? '')?.profile.version).toBe(2019);
    // The city truck leaves its depot after its 8 minutes of loading: ACC off, then on.
    const cityPhone = city?.terminalPhone ?? '';
    await until('the city truck to start its engine', async () => {
      const rows = await positions(cityPhone);
      return rows.some((r) => (r.status_bits & 1) === 0) && rows.some((r) => (r.status_bits & 1) === 1);
    });
    const cityRows = await positions(cityPhone);
    const firstOn = cityRows.findIndex((r) => (r.status_bits & 1) === 1);
    expect(firstOn).toBeGreaterThan(0);
    expect((cityRows[0]?.status_bits ?? 1) & 1).toBe(0);

    const coalRows = await until('a few minutes of the coal truck', async () => {
      const rows = await positions(coal?.terminalPhone ?? '');
      return rows.length >= 20 ? rows : null;
    });
    for (let i = 1; i < coalRows.length; i++) {
      expect(coalRows[i]?.mileage ?? 0).toBeGreaterThanOrEqual(coalRows[i - 1]?.mileage ?? 0);
    }
    const first = coalRows[0];
    const last = coalRows.at(-1);
    if (!first || !last) throw new Error('no rows');
    expect(last.mileage ?? 0).toBeGreaterThan(first.mileage ?? 0);
    // 0.1 km units: at about 75 km/h the odometer grows ~1.25 km a simulated minute.
    const km = ((last.mileage ?? 0) - (first.mileage ?? 0)) / 10;
    const hours = (last.time - first.time) / 3_600_000;
    expect(km / hours).toBeGreaterThan(30);
    expect(km / hours).toBeLessThan(91);
    expect(coalRows.every((r) => (r.status_bits & 1) === 1)).toBe(true);
    // The sleeping trunk truck keeps its connection with heartbeats.
    await until('a heartbeat', () => (sim.client(trunk2019?.terminalPhone ?? '')?.stats.heartbeats ?? 0) > 0);
  });

  it('answers the platform’s location query and text message', async () => {
    const phone = coal?.terminalPhone ?? '';
    const answer = await t.app.telematics.queryLocation(phone);
    expect(answer.position).not.toBeNull();
    expect(answer.location.lat).toBeGreaterThan(39);
    expect(answer.location.lon).toBeGreaterThan(109);
    expect(answer.location.extras.mileageKm).toBeGreaterThan(150_000);
    const result = await t.app.telematics.sendText(
      phone,
      TEXT_FLAG.display | TEXT_FLAG.tts,
      '前方施工，请减速慢行',
    );
    expect(result).toBe(0);
    expect(sim.client(phone)?.stats).toMatchObject({ queries: 1, texts: 1 });
  });

  it('takes a photo when the platform asks (0x8801) and uploads it in packets (0x0801), stored as the truck’s evidence', async () => {
    const phone = coal?.terminalPhone ?? '';
    const shot = await t.app.telematics.command<{ result: number; mediaIds: number[] }>(phone, {
      kind: 'shootNow',
      channel: 1,
    });
    expect(shot).toMatchObject({ result: 0, mediaIds: [1] });
    const stored = await until('the photo stored', async () => {
      const rows = await t.db.db
        .selectFrom('alarm_attachment')
        .innerJoin('truck', 'truck.id', 'alarm_attachment.truck_id')
        .innerJoin('terminal', 'terminal.id', 'truck.terminal_id')
        .select(['alarm_attachment.type', 'alarm_attachment.size', 'alarm_attachment.alarm_no'])
        .where('terminal.phone', '=', phone)
        .where('alarm_attachment.alarm_no', 'like', '4d%')
        .execute();
      return rows.length > 0 ? rows : null;
    });
    expect(stored[0]).toMatchObject({ type: 'photo' });
    expect(stored[0]?.size).toBeGreaterThan(1000);
  });

  it('reconnects after the connection is cut and fills the gap with a blind-area batch upload', async () => {
    const phone = coal?.terminalPhone ?? '';
    const client = sim.client(phone);
    if (!client) throw new Error('no coal client');
    const connectsBefore = client.stats.connects;
    const cutAt = clock.now();
    relay.cut();
    await until('the cut to be seen', () => !t.app.telematics.isOnline(phone));
    // Four simulated minutes without a connection: the terminal keeps reporting into its buffer.
    await new Promise((resolve) => setTimeout(resolve, 4000));
    expect(client.buffered).toBeGreaterThanOrEqual(15);
    const restoredAt = clock.now();
    relay.restore();
    await until('the terminal back online', () => t.app.telematics.isOnline(phone));
    await until('the buffer uploaded', () => client.buffered === 0 && client.stats.batches > 0);
    expect(client.stats.connects).toBeGreaterThan(connectsBefore + 1);
    expect(client.stats.logins).toBeGreaterThanOrEqual(2);

    const rows = await until('the gap filled', async () => {
      const all = await positions(phone);
      const gap = all.filter((r) => r.time > cutAt + 20_000 && r.time < restoredAt - 20_000);
      return gap.length >= 15 ? all : null;
    });
    const gap = rows.filter((r) => r.time > cutAt + 20_000 && r.time < restoredAt - 20_000);
    // Stored after the link came back, minutes after they were taken.
    for (const r of gap) expect(r.received_at).toBeGreaterThanOrEqual(restoredAt - 1000);
    expect(Math.max(...gap.map((r) => r.received_at - r.time))).toBeGreaterThan(60_000);
    // No hole in the track: a report every 10 s (30 s standing with the engine on) throughout.
    const times = [...new Set(rows.map((r) => r.time))];
    for (let i = 1; i < times.length; i++) {
      expect((times[i] ?? 0) - (times[i - 1] ?? 0)).toBeLessThanOrEqual(31_000);
    }
  });

  it('logs out when stopped and the platform marks the trucks offline', async () => {
    await sim.stop();
    const phones = [coal, city, trunk2019].map((x) => x?.terminalPhone ?? '');
    await until('all three offline', () => phones.every((p) => !t.app.telematics.isOnline(p)));
    expect(sim.clients.every((c) => c.state === 'stopped')).toBe(true);
  });
});
