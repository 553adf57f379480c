import { createElement } from 'react';
import { texts } from '../locales';
import type { ListPage, Paging } from './common';
import { showSuccess } from './notify';
import {
  download,
  downloadBlob,
  type Envelope,
  type Method,
  type Query,
  RequestError,
  request,
  requestEnvelope,
  saveBlob,
} from './request';

/** Calls of 导入导出查询 (/information/file-task) and the spreadsheet export and import of every list. */

const t = texts.fileTasks;

/** The import/export query page, where large exports are downloaded. */
export const FILE_TASK_PATH = '/information/file-task';
/** Exports and imports may take longer than an ordinary call. */
const SHEET_TIMEOUT_MS = 120_000;

export type FileTaskKind = 'export' | 'import';
export type FileTaskStatus = 'waiting' | 'running' | 'done' | 'failed';

export interface FileTask {
  id: number;
  kind: FileTaskKind;
  kindName: string;
  title: string;
  fileName: string;
  status: FileTaskStatus;
  statusName: string;
  /** 0-100. */
  progress: number;
  totalRows: number;
  doneRows: number;
  fileSize: number | null;
  downloadable: boolean;
  error: string | null;
  createTime: string;
  finishTime: string | null;
}

export interface FileTaskQuery extends Partial<Paging> {
  kind?: FileTaskKind;
  status?: FileTaskStatus;
}

export function fetchFileTasks(query: FileTaskQuery, signal?: AbortSignal): Promise<ListPage<FileTask>> {
  return request<ListPage<FileTask>>('POST', '/file/task/page', { body: query, dedupe: true, signal });
}

export function deleteFileTask(id: number): Promise<unknown> {
  return request<unknown>('POST', '/file/task/delete', { body: { id } });
}

/** Saves a finished export under its file name. */
export function downloadFileTask(task: Pick<FileTask, 'id' | 'fileName'>): Promise<string> {
  return download('GET', `/file/task/download/${task.id}`, {
    filename: task.fileName,
    timeoutMs: SHEET_TIMEOUT_MS,
  });
}

/** Opens the import/export query page inside the app (the router is loaded lazily: it imports the pages). */
export function openFileTaskPage(): void {
  void import('../router').then(({ router }) => router.navigate(FILE_TASK_PATH));
}

/** The notice of a background export: the server's message and a link to the task page. */
function showTaskCreated(text: string): void {
  const link = createElement(
    'a',
    {
      href: FILE_TASK_PATH,
      style: { marginLeft: 8 },
      onClick: (event: { preventDefault(): void }) => {
        event.preventDefault();
        openFileTaskPage();
      },
    },
    t.goToTasks,
  );
  showSuccess(createElement('span', null, text, link), 6);
}

export type ExportOutcome = { kind: 'file'; filename: string } | { kind: 'task'; taskId: number };

/**
 * Calls an export of a list (e.g. '/v2/web/base/export') with its search query. A small result is
 * the .xlsx itself, saved under the server's name (or `fileName`); a large one becomes a task of the
 * import/export query page, announced with a link there. Failures are shown by the request client.
 */
export async function exportFile(
  url: string,
  body: Record<string, unknown> = {},
  fileName?: string,
  options: { method?: Method } = {},
): Promise<ExportOutcome> {
  const method = options.method ?? 'POST';
  const params = method === 'GET' ? { query: body as Query } : { body };
  try {
    const file = await downloadBlob(method, url, {
      ...params,
      filename: fileName,
      envelopeMayAnswer: true,
      timeoutMs: SHEET_TIMEOUT_MS,
    });
    saveBlob(file.blob, file.filename);
    return { kind: 'file', filename: file.filename };
  } catch (error) {
    const envelope =
      error instanceof RequestError ? (error.envelope as Envelope<{ taskId?: number }>) : undefined;
    const taskId = envelope?.data?.taskId;
    if (error instanceof RequestError && error.kind === 'download' && typeof taskId === 'number') {
      showTaskCreated(envelope?.msg || t.exportTaskCreated);
      return { kind: 'task', taskId };
    }
    throw error;
  }
}

/** A row the server refused on import. */
export interface ImportRowError {
  row: number;
  message: string;
}

export type ImportOutcome =
  | { ok: true; message: string; data: unknown }
  /** Rows refused: nothing was imported. `count` is how many errors there were in all. */
  | { ok: false; errors: ImportRowError[]; count: number };

/**
 * Uploads one spreadsheet to an import call (multipart fields file and name). Row errors answer
 * `{ ok: false, errors }` after the request client has shown the first lines; any other failure
 * rejects as usual.
 */
export async function importFile(
  url: string,
  file: File,
  fields: Record<string, string> = {},
): Promise<ImportOutcome> {
  const form = new FormData();
  form.append('name', file.name);
  form.append('file', file, file.name);
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  try {
    const answer = await requestEnvelope<unknown>('POST', url, { form, timeoutMs: SHEET_TIMEOUT_MS });
    const errors = rowErrorsOf(answer.data);
    if (errors) return { ok: false, errors, count: errors.length };
    return { ok: true, message: answer.msg, data: answer.data };
  } catch (error) {
    const data = error instanceof RequestError ? error.envelope?.data : undefined;
    const errors = rowErrorsOf(data);
    if (!errors) throw error;
    const count = (data as { errorCount?: number }).errorCount ?? errors.length;
    return { ok: false, errors, count };
  }
}

function rowErrorsOf(data: unknown): ImportRowError[] | null {
  const errors = (data as { errors?: unknown } | null)?.errors;
  return Array.isArray(errors) && errors.length > 0 ? (errors as ImportRowError[]) : null;
}
