import { type Kysely, sql } from 'kysely';
import { withId } from './helpers';

// Master data of issue 6 (drivers side): driver photo checks and salary settings, customers, common
// addresses, and driver self-registration (invitation links and the requests office staff review).
// Units as in 0003: coordinates in microdegrees (WGS-84), times in epoch milliseconds, dates
// 'YYYY-MM-DD', money in integer fen.
export async function up(db: Kysely<any>): Promise<void> {
  // When office staff last checked the driver's photos; null while the current photos are unchecked
  // (new or changed photos reset it). 1 entered by staff, 2 imported, 3 self-registration.
  await db.schema.alterTable('driver').addColumn('photos_checked_at', 'bigint').execute();
  await db.schema
    .alterTable('driver')
    .addColumn('source', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  // A phone number and a national ID name one driver of a merchant (deleted drivers aside).
  await db.schema
    .createIndex('driver_phone_unique')
    .on('driver')
    .columns(['merchant_id', 'phone'])
    .unique()
    .where(sql<boolean>`deleted_at is null`)
    .execute();
  await db.schema
    .createIndex('driver_id_card_unique')
    .on('driver')
    .columns(['merchant_id', 'id_card'])
    .unique()
    .where(sql<boolean>`deleted_at is null and id_card is not null`)
    .execute();

  // One row a driver: how the driver is paid (driver_id is the key).
  await db.schema
    .createTable('driver_salary_info')
    .addColumn('driver_id', 'integer', (c) => c.primaryKey().references('driver.id'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    // 1 per trip, 2 per ton, 3 per ton-kilometre
    .addColumn('settle_type', 'integer', (c) => c.notNull())
    .addColumn('base_salary', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('unit_price', 'bigint', (c) => c.notNull().defaultTo(0))
    // fixed monthly deductions (social insurance and the like)
    .addColumn('deduction', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('bank_name', 'varchar(50)')
    .addColumn('bank_account', 'varchar(30)')
    .addColumn('account_name', 'varchar(30)')
    .addColumn('remark', 'varchar(200)')
    .addColumn('updated_by', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('customer'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
    .addColumn('team_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('customer_name', 'varchar(30)', (c) => c.notNull())
    // unified social credit code (GB 32100-2015); null for a private person
    .addColumn('credit_code', 'varchar(18)')
    // 1 shipper, 2 consignee, 3 both
    .addColumn('customer_type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('contact_name', 'varchar(30)')
    .addColumn('contact_phone', 'varchar(20)')
    .addColumn('address', 'varchar(100)')
    // 1 cash on delivery, 2 monthly, 3 per agreed days
    .addColumn('settlement_type', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('settlement_days', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('remark', 'varchar(200)')
    // 1 enabled, 0 disabled
    .addColumn('valid', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('customer_name_idx')
    .on('customer')
    .columns(['merchant_id', 'customer_name'])
    .unique()
    .execute();
  await db.schema
    .createIndex('customer_scope_idx')
    .on('customer')
    .columns(['merchant_id', 'team_code'])
    .execute();

  await withId(db, db.schema.createTable('common_address'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
    .addColumn('team_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('name', 'varchar(30)', (c) => c.notNull())
    .addColumn('address', 'varchar(100)', (c) => c.notNull())
    .addColumn('lat', 'integer', (c) => c.notNull())
    .addColumn('lon', 'integer', (c) => c.notNull())
    // 1 loading, 2 unloading, 3 parking, 4 refuelling, 5 repair, 6 other
    .addColumn('address_type', 'integer', (c) => c.notNull().defaultTo(6))
    .addColumn('contact_name', 'varchar(30)')
    .addColumn('contact_phone', 'varchar(20)')
    .addColumn('remark', 'varchar(200)')
    // 1 entered in the list, 2 imported, 3 marked from a safety page (safety/mark/address)
    .addColumn('source', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('deleted_at', 'bigint')
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('common_address_scope_idx')
    .on('common_address')
    .columns(['merchant_id', 'team_code'])
    .execute();

  // An invitation link of 司机自助注册: drivers who open it register into this merchant and team.
  await withId(db, db.schema.createTable('driver_register_invite'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
    .addColumn('team_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('remark', 'varchar(100)')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  // A self-registration: 0 phone verified (being filled in), 1 waiting for review, 2 approved,
  // 3 rejected. The ticket (only its SHA-256 is kept) lets the phone's owner upload photos and submit.
  await withId(db, db.schema.createTable('driver_registration'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
    .addColumn('team_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('invite_id', 'integer', (c) => c.notNull().references('driver_register_invite.id'))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('name', 'varchar(30)')
    .addColumn('id_card', 'varchar(18)')
    .addColumn('license_class', 'varchar(10)')
    .addColumn('license_expiry', 'varchar(10)')
    .addColumn('qualification_no', 'varchar(30)')
    .addColumn('qualification_expiry', 'varchar(10)')
    .addColumn('photos', 'varchar(2000)')
    .addColumn('upload_count', 'integer', (c) => c.notNull().defaultTo(0))
    // the truck the driver drives, when given
    .addColumn('car_no', 'varchar(20)')
    .addColumn('plate_color', 'integer')
    .addColumn('vin', 'varchar(17)')
    .addColumn('ticket_hash', 'varchar(64)')
    .addColumn('ticket_expires_at', 'bigint')
    .addColumn('reject_reason', 'varchar(200)')
    .addColumn('driver_id', 'integer')
    .addColumn('truck_id', 'integer')
    .addColumn('reviewed_by', 'integer')
    .addColumn('reviewed_at', 'bigint')
    .addColumn('submitted_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('driver_registration_scope_idx')
    .on('driver_registration')
    .columns(['merchant_id', 'team_code', 'status'])
    .execute();
  await db.schema
    .createIndex('driver_registration_ticket_idx')
    .on('driver_registration')
    .column('ticket_hash')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'driver_registration',
    'driver_register_invite',
    'common_address',
    'customer',
    'driver_salary_info',
  ])
    await db.schema.dropTable(table).execute();
  await db.schema.dropIndex('driver_id_card_unique').execute();
  await db.schema.dropIndex('driver_phone_unique').execute();
  await db.schema.alterTable('driver').dropColumn('source').execute();
  await db.schema.alterTable('driver').dropColumn('photos_checked_at').execute();
}
