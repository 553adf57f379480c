import { type Kysely, sql } from 'kysely';
import { isPostgres } from './helpers';

// 应收统计 by day: the sums of the not cancelled bill_receive rows of each merchant, team, customer
// and Shanghai day of completion (`day` as the number YYYYMMDD, its month day / 100), kept by
// triggers on bill_receive in the same statement that changes a row (a fee, the freight, a check,
// an adjustment). The statistics read these few rows instead of every waybill of the period.

const SHANGHAI_MS = 8 * 3_600_000;

/** The Shanghai day YYYYMMDD of `b.completed_at` as an integer. */
const DAY = (b: string, pg: boolean) =>
  pg
    ? `to_char(to_timestamp((${b}.completed_at + ${SHANGHAI_MS}) / 1000) at time zone 'UTC', 'YYYYMMDD')::integer`
    : `CAST(strftime('%Y%m%d', (${b}.completed_at + ${SHANGHAI_MS}) / 1000, 'unixepoch') AS INTEGER)`;

const SUMS = [
  'waybills',
  'freight_fen',
  'fee_income_fen',
  'income_fen',
  'adjust_fen',
  'check_fen',
  'anomaly_fen',
];

/** Adds row `b` (sign 1) or takes it away (sign -1) from its day's sums, when it is not cancelled. */
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
  return `INSERT INTO bill_receive_day (merchant_id, team_code, customer_id, day, ${SUMS.join(', ')})
    VALUES (${b}.merchant_id, ${b}.team_code, ${b}.customer_id, ${DAY(b, pg)}, ${values.join(', ')})
    ON CONFLICT (merchant_id, team_code, customer_id, day) DO UPDATE SET
    ${SUMS.map((s) => `${s} = bill_receive_day.${s} + excluded.${s}`).join(', ')}`;
};

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  let table = db.schema
    .createTable('bill_receive_day')
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('team_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('customer_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull());
  for (const s of SUMS) table = table.addColumn(s, 'bigint', (c) => c.notNull().defaultTo(0));
  await table
    .addPrimaryKeyConstraint('bill_receive_day_pk', ['merchant_id', 'team_code', 'customer_id', 'day'])
    .execute();
  await db.schema
    .createIndex('bill_receive_day_day_idx')
    .on('bill_receive_day')
    .columns(['merchant_id', 'day'])
    .execute();

  if (pg) {
    await sql
      .raw(`CREATE FUNCTION bill_receive_day_sync() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    ${APPLY('OLD', -1, true)};
  END IF;
  ${APPLY('NEW', 1, true)};
  RETURN NULL;
END $$ LANGUAGE plpgsql`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER bill_receive_day_ins AFTER INSERT ON bill_receive
        FOR EACH ROW EXECUTE FUNCTION bill_receive_day_sync()`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER bill_receive_day_upd AFTER UPDATE ON bill_receive
        FOR EACH ROW EXECUTE FUNCTION bill_receive_day_sync()`)
      .execute(db);
  } else {
    await sql
      .raw(`CREATE TRIGGER bill_receive_day_ins AFTER INSERT ON bill_receive
        BEGIN ${APPLY('NEW', 1, false)}; END`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER bill_receive_day_upd AFTER UPDATE ON bill_receive
        BEGIN ${APPLY('OLD', -1, false)}; ${APPLY('NEW', 1, false)}; END`)
      .execute(db);
  }

  // the rows written before this migration
  await sql
    .raw(`INSERT INTO bill_receive_day (merchant_id, team_code, customer_id, day, ${SUMS.join(', ')})
      SELECT b.merchant_id, b.team_code, b.customer_id, ${DAY('b', pg)}, COUNT(*), SUM(b.freight_fen),
        SUM(b.fee_income_fen), SUM(b.income_fen), SUM(b.adjust_fen), SUM(COALESCE(b.check_fen, 0)),
        SUM(b.anomaly_fen)
      FROM bill_receive b WHERE b.cancelled = 0
      GROUP BY b.merchant_id, b.team_code, b.customer_id, ${DAY('b', pg)}`)
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql.raw('DROP TRIGGER IF EXISTS bill_receive_day_ins ON bill_receive').execute(db);
    await sql.raw('DROP TRIGGER IF EXISTS bill_receive_day_upd ON bill_receive').execute(db);
    await sql.raw('DROP FUNCTION IF EXISTS bill_receive_day_sync()').execute(db);
  } else {
    await sql.raw('DROP TRIGGER IF EXISTS bill_receive_day_ins').execute(db);
    await sql.raw('DROP TRIGGER IF EXISTS bill_receive_day_upd').execute(db);
  }
  await db.schema.dropTable('bill_receive_day').execute();
}
