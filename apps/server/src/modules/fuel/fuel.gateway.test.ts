import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocationInput } from '../../telematics/jt808';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';
import { LOCATED, loginTerminal, MIN, report, truckOf, waitFor } from '../../test/telematics';
import { scanFuelEvents } from './fuel-scan';

const PHONE = '13800000018';
const ACC = 1;

/**
 * Five hours of a truck's reports every 30 s over JT/T 808: driving (0.3 L/km, the tank sloshing
 * ±3 L), a stop where 200 L are put in, driving, a night's stop with the engine off where 60 L are
 * drawn off, driving again.
 */
function reports(base: number): LocationInput[] {
  const points: LocationInput[] = [];
  let litres = 300;
  let lat = 40.5;
  for (let s = 0; s <= 300 * 60; s += 30) {
    const m = s / 60;
    const standing = (m >= 40 && m < 70) || (m >= 130 && m < 250);
    const parked = m >= 130 && m < 250;
    if (!standing) {
      litres -= 0.5 * 0.3; // 0.5 km in 30 s at 60 km/h
      lat += 0.5 / 111;
    }
    if (m >= 45 && m < 50) litres += 200 / 10;
    if (m >= 170 && m < 175) litres -= 60 / 10;
    points.push({
      status: parked ? LOCATED : ACC | LOCATED,
      lat,
      lon: 111.6,
      speed: standing ? 0 : 60,
      time: base + s * 1000,
      extras: { fuelL: Math.round((litres + (standing ? 0 : 3 * Math.sin(s / 11))) * 10) / 10 },
    });
  }
  return points;
}

describe.each(TEST_DATABASES)('fuel events from a terminal over JT/T 808 on $title', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(database, { jt808Port: 0 });
  });
  afterAll(() => t.close());

  it('finds exactly the refuel and the drain while parked, with the litres sent, and links the 5012 alarm', async () => {
    const truckId = await truckOf(t, PHONE);
    await t.db.db.updateTable('truck').set({ tank_capacity: 600 }).where('id', '=', truckId).execute();
    const base = t.now() - 6 * 60 * MIN;
    const sent = reports(base);
    const terminal = await loginTerminal(t, PHONE);
    const answers = await report(terminal, sent);
    expect(answers.every((a) => a === 0)).toBe(true);
    await terminal.close();
    const stored = async () =>
      Number(
        (
          await t.db.db
            .selectFrom('position')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('truck_id', '=', truckId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    await waitFor(async () => (await stored()) === sent.length, 10_000);

    await scanFuelEvents(t.db.db, [truckId], t.now());
    const events = await t.db.db
      .selectFrom('fuel_event')
      .selectAll()
      .where('truck_id', '=', truckId)
      .orderBy('start_time')
      .execute();
    expect(events.map((e) => [e.kind, e.parked, e.state])).toEqual([
      [1, 1, 2],
      [2, 1, 3],
    ]);
    expect(Math.abs((events[0]?.litres ?? 0) - 2000)).toBeLessThanOrEqual(100);
    expect(Math.abs((events[1]?.litres ?? 0) - 600)).toBeLessThanOrEqual(30);
    expect(events[0]?.start_time).toBeGreaterThanOrEqual(base + 43 * MIN);
    expect(events[0]?.end_time).toBeLessThanOrEqual(base + 52 * MIN);
    const theft = await t.db.db
      .selectFrom('alarm')
      .select('id')
      .where('truck_id', '=', truckId)
      .where('code', '=', 5012)
      .executeTakeFirstOrThrow();
    expect(events[1]?.alarm_id).toBe(theft.id);

    // as the office sees them
    const token = await login(t.app, 'admin', DEMO.admin);
    const list = await call(t.app, 'POST', '/api/yww/refuel/list', { token, body: { truckId } });
    expect(list.body.data.list).toHaveLength(1);
    expect(list.body.data.list[0]).toMatchObject({ stateName: '加油无记录', parked: true });
    const abnormal = await call(t.app, 'POST', '/api/yww/abnormal/list', { token, body: { truckId } });
    expect(
      abnormal.body.data.list.map((r: { abnormalTypeName: string }) => r.abnormalTypeName).sort(),
    ).toEqual(['加油无记录', '停车掉油（疑似偷油）'].sort());
  });
});
