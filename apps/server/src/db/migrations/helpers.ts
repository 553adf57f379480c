import { type CreateTableBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

/** Migrations are frozen in time: they take Kysely<any> and never import the current table types. */
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An auto-incremented integer primary key named `id`, on either database. */
export function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** Where the summary of `periodSums` reads its rows: one row of `source` is `p` in these expressions. */
export interface PeriodSumsOf {
  /** The table summed, e.g. bill_receive; `<source>_<period>` holds the sums. */
  source: string;
  /** The epoch-ms column whose Shanghai day or month is the row's period. */
  at: string;
  /** The key columns besides merchant_id, team_code and the period, with their value in row `p`. */
  keys: { column: string; value: (p: string) => string }[];
  /** The summed columns besides `waybills` (the count of rows), with their value in row `p`. */
  sums: { column: string; value: (p: string) => string }[];
  /** Whether row `p` counts in the sums (a cancelled or fee-less row does not). */
  counts: (p: string) => string;
  /** The source columns besides merchant_id, team_code, `at` and the keys that the sums depend on. */
  watched: string[];
  /** The period index carries every key and sum (for a read of the sums alone). */
  coveringIndex?: boolean;
  /** A deleted source row is taken away (its rows are never deleted otherwise). */
  deletes?: boolean;
}

const SHANGHAI_MS = 8 * 3_600_000;

/**
 * The migration of the sums of `of.source` rows by merchant, team, keys and Shanghai day (`day` as
 * the number YYYYMMDD, its month day / 100) or month (`month` YYYYMM): table `<source>_<period>`,
 * kept by triggers on the source in the same statement that changes a row (an update changing no
 * watched column is skipped), and `backFill`, the sums of the rows already written (used by `up`).
 */
export function periodSums(period: 'day' | 'month', of: PeriodSumsOf) {
  const table = `${of.source}_${period}`;
  const format = period === 'day' ? ['YYYYMMDD', '%Y%m%d'] : ['YYYYMM', '%Y%m'];
  /** The Shanghai day YYYYMMDD or month YYYYMM of row `p` as an integer. */
  const key = (p: string, pg: boolean) =>
    pg
      ? `to_char(to_timestamp((${p}.${of.at} + ${SHANGHAI_MS}) / 1000) at time zone 'UTC', '${format[0]}')::integer`
      : `CAST(strftime('${format[1]}', (${p}.${of.at} + ${SHANGHAI_MS}) / 1000, 'unixepoch') AS INTEGER)`;
  const keyColumns = ['merchant_id', 'team_code', ...of.keys.map((k) => k.column), period];
  const keyValues = (p: string, pg: boolean) => [
    `${p}.merchant_id`,
    `${p}.team_code`,
    ...of.keys.map((k) => k.value(p)),
    key(p, pg),
  ];
  const sumColumns = ['waybills', ...of.sums.map((s) => s.column)];
  const columns = [...keyColumns, ...sumColumns].join(', ');
  /** Adds row `p` (sign 1) or takes it away (sign -1) from its period's sums, when it counts. */
  const apply = (p: string, sign: 1 | -1, pg: boolean) => {
    const f = `${sign} * (CASE WHEN ${of.counts(p)} THEN 1 ELSE 0 END)`;
    return `INSERT INTO ${table} (${columns})
    VALUES (${[...keyValues(p, pg), f, ...of.sums.map((s) => `${f} * ${s.value(p)}`)].join(', ')})
    ON CONFLICT (${keyColumns.join(', ')}) DO UPDATE SET
    ${sumColumns.map((s) => `${s} = ${table}.${s} + excluded.${s}`).join(', ')}`;
  };
  const watched = ['merchant_id', 'team_code', of.at, ...of.keys.map((k) => k.column), ...of.watched];
  const changed = watched.map((c) => `OLD.${c} IS DISTINCT FROM NEW.${c}`).join(' OR ');

  /** Adds the sums of every counted source row to the (empty) table. */
  async function backFill(db: Kysely<any>): Promise<void> {
    const values = keyValues('p', isPostgres(db));
    await sql
      .raw(`INSERT INTO ${table} (${columns})
      SELECT ${[...values, 'COUNT(*)', ...of.sums.map((s) => `SUM(${s.value('p')})`)].join(', ')}
      FROM ${of.source} p WHERE ${of.counts('p')}
      GROUP BY ${values.join(', ')}`)
      .execute(db);
  }

  async function up(db: Kysely<any>): Promise<void> {
    const pg = isPostgres(db);
    let create: CreateTableBuilder<string, string> = db.schema.createTable(table);
    for (const c of keyColumns)
      create = create.addColumn(c, c === 'team_code' ? 'varchar(36)' : 'integer', (b) => b.notNull());
    for (const s of sumColumns) create = create.addColumn(s, 'bigint', (c) => c.notNull().defaultTo(0));
    await create.addPrimaryKeyConstraint(`${table}_pk`, keyColumns).execute();
    await db.schema
      .createIndex(`${table}_${period}_idx`)
      .on(table)
      .columns(
        of.coveringIndex
          ? [
              'merchant_id',
              period,
              ...keyColumns.filter((c) => c !== 'merchant_id' && c !== period),
              ...sumColumns,
            ]
          : ['merchant_id', period],
      )
      .execute();

    const events = of.deletes ? ['INSERT', 'DELETE'] : ['INSERT'];
    if (pg) {
      await sql
        .raw(`CREATE FUNCTION ${table}_sync() RETURNS trigger AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    ${apply('OLD', -1, true)};
  END IF;
  IF TG_OP <> 'DELETE' THEN
    ${apply('NEW', 1, true)};
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql`)
        .execute(db);
      await sql
        .raw(`CREATE TRIGGER ${table}_ins AFTER ${events.join(' OR ')} ON ${of.source}
        FOR EACH ROW EXECUTE FUNCTION ${table}_sync()`)
        .execute(db);
      await sql
        .raw(`CREATE TRIGGER ${table}_upd AFTER UPDATE ON ${of.source}
        FOR EACH ROW WHEN (${changed}) EXECUTE FUNCTION ${table}_sync()`)
        .execute(db);
    } else {
      await sql
        .raw(`CREATE TRIGGER ${table}_ins AFTER INSERT ON ${of.source}
        BEGIN ${apply('NEW', 1, false)}; END`)
        .execute(db);
      await sql
        .raw(`CREATE TRIGGER ${table}_upd AFTER UPDATE ON ${of.source}
        WHEN ${changed.replaceAll('IS DISTINCT FROM', 'IS NOT')}
        BEGIN ${apply('OLD', -1, false)}; ${apply('NEW', 1, false)}; END`)
        .execute(db);
      if (of.deletes)
        await sql
          .raw(`CREATE TRIGGER ${table}_del AFTER DELETE ON ${of.source}
          BEGIN ${apply('OLD', -1, false)}; END`)
          .execute(db);
    }
    await backFill(db);
  }

  async function down(db: Kysely<any>): Promise<void> {
    if (isPostgres(db)) {
      await sql.raw(`DROP TRIGGER IF EXISTS ${table}_ins ON ${of.source}`).execute(db);
      await sql.raw(`DROP TRIGGER IF EXISTS ${table}_upd ON ${of.source}`).execute(db);
      await sql.raw(`DROP FUNCTION IF EXISTS ${table}_sync()`).execute(db);
    } else {
      for (const t of ['ins', 'upd', 'del'])
        await sql.raw(`DROP TRIGGER IF EXISTS ${table}_${t}`).execute(db);
    }
    await db.schema.dropTable(table).execute();
  }

  return { up, down, backFill };
}
