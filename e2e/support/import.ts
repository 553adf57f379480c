import path from 'node:path';
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
