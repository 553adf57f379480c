import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Locator } from 'playwright-core';

/** A file by its path, or built in memory. */
export type ImportFile = string | { name: string; mimeType: string; buffer: Buffer };

/**
 * Chooses `file` in a 批量导入 dialog and waits until the dialog has taken it: its name is shown and
 * the previous row errors are gone. The dialog checks a chosen file asynchronously, so a click on
 * 上传 straight after setInputFiles could still send the previous file, or none.
 */
export async function chooseImportFile(dialog: Locator, file: ImportFile): Promise<void> {
  await dialog.locator('input[type=file]').setInputFiles(file);
  const name = typeof file === 'string' ? path.basename(file) : file.name;
  await dialog.getByText(`已选择：${name}`, { exact: true }).waitFor();
  await dialog.getByTestId('import-row-errors').waitFor({ state: 'detached' });
}

/** Writes `rows` as the sheet `sheetName` of a new workbook in the temp directory; returns its path. */
export async function writeSheet(
  prefix: string,
  sheetName: string,
  rows: (string | number)[][],
): Promise<string> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet(sheetName);
  for (const r of rows) ws.addRow(r);
  const file = path.join(tmpdir(), `${prefix}-${Date.now()}-${rows.length}.xlsx`);
  await writeFile(file, Buffer.from(await book.xlsx.writeBuffer()));
  return file;
}

/** The rows of a workbook's first sheet (an exported file), each without ExcelJS's empty cell 0. */
export async function readSheet(file: string): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile(file)) as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  book.worksheets[0]?.eachRow((r) => {
    rows.push((r.values as unknown[]).slice(1));
  });
  return rows;
}
