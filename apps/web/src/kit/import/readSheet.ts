/** A row of the first sheet: header text of row 1 → cell value. */
export type SheetRow = Record<string, string | number | boolean | null>;

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** Spreadsheet dates carry wall-clock time as UTC: shown as 'YYYY-MM-DD HH:mm:ss' (or the date alone). */
function dateText(date: Date): string {
  const day = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  const time = `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
  return time === '00:00:00' ? day : `${day} ${time}`;
}

/** A cell value as plain data: rich text, formulas, hyperlinks and dates reduced to their text or result. */
export function plainCellValue(value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return dateText(value);
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'object') {
    const cell = value as { richText?: { text: string }[]; result?: unknown; text?: unknown; error?: string };
    if (Array.isArray(cell.richText))
      return cell.richText
        .map((part) => part.text)
        .join('')
        .trim();
    if ('result' in cell) return plainCellValue(cell.result);
    if (typeof cell.text === 'string') return cell.text.trim();
    if (typeof cell.error === 'string') return null;
  }
  return String(value);
}

/**
 * Reads the first sheet of an .xlsx file: row 1 gives the headers, each further non-empty row an
 * object keyed by them. ExcelJS is loaded only when a file is read.
 */
export async function readFirstSheet(data: ArrayBuffer): Promise<SheetRow[]> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data);
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const headers: string[] = [];
  sheet.getRow(1).eachCell((cell, column) => {
    headers[column] = String(plainCellValue(cell.value) ?? '').trim();
  });
  const rows: SheetRow[] = [];
  sheet.eachRow((row, rowNumber) => {
    if (rowNumber === 1) return;
    const record: SheetRow = {};
    let filled = false;
    headers.forEach((header, column) => {
      if (!header) return;
      const value = plainCellValue(row.getCell(column).value);
      record[header] = value;
      if (value !== null && value !== '') filled = true;
    });
    if (filled) rows.push(record);
  });
  return rows;
}
