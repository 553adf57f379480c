import { type Kysely, sql } from 'kysely';

// A user may belong to several merchants: disabling the user in one merchant ends that membership
// only (user_merchant.status); no route disables the account itself (app_user.status) any more.
// Roles get an owning team: a role administrator changes only the roles of its own team subtree.
// Existing roles are owned by their merchant's root team.
export async function up(db: Kysely<any>): Promise<void> {
  // 1 enabled, 0 disabled in this merchant
  await db.schema
    .alterTable('user_merchant')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  // accounts disabled before stay disabled in each of their merchants, where they can be enabled again
  await sql`update user_merchant set status = 0 where user_id in (select id from app_user where status = 0)`.execute(
    db,
  );
  await sql`update app_user set status = 1 where status = 0`.execute(db);
  await db.schema
    .alterTable('role')
    .addColumn('team_code', 'varchar(36)', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`
    update role set team_code = coalesce(
      (select min(t.team_code) from team t where t.merchant_id = role.merchant_id and t.parent_code is null),
      '')
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('role').dropColumn('team_code').execute();
  await db.schema.alterTable('user_merchant').dropColumn('status').execute();
}
