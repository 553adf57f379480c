import type { RecordMeta } from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../app-context';
import type { Database } from '../db/schema';
import type { AuthContext } from '../http/auth';
import type { ExportColumn, ImportColumn, ImportRowError } from '../modules/file-tasks/file-tasks.contract';

// The server half of a record type's definition: what the recipe (`registerRecord`) needs to produce
// its list, detail, add, edit, enable/disable, delete, export and import routes, the scoped
// repository and the operation log. The shared half (name, table, scope, paths, labels, menu codes)
// is the record's `RecordMeta` in @fleet/domain.

// biome-ignore lint/suspicious/noExplicitAny: a record's query spans its own table and its joins
export type RecordQuery = SelectQueryBuilder<any, any, any>;

/** A row of the record's table with the columns the recipe itself reads. */
export interface StoredRow {
  id: number;
  team_code: string;
  valid?: number;
  [column: string]: unknown;
}

/** A field whose value names one record of the merchant (name, credit code, phone…). */
export interface UniqueField<Form> {
  /** The form field; its label in `meta.labels` starts the message. */
  field: keyof Form & string;
  column: string;
  /** After the label: '该客户名称已存在' gives '客户名称: 该客户名称已存在'. */
  taken: string;
}

export interface RecordDef<Form extends { teamCode: string }, Filter, View, ImportRow = never> {
  meta: RecordMeta;
  /** OpenAPI tag, e.g. '客户管理'. */
  tag: string;
  /** One line each for the OpenAPI description of the generated routes. */
  summaries: Partial<Record<keyof RecordMeta['paths'], string>>;
  /** Joins of a listed row (the team name…); scope and soft delete are applied by the recipe. */
  joins?: (q: RecordQuery) => RecordQuery;
  /** The columns of a listed row (table-qualified), read by `view`. */
  selection: readonly string[];
  /** A row as the API answers it. */
  view: (row: never) => View;
  /** The list's search form: its schema (also the export's input) and how it narrows the query. */
  filter: {
    schema: z.ZodObject;
    apply: (q: RecordQuery, filter: Filter) => RecordQuery;
  };
  form: {
    /** The add form (edit adds `id`). */
    schema: z.ZodType<Form>;
    /** The table columns a form sets. */
    columns: (form: Form) => Record<string, unknown>;
    /** Columns written on add only (e.g. `source: 1`). */
    addColumns?: Record<string, unknown>;
    /** The values the log compares, by form field, from the table's columns (enumerations by name). */
    logFields: (columns: Record<string, unknown>) => Record<string, unknown>;
    /** The log's words for a new record, after '新增客户 '; the record's name column by default. */
    addedText?: (form: Form) => string;
  };
  /** Values that must each name one record of the merchant; checked on add, edit and import. */
  unique?: readonly UniqueField<Form>[];
  /** Further checks before add and edit (referenced records, status rules); throw badInput. */
  check?: (db: Kysely<Database>, auth: AuthContext, form: Form, before?: StoredRow) => Promise<void>;
  /** The delete route's rule for a row that may not go (e.g. still used); a message refuses. */
  deleteCheck?: (
    db: Kysely<Database>,
    auth: AuthContext,
    rows: readonly StoredRow[],
  ) => Promise<string | null>;
  export?: { title: string; columns: readonly ExportColumn<View>[] };
  import?: {
    title: string;
    columns: readonly ImportColumn[];
    /** One sheet row with the form's rules; its `team` cell (name or code) is looked up by the recipe. */
    row: z.ZodType<ImportRow & { team?: string | null }>;
    /** The form a valid row stands for, in the team found. */
    toForm: (row: ImportRow, teamCode: string) => Form;
    /** Columns written on import only (e.g. `source: 2`), after the form's `addColumns`. */
    addColumns?: Record<string, unknown>;
  };
  /** Routes of the record type that are not of the common shape, registered beside the generated ones. */
  routes?: (app: FastifyInstance, ctx: AppContext) => void;
}

/** Declares a record type's server definition (a typed identity). */
export function defineRecord<Form extends { teamCode: string }, Filter, View, ImportRow = never>(
  def: RecordDef<Form, Filter, View, ImportRow>,
): RecordDef<Form, Filter, View, ImportRow> {
  return def;
}

/** Import rows are always errors by Excel row number. */
export type { ImportRowError };
