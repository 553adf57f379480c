import type { RecordMeta } from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import type { Kysely, Selectable, SelectQueryBuilder } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../app-context';
import type { Database } from '../db/schema';
import type { AuthContext } from '../http/auth';
import type {
  ExportColumn,
  ImportColumn,
  ImportDef,
  ImportRowError,
} from '../modules/file-tasks/file-tasks.contract';

// The server half of a record type's definition: what the recipe (`registerRecord`) needs to produce
// its list, detail, add, edit, enable/disable, delete, export and import routes, the scoped
// repository and the operation log. The shared half (name, table, scope, paths, labels, menu codes)
// is the record's `RecordMeta` in @fleet/domain.

// biome-ignore lint/suspicious/noExplicitAny: a record's query spans its own table and its joins
export type RecordQuery = SelectQueryBuilder<any, any, any>;

/**
 * A listed row of a record type's table as `view` reads it: the table's columns as stored (without
 * the merchant and the creator), the name of its team, and what the record's joins add.
 */
export type ListedRow<Table, Joined = unknown> = Omit<Selectable<Table>, 'merchant_id' | 'created_by'> & {
  team_name: string | null;
} & Joined;

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

/**
 * A form's team: a form may leave `teamCode` out, and then an added record goes to the caller's team
 * and an edited one stays in its own.
 */
export interface TeamForm {
  teamCode?: string;
}

/** The import of a record type whose sheet rows each stand for one form. */
export interface FormImport<Form, ImportRow> {
  title: string;
  columns: readonly ImportColumn[];
  /** One sheet row with the form's rules; its `team` cell (name or code) is looked up by the recipe. */
  row: z.ZodType<ImportRow & { team?: string | null }>;
  /** The form a valid row stands for, in the team found. */
  toForm: (row: ImportRow, teamCode: string) => Form;
  /** Columns written on import only (e.g. `source: 2`), after the form's `addColumns`. */
  addColumns?: Record<string, unknown>;
}

/**
 * The import of a record type whose sheet rows are not one form each (a line's row holds its whole
 * station table): the route, menu codes, template and title come from the recipe, the checks across
 * rows and the writing from the definition.
 */
export interface OwnImport<ImportRow> {
  title: string;
  columns: readonly ImportColumn[];
  row: z.ZodType<ImportRow>;
  check: NonNullable<ImportDef<ImportRow>['check']>;
  write: ImportDef<ImportRow>['write'];
}

export interface RecordDef<Form extends TeamForm, Filter, View, ImportRow = unknown, ExportRow = View> {
  meta: RecordMeta;
  /** OpenAPI tag, e.g. '客户管理'. */
  tag: string;
  /** One line each for the OpenAPI description of the generated routes. */
  summaries: Partial<Record<keyof RecordMeta['paths'], string>>;
  /** Joins of a listed row (the team name…); scope and soft delete are applied by the recipe. */
  joins?: (q: RecordQuery, auth: AuthContext) => RecordQuery;
  /** The columns of a listed row (table-qualified), read by `view`. */
  selection: readonly string[];
  /** A row as the API answers it. */
  view: (row: never) => View;
  /**
   * A page of listed rows as the API answers them, when a view needs more than its own row (a line's
   * start and end from its station table); `view` of each row otherwise.
   */
  views?: (db: Kysely<Database>, rows: never[]) => Promise<View[]>;
  /** The list's order (e.g. a sort column), newest first by default. */
  order?: (q: RecordQuery) => RecordQuery;
  /** The message of a record missing, deleted or out of reach; '客户不存在或无权操作' by default. */
  missing?: string;
  /** The list's search form: its schema (also the export's input) and how it narrows the query. */
  filter: {
    schema: z.ZodObject;
    apply: (q: RecordQuery, filter: Filter) => RecordQuery;
  };
  form: {
    /** The add form (edit adds `id`). */
    schema: z.ZodType<Form>;
    /** The edit form when it is not the add form and `id` (e.g. its own refinements run after `id`). */
    editSchema?: z.ZodType<Form & { id: number }>;
    /** The table columns a form sets. */
    columns: (form: Form) => Record<string, unknown>;
    /** Columns written on add only (e.g. `source: 1`). */
    addColumns?: Record<string, unknown>;
    /** The values the log compares, by form field, from the table's columns (enumerations by name). */
    logFields: (columns: Record<string, unknown>) => Record<string, unknown>;
    /**
     * The log's words for a new record, from its table columns, after '新增地址 ' (add) or
     * '导入新增地址 ' (import); the record's name column by default.
     */
    addedText?: (columns: Record<string, unknown>) => string;
    /** The edit's log names the record as it was: '修改站点 东胜：…' instead of '修改站点：…'. */
    namedEditLog?: boolean;
    /** The log's words for a deleted record, from its stored row, after '删除司机 '; the name column by default. */
    deletedText?: (row: StoredRow) => string;
    /** Form fields the edit's log names as changed without their values (photos, long texts). */
    hiddenChanges?: readonly string[];
    /**
     * Columns a save derives from the form's columns, the time and (on edit) the stored row, written
     * beside them on add, edit and import (e.g. when a driver's photos were checked).
     */
    savedColumns?: (
      columns: Record<string, unknown>,
      at: number,
      before?: StoredRow,
    ) => Record<string, unknown>;
    /** The table has no `created_by` column (the recipe writes the adding user there otherwise). */
    noCreatedBy?: boolean;
  };
  /** Values that must each name one record of the merchant; checked on add, edit and import. */
  unique?: readonly UniqueField<Form>[];
  /** Further checks before add and edit (referenced records, status rules); throw badInput. */
  check?: (db: Kysely<Database>, auth: AuthContext, form: Form, before?: StoredRow) => Promise<void>;
  /**
   * Further checks before a row is enabled (1) or disabled (0), e.g. an enabled row may not clash
   * with another enabled one; throw badInput.
   */
  validCheck?: (db: Kysely<Database>, auth: AuthContext, row: StoredRow, valid: 0 | 1) => Promise<void>;
  /** The delete route's rule for a row that may not go (e.g. still used); a message refuses. */
  deleteCheck?: (
    db: Kysely<Database>,
    auth: AuthContext,
    rows: readonly StoredRow[],
  ) => Promise<string | null>;
  /**
   * The delete route's older form: nothing chosen is `pick` on `id`, and a record missing or out of
   * reach is a 404 with the `missing` message (a 400 by default).
   */
  deletion?: {
    pick: string;
    /** More than 500 asked: '一次最多删除500条线路' (500个 and the entity by default). */
    tooMany?: string;
  };
  export?: {
    title: string;
    columns: readonly ExportColumn<ExportRow>[];
    /** A page of exported rows, when the sheet shows more than the list (`views` or `view` otherwise). */
    rows?: (db: Kysely<Database>, rows: never[]) => Promise<ExportRow[]>;
  };
  import?: FormImport<Form, ImportRow> | OwnImport<ImportRow>;
  /** Routes of the record type that are not of the common shape, registered beside the generated ones. */
  routes?: (app: FastifyInstance, ctx: AppContext) => void;
}

/** Declares a record type's server definition (a typed identity). */
export function defineRecord<Form extends TeamForm, Filter, View, ImportRow = unknown, ExportRow = View>(
  def: RecordDef<Form, Filter, View, ImportRow, ExportRow>,
): RecordDef<Form, Filter, View, ImportRow, ExportRow> {
  return def;
}

/** Import rows are always errors by Excel row number. */
export type { ImportRowError };
