import type { OperateLogPage } from '../catalogue/operate-log-pages';

/**
 * What web and server share of one business record type (customer, station, truck, …): its name,
 * table, scope, menu codes, operation-log page, API paths and field labels. The server's record
 * definition (`apps/server/src/records`) and the web's (`apps/web/src/kit/record`) both start from
 * it, so a concept has one name and one label everywhere.
 */
export interface RecordMeta<Field extends string = string> {
  /** The concept's one name across web, server and database, e.g. 'customer'. */
  key: string;
  /** Its Chinese name in messages and titles, e.g. '客户'. */
  entity: string;
  /** The database table. */
  table: string;
  /**
   * Who sees a row: 'own', the caller's team subtree; 'shared', also the teams above (reference data
   * a team hands down, e.g. customers and stations). Changes always need the row in the own subtree.
   */
  scope: 'own' | 'shared';
  /** Rows are deleted by setting `deleted_at` (and never come back in lists or pickers). */
  softDelete: boolean;
  /** The column that names a row in messages and pickers, e.g. 'customer_name'. */
  nameColumn: string;
  /** `pageEnum` of its operation-log entries. */
  pageEnum: OperateLogPage;
  /** Menu codes of the pages that list it; one of them opens the list, the detail and the log. */
  readCodes: readonly string[];
  /**
   * Menu codes that may open one record (the read codes when not given), e.g. also a review page
   * opening the records it created.
   */
  infoCodes?: readonly string[];
  /** Menu codes that may add, edit, enable or delete it (the read codes when not given). */
  writeCodes?: readonly string[];
  /** The list and its export take the search as the query string (GET) instead of a JSON body (POST). */
  listByQuery?: boolean;
  /** How the export is asked when not as the list is, e.g. POST beside a GET list. */
  exportMethod?: 'GET' | 'POST';
  /** The spec's paths of the generated routes (without /api); a missing one is not generated. */
  paths: RecordPaths;
  /** The Chinese label of each form field: 400 messages, the log's changes, columns and the form. */
  labels: Readonly<Record<Field, string>>;
}

export interface RecordPaths {
  page?: string;
  info?: string;
  add?: string;
  edit?: string;
  /** Enable (valid 1) or disable (valid 0). */
  valid?: string;
  delete?: string;
  export?: string;
  import?: string;
}

/** Declares a record type's shared part (a typed identity: the object is returned as it is). */
export function defineRecordMeta<const M extends RecordMeta>(meta: M): M {
  return meta;
}

/** The codes that may change a record of the type. */
export function recordWriteCodes(meta: RecordMeta): readonly string[] {
  return meta.writeCodes ?? meta.readCodes;
}

/** The codes that may open one record of the type. */
export function recordInfoCodes(meta: RecordMeta): readonly string[] {
  return meta.infoCodes ?? meta.readCodes;
}

/** The URL of the import template of a record type, as the browser fetches it. */
export function importTemplateUrl(meta: RecordMeta): string | undefined {
  return meta.paths.import ? `/api${meta.paths.import}/template` : undefined;
}
