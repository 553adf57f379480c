import type { Kysely } from 'kysely';
import { withId } from './helpers';

// 装车预约: a truck and driver booked at a loading station for a time slot, entered by the office
// for a driver, optionally for a plan or an order; 1 awaiting review, 2 approved, 3 rejected
// (with the reason), 4 cancelled. A station loads one truck at a time: approved slots of a station
// do not overlap. Times are epoch ms.

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('loading_appointment'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
    .addColumn('team_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('plan_id', 'integer')
    .addColumn('order_id', 'integer')
    .addColumn('truck_id', 'integer', (c) => c.notNull())
    .addColumn('driver_id', 'integer', (c) => c.notNull())
    .addColumn('station_id', 'integer', (c) => c.notNull())
    .addColumn('appoint_start', 'bigint', (c) => c.notNull())
    .addColumn('appoint_end', 'bigint', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('reason', 'varchar(200)')
    .addColumn('reviewed_by', 'integer')
    .addColumn('reviewed_at', 'bigint')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('loading_appointment_scope_idx')
    .on('loading_appointment')
    .columns(['merchant_id', 'team_code', 'id'])
    .execute();
  // the approved slots of a station in a window (approving)
  await db.schema
    .createIndex('loading_appointment_station_idx')
    .on('loading_appointment')
    .columns(['station_id', 'status', 'appoint_start'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('loading_appointment').execute();
}
