import { type Kysely, sql } from 'kysely';
import { isPostgres, withId } from './helpers';

// 应收对账: the customer side of completed waybills. `bill_receive` is one row per completed
// waybill, kept by the database itself: triggers on `waybill` create it when a waybill completes
// (or is written completed) and copy the waybill's customer, line, team, completion time, freight
// and cancellation; triggers on `waybill_fee` recompute the waybill's income fees (fee_kind 1, not
// rejected) in the same statement's transaction whoever writes the fee (the waybill pages, the
// approval, payments, imports). So the reports read these rows and never sum the fee table.
// Confirmed receivable (确认应收) = income_fen + adjust_fen (business section 9).

/** The income fees of one waybill: fee types of kind 1 (income), fees not rejected (state 3). */
const FEE_INCOME = (waybill: string) => `(SELECT COALESCE(SUM(f.amount_fen), 0) FROM waybill_fee f
  JOIN fee_type t ON t.id = f.fee_type_id
  WHERE f.waybill_id = ${waybill} AND t.fee_kind = 1 AND f.state <> 3)`;

/** Creates or refreshes the row of completed waybill `w` (a row alias with the waybill's columns). */
const UPSERT = (w: string) => `INSERT INTO bill_receive (merchant_id, team_code, waybill_id, customer_id,
  line_id, completed_at, cancelled, freight_fen, fee_income_fen, income_fen, anomaly_fen, adjust_fen,
  check_state, created_at, updated_at)
  VALUES (${w}.merchant_id, ${w}.team_code, ${w}.id, ${w}.customer_id, ${w}.line_id,
    COALESCE(${w}.completed_at, ${w}.updated_at), ${w}.cancelled, ${w}.freight_fen, ${FEE_INCOME(`${w}.id`)},
    ${w}.freight_fen + ${FEE_INCOME(`${w}.id`)}, 0, 0, 0, ${w}.updated_at, ${w}.updated_at)
  ON CONFLICT (waybill_id) DO UPDATE SET team_code = excluded.team_code,
    customer_id = excluded.customer_id, line_id = excluded.line_id, completed_at = excluded.completed_at,
    cancelled = excluded.cancelled, freight_fen = excluded.freight_fen,
    fee_income_fen = excluded.fee_income_fen, income_fen = excluded.income_fen`;

/** Recomputes the income fees of the row of waybill `id` (no row: nothing). */
const REFRESH = (id: string) => `UPDATE bill_receive SET fee_income_fen = ${FEE_INCOME(id)},
  income_fen = freight_fen + ${FEE_INCOME(id)} WHERE waybill_id = ${id}`;

/**
 * A fee update that can change a waybill's income: another waybill, type or amount, or into or out
 * of 已驳回 (approving or paying a fee changes nothing here).
 */
const INCOME_CHANGED = `(OLD.waybill_id IS NOT NEW.waybill_id OR OLD.fee_type_id IS NOT NEW.fee_type_id
  OR OLD.amount_fen IS NOT NEW.amount_fen OR (OLD.state = 3) IS NOT (NEW.state = 3))`;

const WAYBILL_COLUMNS = 'status, cancelled, freight_fen, customer_id, line_id, team_code, completed_at';

/** Writes bill_receive (empty) from the completed waybills and their fees. */
export async function backFill(db: Kysely<any>): Promise<void> {
  await sql
    .raw(`INSERT INTO bill_receive (merchant_id, team_code, waybill_id, customer_id, line_id, completed_at,
      cancelled, freight_fen, fee_income_fen, income_fen, anomaly_fen, adjust_fen, check_state, created_at,
      updated_at)
      SELECT w.merchant_id, w.team_code, w.id, w.customer_id, w.line_id, COALESCE(w.completed_at, w.updated_at),
        w.cancelled, w.freight_fen, ${FEE_INCOME('w.id')}, w.freight_fen + ${FEE_INCOME('w.id')}, 0, 0, 0,
        w.updated_at, w.updated_at
      FROM waybill w WHERE w.status = 6`)
    .execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('bill_receive'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
    .addColumn('team_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('waybill_id', 'integer', (c) => c.notNull().unique().references('waybill.id'))
    .addColumn('customer_id', 'integer', (c) => c.notNull())
    .addColumn('line_id', 'integer', (c) => c.notNull())
    .addColumn('completed_at', 'bigint', (c) => c.notNull())
    // a completed waybill later cancelled keeps its row, left out of the reports
    .addColumn('cancelled', 'integer', (c) => c.notNull().defaultTo(0))
    // 运费 (the waybill's freight_fen) + 收入费用 (income fees) = 总收入 income_fen
    .addColumn('freight_fen', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('fee_income_fen', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('income_fen', 'bigint', (c) => c.notNull().defaultTo(0))
    // 核对金额: null until checked
    .addColumn('check_fen', 'bigint')
    .addColumn('anomaly_fen', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('anomaly_reason', 'varchar(200)')
    // 对账调整 (signed): confirmed receivable = income_fen + adjust_fen
    .addColumn('adjust_fen', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('adjust_reason', 'varchar(200)')
    // 对账单 name: a waybill is in one statement at most
    .addColumn('check_name', 'varchar(60)')
    // 0 未对账, 1 已对账
    .addColumn('check_state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // the report's and the statistics' filters, each led by the merchant and the completion time
  for (const [name, columns] of [
    ['bill_receive_completed_idx', ['merchant_id', 'completed_at']],
    ['bill_receive_customer_idx', ['merchant_id', 'customer_id', 'completed_at']],
    ['bill_receive_line_idx', ['merchant_id', 'line_id', 'completed_at']],
    ['bill_receive_state_idx', ['merchant_id', 'check_state', 'completed_at']],
    ['bill_receive_check_name_idx', ['merchant_id', 'check_name']],
  ] as const)
    await db.schema
      .createIndex(name)
      .on('bill_receive')
      .columns([...columns])
      .execute();

  await withId(db, db.schema.createTable('bill_receive_adjust'))
    .addColumn('bill_receive_id', 'integer', (c) => c.notNull().references('bill_receive.id'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('old_fen', 'bigint', (c) => c.notNull())
    .addColumn('new_fen', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'varchar(200)', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('user_name', 'varchar(64)')
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('bill_receive_adjust_row_idx')
    .on('bill_receive_adjust')
    .columns(['bill_receive_id', 'id'])
    .execute();

  if (isPostgres(db)) {
    await sql
      .raw(`CREATE FUNCTION bill_receive_waybill_sync() RETURNS trigger AS $$
BEGIN
  IF NEW.status = 6 THEN
    ${UPSERT('NEW')};
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql`)
      .execute(db);
    await sql
      .raw(`CREATE FUNCTION bill_receive_fee_sync() RETURNS trigger AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    ${REFRESH('OLD.waybill_id')};
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.waybill_id <> OLD.waybill_id) THEN
    ${REFRESH('NEW.waybill_id')};
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql`)
      .execute(db);
    await sql
      .raw(`CREATE FUNCTION bill_receive_fee_type_sync() RETURNS trigger AS $$
BEGIN
  UPDATE bill_receive b SET fee_income_fen = ${FEE_INCOME('b.waybill_id')},
    income_fen = b.freight_fen + ${FEE_INCOME('b.waybill_id')}
    WHERE b.waybill_id IN (SELECT waybill_id FROM waybill_fee WHERE fee_type_id = NEW.id);
  RETURN NULL;
END $$ LANGUAGE plpgsql`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER bill_receive_waybill_ins AFTER INSERT ON waybill
        FOR EACH ROW EXECUTE FUNCTION bill_receive_waybill_sync()`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER bill_receive_waybill_upd AFTER UPDATE OF ${WAYBILL_COLUMNS} ON waybill
        FOR EACH ROW EXECUTE FUNCTION bill_receive_waybill_sync()`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER bill_receive_fee_add AFTER INSERT OR DELETE ON waybill_fee
        FOR EACH ROW EXECUTE FUNCTION bill_receive_fee_sync()`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER bill_receive_fee_upd AFTER UPDATE OF waybill_id, fee_type_id, amount_fen, state
        ON waybill_fee FOR EACH ROW WHEN (${INCOME_CHANGED.replaceAll(' IS NOT ', ' IS DISTINCT FROM ')})
        EXECUTE FUNCTION bill_receive_fee_sync()`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER bill_receive_fee_type_upd AFTER UPDATE OF fee_kind ON fee_type
        FOR EACH ROW WHEN (OLD.fee_kind IS DISTINCT FROM NEW.fee_kind)
        EXECUTE FUNCTION bill_receive_fee_type_sync()`)
      .execute(db);
  } else {
    await sql
      .raw(`CREATE TRIGGER bill_receive_waybill_ins AFTER INSERT ON waybill WHEN NEW.status = 6
        BEGIN ${UPSERT('NEW')}; END`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER bill_receive_waybill_upd AFTER UPDATE OF ${WAYBILL_COLUMNS} ON waybill
        WHEN NEW.status = 6 BEGIN ${UPSERT('NEW')}; END`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER bill_receive_fee_ins AFTER INSERT ON waybill_fee
        BEGIN ${REFRESH('NEW.waybill_id')}; END`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER bill_receive_fee_upd AFTER UPDATE OF waybill_id, fee_type_id, amount_fen, state
        ON waybill_fee WHEN ${INCOME_CHANGED}
        BEGIN ${REFRESH('OLD.waybill_id')}; ${REFRESH('NEW.waybill_id')}; END`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER bill_receive_fee_del AFTER DELETE ON waybill_fee
        BEGIN ${REFRESH('OLD.waybill_id')}; END`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER bill_receive_fee_type_upd AFTER UPDATE OF fee_kind ON fee_type
        WHEN OLD.fee_kind <> NEW.fee_kind BEGIN
        UPDATE bill_receive SET fee_income_fen = ${FEE_INCOME('bill_receive.waybill_id')},
          income_fen = freight_fen + ${FEE_INCOME('bill_receive.waybill_id')}
          WHERE waybill_id IN (SELECT waybill_id FROM waybill_fee WHERE fee_type_id = NEW.id); END`)
      .execute(db);
  }

  await backFill(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql.raw('DROP TRIGGER IF EXISTS bill_receive_waybill_ins ON waybill').execute(db);
    await sql.raw('DROP TRIGGER IF EXISTS bill_receive_waybill_upd ON waybill').execute(db);
    await sql.raw('DROP TRIGGER IF EXISTS bill_receive_fee_add ON waybill_fee').execute(db);
    await sql.raw('DROP TRIGGER IF EXISTS bill_receive_fee_upd ON waybill_fee').execute(db);
    await sql.raw('DROP TRIGGER IF EXISTS bill_receive_fee_type_upd ON fee_type').execute(db);
    await sql.raw('DROP FUNCTION IF EXISTS bill_receive_waybill_sync()').execute(db);
    await sql.raw('DROP FUNCTION IF EXISTS bill_receive_fee_sync()').execute(db);
    await sql.raw('DROP FUNCTION IF EXISTS bill_receive_fee_type_sync()').execute(db);
  } else {
    for (const t of [
      'bill_receive_waybill_ins',
      'bill_receive_waybill_upd',
      'bill_receive_fee_ins',
      'bill_receive_fee_upd',
      'bill_receive_fee_del',
      'bill_receive_fee_type_upd',
    ])
      await sql.raw(`DROP TRIGGER IF EXISTS ${t}`).execute(db);
  }
  await db.schema.dropTable('bill_receive_adjust').execute();
  await db.schema.dropTable('bill_receive').execute();
}
