/**
 * API latency on a real HTTP listener and a fresh database: the session calls every page makes,
 * against /api/health (no database) as the baseline of the same run.
 *   npm run bench            (SQLite in a temp dir)
 *   BENCH_DATABASE_URL=postgres://... npm run bench   (a fresh schema on it)
 */
import { sha256Hex } from '@fleet/server/src/modules/auth/tokens';
import { freshDatabase, startHttpServer } from './support';

const fresh = await freshDatabase();
const database = fresh.open();
const { app, base } = await startHttpServer(fresh, database);

async function post(url: string, body: unknown, token?: string) {
  const res = await fetch(base + url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'auth-token': token } : {}) },
    body: JSON.stringify(body),
  });
  return res.json() as Promise<{ code: number; data: { token: string } }>;
}

const login = () => post('/auth/login', { username: 'dispatch', password: sha256Hex('Dispatch@123') });
const token = (await login()).data.token;

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

/** Runs `fn` `count` times with `concurrency` in flight; answers median, p95 and requests per second. */
async function measure(name: string, count: number, concurrency: number, fn: () => Promise<unknown>) {
  for (let i = 0; i < Math.min(20, count); i++) await fn(); // warm-up
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < count) {
        const t0 = performance.now();
        await fn();
        times.push(performance.now() - t0);
      }
    }),
  );
  const wall = performance.now() - started;
  times.sort((a, b) => a - b);
  return {
    name,
    count,
    concurrency,
    median: quantile(times, 0.5),
    p95: quantile(times, 0.95),
    rps: (count / wall) * 1000,
  };
}

const get = (url: string) => () =>
  fetch(base + url, { headers: { 'auth-token': token } }).then((r) => r.arrayBuffer());
const results = [
  await measure('GET /health (baseline)', 2000, 8, () =>
    fetch(`${base}/health`).then((r) => r.arrayBuffer()),
  ),
  await measure('GET /user/info', 2000, 8, get('/user/info')),
  await measure('GET /team/tree', 2000, 8, get('/team/tree')),
  await measure('POST /system/user/page', 1000, 8, () => post('/system/user/page', { pageSize: 20 }, token)),
  await measure('POST /auth/login (scrypt)', 100, 4, login),
];
const baseline = results[0]?.median ?? 1;
console.log(`database: ${fresh.name}`);
console.table(
  results.map((r) => ({
    call: r.name,
    requests: r.count,
    concurrency: r.concurrency,
    'median ms': r.median.toFixed(2),
    'p95 ms': r.p95.toFixed(2),
    'req/s': r.rps.toFixed(0),
    'median ÷ baseline': (r.median / baseline).toFixed(1),
  })),
);
await app.close();
await database.close();
await fresh.dispose();
