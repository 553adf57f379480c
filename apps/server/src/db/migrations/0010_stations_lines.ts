import type { Kysely } from 'kysely';
import { withId } from './helpers';

// Stations (站点) with their fence, lines (线路) and the ordered station rows of a line (business §3).
// Units as in 0003: coordinates in microdegrees (WGS-84), speed in 0.1 km/h, times in epoch
// milliseconds. Distances here are whole METRES (fence radius, corridor width, row and line distance).
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('station'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
    .addColumn('team_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    // STATION_KINDS of @fleet/domain (loading place, unloading place, parking lot, ...)
    .addColumn('type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('address', 'varchar(200)')
    .addColumn('province', 'varchar(30)')
    .addColumn('city', 'varchar(30)')
    .addColumn('district', 'varchar(30)')
    // the station point (centre of a circle fence, chosen point of a polygon fence)
    .addColumn('lat', 'integer', (c) => c.notNull())
    .addColumn('lon', 'integer', (c) => c.notNull())
    // 'circle' | 'polygon'
    .addColumn('fence_type', 'varchar(10)', (c) => c.notNull().defaultTo('circle'))
    // circle radius in metres (null for a polygon)
    .addColumn('radius', 'integer')
    // polygon: JSON array of [lon, lat] microdegree pairs, not closed (null for a circle)
    .addColumn('polygon', 'text')
    .addColumn('remark', 'varchar(200)')
    .addColumn('created_by', 'integer')
    .addColumn('deleted_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('station_scope_idx')
    .on('station')
    .columns(['merchant_id', 'team_code'])
    .execute();
  await db.schema.createIndex('station_name_idx').on('station').columns(['merchant_id', 'name']).execute();

  await withId(db, db.schema.createTable('line'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
    .addColumn('team_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    // ROUTE_TYPES of @fleet/domain (1 heavy haul, 2 empty return, 3 round trip)
    .addColumn('route_type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('customer_id', 'integer')
    .addColumn('cargo', 'varchar(50)')
    // 0.1 km/h; null = the truck's own limit
    .addColumn('speed_limit', 'integer')
    // deviation corridor half-width in metres
    .addColumn('corridor_width', 'integer', (c) => c.notNull().defaultTo(500))
    .addColumn('fuel_brand', 'varchar(30)')
    .addColumn('fuel_series', 'varchar(30)')
    // metres, the sum of the rows
    .addColumn('distance', 'integer', (c) => c.notNull().defaultTo(0))
    // minutes, the sum of the rows
    .addColumn('running_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    // 1 when every row was computed by an online map service
    .addColumn('baidu_map_produce', 'integer', (c) => c.notNull().defaultTo(0))
    // 1 enabled, 0 disabled
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('remark', 'varchar(200)')
    .addColumn('created_by', 'integer')
    .addColumn('deleted_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('line_scope_idx').on('line').columns(['merchant_id', 'team_code']).execute();

  // One row of a line's station table; rows are replaced as a whole when the line is saved.
  await withId(db, db.schema.createTable('line_station'))
    .addColumn('line_id', 'integer', (c) => c.notNull().references('line.id'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    // 1 start, 2 waypoint, 3 end
    .addColumn('station_type', 'integer', (c) => c.notNull())
    // the station picked for the row; null when the address was picked on the map
    .addColumn('station_id', 'integer')
    .addColumn('address', 'varchar(200)', (c) => c.notNull())
    .addColumn('lat', 'integer', (c) => c.notNull())
    .addColumn('lon', 'integer', (c) => c.notNull())
    // metres from the previous row (0 for the start row)
    .addColumn('distance', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('running_hours', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('running_mins', 'integer', (c) => c.notNull().defaultTo(0))
    // 1 when distance and running time came from an online map service
    .addColumn('baidu_map_produce', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('line_station_line_idx')
    .on('line_station')
    .columns(['line_id', 'seq'])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['line_station', 'line', 'station']) {
    await db.schema.dropTable(table).execute();
  }
}
