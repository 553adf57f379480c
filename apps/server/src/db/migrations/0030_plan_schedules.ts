import type { Kysely } from 'kysely';
import { withId } from './helpers';

// 车辆排班计划: a line, truck and driver on chosen weekdays ('1,2,3,4,5', 1 Monday … 7 Sunday) at a
// departure time (minutes after midnight, Shanghai) in a validity period (ISO dates, end null = open).
// While enabled (status 1) it creates the published plans of its days up to `days_ahead` days ahead.
// `plan_schedule_day` holds one row per schedule and day the job has tried: the plan it created, or
// why the day got none (retried on later runs); its unique key makes a day's plan be created once,
// also when several processes run the job at the same time.

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('plan_schedule'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
    .addColumn('team_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('name', 'varchar(30)', (c) => c.notNull())
    .addColumn('line_id', 'integer', (c) => c.notNull().references('line.id'))
    .addColumn('truck_id', 'integer', (c) => c.notNull().references('truck.id'))
    .addColumn('driver_id', 'integer', (c) => c.notNull().references('driver.id'))
    .addColumn('order_id', 'integer')
    .addColumn('cargo', 'varchar(30)')
    .addColumn('planned_kg', 'bigint')
    .addColumn('weekdays', 'varchar(20)', (c) => c.notNull())
    .addColumn('depart_minute', 'integer', (c) => c.notNull())
    .addColumn('start_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('end_date', 'varchar(10)')
    // 1 enabled, 2 paused
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('days_ahead', 'integer', (c) => c.notNull().defaultTo(3))
    .addColumn('remark', 'varchar(200)')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('plan_schedule_scope_idx')
    .on('plan_schedule')
    .columns(['merchant_id', 'team_code', 'id'])
    .execute();
  await db.schema
    .createIndex('plan_schedule_status_idx')
    .on('plan_schedule')
    .columns(['status', 'merchant_id'])
    .execute();

  await withId(db, db.schema.createTable('plan_schedule_day'))
    .addColumn('schedule_id', 'integer', (c) =>
      c.notNull().references('plan_schedule.id').onDelete('cascade'),
    )
    // the ISO date (Shanghai) of the planned departure
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    // the plan created for the day; null while the day got none
    .addColumn('plan_id', 'integer')
    // why the day got no plan (the last try)
    .addColumn('reason', 'varchar(500)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('plan_schedule_day_key')
    .on('plan_schedule_day')
    .columns(['schedule_id', 'day'])
    .unique()
    .execute();
  // a schedule's plans (its list's next plans, its conflicts)
  await db.schema.createIndex('plan_schedule_idx').on('plan').columns(['schedule_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('plan_schedule_idx').execute();
  await db.schema.dropTable('plan_schedule_day').execute();
  await db.schema.dropTable('plan_schedule').execute();
}
