import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { button, screenshot, settled } from './support/browser';
import { chooseImportFile, sheetBuffer } from './support/import';
import { calls, openSession, type Session, shownView, tableRow } from './support/session';

// Issue 10, finding 17: an imported sheet's formula cells are read by their saved result, and one
// without a result is refused naming its row and column, never shown as [object Object].

let session: Session;
let page: Page;

const view = () => shownView(page);

/** The file `name` of the sheet 客户: its header row, then `rows`. */
async function sheet(name: string, rows: unknown[][]) {
  const header = ['客户名称', '客户类型', '结算方式', '账期天数', '联系人'];
  return { name, mimeType: 'application/octet-stream', buffer: await sheetBuffer('客户', [header, ...rows]) };
}

beforeAll(async () => {
  session = await openSession({ account: 'admin' });
  ({ page } = session);
});

afterAll(() => session?.close());

describe('导入表格中的公式', () => {
  it('names the row and column of a formula without a result, and imports formula results', async () => {
    await Promise.all([
      page.waitForResponse(calls('/colliery/customer/page')),
      page.goto('/smart-coal/customer'),
    ]);
    await button(view(), '导入').click();
    const dialog = page.getByRole('dialog', { name: '批量导入客户' });
    const formula = (text: string) => ({ formula: `"${text}"`, result: text });
    const bad = await sheet('公式未计算.xlsx', [
      [formula('公式客户甲'), '发货方', '账期结算', { formula: '10+20', result: 30 }, '王经理'],
      ['公式客户乙', '发货方', '账期结算', { formula: 'D2*2' }, ''],
    ]);
    await chooseImportFile(dialog, bad);
    await Promise.all([
      page.waitForResponse(calls('/colliery/customer/import')),
      button(dialog, '上传').click(),
    ]);
    await dialog.getByText(/第\s?3\s?行：账期天数: 公式没有保存计算结果/).waitFor();
    expect(await dialog.textContent()).not.toContain('[object Object]');
    await settled(page, 300);
    await screenshot(page, 'input-import-formula-errors');

    const good = await sheet('公式已计算.xlsx', [
      [
        formula('公式客户甲'),
        '发货方',
        '账期结算',
        { formula: '10+20', result: 30 },
        { richText: [{ text: '王经理' }] },
      ],
    ]);
    await chooseImportFile(dialog, good);
    await Promise.all([
      page.waitForResponse(calls('/colliery/customer/import')),
      button(dialog, '上传').click(),
    ]);
    await dialog.waitFor({ state: 'hidden' });
    const row = tableRow(view(), '公式客户甲');
    await row.waitFor();
    expect(await row.textContent()).toContain('王经理');
    await settled(page, 300);
    await screenshot(page, 'input-import-formula-imported');
  });
});
