import { importTemplateUrl, type RecordMeta, type RecordPaths } from '@fleet/domain';
import type { ListPage, Paging } from './common';
import type { ExportOutcome } from './fileTasks';
import { type Envelope, type Query, request, requestEnvelope } from './request';
import { exportSheet } from './sheets';

/**
 * The calls of a business record type, made from the spec paths of its `RecordMeta` (POST with a
 * JSON body; the one record, and a list by query, GET with a query string). A call whose path the
 * record does not have throws before anything is sent.
 */
export interface RecordApi<Row, Fields> {
  /** One page of the list for the search query. */
  list(query: Record<string, unknown> & Paging, signal?: AbortSignal): Promise<ListPage<Row>>;
  /** One record, as the detail answers it (the row by default). */
  info<Detail = Row>(id: number): Promise<Detail>;
  add(fields: Fields): Promise<Envelope<{ id: number }>>;
  edit(fields: Fields & { id: number }): Promise<Envelope<null>>;
  /** Enables (1) or disables (0) one row. */
  setValid(id: number, valid: 0 | 1): Promise<unknown>;
  remove(ids: readonly number[]): Promise<{ deleted: number }>;
  /** The list's .xlsx for the search query (paging left out), or a background task. */
  exportList(query: Record<string, unknown>): Promise<ExportOutcome>;
  /** Path of the import call (the ImportDialog's uploadUrl); undefined without one. */
  importUrl: string | undefined;
  /** URL of the import template, as the browser fetches it. */
  templateUrl: string | undefined;
}

/** The path of one of the record's calls; throws when the record has none. */
export function recordPath(meta: RecordMeta, call: keyof RecordPaths): string {
  const path = meta.paths[call];
  if (!path) throw new Error(`The record '${meta.key}' has no ${call} call`);
  return path;
}

/** How a record's list and export are asked, when not by POST with a body. */
export interface RecordApiOptions {
  /** The list and its export send the search query as the query string (GET). */
  listByQuery?: boolean;
  /** How the export is asked when not as the list is. */
  exportMethod?: 'GET' | 'POST';
  /** Turns the search form's query into what the list and export calls take (e.g. `teamCodeList`). */
  toQuery?: (query: Record<string, unknown>) => Record<string, unknown>;
  /** The delete call takes one row as `{ id }` (its older form) instead of `{ ids }`. */
  deleteById?: boolean;
}

export function recordApi<Row, Fields>(
  meta: RecordMeta,
  options: RecordApiOptions = {},
): RecordApi<Row, Fields> {
  const exportMethod = options.exportMethod ?? (options.listByQuery ? 'GET' : 'POST');
  const toQuery = options.toQuery ?? ((query: Record<string, unknown>) => query);
  const post = <T>(call: keyof RecordPaths, body: unknown) =>
    request<T>('POST', recordPath(meta, call), { body });
  const postEnvelope = <T>(call: keyof RecordPaths, body: unknown) =>
    requestEnvelope<T>('POST', recordPath(meta, call), { body });
  return {
    list: (search, signal) => {
      const query = toQuery(search);
      return options.listByQuery
        ? request<ListPage<Row>>('GET', recordPath(meta, 'page'), {
            query: query as Query,
            dedupe: true,
            signal,
          })
        : request<ListPage<Row>>('POST', recordPath(meta, 'page'), { body: query, dedupe: true, signal });
    },
    info: <Detail>(id: number) => request<Detail>('GET', recordPath(meta, 'info'), { query: { id } }),
    add: (fields) => postEnvelope<{ id: number }>('add', fields),
    edit: (fields) => postEnvelope<null>('edit', fields),
    setValid: (id, valid) => post<unknown>('valid', { id, valid }),
    remove: (ids) => {
      if (!options.deleteById) return post<{ deleted: number }>('delete', { ids });
      if (ids.length !== 1) throw new Error(`The record '${meta.key}' deletes one row at a time`);
      return post<{ deleted: number }>('delete', { id: ids[0] });
    },
    exportList: (search) => {
      const { pageNum: _n, pageSize: _s, ...filter } = toQuery(search);
      const path = recordPath(meta, 'export');
      return exportMethod === 'GET'
        ? exportSheet('GET', path, { query: filter as Query })
        : exportSheet('POST', path, { body: filter });
    },
    importUrl: meta.paths.import,
    templateUrl: importTemplateUrl(meta),
  };
}
