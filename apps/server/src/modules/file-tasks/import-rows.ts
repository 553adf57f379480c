import { inputMessage } from '../../http/route';
import type { ImportDef, ImportRowError } from './file-tasks.contract';
import type { ReadSheet } from './sheet-reader';

/** Rows one import may hold. */
export const IMPORT_MAX_ROWS = 20_000;
/** Row errors answered at most (the message says how many there were). */
export const MAX_ANSWERED_ERRORS = 500;

/** A header as written, or with a required marker or spaces around it. */
export function normalHeader(text: string): string {
  return text.replace(/[\s*＊]/g, '');
}

/** What is wrong with the sheet as a whole (a required column missing, no data); null when fine. */
export function sheetProblem(def: Pick<ImportDef<unknown>, 'columns'>, sheet: ReadSheet): string | null {
  const present = new Set(sheet.headers.map((h) => normalHeader(h ?? '')));
  const missing = def.columns.filter((c) => c.required && !present.has(normalHeader(c.header)));
  if (missing.length > 0) return `表头缺少：${missing.map((c) => c.header).join('、')}，请下载模板填写后导入`;
  if (sheet.rows.length === 0) return '表格中没有数据，请从第2行开始填写';
  return null;
}

/**
 * Parses the data rows with the feature's zod row schema. Rows must follow the header without gaps,
 * so that the i-th parsed row is Excel row i + 2; a blank row inside the data is an error.
 */
export function parseRows<R>(
  def: Pick<ImportDef<R>, 'columns' | 'row'>,
  sheet: ReadSheet,
): { rows: R[]; errors: ImportRowError[] } {
  const columnOf = new Map<string, number>();
  sheet.headers.forEach((header, column) => {
    const key = normalHeader(header ?? '');
    if (key && !columnOf.has(key)) columnOf.set(key, column);
  });
  const fields = def.columns.map((c) => ({
    key: c.key,
    header: c.header,
    column: columnOf.get(normalHeader(c.header)),
  }));
  const labels = Object.fromEntries(def.columns.map((c) => [c.key, c.header]));
  const rows: R[] = [];
  const errors: ImportRowError[] = [];
  let expected = 2;
  for (const { row, cells, problems } of sheet.rows) {
    for (; expected < row; expected++) errors.push({ row: expected, message: '空行，请删除空行后重新导入' });
    expected = row + 1;
    const unread = fields
      .map((f) => ({ header: f.header, problem: problems.find((p) => p.column === f.column) }))
      .find((f) => f.problem);
    if (unread?.problem) {
      errors.push({ row, message: `${unread.header}: ${unread.problem.message}` });
      continue;
    }
    const record: Record<string, string> = {};
    for (const { key, column } of fields) record[key] = column === undefined ? '' : (cells[column] ?? '');
    const parsed = def.row.safeParse(record);
    if (parsed.success) rows.push(parsed.data);
    else errors.push({ row, message: inputMessage(parsed.error, labels) });
  }
  return { rows, errors };
}

/** The answer's message: the first row errors, one a line, and how many there were. */
export function rowErrorsMessage(errors: readonly ImportRowError[]): string {
  const lines = errors.slice(0, 5).map((e) => `第${e.row}行：${e.message}`);
  if (errors.length > 5) lines.push(`……共${errors.length}处错误，未导入任何数据`);
  return lines.join('\n');
}
