import type { Kysely } from 'kysely';
import { withId } from './helpers';

// A driver's session on the public scan-code page (扫码运单): opened by an SMS code for a driver of
// the code's merchant, it lets that driver upload the slip photos and create one waybill for the
// code's customer and line. Only the ticket's SHA-256 is kept; a session ends after its waybill or
// when it expires.

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('waybill_scan_session'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
    .addColumn('scan_code_id', 'integer', (c) => c.notNull().references('waybill_scan_code.id'))
    .addColumn('driver_id', 'integer', (c) => c.notNull().references('driver.id'))
    .addColumn('ticket_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    // photos uploaded in this session: file URLs joined with ';', and how many were uploaded
    .addColumn('photos', 'varchar(2000)')
    .addColumn('upload_count', 'integer', (c) => c.notNull().defaultTo(0))
    // the waybill the session created (then it is over)
    .addColumn('waybill_id', 'integer', (c) => c.references('waybill.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('waybill_scan_session').execute();
}
