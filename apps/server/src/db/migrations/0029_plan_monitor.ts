import { type Kysely, sql } from 'kysely';

// The plan monitor (计划时效): every process reads the current plans of all trucks at start and
// every minute, and the monitor list pages through a merchant's open plans; a partial index holds
// only the plans that may be current (published, distributed, running), so neither walks the
// finished history. The alarms of a plan (its timing alarms already raised, the line alarm list)
// are found by their plan.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('plan_current_idx')
    .on('plan')
    .columns(['merchant_id', 'planned_depart_at', 'id'])
    .where(sql<boolean>`state in (1, 2, 3)`)
    .execute();
  await db.schema
    .createIndex('alarm_plan_idx')
    .on('alarm')
    .columns(['plan_id', 'code'])
    .where(sql<boolean>`plan_id is not null`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('alarm_plan_idx').execute();
  await db.schema.dropIndex('plan_current_idx').execute();
}
