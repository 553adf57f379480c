import { DAY_MS } from '@fleet/domain';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { dayOf, dayStartMs, splitTrip } from './roll-up';

// The writing half of the roll-up: a batch of (truck, days) recomputed from their trips and fuel
// events into truck_day, and the months of those days summed again from truck_day into truck_month,
// in one transaction, so that the month sums always equal their days' to the unit.

type Db = Kysely<Database>;

interface DayRow {
  truck: number;
  day: number;
  driver: number;
  mileage: number;
  fuel_used: number;
  power_used: number;
  drive_seconds: number;
  trips: number;
  refuel: number;
  drain: number;
}

/**
 * truck_month of the given trucks' months YYYYMM summed again from their truck_day rows (every
 * truck's months when `months` is null: the benchmark's bulk-written days).
 */
export async function writeMonths(tx: Db, months: Map<number, number[]> | null, now: number): Promise<void> {
  const insert = (where: RawBuilder<unknown>) => sql`
    insert into truck_month (truck_id, month, driver_id, merchant_id, team_code, mileage, fuel_used,
      power_used, drive_seconds, trips, refuel, drain, day_bits, updated_at)
    select truck_id, day / 100, driver_id, max(merchant_id), team_code, sum(mileage), sum(fuel_used),
      sum(power_used), sum(drive_seconds), sum(trips), sum(refuel), sum(drain),
      sum(cast(1 as bigint) << (day % 100 - 1)), ${now}
    from truck_day ${where}
    group by truck_id, day / 100, driver_id, team_code`;
  if (!months) {
    await tx.deleteFrom('truck_month').execute();
    await insert(sql``).execute(tx);
    return;
  }
  // a range of the primary key (truck_id, day, ...) for each month of a truck, a statement for
  // MONTHS_A_STATEMENT of them (SQLite refuses deeper expression trees)
  const ranges = [...months].flatMap(([truck, list]) => list.map((month) => ({ truck, month })));
  for (const [truck, list] of months)
    if (list.length > 0)
      await tx.deleteFrom('truck_month').where('truck_id', '=', truck).where('month', 'in', list).execute();
  for (let i = 0; i < ranges.length; i += MONTHS_A_STATEMENT) {
    const part = ranges.slice(i, i + MONTHS_A_STATEMENT);
    await insert(
      sql`where ${sql.join(
        part.map(
          (r) => sql`(truck_id = ${r.truck} and day between ${r.month * 100 + 1} and ${r.month * 100 + 31})`,
        ),
        sql` or `,
      )}`,
    ).execute(tx);
  }
}

/** (truck, month) ranges summed by one statement. */
const MONTHS_A_STATEMENT = 200;

/** Recomputes the given days of the given trucks from their trips and events, and their months. */
export async function recompute(
  db: Db,
  batch: [number, number[]][],
  events: boolean,
  now: number,
): Promise<void> {
  const truckIds = batch.map(([t]) => t);
  let from = Number.POSITIVE_INFINITY;
  let to = 0;
  for (const [, days] of batch) {
    from = Math.min(from, dayStartMs(days[0] as number));
    to = Math.max(to, dayStartMs(days[days.length - 1] as number) + DAY_MS);
  }
  await db.transaction().execute(async (tx) => {
    const trucks = await tx
      .selectFrom('truck')
      .select(['id', 'merchant_id', 'team_code'])
      .where('id', 'in', truckIds)
      .execute();
    const scope = new Map(trucks.map((t) => [t.id, t]));
    const trips = await tx
      .selectFrom('trip')
      .select([
        'truck_id',
        'merchant_id',
        'team_code',
        'start_time',
        'end_time',
        'mileage',
        'fuel_used',
        'driver_id',
        'power_used',
      ])
      .where('truck_id', 'in', truckIds)
      .where('end_time', 'is not', null)
      .where('start_time', '<', to)
      .where('end_time', '>', from - 1)
      .execute();
    const wanted = new Map(batch.map(([t, days]) => [t, new Set(days)]));
    const rows = new Map<string, DayRow>();
    const row = (truck: number, day: number, driver: number) => {
      const key = `${truck}:${day}:${driver}`;
      let r = rows.get(key);
      if (!r) {
        r = {
          truck,
          day,
          driver,
          mileage: 0,
          fuel_used: 0,
          power_used: 0,
          drive_seconds: 0,
          trips: 0,
          refuel: 0,
          drain: 0,
        };
        rows.set(key, r);
      }
      return r;
    };
    for (const t of trips) {
      if (!scope.has(t.truck_id))
        scope.set(t.truck_id, { id: t.truck_id, merchant_id: t.merchant_id, team_code: t.team_code });
      const days = wanted.get(t.truck_id);
      for (const share of splitTrip({
        ...t,
        end_time: Number(t.end_time),
        start_time: Number(t.start_time),
      })) {
        if (!days?.has(share.day)) continue;
        const r = row(t.truck_id, share.day, t.driver_id ?? 0);
        r.mileage += share.mileage;
        r.fuel_used += share.fuelUsed;
        r.power_used += share.powerUsed;
        r.drive_seconds += share.driveSeconds;
        r.trips += share.trips;
      }
    }
    if (events) {
      const found = await sql<{
        truck_id: number;
        driver_id: number | null;
        kind: number;
        start_time: number;
        litres: number;
      }>`
        select truck_id, driver_id, kind, start_time, litres from fuel_event
        where truck_id in (${sql.join(truckIds)}) and start_time >= ${from} and start_time < ${to}`.execute(
        tx,
      );
      for (const e of found.rows) {
        const day = dayOf(Number(e.start_time));
        if (!wanted.get(Number(e.truck_id))?.has(day)) continue;
        const r = row(Number(e.truck_id), day, Number(e.driver_id ?? 0));
        if (Number(e.kind) === 1) r.refuel += Number(e.litres);
        else if (Number(e.kind) === 2) r.drain += Number(e.litres);
      }
    }
    for (const [truck, days] of batch)
      await tx.deleteFrom('truck_day').where('truck_id', '=', truck).where('day', 'in', days).execute();
    const values = [...rows.values()].flatMap((r) => {
      const s = scope.get(r.truck);
      if (!s) return [];
      const { truck, day, driver, ...sums } = r;
      return [
        {
          truck_id: truck,
          day,
          driver_id: driver,
          merchant_id: s.merchant_id,
          team_code: s.team_code,
          ...sums,
          updated_at: now,
        },
      ];
    });
    for (let i = 0; i < values.length; i += 500)
      await tx
        .insertInto('truck_day')
        .values(values.slice(i, i + 500))
        .execute();
    await writeMonths(
      tx,
      new Map(batch.map(([truck, days]) => [truck, [...new Set(days.map((d) => Math.floor(d / 100)))]])),
      now,
    );
  });
}
