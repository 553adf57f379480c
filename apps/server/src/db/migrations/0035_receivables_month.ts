import { type Kysely, sql } from 'kysely';
import { isPostgres } from './helpers';

// 应收统计 by month: the sums of the not cancelled bill_receive rows of each merchant, team,
// customer and Shanghai month of completion (`month` as the number YYYYMM), kept by triggers on
// bill_receive like the daily sums (0035_receivables_day). A year's statistics or the report's
// totals read the whole months here and only the days of a partial month from the daily sums.

const SHANGHAI_MS = 8 * 3_600_000;

/** The Shanghai month YYYYMM of `b.completed_at` as an integer. */
const MONTH = (b: string, pg: boolean) =>
  pg
    ? `to_char(to_timestamp((${b}.completed_at + ${SHANGHAI_MS}) / 1000) at time zone 'UTC', 'YYYYMM')::integer`
    : `CAST(strftime('%Y%m', (${b}.completed_at + ${SHANGHAI_MS}) / 1000, 'unixepoch') AS INTEGER)`;

const SUMS = [
  'waybills',
  'freight_fen',
  'fee_income_fen',
  'income_fen',
  'adjust_fen',
  'check_fen',
  'anomaly_fen',
];

/** Adds row `b` (sign 1) or takes it away (sign -1) from its month's sums, when it is not cancelled. */
const APPLY = (b: string, sign: 1 | -1, pg: boolean) => {
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
  return `INSERT INTO bill_receive_month (merchant_id, team_code, customer_id, month, ${SUMS.join(', ')})
    VALUES (${b}.merchant_id, ${b}.team_code, ${b}.customer_id, ${MONTH(b, pg)}, ${values.join(', ')})
    ON CONFLICT (merchant_id, team_code, customer_id, month) DO UPDATE SET
    ${SUMS.map((s) => `${s} = bill_receive_month.${s} + excluded.${s}`).join(', ')}`;
};

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  let table = db.schema
    .createTable('bill_receive_month')
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('team_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('customer_id', 'integer', (c) => c.notNull())
    .addColumn('month', 'integer', (c) => c.notNull());
  for (const s of SUMS) table = table.addColumn(s, 'bigint', (c) => c.notNull().defaultTo(0));
  await table
    .addPrimaryKeyConstraint('bill_receive_month_pk', ['merchant_id', 'team_code', 'customer_id', 'month'])
    .execute();
  await db.schema
    .createIndex('bill_receive_month_month_idx')
    .on('bill_receive_month')
    .columns(['merchant_id', 'month'])
    .execute();

  if (pg) {
    await sql
      .raw(`CREATE FUNCTION bill_receive_month_sync() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    ${APPLY('OLD', -1, true)};
  END IF;
  ${APPLY('NEW', 1, true)};
  RETURN NULL;
END $$ LANGUAGE plpgsql`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER bill_receive_month_ins AFTER INSERT ON bill_receive
        FOR EACH ROW EXECUTE FUNCTION bill_receive_month_sync()`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER bill_receive_month_upd AFTER UPDATE ON bill_receive
        FOR EACH ROW EXECUTE FUNCTION bill_receive_month_sync()`)
      .execute(db);
  } else {
    await sql
      .raw(`CREATE TRIGGER bill_receive_month_ins AFTER INSERT ON bill_receive
        BEGIN ${APPLY('NEW', 1, false)}; END`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER bill_receive_month_upd AFTER UPDATE ON bill_receive
        BEGIN ${APPLY('OLD', -1, false)}; ${APPLY('NEW', 1, false)}; END`)
      .execute(db);
  }

  // the rows written before this migration
  await sql
    .raw(`INSERT INTO bill_receive_month (merchant_id, team_code, customer_id, month, ${SUMS.join(', ')})
      SELECT b.merchant_id, b.team_code, b.customer_id, ${MONTH('b', pg)}, COUNT(*), SUM(b.freight_fen),
        SUM(b.fee_income_fen), SUM(b.income_fen), SUM(b.adjust_fen), SUM(COALESCE(b.check_fen, 0)),
        SUM(b.anomaly_fen)
      FROM bill_receive b WHERE b.cancelled = 0
      GROUP BY b.merchant_id, b.team_code, b.customer_id, ${MONTH('b', pg)}`)
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql.raw('DROP TRIGGER IF EXISTS bill_receive_month_ins ON bill_receive').execute(db);
    await sql.raw('DROP TRIGGER IF EXISTS bill_receive_month_upd ON bill_receive').execute(db);
    await sql.raw('DROP FUNCTION IF EXISTS bill_receive_month_sync()').execute(db);
  } else {
    await sql.raw('DROP TRIGGER IF EXISTS bill_receive_month_ins').execute(db);
    await sql.raw('DROP TRIGGER IF EXISTS bill_receive_month_upd').execute(db);
  }
  await db.schema.dropTable('bill_receive_month').execute();
}
