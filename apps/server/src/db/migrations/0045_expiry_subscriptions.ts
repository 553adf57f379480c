import { type Kysely, sql } from 'kysely';

// The due reminders 8101 保养到期提醒 and 8102 证件到期提醒 joined the alarm catalogue (kind 到期提醒), and
// their delivery now obeys the alarm subscription. A user with no subscription saved gets every code
// already; a saved subscription chose among the codes that existed then, so the two new codes are
// added to it (as if ticked, the way they were delivered before), except to a subscription that turned
// every type off. Down takes them out again.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`UPDATE alarm_subscription SET codes = codes || ',8101,8102'
    WHERE codes <> '' AND ',' || codes || ',' NOT LIKE '%,8101,%'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`UPDATE alarm_subscription SET codes = REPLACE(REPLACE(codes, ',8101', ''), ',8102', '')`.execute(
    db,
  );
}
