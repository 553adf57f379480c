import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SQLITE_FILE_DATABASE, startTestApp, type TestApp } from '../test/support';
import { acceleratedClock, type SimClock } from './clock';
import { storeEvidence } from './evidence-store';
import { type FleetSimulator, simulatedTrucks, startSimulator } from './fleet';
import type { IncidentRole } from './incidents';
import { type VehicleProfile, vehicleProfiles } from './profile';
import { Route } from './route';
import type { TruckStart } from './truck';

/**
 * Four simulated trucks, each playing a part, against the real gateway, ingest and alarm rules
 * (a minute of simulated time a second, terminal alarms far more often than in the demo): every
 * kind of alarm the simulator raises is stored, with the photos of active-safety alarms filed as
 * their media.
 */

const SPEEDUP = 60;
const HOUR = 3_600_000;
const silent = { debug() {}, info() {}, warn() {} };

const fleet = simulatedTrucks(50);
const [speeder, wanderer] = fleet.filter((t) => t.kind === 'trunk');
const parker = fleet.find((t) => t.kind === 'city' && t.fuelType !== 2);
const siphoned = fleet.find((t) => t.kind === 'coal');
const ROLES = new Map<string, IncidentRole>([
  [speeder?.terminalPhone ?? '', 'speeder'],
  [wanderer?.terminalPhone ?? '', 'wanderer'],
  [parker?.terminalPhone ?? '', 'parker'],
  [siphoned?.terminalPhone ?? '', 'siphoned'],
]);

function startOf(profile: VehicleProfile, time: number): TruckStart {
  const route = Route.of(profile.line);
  const base = {
    route,
    load: 'full' as const,
    fuel: profile.tankCapacity * 0.7,
    odometer: 150_000,
    drivenSinceBreakS: 0,
    lastRestEnd: time - 2 * HOUR,
    speed: 0,
    remainingMs: 0,
  };
  const role = ROLES.get(profile.phone);
  if (role === 'speeder') {
    // Cruising on the highway, four hours without a break (the terminal's fatigue alarm).
    return { ...base, km: 40, activity: 'drive', speed: profile.cruiseKmh, drivenSinceBreakS: 4.1 * 3600 };
  }
  if (role === 'wanderer') return { ...base, km: 25, activity: 'drive', speed: profile.cruiseKmh };
  // At its depot in the morning, waiting to load.
  if (role === 'parker') return { ...base, km: 0, activity: 'dwell', remainingMs: 5 * 60_000 };
  // Asleep at a service area for the night.
  const service = route.stops.find((s) => s.station.role === 'service') ?? route.stops[0];
  return {
    ...base,
    km: service?.km ?? 0,
    activity: 'rest',
    remainingMs: 3 * HOUR,
    lastRestEnd: time - 20 * HOUR,
  };
}

async function until<T>(what: string, probe: () => Promise<T | null | false>, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('alarms of simulated trucks through the JT/T 808 gateway', { timeout: 120_000 }, () => {
  let clock: SimClock;
  let t: TestApp;
  let sim: FleetSimulator;
  const uploadDir = mkdtempSync(path.join(tmpdir(), 'fleet-sim-evidence-'));
  const truckIds = new Map<IncidentRole, number>();

  beforeAll(async () => {
    if (!speeder || !wanderer || !parker || !siphoned) throw new Error('demo fleet lacks a kind of truck');
    clock = acceleratedClock(SPEEDUP, Date.UTC(2026, 10, 20, 2, 0, 0));
    // On a database file: the reports and their alarms go through the writer thread, as in `npm start`.
    t = await startTestApp(SQLITE_FILE_DATABASE, {
      jt808Port: 0,
      uploadDir,
      now: () => clock.now(),
    });
    const db = t.db.db;
    const rows = await db
      .selectFrom('truck')
      .innerJoin('terminal', 'terminal.id', 'truck.terminal_id')
      .select(['truck.id', 'truck.merchant_id', 'truck.team_code', 'terminal.phone'])
      .execute();
    const truckOf = (phone: string) => rows.find((r) => r.phone === phone);
    for (const [phone, role] of ROLES) truckIds.set(role, truckOf(phone)?.id ?? -1);
    // The wanderer's line as the line master data holds it (every point of the road), and the
    // rule settings: the wanderer is watched against its line, the parker's limit is 15 minutes.
    const w = truckOf(wanderer.terminalPhone);
    const p = truckOf(parker.terminalPhone);
    if (!w || !p) throw new Error('demo trucks not seeded');
    const now = clock.now();
    const profileLine = vehicleProfiles([speeder, wanderer, parker, siphoned])[1]?.line;
    if (!profileLine) throw new Error('no line for the wanderer');
    const line = await db
      .insertInto('line')
      .values({
        merchant_id: w.merchant_id,
        team_code: w.team_code,
        name: profileLine.name,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('line_station')
      .values(
        profileLine.path.map((point, i) => ({
          line_id: line.id,
          seq: i + 1,
          station_type: i === 0 ? 1 : i === profileLine.path.length - 1 ? 3 : 2,
          address: `${profileLine.name} ${i + 1}`,
          lat: Math.round(point.lat * 1e6),
          lon: Math.round(point.lng * 1e6),
        })),
      )
      .execute();
    await db
      .insertInto('alarm_truck_setting')
      .values([
        {
          truck_id: w.id,
          merchant_id: w.merchant_id,
          settings: JSON.stringify({ deviation: { lineId: line.id } }),
          updated_by: null,
          updated_at: now,
        },
        {
          truck_id: p.id,
          merchant_id: p.merchant_id,
          settings: JSON.stringify({ parking: { minutes: 15 } }),
          updated_by: null,
          updated_at: now,
        },
      ])
      .execute();
    await t.app.telematics.alarmSettings.load();
    sim = startSimulator({
      host: '127.0.0.1',
      port: t.app.jt808Port ?? 0,
      vehicles: 4,
      trucks: [speeder, wanderer, parker, siphoned],
      clock,
      log: silent,
      start: startOf,
      incidents: {
        roles: ROLES,
        rates: {
          adasPerHour: 40,
          dsmPerHour: 40,
          bsdPerHour: 40,
          antennaPerHour: 15,
          emergencyPerHour: 15,
          undervoltagePerRest: 1,
          speedingPerHour: 30,
          detourPerHour: 30,
          longParkChance: 1,
          longParkMinutes: [25, 30],
          siphonPerRest: 1,
          siphonAfterMinutes: [6, 10],
        },
      },
      evidence: storeEvidence(db, uploadDir, () => clock.now()),
    });
  });

  afterAll(async () => {
    await sim?.stop();
    await t?.close();
    rmSync(uploadDir, { recursive: true, force: true });
  });

  const alarmsOf = (role: IncidentRole) =>
    t.db.db
      .selectFrom('alarm')
      .select(['id', 'code', 'source', 'level', 'media', 'start_time', 'end_time', 'max_speed'])
      .where('truck_id', '=', truckIds.get(role) ?? -1)
      .orderBy('id')
      .execute();

  it('the speeder: overspeed from terminal and platform as one alarm, the terminal’s fatigue, emergency and antenna alarms, active safety with photos', async () => {
    const wanted = (rows: Awaited<ReturnType<typeof alarmsOf>>) => {
      const has = (test: (r: (typeof rows)[number]) => boolean) => rows.some(test);
      return (
        // One speeding episode raised by the terminal's bit and the platform's rule is one alarm of both sources (3).
        has((r) => r.code === 5004 && r.source === 3) &&
        has((r) => r.code === 5006 && (r.source === 1 || r.source === 3)) &&
        has((r) => r.code === 7001) &&
        has((r) => r.code === 7004) &&
        has((r) => r.code >= 1001 && r.code <= 1008 && r.media !== null) &&
        has((r) => [2002, 2003, 2005, 3006, 5008].includes(r.code) && r.media !== null) &&
        has((r) => r.code >= 9001 && r.code <= 9003 && r.media !== null)
      );
    };
    const rows = await until('every alarm of the speeder', async () => {
      const all = await alarmsOf('speeder');
      return wanted(all) ? all : null;
    });
    const speeding = rows.find((r) => r.code === 5004 && r.source === 3);
    expect(speeding?.max_speed ?? 0).toBeGreaterThan((speeder?.speedLimit ?? 0) * 10);
    const safety = rows.filter((r) => r.source !== 2 && r.level !== null);
    expect(safety.every((r) => r.level === 1 || r.level === 2)).toBe(true);
    // Each photo is a PNG served from the address in the alarm's media.
    const withMedia = rows.find((r) => r.code >= 1001 && r.code <= 1008 && r.media !== null);
    const media = JSON.parse(withMedia?.media ?? '[]') as { type: string; url: string }[];
    expect(media.length).toBeGreaterThan(0);
    expect(media[0]?.type).toBe('photo');
    const photo = await t.app.inject({ method: 'GET', url: media[0]?.url ?? '' });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect([...photo.rawPayload.subarray(1, 4)].map((b) => String.fromCharCode(b)).join('')).toBe('PNG');
    expect(sim.client(speeder?.terminalPhone ?? '')?.stats.photos).toBeGreaterThan(0);
  });

  it('the wanderer leaves its line (route deviation)', async () => {
    const rows = await until('a route deviation', async () => {
      const all = await alarmsOf('wanderer');
      return all.some((r) => r.code === 4005) ? all : null;
    });
    expect(rows.filter((r) => r.code === 4005).every((r) => r.source === 2)).toBe(true);
  });

  it('the parker stands too long, and the siphoned truck loses fuel and battery while parked', async () => {
    await until('a parking timeout', async () => (await alarmsOf('parker')).some((r) => r.code === 5003));
    const rows = await until('oil theft and low battery', async () => {
      const all = await alarmsOf('siphoned');
      return all.some((r) => r.code === 5012) && all.some((r) => r.code === 7006) ? all : null;
    });
    expect(rows.find((r) => r.code === 5012)?.source).toBe(2);
  });
});
