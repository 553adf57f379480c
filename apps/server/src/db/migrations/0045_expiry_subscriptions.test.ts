import { type Kysely, Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { connect, type Db } from '../connection';
import { migrateToLatest } from '../migrate';
import { migrations } from './index';

describe('migration 0045: the due reminders in the subscriptions saved before', () => {
  let handle: Db | undefined;
  afterEach(() => handle?.close());

  it('adds 8101 and 8102 to every saved subscription but one that turned every type off', async () => {
    handle = connect('sqlite::memory:');
    const db = handle.db as unknown as Kysely<any>;
    const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0045'));
    const { error } = await new Migrator({
      db,
      provider: { getMigrations: async () => before },
    }).migrateToLatest();
    expect(error).toBeUndefined();
    await sql`insert into alarm_subscription (user_id, merchant_id, codes, updated_at)
      values (1, 1, '5004,5006', 0), (2, 1, '', 0), (3, 1, '8002', 0)`.execute(db);

    await migrateToLatest(db);

    const rows = await sql<{ user_id: number; codes: string }>`
      select user_id, codes from alarm_subscription order by user_id`.execute(db);
    expect(rows.rows).toEqual([
      { user_id: 1, codes: '5004,5006,8101,8102' },
      { user_id: 2, codes: '' },
      { user_id: 3, codes: '8002,8101,8102' },
    ]);
  });
});
