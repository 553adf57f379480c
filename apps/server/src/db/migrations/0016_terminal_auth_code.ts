import type { Kysely } from 'kysely';

// The authentication code a terminal received at registration, kept so that the next registration
// hands out the same code (JT/T 808 terminals keep their code) until the operator resets it.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('terminal').addColumn('auth_code', 'varchar(64)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('terminal').dropColumn('auth_code').execute();
}
