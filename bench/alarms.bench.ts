/**
 * Alarm list latency over 1,000,000 stored alarms (issue 5: p95 under 100 ms on SQLite and on
 * PostgreSQL), through the real HTTP API on a fresh database:
 *   - 90 days of alarms of 1,000 trucks in two merchants, the mix of a live fleet (driving and
 *     active-safety alarms most, timing, fault, fence and oil-theft alarms few);
 *   - the list calls of the alarm pages with the filters people use (today, a month, a plate, a type,
 *     unhandled only, a team's dispatcher), page 1 and a deep page, and the over-speed risk.
 *   npx tsx bench/alarms.bench.ts                    (SQLite in a temp dir)
 *   BENCH_DATABASE_URL=postgres://... npx tsx bench/alarms.bench.ts   (a schema of its own, dropped after)
 */
import { cpus, loadavg } from 'node:os';
import { ALARM_PAGES, formatDateTime, fromShanghai } from '@fleet/domain';
import { alarmListInput, toAlarmFilter } from '@fleet/server/src/modules/alarms/alarms.filters';
import { resolveTrucks, scopedAlarms } from '@fleet/server/src/modules/alarms/alarms.repository';
import { sha256Hex } from '@fleet/server/src/modules/auth/tokens';
import { sql } from 'kysely';
import { freshDatabase, random, startHttpServer } from './support';

const ALARMS = Number(process.env.BENCH_ALARMS ?? 1_000_000);
const TRUCKS = 1000;
const DAYS = 90;
const fresh = await freshDatabase();
const database = fresh.open();
const now = fromShanghai(2026, 11, 20, 16).getTime();
const { app, base } = await startHttpServer(fresh, database, {
  // seeds this many demo trucks; the simulator itself is started by main.ts only
  simulatorVehicles: TRUCKS,
  now: () => now,
});
const db = database.db;

const rand = random(5004);

// the mix: [share, codes]
const MIX: [number, readonly number[]][] = [
  [0.3, [5004, 5003, 5005, 5006, 5007, 5001, 5002]],
  [0.12, [7006, 7007, 7003, 7004, 7001, 7017, 7018]],
  [0.4, [...ALARM_PAGES.affairs.codes]],
  [0.06, [...ALARM_PAGES.plan.codes]],
  [0.08, [...ALARM_PAGES.fault.codes]],
  [0.035, [7101, 7102]],
  [0.005, [5012]],
];
function pickCode(): number {
  let r = rand();
  for (const [share, codes] of MIX) {
    if (r < share) return codes[Math.floor(rand() * codes.length)] as number;
    r -= share;
  }
  return 5004;
}

const trucks = await db
  .selectFrom('truck')
  .select(['id', 'merchant_id', 'team_code', 'terminal_id', 'driver_id', 'car_no'])
  .orderBy('id')
  .execute();
const COLUMNS = [
  'merchant_id',
  'team_code',
  'truck_id',
  'terminal_id',
  'driver_id',
  'code',
  'source',
  'level',
  'start_time',
  'end_time',
  'lat',
  'lon',
  'speed',
  'max_speed',
  'media',
  'handle_status',
  'created_at',
  'updated_at',
] as const;
function alarmValues(): unknown[] {
  const truck = trucks[Math.floor(rand() * trucks.length)] as (typeof trucks)[number];
  const code = pickCode();
  const start = now - Math.floor(rand() * DAYS * 86_400_000);
  const end = rand() < 0.02 ? null : start + Math.floor(rand() * 600_000);
  const speed = Math.floor(rand() * 1100);
  const media =
    code < 4000 || (code >= 9001 && code <= 9003)
      ? JSON.stringify([{ type: 'photo', url: '/api/file/e.jpg' }])
      : null;
  return [
    truck.merchant_id,
    truck.team_code,
    truck.id,
    truck.terminal_id,
    truck.driver_id,
    code,
    media ? 1 : 2,
    rand() < 0.5 ? 1 : 2,
    start,
    end,
    39_900_000 + Math.floor(rand() * 1_000_000),
    116_400_000 + Math.floor(rand() * 1_000_000),
    speed,
    speed + 50,
    media,
    start < now - 86_400_000 && rand() < 0.7 ? 1 : 0,
    start,
    start,
  ];
}

const t0 = performance.now();
if (database.sqlite) {
  const insert = database.sqlite.prepare(
    `insert into alarm (${COLUMNS.join(',')}) values (${COLUMNS.map(() => '?').join(',')})`,
  );
  const batch = database.sqlite.transaction((n: number) => {
    for (let i = 0; i < n; i++) insert.run(...alarmValues());
  });
  await db.connection().execute(async () => {
    for (let done = 0; done < ALARMS; done += 50_000) batch(Math.min(50_000, ALARMS - done));
  });
} else {
  const TYPES = [
    'int',
    'text',
    'int',
    'int',
    'int',
    'int',
    'int',
    'int',
    'int8',
    'int8',
    'int',
    'int',
    'int',
    'int',
    'text',
    'int',
    'int8',
    'int8',
  ];
  for (let done = 0; done < ALARMS; done += 10_000) {
    const n = Math.min(10_000, ALARMS - done);
    const cols: unknown[][] = COLUMNS.map(() => []);
    for (let i = 0; i < n; i++) {
      alarmValues().forEach((v, c) => {
        cols[c]?.push(v);
      });
    }
    const arrays = cols.map((values, c) => sql`${values}::${sql.raw(TYPES[c] as string)}[]`);
    await sql`insert into alarm (${sql.raw(COLUMNS.join(','))}) select * from unnest(${sql.join(arrays)})`.execute(
      db,
    );
  }
  // what autovacuum does after a bulk load (PostgreSQL 13+ vacuums on inserts too): statistics, and
  // the visibility map that lets the capped counts read the index alone
  await sql`vacuum analyze alarm`.execute(db);
}
const loaded = performance.now() - t0;

async function call(method: 'GET' | 'POST', url: string, body: Record<string, unknown>, token: string) {
  const query = method === 'GET' ? `?${new URLSearchParams(body as Record<string, string>)}` : '';
  const res = await fetch(base + url + query, {
    method,
    headers: { 'content-type': 'application/json', 'auth-token': token },
    body: method === 'POST' ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as { code: number; msg: string; data: { total: number } };
  if (json.code !== 200) throw new Error(`${url}: ${json.msg}`);
  return json.data;
}
async function login(username: string, password: string) {
  const res = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: sha256Hex(password) }),
  });
  return ((await res.json()) as { data: { token: string } }).data.token;
}
const admin = await login('admin', 'Admin@123');
const dispatch = await login('dispatch', 'Dispatch@123');

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const day = (offset: number) => formatDateTime(new Date(fromShanghai(2026, 11, 20 + offset).getTime()));
const today = { startTime: day(0), endTime: formatDateTime(new Date(now)) };
const week = { startTime: day(-7), endTime: formatDateTime(new Date(now)) };
const month = { startTime: day(-30), endTime: formatDateTime(new Date(now)) };
const plate = (trucks[7] as (typeof trucks)[number]).car_no;

const cases: [string, 'GET' | 'POST', string, Record<string, unknown>, string][] = [
  ['vehicle alarms, today', 'POST', '/v2/web/alarm/drive/list', today, admin],
  ['vehicle alarms, 7 days', 'POST', '/v2/web/alarm/drive/list', week, admin],
  ['vehicle alarms, 7 days, page 50', 'POST', '/v2/web/alarm/drive/list', { ...week, pageNum: 50 }, admin],
  [
    'vehicle alarms, 7 days, a team',
    'POST',
    '/v2/web/alarm/drive/list',
    { ...week, teamCode: '10000010010002' },
    admin,
  ],
  ['vehicle alarms, 30 days', 'POST', '/v2/web/alarm/drive/list', month, admin],
  ['vehicle alarms, no range', 'POST', '/v2/web/alarm/drive/list', {}, admin],
  [
    'vehicle alarms, 30 days, page 200',
    'POST',
    '/v2/web/alarm/drive/list',
    { ...month, pageNum: 200 },
    admin,
  ],
  [
    'vehicle alarms, 30 days, one plate',
    'POST',
    '/v2/web/alarm/drive/list',
    { ...month, carNo: plate },
    admin,
  ],
  [
    'vehicle alarms, 30 days, 5004 unhandled',
    'POST',
    '/v2/web/alarm/drive/list',
    { ...month, eventType: 5004, handleStatus: 0 },
    admin,
  ],
  ['vehicle alarms, today, dispatcher', 'POST', '/v2/web/alarm/drive/list', today, dispatch],
  ['active safety, today', 'POST', '/v2/web/alarm/affairs/list', today, admin],
  [
    'active safety, 30 days, level 1, a team',
    'POST',
    '/v2/web/alarm/affairs/list',
    { ...month, level: 1, teamCode: '10000010020001' },
    admin,
  ],
  [
    'active safety, 7 days, one type',
    'POST',
    '/v2/web/alarm/affairs/list',
    { ...week, eventType: 1001 },
    admin,
  ],
  ['time-effect, 30 days', 'GET', '/plan/alarm/list', month, admin],
  ['fault, 30 days', 'POST', '/v2/web/alarm/fault/list', month, admin],
  ['station fence, today', 'POST', '/electricFence/notice/list', today, admin],
  ['station fence, 7 days, page 50', 'POST', '/electricFence/notice/list', { ...week, pageNum: 50 }, admin],
  ['oil theft, 90 days', 'POST', '/v2/web/alarm/oilTheft/list', {}, admin],
  ['violations, 30 days', 'POST', '/vio/list', month, admin],
  ['alarm records, 30 days, dispatcher', 'POST', '/v2/web/alarm/record/list', month, dispatch],
  ['over-speed risk, 7 days', 'GET', '/drive/alarm/overSpeedRisk', {}, admin],
];
/** BENCH_EXPLAIN=1: the database's plan of each case's page and count queries. */
async function explain(name: string, url: string, body: Record<string, unknown>, asDispatcher: boolean) {
  const key = (Object.keys(PAGE_OF_URL) as (keyof typeof PAGE_OF_URL)[]).find((part) => url.includes(part));
  if (!key) return;
  const codes = ALARM_PAGES[PAGE_OF_URL[key]].codes;
  const scope = { merchantId: 1, teamCode: asDispatcher ? '10000010010001' : '1000001' };
  const filter = await resolveTrucks(db, scope, toAlarmFilter(alarmListInput.parse(body), codes));
  const page = scopedAlarms(db, scope, filter)
    .selectAll()
    .orderBy('start_time', 'desc')
    .orderBy('id', 'desc')
    .limit(10)
    .compile();
  const count = scopedAlarms(db, scope, filter, false).select(sql`1`.as('one')).limit(10_001).compile();
  for (const [what, q] of [
    ['page', page],
    ['count', count],
  ] as const) {
    const plan = await db.executeQuery({
      ...q,
      sql: `${fresh.name === 'postgres' ? 'explain (analyze, buffers)' : 'explain query plan'} ${q.sql}`,
    });
    console.log(`-- ${name} (${what})`);
    for (const row of plan.rows as Record<string, unknown>[])
      console.log(`   ${String(row.detail ?? row['QUERY PLAN'])}`);
  }
}
const PAGE_OF_URL = {
  'drive/list': 'drive',
  'affairs/list': 'affairs',
  '/plan/': 'plan',
  'fault/list': 'fault',
  'notice/list': 'fence',
  'oilTheft/list': 'theft',
  '/vio/': 'violation',
  'record/list': 'record',
} as const;

const rows = [];
const all: number[] = [];
for (const [name, method, url, body, token] of cases) {
  for (let i = 0; i < 3; i++) await call(method, url, body, token);
  const times: number[] = [];
  const cpu: number[] = [];
  let total = 0;
  for (let i = 0; i < 40; i++) {
    const started = performance.now();
    const used = process.cpuUsage();
    total = (await call(method, url, body, token)).total;
    const spent = process.cpuUsage(used);
    times.push(performance.now() - started);
    cpu.push((spent.user + spent.system) / 1000);
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  all.push(...times);
  rows.push({
    call: name,
    total,
    'median ms': quantile(times, 0.5).toFixed(1),
    'p95 ms': quantile(times, 0.95).toFixed(1),
    'max ms': (times[times.length - 1] ?? 0).toFixed(1),
    // CPU of this process (server and client) a call: what other load on the machine inflates least
    'cpu ms/call': quantile(cpu, 0.5).toFixed(1),
  });
  if (process.env.BENCH_EXPLAIN) await explain(name, url, body, token === dispatch);
}
all.sort((a, b) => a - b);

console.log(
  `database: ${fresh.name}; Node ${process.version}; ${cpus().length} cores; load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
console.log(
  `setup: ${ALARMS} alarms of ${trucks.length} trucks over ${DAYS} days in ${(loaded / 1000).toFixed(1)} s`,
);
console.log('\nalarm list calls (40 sequential calls each, page size 10, total counted up to 10000)');
console.table(rows);
console.log(
  `all calls: median ${quantile(all, 0.5).toFixed(1)} ms, p95 ${quantile(all, 0.95).toFixed(1)} ms (target < 100 ms)`,
);

await app.close();
await database.close();
await fresh.dispose();
