import { type ExportOutcome, exportFile } from './fileTasks';
import type { Method, Query } from './request';

/**
 * An export call by method and path (kept for the pages written against it): the list's .xlsx, or
 * a task of the import/export query page, announced with a link there (see `exportFile`).
 */
export function exportSheet(
  method: Method,
  path: string,
  params: { query?: Query; body?: unknown },
): Promise<ExportOutcome> {
  const filter = (method === 'GET' ? params.query : params.body) as Record<string, unknown> | undefined;
  return exportFile(path, { ...filter }, undefined, { method });
}
