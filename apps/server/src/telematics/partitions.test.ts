import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { startTestApp, TEST_DATABASES } from '../test/support';
import { ensurePositionPartitions, partitionDay } from './partitions';

const HOUR = 3600_000;

describe('position partition days', () => {
  it('cuts days at midnight Asia/Shanghai (16:00 UTC the day before)', () => {
    const day = partitionDay(Date.UTC(2026, 10, 20, 2, 0, 0));
    expect(day).toEqual({
      name: 'position_20261120',
      from: Date.UTC(2026, 10, 19, 16, 0, 0),
      to: Date.UTC(2026, 10, 20, 16, 0, 0),
    });
    expect(partitionDay(Date.UTC(2026, 10, 20, 15, 59, 59, 999)).name).toBe('position_20261120');
    expect(partitionDay(Date.UTC(2026, 10, 20, 16, 0, 0)).name).toBe('position_20261121');
    expect(partitionDay(Date.UTC(2026, 11, 31, 16, 0, 0)).name).toBe('position_20270101');
  });
});

const postgres = TEST_DATABASES.find((d) => d.name === 'postgres');

describe.runIf(postgres)('position partitions on PostgreSQL', () => {
  it('creates yesterday..tomorrow at start, routes rows by day and leaves the default partition readable', async () => {
    const t = await startTestApp(postgres as (typeof TEST_DATABASES)[number]);
    try {
      const db = t.db.db;
      const partitions = async () =>
        (
          await sql<{ name: string }>`select c.relname as name from pg_inherits i
            join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
            where p.relname = 'position' and p.relnamespace = (select oid from pg_namespace where nspname = current_schema())
            order by 1`.execute(db)
        ).rows.map((r) => r.name);
      expect(await partitions()).toEqual([
        'position_20261119',
        'position_20261120',
        'position_20261121',
        'position_default',
      ]);
      expect(await ensurePositionPartitions(db, 'postgres', t.now())).toEqual([]);

      // A row of today and one of a day far ahead (no partition yet: it lands in the default one).
      const row = (time: number) => ({
        truck_id: 1,
        terminal_id: 1,
        time,
        received_at: time,
        lat: 39_900_000,
        lon: 116_400_000,
        mileage: null,
        fuel: null,
        extra: null,
      });
      const later = t.now() + 5 * 24 * HOUR;
      await db
        .insertInto('position')
        .values([row(t.now()), row(later)])
        .execute();
      const placed = await sql<{ part: string; time: number }>`
        select tableoid::regclass::text as part, time from position order by time`.execute(db);
      expect(placed.rows.map((r) => r.part.replace(/^.*\./, ''))).toEqual([
        'position_20261120',
        'position_default',
      ]);

      // When that day comes, its partition is not split out over the rows already in the default one.
      const created = await ensurePositionPartitions(db, 'postgres', later);
      expect(created).not.toContain(partitionDay(later).name);
      expect(created).toContain(partitionDay(later + 24 * HOUR).name);
      const all = await db.selectFrom('position').select('time').orderBy('time').execute();
      expect(all.map((r) => r.time)).toEqual([t.now(), later]);
    } finally {
      await t.close();
    }
  });
});
