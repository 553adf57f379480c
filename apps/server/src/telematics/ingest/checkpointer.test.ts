import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { connect } from '../../db/connection';
import { startCheckpointer } from './checkpointer';

describe('WAL checkpointer', () => {
  it('copies the WAL into the database file from a worker thread', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'fleet-ckpt-'));
    const file = path.join(dir, 'fleet.db');
    const db = connect(`sqlite:${file}`);
    const sqlite = db.sqlite;
    if (!sqlite) throw new Error('no SQLite handle');
    try {
      const errors: unknown[] = [];
      const checkpointer = startCheckpointer(sqlite, { error: (obj) => errors.push(obj) }, 50);
      expect(checkpointer).not.toBeNull();
      expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
      sqlite.exec('create table t (n integer, s text)');
      const insert = sqlite.prepare('insert into t values (?, ?)');
      sqlite.transaction(() => {
        for (let i = 0; i < 20_000; i++) insert.run(i, 'x'.repeat(50));
      })();
      const before = statSync(file).size;
      await new Promise((r) => setTimeout(r, 500));
      expect(statSync(file).size).toBeGreaterThan(before + 500_000);
      await checkpointer?.stop();
      expect(errors).toEqual([]);
    } finally {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('does nothing for an in-memory database', async () => {
    const db = connect('sqlite::memory:');
    expect(startCheckpointer(db.sqlite as NonNullable<typeof db.sqlite>, { error: () => {} })).toBeNull();
    await db.close();
  });
});
