import type { Kysely } from 'kysely';
import { withId } from './helpers';

// 计划通知, 成本估算 and 运单调度. `plan_notice`: each text sent to a plan's truck (JT/T 808 0x8300)
// and the terminal's answer (0 ok, 1 failed, 2 bad message, 3 unsupported, 4 offline, 5 no answer,
// 6 no terminal); `plan_cost_setting`: a merchant's fuel price (fen per litre), toll (fen per km) and
// the fuel use (0.1 L per 100 km) to assume for a truck without recent trips; `waybill.planned_kg`:
// the weight a waybill made from a plan's load is planned to carry (whole kg).

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('plan_notice'))
    .addColumn('plan_id', 'integer', (c) => c.notNull().references('plan.id').onDelete('cascade'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
    .addColumn('truck_id', 'integer')
    .addColumn('text', 'varchar(1000)', (c) => c.notNull())
    .addColumn('sent_by', 'integer')
    .addColumn('sent_by_name', 'varchar(64)')
    .addColumn('sent_at', 'bigint', (c) => c.notNull())
    .addColumn('result', 'integer', (c) => c.notNull())
    .addColumn('answered_at', 'bigint')
    .execute();
  await db.schema.createIndex('plan_notice_plan_idx').on('plan_notice').columns(['plan_id', 'id']).execute();

  await db.schema
    .createTable('plan_cost_setting')
    .addColumn('merchant_id', 'integer', (c) => c.primaryKey().references('merchant.id'))
    .addColumn('fuel_price_fen', 'integer', (c) => c.notNull())
    .addColumn('toll_fen_per_km', 'integer', (c) => c.notNull())
    .addColumn('fuel_per_100km', 'integer')
    .addColumn('updated_by', 'integer')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('waybill').addColumn('planned_kg', 'bigint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('waybill').dropColumn('planned_kg').execute();
  await db.schema.dropTable('plan_cost_setting').execute();
  await db.schema.dropTable('plan_notice').execute();
}
