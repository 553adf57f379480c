import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';
import { HOUR, writeFuelDay } from './fuel.fixture';
import { scanFuelEvents } from './fuel-scan';

// One truck whose events cannot be written (here: the database refuses them) costs only that truck
// its scan: the job goes on with the others and tries that truck again on its next run.

describe.each(TEST_DATABASES)('fuel scan of many trucks on $title', (database) => {
  let t: TestApp;
  let bad: number;
  let good: number;

  beforeAll(async () => {
    t = await startTestApp(database);
    const trucks = await t.db.db
      .selectFrom('truck')
      .select(['id', 'terminal_id'])
      .where('terminal_id', 'is not', null)
      .orderBy('id')
      .limit(2)
      .execute();
    const [a, b] = trucks;
    if (!a || !b) throw new Error('two demo trucks with terminals');
    bad = a.id;
    good = b.id;
    const base = t.now() - 14 * HOUR;
    for (const truck of trucks) await writeFuelDay(t, truck.id, truck.terminal_id as number, base);
    if (database.name === 'sqlite')
      await sql
        .raw(`CREATE TRIGGER refuse_bad BEFORE INSERT ON fuel_event WHEN NEW.truck_id = ${bad}
          BEGIN SELECT RAISE(ABORT, 'bad truck'); END`)
        .execute(t.db.db);
    else {
      await sql
        .raw(`CREATE FUNCTION refuse_bad() RETURNS trigger AS $$ BEGIN
          IF NEW.truck_id = ${bad} THEN RAISE EXCEPTION 'bad truck'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`)
        .execute(t.db.db);
      await sql
        .raw(
          'CREATE TRIGGER refuse_bad BEFORE INSERT ON fuel_event FOR EACH ROW EXECUTE FUNCTION refuse_bad()',
        )
        .execute(t.db.db);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  const events = async (truckId: number) =>
    (await t.db.db.selectFrom('fuel_event').select('id').where('truck_id', '=', truckId).execute()).length;
  const scanned = async (truckId: number) =>
    t.db.db
      .selectFrom('fuel_scan')
      .select('scanned_until')
      .where('truck_id', '=', truckId)
      .executeTakeFirst();

  it('scans the other trucks and reports the one that failed; without a handler the failure is thrown', async () => {
    await expect(scanFuelEvents(t.db.db, [bad, good], t.now())).rejects.toThrow(/bad truck/);

    const failed: number[] = [];
    await scanFuelEvents(t.db.db, [bad, good], t.now(), (truckId) => failed.push(truckId));
    expect(failed).toEqual([bad]);
    expect(await events(good)).toBe(3);
    expect(await scanned(good)).toBeDefined();
    // the failed truck keeps no events and no checkpoint, so the next run reads its time again
    expect(await events(bad)).toBe(0);
    expect(await scanned(bad)).toBeUndefined();
  });
});
