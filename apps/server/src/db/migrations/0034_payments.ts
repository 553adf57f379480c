import { type Kysely, sql } from 'kysely';
import { isPostgres, withId } from './helpers';

// 付款 (issue 14): a payment of a waybill's approved cost fees to one payee (the driver of an own
// truck, the owner of a hired truck), with the fee rows it paid. `request_key` is the client's
// idempotency key: unique per merchant, so a repeated request finds the first payment.
//
// The payable ledger reads fee_payable: one row per waybill with its approved cost fees (fee_kind 2,
// state 2 or 4) summed in fen, kept by the database's triggers on waybill_fee (and on a waybill's
// team), so a ledger over a million fee rows sums one row a waybill. The fee detail reads
// waybill_fee by (merchant, fee date) with the columns it sums carried in the index, and by fee type.

const COST = (wid: string, states: string) =>
  `(SELECT COALESCE(SUM(f.amount_fen), 0) FROM waybill_fee f JOIN fee_type t ON t.id = f.fee_type_id
    WHERE f.waybill_id = ${wid} AND t.fee_kind = 2 AND f.state IN (${states}))`;
const COUNT = (wid: string) =>
  `(SELECT COUNT(*) FROM waybill_fee f JOIN fee_type t ON t.id = f.fee_type_id
    WHERE f.waybill_id = ${wid} AND t.fee_kind = 2 AND f.state IN (2, 4))`;

/** Recomputes the fee_payable row of the waybill `wid`. */
const REFRESH = (
  wid: string,
) => `INSERT INTO fee_payable (waybill_id, merchant_id, team_code, waybill_created_at,
    truck_id, driver_id, approved_fen, paid_fen, unpaid_fen, fees)
  SELECT w.id, w.merchant_id, w.team_code, w.created_at, w.truck_id, w.driver_id, ${COST('w.id', '2, 4')},
    ${COST('w.id', '4')}, ${COST('w.id', '2')}, ${COUNT('w.id')}
  FROM waybill w WHERE w.id = ${wid}
  ON CONFLICT (waybill_id) DO UPDATE SET team_code = excluded.team_code, truck_id = excluded.truck_id,
    driver_id = excluded.driver_id, approved_fen = excluded.approved_fen, paid_fen = excluded.paid_fen,
    unpaid_fen = excluded.unpaid_fen, fees = excluded.fees`;

/** The Shanghai day (its first ms) of an epoch-ms expression, in integer arithmetic both databases share. */
const DAY = (ms: string) => `((${ms} + 28800000) / 86400000 * 86400000 - 28800000)`;

/** Adds (`+`) or takes away (`-`) fee row `r` (NEW or OLD) in its bucket of fee_day. */
const BUCKET = (
  r: string,
  sign: '+' | '-',
) => `INSERT INTO fee_day (merchant_id, team_code, day_at, fee_type_id,
    state, fees, amount_fen)
  VALUES (${r}.merchant_id, ${r}.team_code, ${DAY(`${r}.created_at`)}, ${r}.fee_type_id, ${r}.state, ${sign}1,
    ${sign}${r}.amount_fen)
  ON CONFLICT (merchant_id, team_code, day_at, fee_type_id, state) DO UPDATE SET fees = fee_day.fees + excluded.fees,
    amount_fen = fee_day.amount_fen + excluded.amount_fen`;

/** Writes fee_payable and fee_day (empty) from the fees already written. */
export async function backFill(db: Kysely<any>): Promise<void> {
  await sql
    .raw(`INSERT INTO fee_payable (waybill_id, merchant_id, team_code, waybill_created_at, truck_id, driver_id,
      approved_fen, paid_fen, unpaid_fen, fees)
    SELECT w.id, w.merchant_id, w.team_code, w.created_at, w.truck_id, w.driver_id, ${COST('w.id', '2, 4')},
      ${COST('w.id', '4')}, ${COST('w.id', '2')}, ${COUNT('w.id')}
    FROM waybill w WHERE w.id IN (SELECT waybill_id FROM waybill_fee)`)
    .execute(db);
  await sql
    .raw(`INSERT INTO fee_day (merchant_id, team_code, day_at, fee_type_id, state, fees, amount_fen)
    SELECT merchant_id, team_code, ${DAY('created_at')}, fee_type_id, state, COUNT(*), SUM(amount_fen)
    FROM waybill_fee GROUP BY merchant_id, team_code, ${DAY('created_at')}, fee_type_id, state`)
    .execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('fee_payment'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('team_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('waybill_id', 'integer', (c) => c.notNull().references('waybill.id'))
    .addColumn('payee_type', 'integer', (c) => c.notNull())
    .addColumn('payee_name', 'varchar(60)', (c) => c.notNull())
    .addColumn('payee_phone', 'varchar(20)')
    .addColumn('amount_fen', 'bigint', (c) => c.notNull())
    .addColumn('paid_at', 'bigint', (c) => c.notNull())
    .addColumn('pay_method', 'integer', (c) => c.notNull())
    .addColumn('payer', 'varchar(30)', (c) => c.notNull())
    .addColumn('photos', 'varchar(2000)')
    .addColumn('remark', 'varchar(200)')
    .addColumn('request_key', 'varchar(80)', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('fee_payment_request_key_uq')
    .on('fee_payment')
    .columns(['merchant_id', 'request_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('fee_payment_waybill_idx')
    .on('fee_payment')
    .columns(['waybill_id', 'id'])
    .execute();

  await db.schema
    .createTable('fee_payment_item')
    .addColumn('payment_id', 'integer', (c) => c.notNull().references('fee_payment.id'))
    .addColumn('fee_id', 'integer', (c) => c.notNull().references('waybill_fee.id'))
    .addColumn('amount_fen', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('fee_payment_item_pk', ['payment_id', 'fee_id'])
    .execute();
  // a fee is paid once: one item row per fee
  await db.schema
    .createIndex('fee_payment_item_fee_uq')
    .on('fee_payment_item')
    .columns(['fee_id'])
    .unique()
    .execute();

  await db.schema
    .createTable('fee_payable')
    .addColumn('waybill_id', 'integer', (c) => c.primaryKey().references('waybill.id'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('team_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('waybill_created_at', 'bigint', (c) => c.notNull())
    .addColumn('truck_id', 'integer')
    .addColumn('driver_id', 'integer')
    .addColumn('approved_fen', 'bigint', (c) => c.notNull())
    .addColumn('paid_fen', 'bigint', (c) => c.notNull())
    .addColumn('unpaid_fen', 'bigint', (c) => c.notNull())
    .addColumn('fees', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('fee_payable_ledger_idx')
    .on('fee_payable')
    .columns([
      'merchant_id',
      'waybill_created_at',
      'team_code',
      'fees',
      'approved_fen',
      'paid_fen',
      'unpaid_fen',
    ])
    .execute();
  // the fee detail's totals: fees and amounts by merchant, team, Shanghai day, fee type and state
  await db.schema
    .createTable('fee_day')
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('team_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('day_at', 'bigint', (c) => c.notNull())
    .addColumn('fee_type_id', 'integer', (c) => c.notNull())
    .addColumn('state', 'integer', (c) => c.notNull())
    .addColumn('fees', 'integer', (c) => c.notNull())
    .addColumn('amount_fen', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('fee_day_pk', ['merchant_id', 'team_code', 'day_at', 'fee_type_id', 'state'])
    .execute();
  await db.schema
    .createIndex('fee_day_day_idx')
    .on('fee_day')
    .columns(['merchant_id', 'day_at', 'team_code', 'fee_type_id', 'state', 'fees', 'amount_fen'])
    .execute();
  if (isPostgres(db)) {
    await sql
      .raw(`CREATE FUNCTION fee_payable_fee_sync() RETURNS trigger AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    ${REFRESH('OLD.waybill_id')};
    ${BUCKET('OLD', '-')};
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.waybill_id <> OLD.waybill_id) THEN
    ${REFRESH('NEW.waybill_id')};
  END IF;
  IF TG_OP <> 'DELETE' THEN
    ${BUCKET('NEW', '+')};
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql`)
      .execute(db);
    await sql
      .raw(`CREATE FUNCTION fee_payable_waybill_sync() RETURNS trigger AS $$
BEGIN
  UPDATE fee_payable SET team_code = NEW.team_code, truck_id = NEW.truck_id, driver_id = NEW.driver_id
    WHERE waybill_id = NEW.id;
  RETURN NULL;
END $$ LANGUAGE plpgsql`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER fee_payable_fee_all AFTER INSERT OR DELETE OR UPDATE OF waybill_id, fee_type_id,
        amount_fen, state, team_code, created_at ON waybill_fee FOR EACH ROW EXECUTE FUNCTION fee_payable_fee_sync()`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER fee_payable_waybill_team AFTER UPDATE OF team_code, truck_id, driver_id ON waybill
        FOR EACH ROW EXECUTE FUNCTION fee_payable_waybill_sync()`)
      .execute(db);
  } else {
    await sql
      .raw(
        `CREATE TRIGGER fee_payable_fee_ins AFTER INSERT ON waybill_fee BEGIN ${REFRESH('NEW.waybill_id')};
        ${BUCKET('NEW', '+')}; END`,
      )
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER fee_payable_fee_upd AFTER UPDATE OF waybill_id, fee_type_id, amount_fen, state, team_code,
        created_at ON waybill_fee BEGIN ${REFRESH('OLD.waybill_id')}; ${REFRESH('NEW.waybill_id')};
        ${BUCKET('OLD', '-')}; ${BUCKET('NEW', '+')}; END`)
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER fee_payable_fee_del AFTER DELETE ON waybill_fee BEGIN ${REFRESH('OLD.waybill_id')};
        ${BUCKET('OLD', '-')}; END`,
      )
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER fee_payable_waybill_team AFTER UPDATE OF team_code, truck_id, driver_id ON waybill
        BEGIN UPDATE fee_payable SET team_code = NEW.team_code, truck_id = NEW.truck_id, driver_id = NEW.driver_id
        WHERE waybill_id = NEW.id; END`)
      .execute(db);
  }
  await backFill(db);

  await db.schema
    .createIndex('waybill_fee_ledger_idx')
    .on('waybill_fee')
    .columns(['merchant_id', 'created_at', 'team_code', 'state', 'fee_type_id', 'waybill_id', 'amount_fen'])
    .execute();
  await db.schema
    .createIndex('waybill_fee_type_idx')
    .on('waybill_fee')
    .columns(['merchant_id', 'fee_type_id', 'created_at', 'team_code', 'state'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql.raw('DROP TRIGGER IF EXISTS fee_payable_fee_all ON waybill_fee').execute(db);
    await sql.raw('DROP TRIGGER IF EXISTS fee_payable_waybill_team ON waybill').execute(db);
    await sql.raw('DROP FUNCTION IF EXISTS fee_payable_fee_sync()').execute(db);
    await sql.raw('DROP FUNCTION IF EXISTS fee_payable_waybill_sync()').execute(db);
  } else {
    for (const t of [
      'fee_payable_fee_ins',
      'fee_payable_fee_upd',
      'fee_payable_fee_del',
      'fee_payable_waybill_team',
    ])
      await sql.raw(`DROP TRIGGER IF EXISTS ${t}`).execute(db);
  }
  await db.schema.dropTable('fee_day').execute();
  await db.schema.dropTable('fee_payable').execute();
  await db.schema.dropIndex('waybill_fee_type_idx').execute();
  await db.schema.dropIndex('waybill_fee_ledger_idx').execute();
  await db.schema.dropTable('fee_payment_item').execute();
  await db.schema.dropTable('fee_payment').execute();
}
