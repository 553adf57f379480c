/**
 * Monitoring and history latency on a real HTTP listener and a fresh database:
 *   - POST /monitor/point/aggregate2 over 20,000 vehicles in vehicle_state, at several zooms
 *     (target: under 50 ms);
 *   - POST /v2/web/monitor/local/truck/trail/history for one truck's day of one-second reports
 *     (86,400 points), thinned (target: under 150 ms).
 *   npx tsx bench/monitor.bench.ts                    (SQLite in a temp dir)
 *   BENCH_DATABASE_URL=postgres://... npx tsx bench/monitor.bench.ts   (a schema of its own, dropped after)
 */
import { cpus, loadavg } from 'node:os';
import { formatDateTime, fromShanghai } from '@fleet/domain';
import { sha256Hex } from '@fleet/server/src/modules/auth/tokens';
import { insertTrack, type TrackFixturePoint } from '@fleet/server/src/modules/monitor/test-fixtures';
import { freshDatabase, random, startHttpServer } from './support';

const VEHICLES = 20_000;
const DAY_POINTS = 86_400;
const fresh = await freshDatabase();
const database = fresh.open();
const now = fromShanghai(2026, 11, 20, 10).getTime();
const { app, base } = await startHttpServer(fresh, database, {
  now: () => now,
});
const db = database.db;

const rand = random(808);
const gauss = () => Math.sqrt(-2 * Math.log(rand() + 1e-12)) * Math.cos(2 * Math.PI * rand());

// --- 20,000 vehicles: around the big cities of the north and along the Ordos–Tianjin corridor
const HUBS = [
  { lng: 116.4, lat: 39.9, sd: 0.35, share: 0.25 },
  { lng: 117.2, lat: 39.1, sd: 0.3, share: 0.15 },
  { lng: 109.8, lat: 39.6, sd: 0.4, share: 0.1 },
  { lng: 111.7, lat: 40.8, sd: 0.3, share: 0.08 },
  { lng: 114.5, lat: 38.0, sd: 0.3, share: 0.07 },
  { lng: 121.5, lat: 31.2, sd: 0.4, share: 0.1 },
  { lng: 113.3, lat: 23.1, sd: 0.4, share: 0.1 },
  { lng: 104.1, lat: 30.6, sd: 0.4, share: 0.05 },
];
const TEAMS = ['10000010010001', '10000010010002', '10000010020001'];
const t0 = performance.now();
const merchant = await db.selectFrom('merchant').select('id').orderBy('id').executeTakeFirstOrThrow();
for (let start = 0; start < VEHICLES; start += 500) {
  const trucks = Array.from({ length: Math.min(500, VEHICLES - start) }, (_, k) => {
    const n = start + k;
    return {
      merchant_id: merchant.id,
      team_code: TEAMS[n % TEAMS.length] as string,
      car_no: `京B${String(n).padStart(5, '0')}`,
      vin: `LBENCH${String(n).padStart(11, '0')}`,
      tank_capacity: 600,
      created_at: now,
      updated_at: now,
    };
  });
  const ids = await db.insertInto('truck').values(trucks).returning('id').execute();
  const states = ids.map(({ id }) => {
    let lng: number;
    let lat: number;
    if (rand() < 0.2) {
      // on the corridor between Ordos and Tianjin port
      const f = rand();
      lng = 109.8 + f * (117.7 - 109.8) + gauss() * 0.05;
      lat = 39.6 + f * (39.0 - 39.6) + Math.sin(f * Math.PI) * 1.2 + gauss() * 0.05;
    } else {
      const pick = rand();
      let below = 0;
      const hub =
        HUBS.find((h) => {
          below += h.share;
          return pick < below;
        }) ?? (HUBS[0] as (typeof HUBS)[number]);
      lng = hub.lng + gauss() * hub.sd;
      lat = hub.lat + gauss() * hub.sd * 0.8;
    }
    const online = rand() < 0.85;
    const speed = online && rand() < 0.6 ? Math.round(300 + rand() * 700) : 0;
    const time = online ? now - Math.round(rand() * 60_000) : now - Math.round(rand() * 86_400_000 * 3);
    return {
      truck_id: id,
      terminal_id: 0,
      time,
      received_at: time,
      lat: Math.round(lat * 1e6),
      lon: Math.round(lng * 1e6),
      speed,
      direction: Math.round(rand() * 359),
      acc: speed > 0 ? 1 : 0,
      online: online ? 1 : 0,
      alarm_bits: rand() < 0.03 ? 2 : 0,
      status_bits: 3,
      mileage: Math.round(rand() * 5_000_000),
      fuel: Math.round(rand() * 6000),
      driver_id: null,
    };
  });
  await db.insertInto('vehicle_state').values(states).execute();
}
const vehiclesLoaded = performance.now() - t0;

// --- one truck, one day of one-second reports: highway, trunk roads, city streets and stops. Speeds
// hover around a cruise speed that changes every few minutes (as a driver's does), so the track
// crosses speed bands now and then; five short overspeed episodes raise the overspeed alarm.
const truck = await db
  .selectFrom('truck')
  .select('id')
  .where('vin', '=', 'LBENCH00000000000')
  .executeTakeFirstOrThrow();
const dayStart = fromShanghai(2026, 11, 19).getTime();
function dayTrack(): TrackFixturePoint[] {
  const points: TrackFixturePoint[] = [];
  let lng = 109.98;
  let lat = 39.82;
  let heading = 70;
  let fuel = 400;
  let mileage = 120_000;
  let altitude = 1400;
  const plan: ['park' | 'city' | 'trunk' | 'highway', number][] = [
    ['park', 6 * 3600],
    ['city', 1800],
    ['trunk', 5400],
    ['highway', 4 * 3600],
    ['park', 2700],
    ['highway', 3 * 3600],
    ['trunk', 3600],
    ['city', 3600],
    ['park', 3600],
  ];
  plan.push(['park', DAY_POINTS - plan.reduce((n, [, seconds]) => n + seconds, 0)]);
  const CRUISE = { park: [0, 0], city: [25, 45], trunk: [50, 70], highway: [80, 92] } as const;
  let speed = 0;
  let target = 0;
  let s = 0;
  for (const [kind, seconds] of plan) {
    for (let k = 0; k < seconds; k++, s++) {
      if (k % 300 === 0) target = CRUISE[kind][0] + rand() * (CRUISE[kind][1] - CRUISE[kind][0]);
      const overspeed = kind === 'highway' && k % 2880 >= 2800 && k % 2880 < 2830 && k < 14_400;
      if (kind === 'park' || (kind === 'city' && s % 150 < 40)) speed = Math.max(0, speed - 8);
      else speed = Math.max(0, speed + ((overspeed ? 104 : target) - speed) * 0.05 + gauss() * 0.3);
      if (speed > 0) {
        heading += gauss() * (kind === 'city' ? 2 : 0.3);
        const meters = speed / 3.6;
        lng += (meters * Math.sin((heading * Math.PI) / 180)) / (111_320 * Math.cos((lat * Math.PI) / 180));
        lat += (meters * Math.cos((heading * Math.PI) / 180)) / 110_574;
        mileage += meters / 1000;
        fuel -= meters / 1000 / 3;
        altitude += gauss() * 0.3;
      }
      if (kind === 'park' && k === 600 && fuel < 300) fuel += 250;
      points.push({
        time: dayStart + s * 1000,
        // GNSS jitter of a couple of metres
        lat: lat + gauss() * 0.00002,
        lng: lng + gauss() * 0.00002,
        speed: Math.round(speed * 10) / 10,
        direction: Math.round(((heading % 360) + 360) % 360),
        altitude: Math.round(altitude),
        alarmBits: speed > 100 ? 2 : 0,
        acc: kind !== 'park',
        fuel: Math.round(fuel * 10) / 10,
        mileage: Math.round(mileage * 10) / 10,
      });
    }
  }
  return points;
}
const t1 = performance.now();
await insertTrack(db, truck.id, dayTrack());
const trackLoaded = performance.now() - t1;

async function post(url: string, body: unknown, token?: string) {
  const res = await fetch(base + url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'auth-token': token } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  // biome-ignore lint/suspicious/noExplicitAny: the bench reads whatever each answer carries
  return { bytes: text.length, json: JSON.parse(text) as { code: number; msg: string; data: any } };
}
const login = await post('/auth/login', { username: 'admin', password: sha256Hex('Admin@123') });
const token = login.json.data.token as string;

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

/**
 * Sequential calls: wall-clock median, p95 and max, and the median CPU time of this process a call
 * (server and client together), which other load on the machine inflates far less than wall time.
 */
async function measure(count: number, fn: () => Promise<unknown>) {
  for (let i = 0; i < 5; i++) await fn(); // warm-up
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const used = process.cpuUsage();
    await fn();
    const spent = process.cpuUsage(used);
    times.push(performance.now() - started);
    cpu.push((spent.user + spent.system) / 1000);
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return {
    median: quantile(times, 0.5),
    p95: quantile(times, 0.95),
    max: times[times.length - 1] ?? 0,
    cpu: quantile(cpu, 0.5),
  };
}

/** A 1920×1080 screen's box around a point at a zoom (the whole of China at zoom 4 and below). */
function viewport(zoom: number, lng: number, lat: number) {
  if (zoom <= 4) return { minLng: 73, minLat: 18, maxLng: 135, maxLat: 54 };
  const degPerPx = 360 / (256 * 2 ** zoom);
  return {
    minLng: lng - 960 * degPerPx,
    maxLng: lng + 960 * degPerPx,
    minLat: lat - 540 * degPerPx * 0.77,
    maxLat: lat + 540 * degPerPx * 0.77,
  };
}

const aggregateRows = [];
const all: number[] = [];
for (const zoom of [4, 6, 8, 10, 12, 14, 17]) {
  const body = { zoom, ...viewport(zoom, 116.4, 39.9) };
  const sample = await post('/monitor/point/aggregate2', body, token);
  if (sample.json.code !== 200) throw new Error(`aggregate2: ${sample.json.msg}`);
  const started = performance.now();
  const stats = await measure(200, async () => {
    const t = performance.now();
    await post('/monitor/point/aggregate2', body, token);
    all.push(performance.now() - t);
  });
  aggregateRows.push({
    zoom,
    clusters: sample.json.data.clusters.length,
    'single vehicles': sample.json.data.vehicles.length,
    'vehicles in scope': sample.json.data.counts.total,
    'answer KB': (sample.bytes / 1024).toFixed(1),
    'median ms': stats.median.toFixed(2),
    'p95 ms': stats.p95.toFixed(2),
    'max ms': stats.max.toFixed(2),
    'cpu ms/call': stats.cpu.toFixed(2),
    'run s': ((performance.now() - started) / 1000).toFixed(1),
  });
}
all.sort((a, b) => a - b);
// a filter nobody asked for yet builds its cluster index on the request
const coldFilter = await measure(1, () =>
  post('/monitor/point/aggregate2', { zoom: 8, state: 'MOVING', ...viewport(8, 116.4, 39.9) }, token),
);

const trailBody = {
  vin: 'LBENCH00000000000',
  beginTime: formatDateTime(new Date(dayStart)),
  endTime: formatDateTime(new Date(dayStart + DAY_POINTS * 1000 - 1000)),
  thin: true,
  thinLevel: 8,
};
const thinned = await post('/v2/web/monitor/local/truck/trail/history', trailBody, token);
if (thinned.json.code !== 200) throw new Error(`trail: ${thinned.json.msg}`);
const trailStats = await measure(30, () =>
  post('/v2/web/monitor/local/truck/trail/history', trailBody, token),
);
const full = await post('/v2/web/monitor/local/truck/trail/history', { ...trailBody, thin: false }, token);
const fullStats = await measure(3, () =>
  post('/v2/web/monitor/local/truck/trail/history', { ...trailBody, thin: false }, token),
);

console.log(
  `database: ${fresh.name}; Node ${process.version}; ${cpus().length} cores; load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
console.log(
  `setup: ${VEHICLES} vehicles in ${(vehiclesLoaded / 1000).toFixed(1)} s, ${DAY_POINTS} track points in ${(trackLoaded / 1000).toFixed(1)} s`,
);
console.log(
  '\nPOST /monitor/point/aggregate2 (200 sequential calls a zoom, 1920×1080 viewport over Beijing)',
);
console.table(aggregateRows);
console.log(
  `all zooms: median ${quantile(all, 0.5).toFixed(2)} ms, p95 ${quantile(all, 0.95).toFixed(2)} ms (target < 50 ms); ` +
    `first call of a new filter ${coldFilter.median.toFixed(1)} ms`,
);
console.log('\nPOST /v2/web/monitor/local/truck/trail/history, one day of 1 Hz reports');
console.table([
  {
    call: 'thinned (thinLevel 8)',
    'points in': thinned.json.data.rawTotal,
    'points out': thinned.json.data.total,
    'answer KB': (thinned.bytes / 1024).toFixed(0),
    'median ms': trailStats.median.toFixed(1),
    'p95 ms': trailStats.p95.toFixed(1),
    'cpu ms/call': trailStats.cpu.toFixed(1),
    calls: 30,
  },
  {
    call: 'unthinned',
    'points in': full.json.data.rawTotal,
    'points out': full.json.data.total,
    'answer KB': (full.bytes / 1024).toFixed(0),
    'median ms': fullStats.median.toFixed(1),
    'p95 ms': fullStats.p95.toFixed(1),
    'cpu ms/call': fullStats.cpu.toFixed(1),
    calls: 3,
  },
]);
console.log('target: thinned day under 150 ms');

await app.close();
await database.close();
await fresh.dispose();
