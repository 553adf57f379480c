import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Download, Locator, Page } from 'playwright-core';

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
  const file = path.join(tmpdir(), `${prefix}-${Date.now()}-${rows.length}.xlsx`);
  await writeFile(file, await sheetBuffer(sheetName, rows));
  return file;
}

/** Writes `rows` as the sheet `sheetName` of a new workbook in memory. */
export async function sheetBuffer(sheetName: string, rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet(sheetName);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Clicks `trigger` (导出, 下载, a template link) and waits for the download it starts; answers it and its file. */
export async function exportDownload(
  page: Page,
  trigger: Locator,
): Promise<{ download: Download; file: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), trigger.click()]);
  return { download, file: (await download.path()) as string };
}

/** The first sheet of a workbook file (an exported one). */
export async function firstSheet(file: string): Promise<ExcelJS.Worksheet> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile(file)) as unknown as ArrayBuffer);
  return book.worksheets[0] as ExcelJS.Worksheet;
}

/** The rows of a workbook's first sheet (an exported file), each without ExcelJS's empty cell 0. */
export async function readSheet(file: string): Promise<unknown[][]> {
  const rows: unknown[][] = [];
  (await firstSheet(file)).eachRow((r) => {
    rows.push((r.values as unknown[]).slice(1));
  });
  return rows;
}
