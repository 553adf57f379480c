import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { alarmRow, fixtureTrucks, insertAlarms } from '../modules/alarms/alarm-fixtures';

/**
 * Rows the tenancy test must never see as a user of 干线一分队: records of the sibling team
 * 干线二分队, of 城配一分队 and of the other merchant, each carrying one of the test's foreign words
 * (a team name in the row, or a name written into it). Written straight into the tables, so that
 * every list route has something to leak.
 */
export async function seedForeignRows(db: Kysely<Database>, now: number): Promise<void> {
  const foreignTeams = ['10000010010002', '10000010020001', '2000001'];
  const users = await db.selectFrom('app_user').select(['id', 'username']).execute();
  const userId = (name: string) => users.find((u) => u.username === name)?.id ?? 0;
  for (const prefix of foreignTeams) {
    const [truck] = await fixtureTrucks(db, prefix);
    if (!truck) throw new Error(`no demo truck under ${prefix}`);
    await insertAlarms(
      db,
      [1001, 3002, 4005, 5004, 5012, 7001, 7101, 10007].map((code, i) =>
        alarmRow(truck, { code, start: now - (i + 1) * 60_000, speed: 80, detail: { note: '城配' } }),
      ),
    );
    await db
      .insertInto('push')
      .values({
        merchant_id: truck.merchant_id,
        team_code: prefix,
        type: 1,
        title: '城配专属推送',
        content: '煤运专属内容',
        created_by: userId('admin'),
        creator_name: '系统管理员',
        created_at: now,
      })
      .execute();
  }
  const safetyRole = await db
    .selectFrom('role')
    .select('id')
    .where('merchant_id', '=', 1)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('user_authorization')
    .values({
      merchant_id: 1,
      team_code: '10000010020001',
      user_id: userId('safety'),
      role_id: safetyRole.id,
      start_date: '2026-01-01',
      end_date: '2026-12-31',
      reason: '城配代班',
      created_by: userId('admin'),
      creator_name: '系统管理员',
      created_at: now,
    })
    .execute();
  await db
    .insertInto('message')
    .values({
      user_id: userId('finance'),
      merchant_id: 1,
      type: 1,
      code: 5004,
      title: '城配超速',
      content: '干线二分队的车辆超速',
      created_at: now,
    })
    .execute();
}
