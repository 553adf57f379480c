/**
 * The live monitor's vehicle list with calibrated fuel: 2,000 trucks with a live state and a fuel
 * reading, a quarter of them with a 20-row calibration table; times on a real HTTP listener
 *   POST /v2/web/monitor/local/team/carList (page of 50) and POST /monitor/car/monitor (page of 500),
 *   median and p95 of 30 calls after 5 warm-ups; and the calibration alone (calibrateFuel over every
 *   truck's row: the first call reading the tables, then from the cache), which the lists add.
 *   npm run bench:fuel-monitor -w @fleet/bench              (SQLite in a temp dir)
 *   BENCH_DATABASE_URL=postgres://... npm run bench:fuel-monitor -w @fleet/bench
 */
import { sha256Hex } from '@fleet/server/src/modules/auth/tokens';
import { calibrateFuel } from '@fleet/server/src/modules/fuel/calibration-cache';
import { addBenchFleet, freshDatabase, quantile, startHttpServer } from './support';

const TRUCKS = Number(process.env.FUEL_MONITOR_TRUCKS ?? 2000);
const fresh = await freshDatabase();
const database = fresh.open();
const db = database.db;
const now = Date.now();
const { app, base } = await startHttpServer(fresh, database, { now: () => now });
await addBenchFleet(database, TRUCKS);
const trucks = await db
  .selectFrom('truck')
  .select(['id', 'merchant_id', 'team_code', 'terminal_id'])
  .where('vin', 'like', 'BENCH%')
  .execute();
for (let i = 0; i < trucks.length; i += 500) {
  const chunk = trucks.slice(i, i + 500);
  await db
    .updateTable('truck')
    .set({ tank_capacity: 600 })
    .where(
      'id',
      'in',
      chunk.map((t) => t.id),
    )
    .execute();
  await db
    .insertInto('vehicle_state')
    .values(
      chunk.map((t, k) => ({
        truck_id: t.id,
        terminal_id: t.terminal_id as number,
        time: now - 30_000,
        received_at: now - 29_000,
        lat: 39_600_000 + k * 100,
        lon: 109_800_000 + k * 100,
        speed: 600,
        direction: 90,
        acc: 1,
        online: 1,
        alarm_bits: 0,
        status_bits: 3,
        mileage: 1_000_000,
        fuel: 2000 + k,
        driver_id: null,
      })),
    )
    .execute();
  const calibrated = chunk.filter((_, k) => k % 4 === 0);
  const rows = calibrated.flatMap((t) =>
    Array.from({ length: 20 }, (_, r) => ({
      truck_id: t.id,
      reading: r * 500,
      litres: Math.round(r * 300 + r * r * 5),
      merchant_id: t.merchant_id,
      team_code: t.team_code,
      updated_by: null,
      updated_at: now,
    })),
  );
  for (let j = 0; j < rows.length; j += 500)
    await db
      .insertInto('fuel_calibration')
      .values(rows.slice(j, j + 500))
      .execute();
}

async function post(url: string, body: unknown, token?: string) {
  const res = await fetch(base + url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'Auth-Token': token } : {}) },
    body: JSON.stringify(body),
  });
  return res.json() as Promise<{ code: number; data: { list: { fuel: number | null }[]; total: number } }>;
}
const login = (await post('/auth/login', {
  username: 'admin',
  password: sha256Hex('Admin@123'),
})) as unknown as {
  data: { token: string };
};
const token = login.data.token;

async function measure(label: string, url: string, body: unknown) {
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < 35; i++) {
    const t0 = performance.now();
    const res = await post(url, body, token);
    if (res.code !== 200) throw new Error(`${url}: ${JSON.stringify(res).slice(0, 200)}`);
    total = res.data.total;
    if (i >= 5) times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${label} (${total} vehicles): median ${quantile(times, 0.5).toFixed(1)} ms, p95 ${quantile(times, 0.95).toFixed(1)} ms`,
  );
}

console.log(`${fresh.name}, ${TRUCKS} bench trucks, a quarter calibrated`);
await measure('carList, page of 50', '/v2/web/monitor/local/team/carList', { pageNum: 1, pageSize: 50 });
await measure('car/monitor, page of 500', '/monitor/car/monitor', { pageNum: 1, pageSize: 500 });
const readRows = () =>
  db
    .selectFrom('truck as t')
    .innerJoin('vehicle_state as vs', 'vs.truck_id', 't.id')
    .select(['t.id as truckId', 'vs.fuel', 't.tank_capacity as tankCapacity'])
    .execute();
let t0 = performance.now();
await calibrateFuel(db, await readRows());
const cold = performance.now() - t0;
const warm: number[] = [];
for (let i = 0; i < 30; i++) {
  const rows = await readRows();
  t0 = performance.now();
  await calibrateFuel(db, rows);
  warm.push(performance.now() - t0);
}
warm.sort((a, b) => a - b);
console.log(
  `calibration of ${TRUCKS + 40} rows: first (tables read) ${cold.toFixed(1)} ms, cached median ${quantile(warm, 0.5).toFixed(2)} ms, p95 ${quantile(warm, 0.95).toFixed(2)} ms`,
);
await app.close();
await database.close().catch(() => undefined);
await fresh.dispose();
