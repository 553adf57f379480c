import { type Kysely, type MigrationProvider, Migrator, PostgresAdapter, sql } from 'kysely';
import { migrations } from './migrations';

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the database to the newest schema; throws with the failing migration's error. */
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  // On PostgreSQL the migration tables live in the connection's own schema. Named explicitly,
  // because Kysely otherwise looks for them in every schema of the database and, finding another
  // schema's (tests and benchmarks each use a schema of their own), skips creating its own.
  let migrationTableSchema: string | undefined;
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    migrationTableSchema = rows[0]?.schema;
  }
  const migrator = new Migrator({ db, provider, migrationTableSchema });
  let { error, results } = await migrator.migrateToLatest();
  // Kysely looks for its migration tables by listing the tables of every schema of the database;
  // when another process drops its schema meanwhile (tests and benchmarks each have one), that
  // listing fails with 3F000 (schema does not exist) before anything was migrated: list again.
  for (let retry = 0; retry < 5 && isSchemaGone(error); retry++)
    ({ error, results } = await migrator.migrateToLatest());
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const cause = error instanceof Error ? error : new Error(String(error ?? 'unknown'));
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${cause.message}`, { cause });
  }
}

/** A PostgreSQL error 3F000: a schema named in the statement no longer exists. */
function isSchemaGone(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '3F000';
}
