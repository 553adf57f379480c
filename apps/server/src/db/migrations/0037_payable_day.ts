import { type Kysely, sql } from 'kysely';
import { isPostgres } from './helpers';

// 应付统计 by day: the sums of the fee_payable rows with fees (one row per waybill with its approved
// cost fees, 0034_payments) of each merchant, team, truck, driver and Shanghai day of the waybill
// (`day` as the number YYYYMMDD, its month day / 100), kept by triggers on fee_payable in the same
// statement that changes a row. A waybill without truck or driver is kept under truck_id or
// driver_id 0. The statistics read these few rows instead of every waybill of the period.
// 0037_payable_month keeps the same sums by month (`month` YYYYMM) with `payableSums('month')`.

const SHANGHAI_MS = 8 * 3_600_000;

const SUMS = ['waybills', 'approved_fen', 'paid_fen', 'unpaid_fen'];

/** The columns of fee_payable a period's sums depend on: an update changing none of them is skipped. */
const WATCHED = [
  'merchant_id',
  'team_code',
  'waybill_created_at',
  'truck_id',
  'driver_id',
  'fees',
  'approved_fen',
  'paid_fen',
  'unpaid_fen',
];

type Period = 'day' | 'month';

/** The migration of the sums by `period`: table `fee_payable_<period>`, its triggers and back-fill. */
export function payableSums(period: Period) {
  const table = `fee_payable_${period}`;
  const format = period === 'day' ? ['YYYYMMDD', '%Y%m%d'] : ['YYYYMM', '%Y%m'];
  /** The Shanghai day YYYYMMDD or month YYYYMM of `p.waybill_created_at` as an integer. */
  const key = (p: string, pg: boolean) =>
    pg
      ? `to_char(to_timestamp((${p}.waybill_created_at + ${SHANGHAI_MS}) / 1000) at time zone 'UTC', '${format[0]}')::integer`
      : `CAST(strftime('${format[1]}', (${p}.waybill_created_at + ${SHANGHAI_MS}) / 1000, 'unixepoch') AS INTEGER)`;
  const columns = `merchant_id, team_code, truck_id, driver_id, ${period}`;
  /** Adds row `p` (sign 1) or takes it away (sign -1) from its period's sums, when it has fees. */
  const apply = (p: string, sign: 1 | -1, pg: boolean) => {
    const f = `${sign} * (CASE WHEN ${p}.fees > 0 THEN 1 ELSE 0 END)`;
    const values = [f, `${f} * ${p}.approved_fen`, `${f} * ${p}.paid_fen`, `${f} * ${p}.unpaid_fen`];
    return `INSERT INTO ${table} (${columns}, ${SUMS.join(', ')})
    VALUES (${p}.merchant_id, ${p}.team_code, COALESCE(${p}.truck_id, 0), COALESCE(${p}.driver_id, 0),
      ${key(p, pg)}, ${values.join(', ')})
    ON CONFLICT (${columns}) DO UPDATE SET
    ${SUMS.map((s) => `${s} = ${table}.${s} + excluded.${s}`).join(', ')}`;
  };
  const changed = WATCHED.map((c) => `OLD.${c} IS DISTINCT FROM NEW.${c}`).join(' OR ');

  async function up(db: Kysely<any>): Promise<void> {
    const pg = isPostgres(db);
    let create = db.schema
      .createTable(table)
      .addColumn('merchant_id', 'integer', (c) => c.notNull())
      .addColumn('team_code', 'varchar(36)', (c) => c.notNull())
      .addColumn('truck_id', 'integer', (c) => c.notNull())
      .addColumn('driver_id', 'integer', (c) => c.notNull())
      .addColumn(period, 'integer', (c) => c.notNull());
    for (const s of SUMS) create = create.addColumn(s, 'bigint', (c) => c.notNull().defaultTo(0));
    await create
      .addPrimaryKeyConstraint(`${table}_pk`, ['merchant_id', 'team_code', 'truck_id', 'driver_id', period])
      .execute();
    await db.schema
      .createIndex(`${table}_${period}_idx`)
      .on(table)
      .columns(['merchant_id', period, 'team_code', 'truck_id', 'driver_id', ...SUMS])
      .execute();

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
        .raw(`CREATE TRIGGER ${table}_ins AFTER INSERT OR DELETE ON fee_payable
        FOR EACH ROW EXECUTE FUNCTION ${table}_sync()`)
        .execute(db);
      await sql
        .raw(`CREATE TRIGGER ${table}_upd AFTER UPDATE ON fee_payable
        FOR EACH ROW WHEN (${changed}) EXECUTE FUNCTION ${table}_sync()`)
        .execute(db);
    } else {
      await sql
        .raw(`CREATE TRIGGER ${table}_ins AFTER INSERT ON fee_payable
        BEGIN ${apply('NEW', 1, false)}; END`)
        .execute(db);
      await sql
        .raw(`CREATE TRIGGER ${table}_upd AFTER UPDATE ON fee_payable
        WHEN ${changed.replaceAll('IS DISTINCT FROM', 'IS NOT')}
        BEGIN ${apply('OLD', -1, false)}; ${apply('NEW', 1, false)}; END`)
        .execute(db);
      await sql
        .raw(`CREATE TRIGGER ${table}_del AFTER DELETE ON fee_payable
        BEGIN ${apply('OLD', -1, false)}; END`)
        .execute(db);
    }

    // the rows written before this migration
    await sql
      .raw(`INSERT INTO ${table} (${columns}, ${SUMS.join(', ')})
      SELECT p.merchant_id, p.team_code, COALESCE(p.truck_id, 0), COALESCE(p.driver_id, 0), ${key('p', pg)},
        COUNT(*), SUM(p.approved_fen), SUM(p.paid_fen), SUM(p.unpaid_fen)
      FROM fee_payable p WHERE p.fees > 0
      GROUP BY p.merchant_id, p.team_code, COALESCE(p.truck_id, 0), COALESCE(p.driver_id, 0), ${key('p', pg)}`)
      .execute(db);
  }

  async function down(db: Kysely<any>): Promise<void> {
    if (isPostgres(db)) {
      await sql.raw(`DROP TRIGGER IF EXISTS ${table}_ins ON fee_payable`).execute(db);
      await sql.raw(`DROP TRIGGER IF EXISTS ${table}_upd ON fee_payable`).execute(db);
      await sql.raw(`DROP FUNCTION IF EXISTS ${table}_sync()`).execute(db);
    } else {
      for (const t of ['ins', 'upd', 'del'])
        await sql.raw(`DROP TRIGGER IF EXISTS ${table}_${t}`).execute(db);
    }
    await db.schema.dropTable(table).execute();
  }

  return { up, down };
}

export const { up, down } = payableSums('day');
