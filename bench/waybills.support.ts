/**
 * What the waybill benchmarks share: the reference data of a fleet that carries a million loads a
 * year (customers, stations, lines of both demo merchants beside the demo seed's), a million
 * waybills written in bulk in the order they were created, and the calls of a signed-in user.
 */
import { formatDate, waybillBillNo, waybillFreight } from '@fleet/domain';
import type { Db } from '@fleet/server/src/db/connection';
import { sha256Hex } from '@fleet/server/src/modules/auth/tokens';
import { sql } from 'kysely';
import { random } from './support';

const DAY = 86_400_000;

/** How many customers, stations and lines each demo merchant gets on top of the seed's. */
const REFERENCE: Record<number, { customers: number; stations: number; lines: number }> = {
  0: { customers: 240, stations: 300, lines: 600 },
  1: { customers: 60, stations: 80, lines: 150 },
};

export interface MerchantRefs {
  id: number;
  headquarters: string;
  customers: number[];
  /** Lines of each customer (by index in `customers`), with their end stations and cargo. */
  linesOf: { id: number; from: number; to: number; cargo: string }[][];
  trucks: { id: number; team_code: string; driver_id: number | null; car_no: string }[];
}

const CARGO = ['动力煤', '焦煤', '兰炭', '普通货物', '钢材', '商超配送'];

/**
 * Customers, stations and lines (with their start and end rows) for both demo merchants, shared
 * from the merchant's headquarters as reference data is; every line belongs to one customer.
 */
export async function addWaybillReference(db: Db, now: number): Promise<MerchantRefs[]> {
  const merchants = await db.db.selectFrom('merchant').select('id').orderBy('id').execute();
  const out: MerchantRefs[] = [];
  for (const [m, merchant] of merchants.entries()) {
    const size = REFERENCE[m] ?? { customers: 20, stations: 30, lines: 40 };
    const hq = await db.db
      .selectFrom('team')
      .select('team_code')
      .where('merchant_id', '=', merchant.id)
      .where('parent_code', 'is', null)
      .executeTakeFirstOrThrow();
    const scope = { merchant_id: merchant.id, team_code: hq.team_code, created_at: now, updated_at: now };
    const refs = await db.db.transaction().execute(async (tx) => {
      const customers = await tx
        .insertInto('customer')
        .values(
          Array.from({ length: size.customers }, (_, i) => ({
            ...scope,
            customer_name: `基准客户${m + 1}-${String(i + 1).padStart(4, '0')}`,
            contact_name: '王经理',
            contact_phone: String(13_900_000_000 + m * 10_000 + i),
            customer_type: 3,
            settlement_type: 2,
            settlement_days: 30,
            created_by: 1,
          })),
        )
        .returning('id')
        .execute();
      const stations: { id: number; lat: number; lon: number; name: string }[] = [];
      for (let i = 0; i < size.stations; i++) {
        const lat = 38_000_000 + ((i * 7919) % 3_000_000);
        const lon = 108_000_000 + ((i * 104_729) % 9_000_000);
        const name = `基准站点${m + 1}-${String(i + 1).padStart(4, '0')}`;
        const row = await tx
          .insertInto('station')
          .values({ ...scope, name, type: i % 2 ? 2 : 1, address: name, lat, lon, radius: 500 })
          .returning('id')
          .executeTakeFirstOrThrow();
        stations.push({ id: row.id, lat, lon, name });
      }
      const linesOf: MerchantRefs['linesOf'] = customers.map(() => []);
      for (let i = 0; i < size.lines; i++) {
        const c = i % customers.length;
        const from = stations[(i * 2) % stations.length] as (typeof stations)[number];
        const to = stations[
          (i * 2 + 1 + Math.floor(i / stations.length)) % stations.length
        ] as (typeof stations)[number];
        const cargo = CARGO[i % CARGO.length] as string;
        const line = await tx
          .insertInto('line')
          .values({
            ...scope,
            name: `基准线路${m + 1}-${String(i + 1).padStart(4, '0')}`,
            customer_id: customers[c]?.id ?? null,
            cargo,
            distance: 300_000 + (i % 50) * 10_000,
            running_minutes: 300 + (i % 50) * 10,
            created_by: 1,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await tx
          .insertInto('line_station')
          .values(
            [from, to].map((s, seq) => ({
              line_id: line.id,
              seq: seq + 1,
              station_type: seq === 0 ? 1 : 3,
              station_id: s.id,
              address: s.name,
              lat: s.lat,
              lon: s.lon,
              distance: seq === 0 ? 0 : 300_000,
            })),
          )
          .execute();
        linesOf[c]?.push({ id: line.id, from: from.id, to: to.id, cargo });
      }
      return { customers: customers.map((c) => c.id), linesOf };
    });
    const trucks = await db.db
      .selectFrom('truck')
      .select(['id', 'team_code', 'driver_id', 'car_no'])
      .where('merchant_id', '=', merchant.id)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .execute();
    out.push({ id: merchant.id, headquarters: hq.team_code, ...refs, trucks });
  }
  return out;
}

/** The waybill columns the generator writes, in order. */
const COLUMNS = [
  ['merchant_id', 'int'],
  ['team_code', 'text'],
  ['bill_no', 'text'],
  ['source', 'int'],
  ['customer_id', 'int'],
  ['line_id', 'int'],
  ['loading_station_id', 'int'],
  ['unloading_station_id', 'int'],
  ['cargo', 'text'],
  ['truck_id', 'int'],
  ['driver_id', 'int'],
  ['planned_load_at', 'int8'],
  ['planned_arrive_at', 'int8'],
  ['status', 'int'],
  ['loading_at', 'int8'],
  ['departed_at', 'int8'],
  ['arrived_at', 'int8'],
  ['completed_at', 'int8'],
  ['cancelled', 'int'],
  ['cancel_reason', 'text'],
  ['cancelled_at', 'int8'],
  ['approval_state', 'int'],
  ['loading_gross_kg', 'int'],
  ['loading_tare_kg', 'int'],
  ['loading_net_kg', 'int'],
  ['loading_weighed_at', 'int8'],
  ['loading_photos', 'text'],
  ['unloading_gross_kg', 'int'],
  ['unloading_tare_kg', 'int'],
  ['unloading_net_kg', 'int'],
  ['unloading_weighed_at', 'int8'],
  ['unloading_photos', 'text'],
  ['back_photos', 'text'],
  ['back_at', 'int8'],
  ['price_type', 'int'],
  ['price_fen', 'int8'],
  ['settle_weight', 'int'],
  ['allowed_loss_permille', 'int'],
  ['price_deduction_fen', 'int8'],
  ['settle_kg', 'int'],
  ['loss_kg', 'int'],
  ['freight_gross_fen', 'int8'],
  ['loss_deduction_fen', 'int8'],
  ['freight_fen', 'int8'],
  ['remark', 'text'],
  ['created_by', 'int'],
  ['created_at', 'int8'],
  ['updated_at', 'int8'],
] as const;

/** Customer `i` of `n` by a Zipf-like popularity: a few customers carry most loads. */
function zipfPicker(n: number, rand: () => number): () => number {
  const weights = Array.from({ length: n }, (_, i) => 1 / (i + 1));
  const total = weights.reduce((a, b) => a + b, 0);
  const cumulative: number[] = [];
  let sum = 0;
  for (const w of weights) {
    sum += w / total;
    cumulative.push(sum);
  }
  return () => {
    const r = rand();
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] as number) < r) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

const photo = (at: number, n: number) =>
  `/api/file/${formatDate(new Date(at)).replaceAll('-', '/')}/${at.toString(36)}${n}.jpg`;

/**
 * `count` waybills of the last `days` days before `now`, oldest first (ids follow creation, as
 * they do in use), on the merchants' trucks: a truck's waybill is for a customer by popularity and
 * one of its lines. Old waybills are completed with both weighings, receipt and freight; those of
 * the last days are on their way; about 2% are cancelled. Written in transactions of multi-row
 * batches; the bill-number sequence of each day is left where the numbers end.
 */
export async function addWaybills(
  db: Db,
  refs: MerchantRefs[],
  count: number,
  now: number,
  days: number,
  seed = 12,
  onProgress?: (done: number) => void,
): Promise<void> {
  const rand = random(seed);
  const trucks = refs.flatMap((m) => m.trucks.map((t) => ({ ...t, m })));
  const pickers = new Map(refs.map((m) => [m.id, zipfPicker(m.customers.length, rand)]));
  const sequences = new Map<string, number>();
  const start = now - days * DAY;
  const span = days * DAY - 3_600_000;

  function row(i: number): unknown[] {
    const truck = trucks[Math.floor(rand() * trucks.length)] as (typeof trucks)[number];
    const m = truck.m;
    let c = (pickers.get(m.id) as () => number)();
    while ((m.linesOf[c]?.length ?? 0) === 0) c = (c + 1) % m.customers.length;
    const lines = m.linesOf[c] as MerchantRefs['linesOf'][number];
    const line = lines[Math.floor(rand() * lines.length)] as (typeof lines)[number];
    const created = Math.floor(start + ((i + rand()) * span) / count);
    const day = formatDate(new Date(created)).replaceAll('-', '');
    const key = `${m.id}:${day}`;
    const seq = (sequences.get(key) ?? 0) + 1;
    sequences.set(key, seq);
    const age = now - created;
    const r = rand();
    // the state by age: a load takes a day or two, the receipt follows within a few days
    let status: number;
    if (age < 6 * 3_600_000) status = r < 0.5 ? 1 : r < 0.7 ? 2 : 3;
    else if (age < DAY) status = r < 0.1 ? 1 : r < 0.2 ? 2 : r < 0.8 ? 3 : 4;
    else if (age < 4 * DAY) status = r < 0.3 ? 3 : r < 0.6 ? 4 : 6;
    else status = r < 0.985 ? 6 : 4;
    const cancelled = rand() < 0.02 && status !== 6 ? 1 : status === 1 && rand() < 0.1 ? 1 : 0;
    const s = rand();
    const source = s < 0.7 ? 1 : s < 0.9 ? 2 : s < 0.98 ? 4 : 5;
    const approval = source === 2 || source === 4 ? (age < 2 * DAY ? 1 : rand() < 0.97 ? 2 : 3) : 0;
    const loadingAt = status >= 2 ? created + 3_600_000 + Math.floor(rand() * 7_200_000) : null;
    const departedAt = status >= 3 && loadingAt ? loadingAt + 1_800_000 : null;
    const arrivedAt =
      status >= 4 && departedAt ? departedAt + 8 * 3_600_000 + Math.floor(rand() * 4 * 3_600_000) : null;
    const completedAt = status === 6 && arrivedAt ? arrivedAt + Math.floor(rand() * 2 * DAY) : null;
    const tare = 14_000 + Math.floor(rand() * 3000);
    const loadNet = status >= 3 || (status === 2 && rand() < 0.5) ? 30_000 + Math.floor(rand() * 5000) : null;
    const unloadNet = status >= 4 && loadNet !== null ? loadNet - Math.floor(rand() * 120) : null;
    const priced = status >= 2;
    const price = {
      priceType: 1,
      priceFen: 9000 + (line.id % 40) * 250,
      settleWeight: 3,
      allowed: 2,
      deduction: 60000,
    };
    const freight = priced
      ? waybillFreight({
          priceType: price.priceType,
          priceFen: price.priceFen,
          settleWeight: price.settleWeight,
          allowedLossPermille: price.allowed,
          deductionFen: price.deduction,
          loadingNetKg: loadNet,
          unloadingNetKg: unloadNet,
        })
      : null;
    return [
      m.id,
      truck.team_code,
      waybillBillNo(day, seq),
      source,
      m.customers[c],
      line.id,
      line.from,
      line.to,
      line.cargo,
      truck.id,
      truck.driver_id,
      created + 3_600_000,
      created + 14 * 3_600_000,
      status,
      loadingAt,
      departedAt,
      arrivedAt,
      completedAt,
      cancelled,
      cancelled ? '客户取消发货' : null,
      cancelled ? created + 1_800_000 : null,
      approval,
      loadNet !== null ? loadNet + tare : null,
      loadNet !== null ? tare : null,
      loadNet,
      loadNet !== null ? loadingAt : null,
      loadNet !== null ? `${photo(created, 1)};${photo(created, 2)}` : null,
      unloadNet !== null ? unloadNet + tare : null,
      unloadNet !== null ? tare : null,
      unloadNet,
      unloadNet !== null ? arrivedAt : null,
      unloadNet !== null ? photo(created, 3) : null,
      completedAt !== null ? `${photo(created, 4)};${photo(created, 5)}` : null,
      completedAt,
      priced ? price.priceType : null,
      priced ? price.priceFen : null,
      priced ? price.settleWeight : null,
      priced ? price.allowed : null,
      priced ? price.deduction : null,
      freight?.settleKg ?? null,
      freight?.lossKg ?? null,
      freight?.grossFen ?? 0,
      freight?.deductionFen ?? 0,
      freight?.freightFen ?? 0,
      rand() < 0.1 ? '夜间装车，注意安全' : null,
      source === 1 ? 1 : null,
      created,
      completedAt ?? arrivedAt ?? departedAt ?? loadingAt ?? created,
    ];
  }

  const names = COLUMNS.map(([name]) => name).join(', ');
  if (db.sqlite) {
    const insert = db.sqlite.prepare(
      `insert into waybill (${names}) values (${COLUMNS.map(() => '?').join(', ')})`,
    );
    const batch = db.sqlite.transaction((from: number, n: number) => {
      for (let i = from; i < from + n; i++) insert.run(...row(i));
    });
    await db.db.connection().execute(async () => {
      for (let done = 0; done < count; done += 20_000) {
        batch(done, Math.min(20_000, count - done));
        onProgress?.(Math.min(count, done + 20_000));
      }
    });
  } else {
    for (let done = 0; done < count; done += 10_000) {
      const n = Math.min(10_000, count - done);
      const cols: unknown[][] = COLUMNS.map(() => []);
      for (let i = done; i < done + n; i++)
        row(i).forEach((v, c) => {
          cols[c]?.push(v);
        });
      const arrays = cols.map(
        (values, c) => sql`${values}::${sql.raw((COLUMNS[c] as readonly string[])[1] as string)}[]`,
      );
      await sql`insert into waybill (${sql.raw(names)}) select * from unnest(${sql.join(arrays)})`.execute(
        db.db,
      );
      onProgress?.(done + n);
    }
  }
  const seqRows = [...sequences].map(([key, seq]) => {
    const [merchant, day] = key.split(':');
    return { merchant_id: Number(merchant), day: day as string, seq };
  });
  for (let i = 0; i < seqRows.length; i += 500)
    await db.db
      .insertInto('waybill_bill_no_seq')
      .values(seqRows.slice(i, i + 500))
      .onConflict((oc) =>
        oc.columns(['merchant_id', 'day']).doUpdateSet({ seq: (eb) => eb.ref('excluded.seq') }),
      )
      .execute();
}

/** A signed-in user's calls on the HTTP API at `base` (…/api). */
export async function signIn(base: string, username: string, password: string) {
  const res = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: sha256Hex(password) }),
  });
  const token = ((await res.json()) as { data: { token: string } }).data.token;
  return {
    token,
    async post<T>(url: string, body: unknown): Promise<T> {
      const answer = await fetch(base + url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'auth-token': token },
        body: JSON.stringify(body),
      });
      const json = (await answer.json()) as { code: number; msg: string; data: T };
      if (json.code !== 200) throw new Error(`${url}: ${json.code} ${json.msg}`);
      return json.data;
    },
  };
}
