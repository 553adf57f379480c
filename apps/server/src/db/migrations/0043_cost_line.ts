import { type Kysely, sql } from 'kysely';
import * as costDay from './0038_costs_day';
import { costSums } from './0038_costs_day';
import * as costMonth from './0038_costs_month';
import { isPostgres, periodSums } from './helpers';

// 成本分析 by line (issue 15): `cost.line_id`, the line a cost belongs to: its waybill's line, or the
// line of the plan (else the waybill) its trip ran for: the latest of the truck's plans (not
// cancelled) or waybills (not cancelled) that departed before the trip ended and had not arrived
// when it started; null (未关联线路) otherwise. New costs get it on write (costs/cost-write.ts);
// the costs already written are back-filled here, and a waybill whose line changes (变更线路) takes
// its costs to the new line (trigger cost_line_waybill, in the statement of the change). The day and month sums of 0038 are rebuilt with
// the line as one more key (0 for 未关联线路), so the analysis by line reads sums, not costs.

/** The line of cost row `c` by the rule above (frozen here; cost-write.ts keeps the live one). */
const LINE_OF = (c: string) => `COALESCE(
  (SELECT w.line_id FROM waybill w WHERE w.id = ${c}.waybill_id),
  (SELECT p.line_id FROM trip t JOIN plan p ON p.truck_id = t.truck_id AND p.merchant_id = t.merchant_id
    WHERE t.id = ${c}.trip_id AND p.line_id IS NOT NULL AND p.state <> 5 AND p.departed_at IS NOT NULL
      AND p.departed_at < COALESCE(t.end_time, t.start_time + 1)
      AND (p.arrived_at IS NULL OR p.arrived_at > t.start_time)
    ORDER BY p.departed_at DESC LIMIT 1),
  (SELECT w.line_id FROM trip t JOIN waybill w ON w.truck_id = t.truck_id AND w.merchant_id = t.merchant_id
    WHERE t.id = ${c}.trip_id AND w.cancelled = 0 AND w.departed_at IS NOT NULL
      AND w.departed_at < COALESCE(t.end_time, t.start_time + 1)
      AND (w.arrived_at IS NULL OR w.arrived_at > t.start_time)
    ORDER BY w.departed_at DESC LIMIT 1))`;

const lineSums = {
  ...costSums,
  keys: [...costSums.keys, { column: 'line_id', value: (p: string) => `COALESCE(${p}.line_id, 0)` }],
};
const byDay = periodSums('day', lineSums);
const byMonth = periodSums('month', lineSums);

export async function up(db: Kysely<any>): Promise<void> {
  // the sums without the line go first, so that the back-fill below moves no sums row by row
  await costMonth.down(db);
  await costDay.down(db);
  await db.schema.alterTable('cost').addColumn('line_id', 'integer').execute();
  await sql
    .raw(`UPDATE cost SET line_id = ${LINE_OF('cost')}
    WHERE waybill_id IS NOT NULL OR trip_id IS NOT NULL`)
    .execute(db);
  await byDay.up(db);
  await byMonth.up(db);
  const follow = 'UPDATE cost SET line_id = NEW.line_id WHERE waybill_id = NEW.id';
  if (isPostgres(db)) {
    await sql
      .raw(`CREATE FUNCTION cost_line_waybill() RETURNS trigger AS $$
BEGIN
  ${follow};
  RETURN NULL;
END $$ LANGUAGE plpgsql`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER cost_line_waybill AFTER UPDATE OF line_id ON waybill
      FOR EACH ROW WHEN (OLD.line_id IS DISTINCT FROM NEW.line_id) EXECUTE FUNCTION cost_line_waybill()`)
      .execute(db);
  } else
    await sql
      .raw(`CREATE TRIGGER cost_line_waybill AFTER UPDATE OF line_id ON waybill
      WHEN OLD.line_id IS NOT NEW.line_id BEGIN ${follow}; END`)
      .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql.raw('DROP TRIGGER IF EXISTS cost_line_waybill ON waybill').execute(db);
    await sql.raw('DROP FUNCTION IF EXISTS cost_line_waybill()').execute(db);
  } else await sql.raw('DROP TRIGGER IF EXISTS cost_line_waybill').execute(db);
  await byMonth.down(db);
  await byDay.down(db);
  await db.schema.alterTable('cost').dropColumn('line_id').execute();
  await costDay.up(db);
  await costMonth.up(db);
}
