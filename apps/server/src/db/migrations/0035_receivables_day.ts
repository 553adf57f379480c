import { type Kysely, sql } from 'kysely';
import { isPostgres } from './helpers';

// 应收统计 by day: the sums of the not cancelled bill_receive rows of each merchant, team, customer
// and Shanghai day of completion (`day` as the number YYYYMMDD, its month day / 100), kept by
// triggers on bill_receive in the same statement that changes a row (a fee, the freight, a check,
// an adjustment). The statistics read these few rows instead of every waybill of the period.
// 0035_receivables_month keeps the same sums by month (`month` YYYYMM) with `periodSums('month')`.

const SHANGHAI_MS = 8 * 3_600_000;

const SUMS = [
  'waybills',
  'freight_fen',
  'fee_income_fen',
  'income_fen',
  'adjust_fen',
  'check_fen',
  'anomaly_fen',
];

/** The columns of bill_receive a period's sums depend on: an update changing none of them is skipped. */
const WATCHED = ['merchant_id', 'team_code', 'customer_id', 'completed_at', 'cancelled', ...SUMS.slice(1)];

type Period = 'day' | 'month';

/** The migration of the sums by `period`: table `bill_receive_<period>`, its triggers and back-fill. */
export function periodSums(period: Period) {
  const table = `bill_receive_${period}`;
  const format = period === 'day' ? ['YYYYMMDD', '%Y%m%d'] : ['YYYYMM', '%Y%m'];
  /** The Shanghai day YYYYMMDD or month YYYYMM of `b.completed_at` as an integer. */
  const key = (b: string, pg: boolean) =>
    pg
      ? `to_char(to_timestamp((${b}.completed_at + ${SHANGHAI_MS}) / 1000) at time zone 'UTC', '${format[0]}')::integer`
      : `CAST(strftime('${format[1]}', (${b}.completed_at + ${SHANGHAI_MS}) / 1000, 'unixepoch') AS INTEGER)`;
  /** Adds row `b` (sign 1) or takes it away (sign -1) from its period's sums, when it is not cancelled. */
  const apply = (b: string, sign: 1 | -1, pg: boolean) => {
    const f = `${sign} * (1 - ${b}.cancelled)`;
    const values = [
      f,
      `${f} * ${b}.freight_fen`,
      `${f} * ${b}.fee_income_fen`,
      `${f} * ${b}.income_fen`,
      `${f} * ${b}.adjust_fen`,
      `${f} * COALESCE(${b}.check_fen, 0)`,
      `${f} * ${b}.anomaly_fen`,
    ];
    return `INSERT INTO ${table} (merchant_id, team_code, customer_id, ${period}, ${SUMS.join(', ')})
    VALUES (${b}.merchant_id, ${b}.team_code, ${b}.customer_id, ${key(b, pg)}, ${values.join(', ')})
    ON CONFLICT (merchant_id, team_code, customer_id, ${period}) DO UPDATE SET
    ${SUMS.map((s) => `${s} = ${table}.${s} + excluded.${s}`).join(', ')}`;
  };
  const changed = WATCHED.map((c) => `OLD.${c} IS DISTINCT FROM NEW.${c}`).join(' OR ');

  async function up(db: Kysely<any>): Promise<void> {
    const pg = isPostgres(db);
    let create = db.schema
      .createTable(table)
      .addColumn('merchant_id', 'integer', (c) => c.notNull())
      .addColumn('team_code', 'varchar(36)', (c) => c.notNull())
      .addColumn('customer_id', 'integer', (c) => c.notNull())
      .addColumn(period, 'integer', (c) => c.notNull());
    for (const s of SUMS) create = create.addColumn(s, 'bigint', (c) => c.notNull().defaultTo(0));
    await create
      .addPrimaryKeyConstraint(`${table}_pk`, ['merchant_id', 'team_code', 'customer_id', period])
      .execute();
    await db.schema
      .createIndex(`${table}_${period}_idx`)
      .on(table)
      .columns(['merchant_id', period])
      .execute();

    if (pg) {
      await sql
        .raw(`CREATE FUNCTION ${table}_sync() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    ${apply('OLD', -1, true)};
  END IF;
  ${apply('NEW', 1, true)};
  RETURN NULL;
END $$ LANGUAGE plpgsql`)
        .execute(db);
      await sql
        .raw(`CREATE TRIGGER ${table}_ins AFTER INSERT ON bill_receive
        FOR EACH ROW EXECUTE FUNCTION ${table}_sync()`)
        .execute(db);
      await sql
        .raw(`CREATE TRIGGER ${table}_upd AFTER UPDATE ON bill_receive
        FOR EACH ROW WHEN (${changed}) EXECUTE FUNCTION ${table}_sync()`)
        .execute(db);
    } else {
      await sql
        .raw(`CREATE TRIGGER ${table}_ins AFTER INSERT ON bill_receive
        BEGIN ${apply('NEW', 1, false)}; END`)
        .execute(db);
      await sql
        .raw(`CREATE TRIGGER ${table}_upd AFTER UPDATE ON bill_receive
        WHEN ${changed.replaceAll('IS DISTINCT FROM', 'IS NOT')}
        BEGIN ${apply('OLD', -1, false)}; ${apply('NEW', 1, false)}; END`)
        .execute(db);
    }

    // the rows written before this migration
    await sql
      .raw(`INSERT INTO ${table} (merchant_id, team_code, customer_id, ${period}, ${SUMS.join(', ')})
      SELECT b.merchant_id, b.team_code, b.customer_id, ${key('b', pg)}, COUNT(*), SUM(b.freight_fen),
        SUM(b.fee_income_fen), SUM(b.income_fen), SUM(b.adjust_fen), SUM(COALESCE(b.check_fen, 0)),
        SUM(b.anomaly_fen)
      FROM bill_receive b WHERE b.cancelled = 0
      GROUP BY b.merchant_id, b.team_code, b.customer_id, ${key('b', pg)}`)
      .execute(db);
  }

  async function down(db: Kysely<any>): Promise<void> {
    if (isPostgres(db)) {
      await sql.raw(`DROP TRIGGER IF EXISTS ${table}_ins ON bill_receive`).execute(db);
      await sql.raw(`DROP TRIGGER IF EXISTS ${table}_upd ON bill_receive`).execute(db);
      await sql.raw(`DROP FUNCTION IF EXISTS ${table}_sync()`).execute(db);
    } else {
      await sql.raw(`DROP TRIGGER IF EXISTS ${table}_ins`).execute(db);
      await sql.raw(`DROP TRIGGER IF EXISTS ${table}_upd`).execute(db);
    }
    await db.schema.dropTable(table).execute();
  }

  return { up, down };
}

export const { up, down } = periodSums('day');
