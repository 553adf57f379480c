import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { openPart, type ZipPart } from './zip-guard';

/** A cell that holds no readable value (a formula without its result, an error value), by column. */
export interface CellProblem {
  column: number;
  message: string;
}

/** One data row of an imported sheet: its Excel row number and the cell texts by column (1-based). */
export interface SheetRow {
  row: number;
  cells: string[];
  /** Cells refused with the reason; their text in `cells` is ''. */
  problems: CellProblem[];
}

export interface ReadSheet {
  /** Header texts of row 1 by column (1-based; '' for an empty header cell). */
  headers: string[];
  /** Rows after the header that have at least one non-empty cell. */
  rows: SheetRow[];
}

/** Thrown when the sheet holds more data rows than allowed. */
export class TooManyRows extends Error {
  constructor(readonly limit: number) {
    super(`more than ${limit} rows`);
    this.name = 'TooManyRows';
  }
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** Spreadsheet dates carry the wall-clock time as UTC: 'YYYY-MM-DD', or with ' HH:mm:ss' when not midnight. */
function dateText(date: Date): string {
  if (Number.isNaN(date.getTime())) return '';
  const day = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  const time = `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
  return time === '00:00:00' ? day : `${day} ${time}`;
}

export const NO_FORMULA_RESULT = '公式没有保存计算结果，请在Excel中打开、保存后重新导入，或填写数值';

/** Whether an Excel number format shows a date or time (what ExcelJS itself checks). */
function isDateFormat(format: string | undefined): boolean {
  if (!format) return false;
  return /[ymdhsb]/i.test(format.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));
}

/** An Excel serial day number (1900 date system) as the Date ExcelJS gives for a date cell. */
function serialDate(serial: number): Date {
  return new Date(Math.round((serial - 25569) * 86_400_000));
}

type CellRead = string | { problem: string };

/**
 * A cell as trimmed text, read the same way whatever it holds: rich text joined, a formula by its
 * saved result (a date when the cell shows a date), a hyperlink by its text. A formula without a
 * saved result and an error value (#N/A, #DIV/0!) are refused, never read as empty or as an object.
 */
export function cellValue(value: unknown, numFmt?: string): CellRead {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return dateText(value);
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number')
    return Number.isFinite(value) ? String(value) : { problem: NO_FORMULA_RESULT };
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value !== 'object') return { problem: '无法读取的单元格内容' };
  const cell = value as {
    richText?: { text?: string }[];
    formula?: unknown;
    sharedFormula?: unknown;
    result?: unknown;
    text?: unknown;
    hyperlink?: unknown;
    error?: unknown;
  };
  if (Array.isArray(cell.richText))
    return cell.richText
      .map((part) => part.text ?? '')
      .join('')
      .trim();
  if ('formula' in cell || 'sharedFormula' in cell) {
    const result = cell.result;
    if (result === undefined || result === null) return { problem: NO_FORMULA_RESULT };
    if (typeof result === 'number' && Number.isFinite(result) && isDateFormat(numFmt))
      return dateText(serialDate(result));
    return cellValue(result, numFmt);
  }
  if ('error' in cell) return { problem: `单元格为错误值${String(cell.error)}，请改为有效的值` };
  if ('text' in cell) return cellValue(cell.text, numFmt);
  return { problem: '无法读取的单元格内容' };
}

/** A cell as trimmed text; '' for a cell cellValue refuses. */
export function cellText(value: unknown): string {
  const read = cellValue(value);
  return typeof read === 'string' ? read : '';
}

function rowCells(row: ExcelJS.Row): { cells: string[]; problems: CellProblem[] } {
  const cells: string[] = [];
  const problems: CellProblem[] = [];
  row.eachCell({ includeEmpty: false }, (cell, column) => {
    const read = cellValue(cell.value, cell.numFmt);
    if (typeof read === 'string') cells[column] = read;
    else {
      cells[column] = '';
      problems.push({ column, message: read.problem });
    }
  });
  return { cells, problems };
}

/** The parts of ExcelJS's streaming reader that parse one workbook part each (ExcelJS 4.4). */
interface ReaderParts {
  _parseRels(part: Readable): Promise<void>;
  _parseWorkbook(part: Readable): Promise<void>;
  _parseStyles(part: Readable): Promise<void>;
  _parseSharedStrings(part: Readable): AsyncGenerator<unknown>;
  _parseWorksheet(part: Readable, sheetNo: string): Generator<{ value: AsyncIterable<ExcelJS.Row> }>;
  model?: { sheets?: { rId: string; state?: string }[] };
  workbookRels?: { Id: string; Target: string }[];
}

/** The zip path of the first visible worksheet in tab order. */
function firstSheetPath(reader: ReaderParts): string | null {
  const sheet = reader.model?.sheets?.find((s) => s.state !== 'hidden' && s.state !== 'veryHidden');
  const target = reader.workbookRels?.find((rel) => rel.Id === sheet?.rId)?.Target;
  if (!target) return null;
  const clean = target.replace(/^\/+/, '');
  return clean.startsWith('xl/') ? clean : `xl/${clean}`;
}

/**
 * Reads the first worksheet of a checked .xlsx (the parts checkZip answered) streaming, without
 * building the workbook in memory; stops with TooManyRows as soon as the data rows exceed
 * `maxRows`. The parts are unpacked in the order parsing needs them (relations, workbook, styles,
 * shared strings, the sheet), so no temporary files are written; null when there is no worksheet.
 */
export async function readFirstSheet(
  parts: ReadonlyMap<string, ZipPart>,
  maxRows: number,
): Promise<ReadSheet | null> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  }) as unknown as ReaderParts;
  const open = (name: string) => {
    const part = parts.get(name);
    return part ? openPart(part) : null;
  };
  const rels = open('xl/_rels/workbook.xml.rels');
  const workbook = open('xl/workbook.xml');
  if (!rels || !workbook) return null;
  await reader._parseRels(rels);
  await reader._parseWorkbook(workbook);
  const styles = open('xl/styles.xml');
  if (styles) await reader._parseStyles(styles);
  const strings = open('xl/sharedStrings.xml');
  if (strings) for await (const _ of reader._parseSharedStrings(strings));
  const path = firstSheetPath(reader);
  const sheet = path ? open(path) : null;
  if (!path || !sheet) return null;
  const sheetNo = /sheet(\d+)\.xml$/.exec(path)?.[1] ?? '1';
  const result: ReadSheet = { headers: [], rows: [] };
  try {
    for (const { value: worksheet } of reader._parseWorksheet(sheet, sheetNo)) {
      for await (const row of worksheet) {
        const { cells, problems } = rowCells(row);
        if (row.number === 1) {
          result.headers = cells;
          continue;
        }
        if (problems.length === 0 && !cells.some((text) => text !== '')) continue;
        if (result.rows.length >= maxRows) throw new TooManyRows(maxRows);
        result.rows.push({ row: row.number, cells, problems });
      }
    }
  } finally {
    sheet.destroy();
  }
  return result;
}
