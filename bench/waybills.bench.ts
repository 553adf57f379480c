/**
 * Waybills (issue 12) on a fresh database:
 *   list   the waybill list (`POST /api/colliery/waybill/page`) over 1,000,000 waybills of a year
 *          (1,000 trucks, both demo merchants, customers by a Zipf-like popularity): each filter
 *          alone and combined, page 1 and a deep page, as the administrator and as a dispatcher of
 *          one team, through real HTTP: p50 / p95 (target p95 < 100 ms);
 *   import 10,000 waybills through `POST /api/colliery/waybill/import` (time), and the same sheet
 *          with one bad row: nothing imported, the row named;
 *   fences the cost of the waybill fence events in the ingest: CPU µs a report with and without
 *          `WaybillFences.observe` with 5,000 open waybills: one in-process ingest (with the alarm
 *          rules) fed batches of 5,000 reports (one a truck), its hook switched batch by batch
 *          between none, a control hook and the fences, medians of several runs (target under 5 %
 *          added); and the hook alone.
 *   npm run bench:waybills -w @fleet/bench                  (SQLite in a temp dir)
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_waybills npm run bench:waybills -w @fleet/bench
 * Settings (env): BENCH_WAYBILLS (1000000), BENCH_PARTS (list,import,fences), BENCH_CALLS (30 a case),
 * BENCH_IMPORT_ROWS (10000), BENCH_OPEN_WAYBILLS (5000), BENCH_FENCE_REPORTS (20 rounds a run),
 * BENCH_RUNS (5 of each, fences).
 */
import { cpus, loadavg } from 'node:os';
import { formatDateTime, fromShanghai } from '@fleet/domain';
import type { Db } from '@fleet/server/src/db/connection';
import { WaybillFences } from '@fleet/server/src/modules/waybills/waybill-fences';
import { AlarmEngine } from '@fleet/server/src/telematics/alarms/engine';
import { AlarmSettingsCache } from '@fleet/server/src/telematics/alarms/settings-cache';
import { Ingest } from '@fleet/server/src/telematics/ingest/ingest';
import { positionRow } from '@fleet/server/src/telematics/ingest/position';
import { decodeMessage, encodeLocation, parseFrame } from '@fleet/server/src/telematics/jt808';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import {
  addBenchFleet,
  type BenchDatabase,
  env,
  fmt,
  freshDatabase,
  median,
  quantile,
  random,
  startHttpServer,
} from './support';
import { addWaybillReference, addWaybills, type MerchantRefs, signIn } from './waybills.support';

const WAYBILLS = env('BENCH_WAYBILLS', 1_000_000);
const PARTS = new Set((process.env.BENCH_PARTS ?? 'list,import,fences').split(','));
const CALLS = env('BENCH_CALLS', 30);
const IMPORT_ROWS = env('BENCH_IMPORT_ROWS', 10_000);
const OPEN_WAYBILLS = env('BENCH_OPEN_WAYBILLS', 5_000);
const FENCE_REPORTS = env('BENCH_FENCE_REPORTS', 20);
const RUNS = env('BENCH_RUNS', 5);
const TRUCKS = 1000;
const DAYS = 365;
const now = fromShanghai(2026, 11, 20, 16).getTime();
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

console.log(`Node ${process.version}; ${cpus().length} cores; load average at start ${load()}`);

// --- list and import ---------------------------------------------------------------------------

async function listAndImport(): Promise<void> {
  const fresh = await freshDatabase();
  const database = fresh.open();
  const { app, base } = await startHttpServer(fresh, database, {
    // 1,000 demo trucks; the demo's own waybills stay out (the bulk numbers its days from 1)
    simulatorVehicles: TRUCKS,
    seedDemoWaybills: false,
    now: () => now,
  });
  try {
    const t0 = performance.now();
    const refs = await addWaybillReference(database, now);
    let shown = 0;
    await addWaybills(database, refs, WAYBILLS, now, DAYS, 12, (done) => {
      if (done - shown >= 200_000 || done === WAYBILLS) {
        shown = done;
        process.stdout.write(`  ${fmt(done)} waybills written\r`);
      }
    });
    if (fresh.name === 'postgres') await sql`vacuum analyze waybill`.execute(database.db);
    else await sql`analyze`.execute(database.db);
    const loaded = (performance.now() - t0) / 1000;
    console.log(
      `\n${fresh.name}: ${fmt(WAYBILLS)} waybills of ${refs.reduce((n, m) => n + m.trucks.length, 0)} trucks ` +
        `over ${DAYS} days written in ${loaded.toFixed(1)} s (load average ${load()})`,
    );
    const admin = await signIn(base, 'admin', 'Admin@123');
    const dispatch = await signIn(base, 'dispatch', 'Dispatch@123');
    const probe = await fetch(`${base}/colliery/waybill/page`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'auth-token': admin.token },
      body: JSON.stringify({ pageSize: 10 }),
    });
    if (probe.status === 404) {
      console.log('POST /api/colliery/waybill/page is not registered: no list or import figures.');
      return;
    }
    if (PARTS.has('list')) await listCases(fresh, refs, admin, dispatch);
    if (PARTS.has('import')) await imports(base, database, refs, admin);
  } finally {
    await app.close();
    await database.close();
    await fresh.dispose();
  }
}

type Client = Awaited<ReturnType<typeof signIn>>;

async function listCases(fresh: BenchDatabase, refs: MerchantRefs[], admin: Client, dispatch: Client) {
  const logistics = refs[0] as MerchantRefs;
  const day = (offset: number) => formatDateTime(new Date(now + offset * 86_400_000));
  const end = formatDateTime(new Date(now));
  const week = { startTime: day(-7), endTime: end };
  const month = { startTime: day(-30), endTime: end };
  const topCustomer = logistics.customers[0] as number;
  const rareCustomer = logistics.customers[150] as number;
  const line = ((logistics.linesOf[0] ?? [])[0] as { id: number }).id;
  const rareLine = ((logistics.linesOf[150] ?? [])[0] as { id: number }).id;
  const plate = (logistics.trucks[7] as { car_no: string }).car_no;
  const dispatcherTruck = logistics.trucks.find((t) => t.team_code === '10000010010001') as {
    car_no: string;
  };
  const cases: [string, Record<string, unknown>, Client][] = [
    ['no filter', {}, admin],
    ['no filter, page 500', { pageNum: 500 }, admin],
    ['customer (top)', { customerId: topCustomer }, admin],
    ['customer (rare)', { customerId: rareCustomer }, admin],
    ['line (top customer)', { lineId: line }, admin],
    ['line (rare)', { lineId: rareLine }, admin],
    ['status 3 (in transit)', { status: 3 }, admin],
    ['status 6 (completed)', { status: 6 }, admin],
    ['cancelled', { cancelled: 1 }, admin],
    ['created last 7 days', week, admin],
    ['created last 30 days', month, admin],
    ['created last 30 days, page 200', { ...month, pageNum: 200 }, admin],
    ['plate (whole)', { carNo: plate }, admin],
    ['plate (part: 京A1)', { carNo: '京A1' }, admin],
    ['customer + 30 days', { customerId: topCustomer, ...month }, admin],
    ['customer + status 6 + 30 days', { customerId: topCustomer, status: 6, ...month }, admin],
    [
      'customer + status 6 + 30 days, page 100',
      { customerId: topCustomer, status: 6, ...month, pageNum: 100 },
      admin,
    ],
    ['line + status 4 + 7 days', { lineId: line, status: 4, ...week }, admin],
    ['plate + 30 days', { carNo: plate, ...month }, admin],
    ['plate + status 6 + customer', { carNo: plate, status: 6, customerId: topCustomer }, admin],
    ['rare customer + status 1', { customerId: rareCustomer, status: 1 }, admin],
    ['dispatcher: no filter', {}, dispatch],
    ['dispatcher: no filter, page 200', { pageNum: 200 }, dispatch],
    ['dispatcher: 7 days', week, dispatch],
    ['dispatcher: customer + 30 days', { customerId: topCustomer, ...month }, dispatch],
    ['dispatcher: plate', { carNo: dispatcherTruck.car_no }, dispatch],
    ['dispatcher: status 3', { status: 3 }, dispatch],
  ];
  const rows = [];
  const all: number[] = [];
  const slow: string[] = [];
  for (const [name, filter, who] of cases) {
    const body = { pageNum: 1, pageSize: 10, ...filter };
    for (let i = 0; i < 3; i++) await who.post('/colliery/waybill/page', body);
    const times: number[] = [];
    const cpu: number[] = [];
    let total = 0;
    for (let i = 0; i < CALLS; i++) {
      const started = performance.now();
      const used = process.cpuUsage();
      total = (await who.post<{ total: number }>('/colliery/waybill/page', body)).total;
      const spent = process.cpuUsage(used);
      times.push(performance.now() - started);
      cpu.push((spent.user + spent.system) / 1000);
    }
    times.sort((a, b) => a - b);
    cpu.sort((a, b) => a - b);
    all.push(...times);
    const p95 = quantile(times, 0.95);
    if (p95 >= 100) slow.push(name);
    rows.push({
      call: name,
      total,
      'p50 ms': quantile(times, 0.5).toFixed(1),
      'p95 ms': p95.toFixed(1),
      'max ms': (times[times.length - 1] ?? 0).toFixed(1),
      'cpu ms/call': quantile(cpu, 0.5).toFixed(1),
    });
  }
  all.sort((a, b) => a - b);
  console.log(
    `\nwaybill list (${CALLS} sequential calls a case, page size 10) on ${fresh.name}, load average ${load()}`,
  );
  console.table(rows);
  console.log(
    `all calls: p50 ${quantile(all, 0.5).toFixed(1)} ms, p95 ${quantile(all, 0.95).toFixed(1)} ms (target p95 < 100 ms)` +
      (slow.length ? `; p95 over 100 ms: ${slow.join('; ')}` : ''),
  );
}

async function imports(base: string, database: Db, refs: MerchantRefs[], admin: Client) {
  const logistics = refs[0] as MerchantRefs;
  const template = await fetch(`${base}/colliery/waybill/import/template`, {
    headers: { 'auth-token': admin.token },
  });
  if (template.status !== 200) {
    console.log(`GET /api/colliery/waybill/import/template answered ${template.status}: no import figures.`);
    return;
  }
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(await template.arrayBuffer()) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('template without a sheet');
  let headerRow = 1;
  for (let r = 1; r <= 5; r++)
    if ((sheet.getRow(r).values as unknown[]).some((v) => String(v ?? '').includes('车牌号'))) {
      headerRow = r;
      break;
    }
  const headers = (sheet.getRow(headerRow).values as unknown[]).slice(1).map((v) =>
    String(v ?? '')
      .replace(/\*|＊/g, '')
      .trim(),
  );
  const names = await database.db
    .selectFrom('customer')
    .innerJoin('line', 'line.customer_id', 'customer.id')
    .select(['customer.customer_name', 'line.name as line_name', 'line.cargo'])
    .where('customer.id', 'in', logistics.customers.slice(0, 20))
    .execute();
  const plannedLoad = formatDateTime(new Date(now + 86_400_000));
  const plannedArrive = formatDateTime(new Date(now + 2 * 86_400_000));
  const rowsOf = (badAt: number | null) =>
    Array.from({ length: IMPORT_ROWS }, (_, i) => {
      const n = names[i % names.length] as (typeof names)[number];
      const truck = logistics.trucks[i % logistics.trucks.length] as { car_no: string };
      const value: Record<string, string> = {
        客户名称: n.customer_name,
        线路名称: n.line_name,
        货物名称: n.cargo ?? '动力煤',
        车牌号: i === badAt ? '京Z0000Z' : truck.car_no,
        计划装货时间: plannedLoad,
        计划到达时间: plannedArrive,
        备注: `导入基准${i + 1}`,
      };
      return headers.map((h) => value[h] ?? '');
    });
  const fileOf = async (rows: string[][]) => {
    const out = new ExcelJS.Workbook();
    const s = out.addWorksheet('运单');
    for (let r = 1; r < headerRow; r++) s.addRow([]);
    s.addRow(headers);
    for (const r of rows) s.addRow(r);
    return Buffer.from(await out.xlsx.writeBuffer());
  };
  const post = async (file: Buffer) => {
    const boundary = `----bench${Math.random().toString(16).slice(2)}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="运单.xlsx"\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const started = performance.now();
    const res = await fetch(`${base}/colliery/waybill/import`, {
      method: 'POST',
      headers: { 'auth-token': admin.token, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: payload,
    });
    const json = (await res.json()) as { code: number; msg: string; data: unknown };
    return { ms: performance.now() - started, ...json };
  };
  const count = async () =>
    Number(
      (
        await database.db
          .selectFrom('waybill')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('remark', 'like', '导入基准%')
          .executeTakeFirstOrThrow()
      ).n,
    );
  const badAt = IMPORT_ROWS - 2;
  const bad = await post(await fileOf(rowsOf(badAt)));
  const afterBad = await count();
  const good = await post(await fileOf(rowsOf(null)));
  const afterGood = await count();
  const sheetRow = headerRow + 1 + badAt;
  console.log(`\nwaybill import on ${IMPORT_ROWS} rows (load average ${load()})`);
  console.table([
    {
      what: `${fmt(IMPORT_ROWS)} rows, all valid`,
      ms: fmt(good.ms),
      code: good.code,
      imported: afterGood - afterBad,
      answer: good.code === 200 ? 'ok' : good.msg,
    },
    {
      what: `${fmt(IMPORT_ROWS)} rows, row ${sheetRow} bad`,
      ms: fmt(bad.ms),
      code: bad.code,
      imported: afterBad,
      answer: bad.msg.slice(0, 60),
    },
  ]);
  const named = bad.code === 400 && bad.msg.includes(`第${sheetRow}行`);
  console.log(
    `bad sheet: ${bad.code === 400 && afterBad === 0 ? 'nothing imported' : 'IMPORTED ROWS'}, ` +
      `row ${sheetRow} ${named ? 'named' : 'NOT named'}; good sheet: ${afterGood - afterBad} of ${IMPORT_ROWS} imported`,
  );
}

// --- the fence events' cost in the ingest ------------------------------------------------------

async function fenceCost(): Promise<void> {
  const fresh = await freshDatabase();
  const database = fresh.open();
  const { app } = await startHttpServer(fresh, database, { seedDemoWaybills: false, now: () => now });
  try {
    await addBenchFleet(database, OPEN_WAYBILLS);
    const db = database.db;
    const trucks = await db
      .selectFrom('truck')
      .select(['id', 'terminal_id', 'merchant_id', 'team_code'])
      .where('vin', 'like', 'BENCH%')
      .orderBy('id')
      .execute();
    const customer = await db
      .selectFrom('customer')
      .select('id')
      .where('merchant_id', '=', trucks[0]?.merchant_id ?? 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const line = await db
      .selectFrom('line')
      .select('id')
      .where('merchant_id', '=', trucks[0]?.merchant_id ?? 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    // each truck drives east along its own parallel, its loading and unloading stations 1.5 km off
    // the road (outside their 500 m fences): what nearly every report of a truck with an open
    // waybill costs
    const start = (i: number) => ({
      lat: 38_000_000 + (i % 1000) * 2_000,
      lon: 108_000_000 + Math.floor(i / 1000) * 300_000,
    });
    const stations: number[] = [];
    for (let i = 0; i < trucks.length; i += 500) {
      const part = trucks.slice(i, i + 500);
      const rows = await db
        .insertInto('station')
        .values(
          part.flatMap((t, j) => {
            const s = start(i + j);
            return [0, 1].map((k) => ({
              merchant_id: t.merchant_id,
              team_code: t.team_code,
              name: `基准围栏${i + j + 1}-${k + 1}`,
              type: k + 1,
              address: '基准',
              lat: s.lat + 13_500,
              lon: s.lon + 20_000 + k * 100_000,
              fence_type: 'circle',
              radius: 500,
              created_at: now,
              updated_at: now,
            }));
          }),
        )
        .returning('id')
        .execute();
      stations.push(...rows.map((r) => r.id));
    }
    for (let i = 0; i < trucks.length; i += 500)
      await db
        .insertInto('waybill')
        .values(
          trucks.slice(i, i + 500).map((t, j) => ({
            merchant_id: t.merchant_id,
            team_code: t.team_code,
            bill_no: `YD20261120${String(90_000 + i + j).padStart(6, '0')}`,
            customer_id: customer.id,
            line_id: line.id,
            loading_station_id: stations[(i + j) * 2] as number,
            unloading_station_id: stations[(i + j) * 2 + 1] as number,
            truck_id: t.id,
            driver_id: null,
            status: 1,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
    const fences = new WaybillFences(db, null, { error: (obj, msg) => console.error(msg, obj) });
    await fences.load();
    console.log(`\nfence events: ${fences.size} trucks with an open waybill in the cache`);

    const message = decodeMessage(
      parseFrame(
        encodeLocation(
          { phone: '1', serial: 1 },
          { status: 3, lat: 38, lon: 108, speed: 62.5, time: now, extras: { mileageKm: 1000, fuelL: 400 } },
        ),
      ),
    );
    if (message.kind !== 'location') throw new Error('not a location');
    const location = message.location;
    let step = 0;
    // One ingest, its hook switched batch by batch between nothing, a control that only looks each
    // report's truck up (what calling a hook costs; it shows how far apart two alike sides come
    // out on this machine) and WaybillFences.observe. A batch is 5,000 reports (one of every truck,
    // 10 s after its last, ~170 m further east), measured on its own, the three in a drawn order
    // each round, so that drifts of the machine's load and the database's checkpoints fall alike.
    type Mode = 'none' | 'control' | 'fences';
    const MODES: Mode[] = ['none', 'control', 'fences'];
    let mode: Mode = 'none';
    const lookup = new Map(trucks.map((t) => [t.id, t.id]));
    let looked = 0;
    // the ingest as the app runs it: with the platform's alarm rules on every report
    const settings = new AlarmSettingsCache(db);
    await settings.load();
    const ingest = new Ingest(database, {
      alarms: new AlarmEngine(settings),
      stopThresholdMs: 180_000,
      log: { error: (obj, msg) => console.error(msg, obj) },
      now: () => now,
      afterStore: (rows) => {
        if (mode === 'fences') fences.observe(rows);
        else if (mode === 'control') for (const r of rows) looked += lookup.get(r.truckId) ?? 0;
      },
    });
    await ingest.load();
    const batch = () => {
      step++;
      return trucks.map((t, i) => {
        const s = start(i);
        const row = positionRow(location, t.id, t.terminal_id ?? 0, now + step * 10_000);
        row.time = now + step * 10_000;
        row.lat = s.lat;
        row.lon = s.lon + step * 2_000;
        return {
          scope: { truckId: t.id, merchantId: t.merchant_id, teamCode: t.team_code, driverId: null },
          row,
        };
      });
    };
    /** CPU µs a report of one batch (the hook's work included: it runs before the last report's answer is seen). */
    const measure = async (m: Mode) => {
      const reports = batch();
      mode = m;
      const cpu = process.cpuUsage();
      await new Promise<void>((resolve) => {
        let left = reports.length;
        for (const { scope, row } of reports)
          ingest.store(scope, [row], () => {
            if (--left === 0) resolve();
          });
      });
      const used = process.cpuUsage(cpu);
      return (used.user + used.system) / reports.length;
    };
    const coin = random(808);
    /** Per mode, what each round's batch of it cost more than the round's batch without a hook. */
    const added: Record<Mode, number[]> = { none: [], control: [], fences: [] };
    /** One run: FENCE_REPORTS rounds of a batch in each mode; the mean CPU µs a report of each. */
    const run = async () => {
      const sums: Record<Mode, number> = { none: 0, control: 0, fences: 0 };
      for (let r = 0; r < FENCE_REPORTS; r++) {
        const order = [...MODES].sort(() => coin() - 0.5);
        const got = {} as Record<Mode, number>;
        for (const m of order) got[m] = await measure(m);
        for (const m of MODES) {
          sums[m] += got[m];
          added[m].push(got[m] - got.none);
        }
      }
      return Object.fromEntries(MODES.map((m) => [m, sums[m] / FENCE_REPORTS])) as Record<Mode, number>;
    };
    await run();
    for (const m of MODES) added[m].length = 0;
    const runs: Record<Mode, number[]> = { none: [], control: [], fences: [] };
    const loads: string[] = [];
    for (let i = 0; i < RUNS; i++) {
      const r = await run();
      for (const m of MODES) runs[m].push(r[m]);
      loads.push(load().split(' ')[0] as string);
    }
    await ingest.close();
    const base = median(runs.none);
    console.log(
      `ingest (with the alarm rules) on ${fresh.name}: ${RUNS} runs of ${FENCE_REPORTS} rounds, a round one batch of ` +
        `${fmt(trucks.length)} reports in each mode in a drawn order (load average per run: ${loads.join(', ')}; ` +
        `moves made: ${fences.moves}; control sum ${looked > 0 ? 'used' : 'empty'})`,
    );
    const NAMES: Record<Mode, string> = {
      none: 'no hook',
      control: 'control hook (a Map lookup a report)',
      fences: 'WaybillFences.observe',
    };
    console.table(
      MODES.map((m) => ({
        ingest: NAMES[m],
        'CPU µs/report (median of runs)': median(runs[m]).toFixed(1),
        runs: runs[m].map((v) => v.toFixed(1)).join(' '),
        'added µs (median of rounds)': m === 'none' ? '' : median(added[m]).toFixed(2),
        'added %': m === 'none' ? '' : ((median(added[m]) / base) * 100).toFixed(1),
      })),
    );
    const net = median(added.fences) - median(added.control);
    console.log(
      `added by the fence events beyond the control: ${net.toFixed(2)} µs a report, ${((net / base) * 100).toFixed(1)} % ` +
        `(target < 5 %)`,
    );
    // the hook alone, without the ingest around it: the same reports through observe
    const rows = trucks.map((t, i) => {
      const row = positionRow(location, t.id, t.terminal_id ?? 0, now);
      row.lat = start(i).lat;
      return row;
    });
    const cpu = process.cpuUsage();
    const rounds = 200;
    for (let r = 0; r < rounds; r++) {
      step++;
      for (const [i, row] of rows.entries()) {
        row.time = now + step * 10_000;
        row.lon = start(i).lon + step * 2_000;
      }
      fences.observe(rows);
    }
    const used = process.cpuUsage(cpu);
    console.log(
      `observe alone: ${((used.user + used.system) / (rounds * rows.length)).toFixed(2)} CPU µs/report`,
    );
    await fences.stop();
  } finally {
    await app.close();
    await database.close();
    await fresh.dispose();
  }
}

if (PARTS.has('list') || PARTS.has('import')) await listAndImport();
if (PARTS.has('fences')) await fenceCost();
console.log(`load average at the end ${load()}`);
process.exit(0);
