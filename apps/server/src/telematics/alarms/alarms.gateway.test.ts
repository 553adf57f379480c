import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { INGEST_TEST_DATABASES, startTestApp, type TestApp } from '../../test/support';
import { locationAt, MIN, report, truckOf } from '../../test/telematics';
import { TestTerminal } from '../gateway/test-terminal';
import { type AdasAlarm, alarmWord, type LocationInput } from '../jt808';
import { faultItem } from './codes';

async function alarmsOf(t: TestApp, truckId: number) {
  return t.db.db
    .selectFrom('alarm')
    .selectAll()
    .where('truck_id', '=', truckId)
    .orderBy('code')
    .orderBy('id')
    .execute();
}

function adasItem(time: number, x: Partial<AdasAlarm> = {}): AdasAlarm {
  return {
    alarmId: 9,
    flag: 0,
    type: 1,
    typeName: 'forwardCollision',
    level: 2,
    frontSpeed: 60,
    frontDistance: 8,
    departureType: 0,
    roadSignType: 0,
    roadSignValue: 0,
    speed: 72,
    altitude: 40,
    lat: 39.91,
    lon: 116.41,
    time,
    timeBcd: '',
    vehicleStatus: 1,
    identification: {
      terminalId: 'T000041',
      time,
      timeBcd: '',
      serial: 3,
      attachments: 2,
      reserved: 0,
      raw: '',
    },
    ...x,
  };
}

describe.each(INGEST_TEST_DATABASES)('alarms from JT/T 808 reports on $title', (database) => {
  let t: TestApp;
  let restarted: FastifyInstance | null = null;
  let base: number;
  const at = (minute: number, x: Partial<LocationInput> = {}) => locationAt(base, minute, x);

  beforeAll(async () => {
    t = await startTestApp(database, { jt808Port: 0 });
    base = t.now() - 3 * 3600_000;
  });
  afterAll(async () => {
    await restarted?.close();
    await t.close();
  });

  it('stores terminal alarm bits as one alarm each from set to cleared, across a restart', async () => {
    const truckId = await truckOf(t, '13800000041');
    let terminal = await TestTerminal.connect(t.app.jt808Port as number, '13800000041');
    await terminal.login();
    const alarm = alarmWord(['emergency', 'collisionWarning']);
    expect(await report(terminal, [at(0), at(1, { alarm, speed: 60 }), at(2, { alarm, speed: 75 })])).toEqual(
      [0, 0, 0],
    );
    let rows = await alarmsOf(t, truckId);
    expect(rows.map((r) => [r.code, r.source, r.start_time, r.end_time, r.max_speed])).toEqual([
      [3011, 1, base + MIN, null, 750],
      [7001, 1, base + MIN, null, 750],
    ]);
    const messages = await t.db.db
      .selectFrom('message')
      .select(['user_id', 'code'])
      .where(
        'alarm_id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
    expect(messages.length).toBeGreaterThan(0);
    await terminal.close();

    // The server restarts while both alarms are open; the next reports continue them.
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
    terminal = await TestTerminal.connect(restarted.jt808Port as number, '13800000041');
    await terminal.login();
    expect(await report(terminal, [at(3, { alarm: alarmWord(['emergency']) }), at(4)])).toEqual([0, 0]);
    rows = await alarmsOf(t, truckId);
    expect(rows.map((r) => [r.code, r.end_time, r.end_lat])).toEqual([
      [3011, base + 3 * MIN, 39_900_000],
      [7001, base + 4 * MIN, 39_900_000],
    ]);
    await terminal.close();
  });

  it('stores an active-safety item with its level and alarm number, and fault items', async () => {
    const app = restarted ?? t.app;
    const truckId = await truckOf(t, '13800000042');
    const terminal = await TestTerminal.connect(app.jt808Port as number, '13800000042');
    await terminal.login();
    const time = base + 10 * MIN;
    expect(
      await report(terminal, [
        at(10, { extras: { adas: adasItem(time) } }),
        at(11, { items: [faultItem([10007])] }),
        at(12, { items: [faultItem([])] }),
      ]),
    ).toEqual([0, 0, 0]);
    const rows = await alarmsOf(t, truckId);
    expect(rows.map((r) => [r.code, r.level, r.start_time, r.end_time])).toEqual([
      [1001, 2, time, time],
      [10007, 2, base + 11 * MIN, base + 12 * MIN],
    ]);
    const detail = JSON.parse(rows[0]?.detail ?? '{}');
    expect(detail).toMatchObject({ item: 'adas', attachments: 2, frontDistance: 8 });
    expect(detail.alarmNo).toMatch(/^[0-9a-f]{32}$/);
    expect(rows[0]).toMatchObject({ lat: 39_910_000, lon: 116_410_000, speed: 720 });
    await terminal.close();
  });

  it('raises a platform rule (speeding over the truck limit) on ingest', async () => {
    const app = restarted ?? t.app;
    const truckId = await truckOf(t, '13800000043');
    const limit = (
      await t.db.db
        .selectFrom('truck')
        .select('speed_limit')
        .where('id', '=', truckId)
        .executeTakeFirstOrThrow()
    ).speed_limit as number;
    const terminal = await TestTerminal.connect(app.jt808Port as number, '13800000043');
    await terminal.login();
    const over = limit + 15;
    await report(terminal, [
      at(20, { speed: limit - 10 }),
      at(21, { speed: over }),
      at(22, { speed: over + 5 }),
      at(23, { speed: 40 }),
    ]);
    const rows = await alarmsOf(t, truckId);
    expect(rows.map((r) => [r.code, r.source, r.start_time, r.end_time, r.max_speed])).toEqual([
      [5004, 2, base + 21 * MIN, base + 23 * MIN, (over + 5) * 10],
    ]);
    await terminal.close();
  });

  it('acknowledges a report only once it and its alarms are stored (result 1 when the alarm insert fails)', async () => {
    const app = restarted ?? t.app;
    const truckId = await truckOf(t, '13800000044');
    const terminal = await TestTerminal.connect(app.jt808Port as number, '13800000044');
    await terminal.login();
    if (database.name === 'sqlite') {
      await sql`create trigger refuse_alarms before insert on alarm when new.truck_id = ${sql.lit(truckId)}
        begin select raise(abort, 'refused by test'); end`.execute(t.db.db);
    } else {
      await sql`create function refuse_alarms() returns trigger language plpgsql as
        $$ begin if new.truck_id = ${sql.lit(truckId)} then raise exception 'refused by test'; end if; return new; end $$`.execute(
        t.db.db,
      );
      await sql`create trigger refuse_alarms before insert on alarm for each row execute function refuse_alarms()`.execute(
        t.db.db,
      );
    }
    const point = at(30, { alarm: alarmWord(['powerCut']) });
    expect(await report(terminal, [point])).toEqual([1]);
    const positions = await t.db.db
      .selectFrom('position')
      .select('time')
      .where('truck_id', '=', truckId)
      .execute();
    expect(positions).toHaveLength(0);
    await sql`drop trigger refuse_alarms${sql.raw(database.name === 'postgres' ? ' on alarm' : '')}`.execute(
      t.db.db,
    );
    expect(await report(terminal, [point])).toEqual([0]);
    // (the truck's demo plan raises plan timing alarms of its own: 4001-4006 left out)
    const rows = (await alarmsOf(t, truckId)).filter((r) => r.code < 4001 || r.code > 4006);
    expect(rows.map((r) => [r.code, r.start_time])).toEqual([[7007, base + 30 * MIN]]);
    await terminal.close();
  });
});
