import { type Kysely, Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { connect, type Db } from '../connection';
import { migrateToLatest } from '../migrate';
import { migrations } from './index';

describe('migration 0020: fee types, on data of the release before', () => {
  let handle: Db | undefined;
  afterEach(() => handle?.close());

  it('gives every merchant the built-in types at its headquarters', async () => {
    handle = connect('sqlite::memory:');
    const db = handle.db as unknown as Kysely<any>;
    const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0020'));
    const { error } = await new Migrator({
      db,
      provider: { getMigrations: async () => before },
    }).migrateToLatest();
    expect(error).toBeUndefined();
    await sql`insert into merchant (id, name, created_at) values (1, '甲', 0), (2, '乙', 0)`.execute(db);
    await sql`insert into team (merchant_id, team_code, team_name, parent_code, created_at)
      values (1, '1000001', '甲', null, 0), (1, '1000001001', '甲一', '1000001', 0),
        (2, '2000001', '乙', null, 0)`.execute(db);

    await migrateToLatest(db);

    const types = await sql<{ merchant_id: number; team_code: string; fee_name: string; sort: number }>`
      select merchant_id, team_code, fee_name, sort from fee_type
      where built_in = 1 and valid = 1 order by merchant_id, sort`.execute(db);
    const names = ['运费', '装车费', '卸车费', '过路过桥费', '油费', '借支', '信息费', '时效罚款'];
    expect(types.rows.map((r) => `${r.merchant_id} ${r.team_code} ${r.sort} ${r.fee_name}`)).toEqual([
      ...names.map((name, i) => `1 1000001 ${i + 1} ${name}`),
      ...names.map((name, i) => `2 2000001 ${i + 1} ${name}`),
    ]);
    // a name names one type of the merchant
    await expect(
      sql`insert into fee_type (merchant_id, team_code, fee_name, fee_kind, created_at, updated_at)
        values (1, '1000001001', '运费', 1, 0, 0)`.execute(db),
    ).rejects.toThrow();
  });
});
