/**
 * Part (c) of the fuel events benchmark: detection and reconciliation of one truck-month through the
 * database, as the scan job does it. A fresh database (SQLite in a temp dir, or BENCH_DATABASE_URL)
 * with the demo seed and one bench truck: the labelled month of seed 424242 written as positions
 * every 10 s (with the truck's calibration table), refuel costs for three refuels in four (at the
 * refuel's time, its litres within 3 %) and one cost never filled. Times:
 *   - the truck's first scan: a month of positions read, events found and written, reconciled;
 *   - the month reconciled again (nothing changes): what every 加油记录 / 异常油耗 request used to
 *     do for the merchant's last 62 days, per truck-month;
 *   - the job's pass over the costs changed since its checkpoint, one cost added;
 *   - POST /yww/refuel/list of the truck's month (now only a read), median of 20.
 */
import { COST_TYPE, formatDateTime, labelledCurve } from '@fleet/domain';
import { sha256Hex } from '@fleet/server/src/modules/auth/tokens';
import { reconcileChangedCosts, reconcileTruck } from '@fleet/server/src/modules/fuel/fuel-reconcile';
import { scanFuelEvents } from '@fleet/server/src/modules/fuel/fuel-scan';
import { addBenchFleet, freshDatabase, quantile, startHttpServer } from './support';

const DAY_MS = 86_400_000;

export async function benchFuelDatabase(): Promise<void> {
  const month = labelledCurve({ seed: 424242 });
  const last = month.points[month.points.length - 1]?.time ?? 0;
  const now = last + 20 * 60_000;
  const fresh = await freshDatabase();
  const database = fresh.open();
  const db = database.db;
  const { app, base } = await startHttpServer(fresh, database, { now: () => now });
  try {
    await addBenchFleet(database, 1);
    const truck = await db
      .selectFrom('truck')
      .select(['id', 'merchant_id', 'team_code', 'terminal_id'])
      .where('vin', 'like', 'BENCH%')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('truck')
      .set({ tank_capacity: month.tankCapacityL })
      .where('id', '=', truck.id)
      .execute();
    if (month.table)
      await db
        .insertInto('fuel_calibration')
        .values(
          month.table.map((r) => ({
            ...r,
            truck_id: truck.id,
            merchant_id: truck.merchant_id,
            team_code: truck.team_code,
            updated_by: null,
            updated_at: now,
          })),
        )
        .execute();
    const rows = month.points.map((p) => ({
      truck_id: truck.id,
      terminal_id: truck.terminal_id as number,
      time: p.time,
      received_at: p.time,
      lat: p.lat,
      lon: p.lon,
      speed: p.speed,
      fuel: p.fuel,
      mileage: null,
      extra: null,
    }));
    for (let i = 0; i < rows.length; i += 1000)
      await db
        .insertInto('position')
        .values(rows.slice(i, i + 1000))
        .execute();
    const refuels = month.events.filter((e) => e.kind === 1);
    const cost = (at: number, litres: number) => {
      const date = formatDateTime(new Date(at)).slice(0, 10);
      return {
        merchant_id: truck.merchant_id,
        team_code: truck.team_code,
        truck_id: truck.id,
        cost_type: COST_TYPE.refuel,
        cost_date: date,
        cost_at: Date.parse(`${date}T00:00:00+08:00`),
        occurred_at: at,
        amount: Math.round(litres * 750),
        quantity: Math.round(litres * 100),
        unit_price: 750,
        source: 1,
        created_at: now,
        updated_at: now,
      };
    };
    const recorded = refuels.filter((_, i) => i % 4 !== 3);
    await db
      .insertInto('cost')
      .values([
        ...recorded.map((e) => cost(e.startTime + 10 * 60_000, (e.litres / 10) * 1.02)),
        cost(now - 5 * DAY_MS, 200),
      ])
      .execute();
    // the job's checkpoint is past these costs: the first scan reconciles them
    await reconcileChangedCosts(db, now);

    let t0 = performance.now();
    const written = await scanFuelEvents(db, [truck.id], now);
    const scan = performance.now() - t0;
    const states = await db
      .selectFrom('fuel_event')
      .select((eb) => ['state', eb.fn.countAll<number>().as('n')])
      .where('truck_id', '=', truck.id)
      .groupBy('state')
      .orderBy('state')
      .execute();
    const again: number[] = [];
    for (let i = 0; i < 7; i++) {
      t0 = performance.now();
      await reconcileTruck(db, truck.id, now - 31 * DAY_MS, now, now);
      again.push(performance.now() - t0);
    }
    again.sort((a, b) => a - b);
    // a record for a refuel that had none
    const extra = refuels.find((_, i) => i % 4 === 3) ?? refuels[0];
    if (extra)
      await db
        .insertInto('cost')
        .values(cost(extra.startTime + 5 * 60_000, extra.litres / 10))
        .execute();
    t0 = performance.now();
    await reconcileChangedCosts(db, now);
    const changed = performance.now() - t0;
    const matched = await db
      .selectFrom('fuel_event')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('truck_id', '=', truck.id)
      .where('state', '=', 1)
      .executeTakeFirstOrThrow();

    const login = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: sha256Hex('Admin@123') }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const body = {
      truckId: truck.id,
      beginTime: formatDateTime(new Date(now - 31 * DAY_MS)),
      endTime: formatDateTime(new Date(now)),
      pageSize: 50,
    };
    const lists: number[] = [];
    for (let i = 0; i < 25; i++) {
      t0 = performance.now();
      const res = await fetch(`${base}/yww/refuel/list`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'Auth-Token': token },
        body: JSON.stringify(body),
      });
      await res.json();
      if (i >= 5) lists.push(performance.now() - t0);
    }
    lists.sort((a, b) => a - b);
    console.log(`through the database (${fresh.name}), one truck-month at 10 s (${rows.length} positions):`);
    console.log(
      `  first scan (detection, ${written} events written, reconciled with ${recorded.length + 1} refuel costs): ${scan.toFixed(0)} ms; states ${states.map((s) => `${s.state}:${Number(s.n)}`).join(' ')}`,
    );
    console.log(
      `  the month reconciled again: median ${quantile(again, 0.5).toFixed(1)} ms, max ${(again[again.length - 1] ?? 0).toFixed(1)} ms`,
    );
    console.log(
      `  one refuel cost added, the job's pass over changed costs: ${changed.toFixed(1)} ms (matched refuels now ${Number(matched.n)})`,
    );
    console.log(
      `  POST /yww/refuel/list of the month (a read): median ${quantile(lists, 0.5).toFixed(1)} ms, p95 ${quantile(lists, 0.95).toFixed(1)} ms`,
    );
  } finally {
    await app.close();
    await database.close().catch(() => undefined);
    await fresh.dispose();
  }
}
