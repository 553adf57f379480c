import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { INGEST_TEST_DATABASES, startTestApp, type TestApp } from '../../test/support';
import { ACC, LOCATED, MIN, report, truckOf } from '../../test/telematics';
import { TestTerminal } from '../gateway/test-terminal';

/** A truck driving north from Ordos at 60 km/h, odometer and fuel included, one report a minute. */
function drive(startMinute: number, minutes: number, base: number, from: { km: number; fuel: number }) {
  return Array.from({ length: minutes }, (_, i) => ({
    status: ACC | LOCATED,
    lat: 39.6 + (i + 1) * 0.009,
    lon: 109.78,
    speed: 60,
    direction: 0,
    time: base + (startMinute + i) * MIN,
    extras: { mileageKm: from.km + (i + 1), fuelL: from.fuel - (i + 1) * 0.3 },
  }));
}

describe.each(INGEST_TEST_DATABASES)('ingest on $title', (database) => {
  let t: TestApp;
  let restarted: FastifyInstance | null = null;
  let base: number;

  beforeAll(async () => {
    t = await startTestApp(database, { jt808Port: 0 });
    base = t.now() - 2 * 3600_000;
  });
  afterAll(async () => {
    await restarted?.close();
    await t.close();
  });

  it('derives trips and stops from the report stream, and keeps them across a restart', async () => {
    const truckId = await truckOf(t, '13800000020');
    let terminal = await TestTerminal.connect(t.app.jt808Port as number, '13800000020');
    await terminal.login();
    const parked = (minute: number, acc = false) => ({
      status: (acc ? ACC : 0) | LOCATED,
      lat: 39.6,
      lon: 109.78,
      speed: 0,
      time: base + minute * MIN,
      extras: { mileageKm: 8000, fuelL: 400 },
    });
    // Parked 0..4 (a stop from minute 0), ACC on at 5, driving 6..15, then the server restarts.
    const before = [
      parked(0),
      parked(2),
      parked(4),
      parked(5, true),
      ...drive(6, 10, base, { km: 8000, fuel: 400 }),
    ];
    expect(await report(terminal, before)).toEqual(before.map(() => 0));
    const open = await t.db.db
      .selectFrom('trip')
      .selectAll()
      .where('truck_id', '=', truckId)
      .where('start_time', '>=', base)
      .execute();
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ start_time: base + 5 * MIN, end_time: null, start_mileage: 80000 });
    await terminal.close();

    await t.app.close();
    const config = {
      ...loadConfig({}),
      databaseUrl: database.url,
      now: t.now,
      logLevel: 'silent',
      jt808Port: 0,
    };
    restarted = await buildApp(config, { database: t.db, logger: false });
    await restarted.ready();
    expect(restarted.telematics.vehicleState(truckId)).toMatchObject({
      time: base + 15 * MIN,
      mileage: 80100,
      online: 0,
    });
    const saved = await t.db.db
      .selectFrom('trip')
      .selectAll()
      .where('truck_id', '=', truckId)
      .where('start_time', '>=', base)
      .execute();
    expect(saved[0]).toMatchObject({ end_time: null, mileage: 100, max_speed: 600 });

    terminal = await TestTerminal.connect(restarted.jt808Port as number, '13800000020');
    await terminal.login();
    // Driving 16..25 at up to 80 km/h, standing from 26 with ACC on, ACC off at 28, still at 30.
    const after = [
      ...drive(16, 10, base, { km: 8010, fuel: 397 }).map((p, i) => ({ ...p, speed: i === 4 ? 80 : 60 })),
      { ...parked(26, true), lat: 39.69, extras: { mileageKm: 8020, fuelL: 394 } },
      { ...parked(28), lat: 39.69, extras: { mileageKm: 8020, fuelL: 394 } },
      { ...parked(30), lat: 39.69, extras: { mileageKm: 8020, fuelL: 394 } },
    ];
    expect(await report(terminal, after)).toEqual(after.map(() => 0));
    await terminal.close();

    const trips = await t.db.db
      .selectFrom('trip')
      .selectAll()
      .where('truck_id', '=', truckId)
      .where('start_time', '>=', base)
      .execute();
    expect(trips).toHaveLength(1);
    expect(trips[0]).toMatchObject({
      start_time: base + 5 * MIN,
      end_time: base + 26 * MIN,
      start_lat: 39600000,
      end_lat: 39690000,
      start_mileage: 80000,
      mileage: 200,
      start_fuel: 4000,
      fuel_used: 60,
      max_speed: 800,
      avg_speed: Math.round((200 * 3_600_000) / (21 * MIN)),
    });
    const stops = await t.db.db
      .selectFrom('stop')
      .selectAll()
      .where('truck_id', '=', truckId)
      .orderBy('start_time')
      .execute();
    expect(stops.map((s) => [s.start_time, s.end_time, s.lat, s.acc_off])).toEqual([
      [base, base + 5 * MIN, 39600000, 1],
      [base + 26 * MIN, null, 39690000, 1],
    ]);
    const positions = await t.db.db
      .selectFrom('position')
      .select(sql<number>`count(*)`.as('n'))
      .where('truck_id', '=', truckId)
      .executeTakeFirstOrThrow();
    expect(Number(positions.n)).toBe(before.length + after.length);
  });

  it('answers result 1 to reports whose transaction failed, and stores them once it works again', async () => {
    const app = restarted ?? t.app;
    const truckId = await truckOf(t, '13800000021');
    const terminal = await TestTerminal.connect(app.jt808Port as number, '13800000021');
    await terminal.login();
    // A guard that makes inserts of this truck's positions fail inside the transaction.
    if (database.name === 'sqlite') {
      await sql`create trigger refuse_positions before insert on position when new.truck_id = ${sql.lit(truckId)}
        begin select raise(abort, 'refused by test'); end`.execute(t.db.db);
    } else {
      await sql`create function refuse_positions() returns trigger language plpgsql as
        $$ begin if new.truck_id = ${sql.lit(truckId)} then raise exception 'refused by test'; end if; return new; end $$`.execute(
        t.db.db,
      );
      await sql`create trigger refuse_positions before insert on position
        for each row execute function refuse_positions()`.execute(t.db.db);
    }
    const point = { lat: 39.6, lon: 109.78, speed: 50, time: base + 40 * MIN };
    expect(await report(terminal, [point])).toEqual([1]);
    await sql`drop trigger refuse_positions${sql.raw(database.name === 'postgres' ? ' on position' : '')}`.execute(
      t.db.db,
    );
    expect(await report(terminal, [point])).toEqual([0]);
    const rows = await t.db.db
      .selectFrom('position')
      .select('time')
      .where('truck_id', '=', truckId)
      .execute();
    expect(rows).toEqual([{ time: base + 40 * MIN }]);
    await terminal.close();
  });
});
