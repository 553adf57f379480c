import { type Expression, type RawBuilder, sql } from 'kysely';
import type { Dialect } from '../../db/connection';

/**
 * Numeric columns of many rows packed into one text: a flat JSON array, row after row
 * ('[t1,lat1,lon1,t2,lat2,lon2,...]'; a missing value is null). The database writes it with
 * string_agg (PostgreSQL) or group_concat (SQLite) and JSON.parse reads it: no row object per row
 * and no per-field parsing in the driver, which is what lets a day of track (86,400 reports) or a
 * fleet's latest states load in a few tens of milliseconds. Read it with `unpackRows`.
 */

/** One row's values as text, 'v1,v2,...' (null for a missing value). */
export function packedRow(dialect: Dialect, columns: readonly Expression<unknown>[]): RawBuilder<string> {
  const parts =
    dialect === 'postgres'
      ? columns.map((c) => sql`coalesce((${c})::text, 'null')`)
      : columns.map((c) => sql`ifnull(${c}, 'null')`);
  return sql<string>`${sql.join(parts, sql` || ',' || `)}`;
}

/**
 * The aggregate of row texts into the packed array, in the order the rows come (an ordered
 * subquery gives them in order; `unpackRows` checks it).
 */
export function packedAggregate(dialect: Dialect, rowText: Expression<unknown>): RawBuilder<string | null> {
  return dialect === 'postgres'
    ? sql<string | null>`'[' || string_agg(${rowText}, ',') || ']'`
    : sql<string | null>`'[' || group_concat(${rowText}, ',') || ']'`;
}

/** The packed array of the rows of a query, in no particular order. */
export function packedRows(
  dialect: Dialect,
  columns: readonly Expression<unknown>[],
): RawBuilder<string | null> {
  return packedAggregate(dialect, packedRow(dialect, columns));
}

/** Rows packed flat: row i, column c is values[i * width + c]. */
export interface PackedRows {
  length: number;
  width: number;
  values: (number | null)[];
}

/**
 * The rows of a packed value, `width` values each. With `ascendingFirst`, rows are put in ascending
 * order of their first value should the database have delivered them otherwise.
 */
export function unpackRows(
  value: string | null | undefined,
  width: number,
  ascendingFirst = false,
): PackedRows {
  let values = value ? (JSON.parse(value) as (number | null)[]) : [];
  const length = Math.floor(values.length / width);
  if (ascendingFirst) {
    let ordered = true;
    for (let o = width; o < values.length && ordered; o += width)
      ordered = (values[o] as number) >= (values[o - width] as number);
    if (!ordered) {
      const rows = Array.from({ length }, (_, i) => values.slice(i * width, (i + 1) * width));
      rows.sort((a, b) => (a[0] as number) - (b[0] as number));
      values = rows.flat();
    }
  }
  return { length, width, values };
}
