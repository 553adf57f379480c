import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';

export interface SheetColumn<T> {
  header: string;
  width?: number;
  value: (row: T) => string | number | null | undefined;
}

export interface WriteSheetOptions {
  /** Called after each page of rows with the rows written so far. */
  onProgress?: (written: number) => Promise<void> | void;
  /** Checked between pages: true stops the writing with an error. */
  cancelled?: () => boolean;
}

export const DEFAULT_COLUMN_WIDTH = 16;

/** Excel refuses cells longer than this. */
const MAX_CELL_CHARS = 32_767;

function cell(value: string | number | null | undefined): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  return value.length > MAX_CELL_CHARS ? value.slice(0, MAX_CELL_CHARS) : value;
}

/**
 * Streams a one-sheet .xlsx into `stream`: a frozen header row, then the rows page by page, each row
 * committed as soon as it is added so the workbook is never held in memory. Resolves with the
 * number of data rows once the file is complete.
 */
export async function writeSheet<T>(
  stream: Writable,
  sheetName: string,
  columns: readonly SheetColumn<T>[],
  pages: AsyncIterable<readonly T[]>,
  options: WriteSheetOptions = {},
): Promise<number> {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    // Cell styles cost 2.5 times the writing time of a plain sheet: the header row is marked by
    // freezing it instead of a bold font.
    useStyles: false,
    useSharedStrings: false,
    // Speed over size: level 1 packs spreadsheet XML nearly as well as the default, far faster.
    zip: { zlib: { level: 1 } },
  });
  const sheet = book.addWorksheet(sheetName.slice(0, 31) || 'Sheet1', {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width ?? DEFAULT_COLUMN_WIDTH }));
  sheet.getRow(1).commit();
  let written = 0;
  for await (const page of pages) {
    if (options.cancelled?.()) throw new Error('export cancelled');
    for (const row of page) {
      sheet.addRow(columns.map((c) => cell(c.value(row)))).commit();
    }
    written += page.length;
    await options.onProgress?.(written);
  }
  sheet.commit();
  // Resolves once the zip is complete and `stream` has finished.
  await book.commit();
  return written;
}
