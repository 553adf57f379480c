import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { openPart, type ZipPart } from './zip-guard';

/** One data row of an imported sheet: its Excel row number and the cell texts by column (1-based). */
export interface SheetRow {
  row: number;
  cells: string[];
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

/** A cell as trimmed text: rich text joined, formulas by their result, hyperlinks by their text, errors empty. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return dateText(value);
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'object') {
    const cell = value as {
      richText?: { text: string }[];
      result?: unknown;
      text?: unknown;
      error?: unknown;
    };
    if (Array.isArray(cell.richText))
      return cell.richText
        .map((part) => part.text ?? '')
        .join('')
        .trim();
    if ('result' in cell) return cellText(cell.result);
    if (typeof cell.text === 'string') return cell.text.trim();
    if ('error' in cell) return '';
  }
  return String(value).trim();
}

function rowTexts(values: unknown): string[] {
  const cells: string[] = [];
  if (!Array.isArray(values)) return cells;
  for (let column = 1; column < values.length; column++) cells[column] = cellText(values[column]);
  return cells;
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
        if (row.number === 1) {
          result.headers = rowTexts(row.values);
          continue;
        }
        const cells = rowTexts(row.values);
        if (!cells.some((text) => text !== '')) continue;
        if (result.rows.length >= maxRows) throw new TooManyRows(maxRows);
        result.rows.push({ row: row.number, cells });
      }
    }
  } finally {
    sheet.destroy();
  }
  return result;
}
