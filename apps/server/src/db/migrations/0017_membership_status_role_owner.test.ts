import { type Kysely, Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { connect, type Db } from '../connection';
import { migrateToLatest } from '../migrate';
import { migrations } from './index';

describe('migration 0017: membership status and role owners, on data of the release before', () => {
  let handle: Db | undefined;
  afterEach(() => handle?.close());

  it('gives existing roles the root team and keeps disabled accounts disabled, per merchant', async () => {
    handle = connect('sqlite::memory:');
    const db = handle.db as unknown as Kysely<any>;
    const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0017'));
    const { error } = await new Migrator({
      db,
      provider: { getMigrations: async () => before },
    }).migrateToLatest();
    expect(error).toBeUndefined();
    await sql`insert into merchant (id, name, created_at) values (1, '甲', 0), (2, '乙', 0)`.execute(db);
    await sql`insert into team (merchant_id, team_code, team_name, parent_code, created_at)
      values (1, '1000001', '甲', null, 0), (1, '1000001001', '甲一', '1000001', 0)`.execute(db);
    await sql`insert into role (id, merchant_id, name, created_at) values (1, 1, '管理员', 0), (2, 2, '无车队', 0)`.execute(
      db,
    );
    await sql`insert into app_user (id, username, password_hash, nickname, status, created_at, updated_at)
      values (1, 'on', 'x', '启用', 1, 0, 0), (2, 'off', 'x', '停用', 0, 0, 0)`.execute(db);
    await sql`insert into user_merchant (user_id, merchant_id, team_code, entry_time)
      values (1, 1, '1000001', 0), (2, 1, '1000001001', 0), (2, 2, '2000001', 0)`.execute(db);

    await migrateToLatest(db);

    const roles = await sql<{
      id: number;
      team_code: string;
    }>`select id, team_code from role order by id`.execute(db);
    expect(roles.rows).toEqual([
      { id: 1, team_code: '1000001' },
      { id: 2, team_code: '' },
    ]);
    const members = await sql<{ user_id: number; merchant_id: number; status: number }>`
      select user_id, merchant_id, status from user_merchant order by user_id, merchant_id`.execute(db);
    expect(members.rows).toEqual([
      { user_id: 1, merchant_id: 1, status: 1 },
      { user_id: 2, merchant_id: 1, status: 0 },
      { user_id: 2, merchant_id: 2, status: 0 },
    ]);
    const users = await sql<{ status: number }>`select status from app_user order by id`.execute(db);
    expect(users.rows.map((u) => u.status)).toEqual([1, 1]);
  });
});
