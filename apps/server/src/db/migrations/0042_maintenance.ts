import type { Kysely } from 'kysely';
import { withId } from './helpers';

// 保养与车队体检. `maintenance_plan`: a truck's (target_type 1, truck_id) or a brand and series'
// (target_type 2, brand, series) service plan: every interval_km of the odometer and/or every
// interval_months after the last service (last_date 'YYYY-MM-DD', last_km whole km), reminded
// remind_km / remind_days before. `maintenance_record`: one service of a truck (date, odometer km,
// items, workshop, amount fen, invoice images ';' joined) and the `cost` row it wrote (cost_id).
// `maintenance_reminder`: the reminders sent, one per item (plan and truck with its last service,
// or a certificate with its expiry) and stage, so each is sent once. `fault_clear`: faults cleared
// by a user (which alarms and codes, the reason, who and when).

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('maintenance_plan'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
    .addColumn('team_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('plan_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('target_type', 'integer', (c) => c.notNull())
    .addColumn('truck_id', 'integer')
    .addColumn('brand', 'varchar(64)')
    .addColumn('series', 'varchar(64)')
    .addColumn('interval_km', 'integer')
    .addColumn('interval_months', 'integer')
    .addColumn('last_date', 'varchar(10)')
    .addColumn('last_km', 'integer')
    .addColumn('remind_km', 'integer')
    .addColumn('remind_days', 'integer')
    .addColumn('items', 'varchar(500)')
    .addColumn('valid', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('remark', 'varchar(500)')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('deleted_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('maintenance_plan_merchant_team')
    .on('maintenance_plan')
    .columns(['merchant_id', 'team_code'])
    .execute();
  await db.schema.createIndex('maintenance_plan_truck').on('maintenance_plan').column('truck_id').execute();

  await withId(db, db.schema.createTable('maintenance_record'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
    .addColumn('team_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('truck_id', 'integer', (c) => c.notNull())
    .addColumn('plan_id', 'integer')
    .addColumn('maintain_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('mileage_km', 'integer')
    .addColumn('items', 'varchar(500)', (c) => c.notNull())
    .addColumn('workshop', 'varchar(100)')
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('invoice_images', 'text')
    .addColumn('cost_id', 'integer')
    .addColumn('remark', 'varchar(500)')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('deleted_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('maintenance_record_truck_date')
    .on('maintenance_record')
    .columns(['truck_id', 'maintain_date'])
    .execute();
  await db.schema
    .createIndex('maintenance_record_plan')
    .on('maintenance_record')
    .columns(['plan_id', 'truck_id'])
    .execute();

  await withId(db, db.schema.createTable('maintenance_reminder'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('item_key', 'varchar(120)', (c) => c.notNull())
    .addColumn('stage', 'integer', (c) => c.notNull())
    .addColumn('sent_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('maintenance_reminder_item_uq')
    .on('maintenance_reminder')
    .columns(['merchant_id', 'item_key', 'stage'])
    .unique()
    .execute();

  await withId(db, db.schema.createTable('fault_clear'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
    .addColumn('team_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('truck_id', 'integer', (c) => c.notNull())
    .addColumn('alarm_ids', 'text', (c) => c.notNull())
    .addColumn('codes', 'varchar(500)', (c) => c.notNull())
    .addColumn('reason', 'varchar(200)', (c) => c.notNull())
    .addColumn('cleared_by', 'integer', (c) => c.notNull())
    .addColumn('cleared_by_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('cleared_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('fault_clear_merchant_time')
    .on('fault_clear')
    .columns(['merchant_id', 'cleared_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('fault_clear').execute();
  await db.schema.dropTable('maintenance_reminder').execute();
  await db.schema.dropTable('maintenance_record').execute();
  await db.schema.dropTable('maintenance_plan').execute();
}
