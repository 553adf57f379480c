import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import type { Access } from '../../http/route';

// What a feature hands to the spreadsheet framework (`registerExport`, `registerImport` in
// `file-tasks.register.ts`): its columns and its database work. The framework owns the HTTP
// routes, the task rows of `/file/task/page`, streaming, limits and the row-by-row error answer.

/** One column of an exported sheet. */
export interface ExportColumn<T> {
  header: string;
  /** Characters; default 16. */
  width?: number;
  value: (row: T) => string | number | null | undefined;
}

export interface ExportDef<I, T> {
  /** e.g. '/v2/web/base/export'. */
  url: string;
  method: 'GET' | 'POST';
  summary: string;
  access: Access;
  /** The list filter (the same schema as the list route, paging fields ignored). */
  input: z.ZodType<I>;
  /** Chinese labels of the filter's fields where the shared catalogue has none (see route labels). */
  labels?: Readonly<Record<string, string>>;
  /** Shown in the task list and used for the file name, e.g. '车辆列表'. */
  title: string;
  columns: readonly ExportColumn<T>[];
  /** How many rows the filter selects (decides between a direct download and a background task). */
  count: (db: Kysely<Database>, auth: AuthContext, input: I) => Promise<number>;
  /** The filtered rows in pages of at most `pageSize`, in list order, scoped like the list. */
  rows: (db: Kysely<Database>, auth: AuthContext, input: I, pageSize: number) => AsyncIterable<T[]>;
}

/** One column of an imported sheet, matched by its header text in the first row. */
export interface ImportColumn {
  header: string;
  /** Property of the parsed row object. */
  key: string;
  required?: boolean;
  /** Shown in the template's second row as an example. */
  example?: string;
  /** Characters in the template; default 16. */
  width?: number;
}

/** A row error answered to the user: Excel row number (header is row 1) and the reason in Chinese. */
export interface ImportRowError {
  row: number;
  message: string;
}

export interface ImportDef<R> {
  /** e.g. '/truck/import'; the template is served at the same url + '/template' (GET). */
  url: string;
  summary: string;
  access: Access;
  title: string;
  columns: readonly ImportColumn[];
  /** Validates one row (cells as trimmed text, '' when empty) with the same rules as the form. */
  row: z.ZodType<R, Record<string, string>>;
  /**
   * Checks across rows and against the database (duplicates, unknown teams or plates) before
   * anything is written; returns the errors, empty when the rows may be imported. `rows[i]` is Excel
   * row `i + 2` (blank rows inside the data are refused before this runs).
   */
  check?: (db: Kysely<Database>, auth: AuthContext, rows: readonly R[]) => Promise<ImportRowError[]>;
  /** Writes all rows inside the one transaction given; throws to import nothing. */
  write: (tx: Kysely<Database>, auth: AuthContext, rows: readonly R[], now: number) => Promise<void>;
}
