import { type Kysely, sql } from 'kysely';
import { withId } from './helpers';

// 费用类型: income and cost kinds of the waybill fees. Fees will refer to `fee_type.id`, so a fee
// type is never deleted, only disabled. Every merchant gets the built-in types at its headquarters
// (the root team); new merchants get them where they are created (seedFeeTypes).

/** The built-in types as released with this migration (name, kind 1 income / 2 cost, entry 1 office / 2 driver app / 3 both). */
const BUILT_IN: readonly [string, number, number][] = [
  ['运费', 1, 1],
  ['装车费', 2, 3],
  ['卸车费', 2, 3],
  ['过路过桥费', 2, 3],
  ['油费', 2, 3],
  ['借支', 2, 3],
  ['信息费', 2, 1],
  ['时效罚款', 1, 1],
];

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('fee_type'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
    .addColumn('team_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('fee_name', 'varchar(30)', (c) => c.notNull())
    // 1 income, 2 cost
    .addColumn('fee_kind', 'integer', (c) => c.notNull())
    // who enters it (feeTypeApp): 1 office, 2 driver app, 3 both
    .addColumn('fee_type_app', 'integer', (c) => c.notNull().defaultTo(1))
    // 1 for the types every merchant has: their name and kind never change
    .addColumn('built_in', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(99))
    .addColumn('remark', 'varchar(200)')
    // 1 enabled, 0 disabled
    .addColumn('valid', 'integer', (c) => c.notNull().defaultTo(1))
    // null for the built-in types
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('fee_type_name_idx')
    .on('fee_type')
    .columns(['merchant_id', 'fee_name'])
    .unique()
    .execute();
  await db.schema
    .createIndex('fee_type_scope_idx')
    .on('fee_type')
    .columns(['merchant_id', 'team_code'])
    .execute();
  // the pickers: a merchant's enabled types in their order
  await db.schema
    .createIndex('fee_type_pick_idx')
    .on('fee_type')
    .columns(['merchant_id', 'valid', 'sort'])
    .execute();

  const now = Date.now();
  const roots = await sql<{ merchant_id: number; team_code: string }>`
    select merchant_id, min(team_code) as team_code from team
    where parent_code is null group by merchant_id order by merchant_id`.execute(db);
  for (const root of roots.rows) {
    await db
      .insertInto('fee_type')
      .values(
        BUILT_IN.map(([name, kind, app], i) => ({
          merchant_id: root.merchant_id,
          team_code: root.team_code,
          fee_name: name,
          fee_kind: kind,
          fee_type_app: app,
          built_in: 1,
          sort: i + 1,
          valid: 1,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('fee_type').execute();
}
