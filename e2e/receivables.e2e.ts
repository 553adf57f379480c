import { fenToYuan } from '@fleet/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { button } from './support/browser';
import { exportDownload, readSheet } from './support/import';
import { calls, sessionPerFile, shownPageHelpers, tmpShot } from './support/session';

// 应收对账 as the demo's finance user on the demo's completed waybills: the report's totals as
// the API answered them, batch checking, a statement named with its fuzzy suggestion, an
// adjustment in yuan with its history, the statistics by customer and month, the export.

let page: Page;

const { view, row, toast } = shownPageHelpers(() => page);
const shot = (name: string) => tmpShot(page, `receivables-${name}`);

interface Receivable {
  waybillId: number;
  billNo: string;
  incomeFen: number;
  adjustFen: number;
  confirmedFen: number;
  checkFen: number | null;
  checkState: number;
  checkName: string | null;
}
interface Report {
  list: Receivable[];
  total: number;
  totalRow: { waybills: number; confirmedFen: number; incomeFen: number };
}

const reportAnswer = async (trigger: () => Promise<unknown>): Promise<Report> => {
  const [answer] = await Promise.all([
    page.waitForResponse(calls('/colliery/waybill/billReceiveReport')),
    trigger(),
  ]);
  const body = (await answer.json()) as { code: number; data: Report; msg: string };
  expect(body.code, body.msg).toBe(200);
  return body.data;
};

/** Ticks the selection box of the row holding `text`. */
const tick = (text: string) => row(text).locator('.ant-checkbox-input').check();

sessionPerFile(
  {
    account: 'finance',
    name: 'receivables',
    tail: 2000,
    acceptDownloads: true,
    env: { SEED_DEMO_WAYBILLS: '1' },
  },
  (opened) => {
    ({ page } = opened);
  },
);

describe('财务管理 › 对账 › 应收对账', () => {
  let first: Report;

  it('lists completed waybills with Chinese headers and the totals the API answered', async () => {
    first = await reportAnswer(() => page.goto('/finance-management/reconciliation/receivable'));
    expect(first.total).toBeGreaterThan(2);
    const headers = (await view().locator('.ant-table-thead th').allTextContents()).map((h) => h.trim());
    for (const h of [
      '运单号',
      '客户',
      '线路',
      '完成时间',
      '总收入(元)',
      '对账调整(元)',
      '确认应收(元)',
      '对账状态',
    ])
      expect(headers).toContain(h);
    const totals = view().getByTestId('receivable-totals');
    await expect.poll(() => totals.textContent()).toContain(`${first.totalRow.waybills}条运单`);
    expect(await totals.textContent()).toContain(`确认应收(元)：${fenToYuan(first.totalRow.confirmedFen)}`);
    await shot('report');
  });

  it('checks two selected waybills at their confirmed receivable', async () => {
    const [a, b] = first.list as [Receivable, Receivable];
    await tick(a.billNo);
    await tick(b.billNo);
    await button(view(), '批量核对').click();
    const after = await reportAnswer(() => button(page.locator('.ant-modal-confirm'), '确定').click());
    await toast('已核对2条运单').waitFor();
    for (const w of [a, b]) {
      const r = after.list.find((x) => x.waybillId === w.waybillId) as Receivable;
      expect(r).toMatchObject({ checkState: 1, checkFen: r.confirmedFen });
      await row(w.billNo).getByText('已对账').waitFor();
    }
  });

  it('adds waybills to a named statement, suggesting the name for the next one', async () => {
    const [a, b, c] = first.list as [Receivable, Receivable, Receivable];
    await tick(a.billNo);
    await tick(b.billNo);
    await button(view(), '加入对账单').click();
    const dialog = page.locator('.ant-modal', { hasText: '将所选2条运单加入对账单' });
    await dialog.getByLabel('对账单名称').fill('十一月天津港对账单');
    await reportAnswer(() => button(dialog, '确定').click());
    await toast('已加入对账单“十一月天津港对账单”').waitFor();
    await row(a.billNo).getByText('十一月天津港对账单').waitFor();
    // the ticked rows are cleared after a batch action
    for (const w of [a, b])
      await expect.poll(() => row(w.billNo).locator('.ant-checkbox-input').isChecked()).toBe(false);
    await expect.poll(() => button(view(), '加入对账单').isDisabled()).toBe(true);

    await tick(c.billNo);
    await button(view(), '加入对账单').click();
    const next = page.locator('.ant-modal', { hasText: '将所选1条运单加入对账单' });
    await next.getByLabel('对账单名称').fill('天津港');
    const option = page.locator('.ant-select-item-option', { hasText: '十一月天津港对账单' });
    await option.waitFor();
    await expect.poll(() => option.textContent()).toContain('2条运单');
    await shot('statement-suggest');
    await option.click();
    await reportAnswer(() => button(next, '确定').click());
    // the report filtered by the statement: three waybills, totals of those three
    const search = view().locator('form[id="search"]');
    await search.getByPlaceholder('请输入对账单名称').fill('十一月天津港对账单');
    const statement = await reportAnswer(() => button(search, '查询').click());
    expect(statement.total).toBe(3);
    const sum = statement.list.reduce((s, r) => s + r.confirmedFen, 0);
    expect(statement.totalRow.confirmedFen).toBe(sum);
    await expect
      .poll(() => view().getByTestId('receivable-totals').textContent())
      .toContain(`确认应收(元)：${fenToYuan(sum)}`);
    await shot('statement');
  });

  it('adjusts a waybill in yuan with a reason and shows the history', async () => {
    const c = first.list[2] as Receivable;
    await row(c.billNo).getByText('调整', { exact: true }).click();
    const dialog = page.locator('.ant-modal', { hasText: `对账调整：${c.billNo}` });
    await dialog.getByLabel('调整金额(元)').fill('-12.34');
    await button(dialog, '确定').click();
    await dialog.getByText('请填写调整原因').waitFor();
    await dialog.getByLabel('调整原因').fill('客户协商让利');
    await dialog.getByText(`调整后确认应收：${fenToYuan(c.incomeFen - 1234)}元`).waitFor();
    await shot('adjust');
    const after = await reportAnswer(() => button(dialog, '确定').click());
    expect(after.list.find((r) => r.waybillId === c.waybillId)).toMatchObject({
      adjustFen: -1234,
      confirmedFen: c.incomeFen - 1234,
    });
    await row(c.billNo).getByText('调整记录').click();
    const drawer = page.locator('.ant-drawer', { hasText: `调整记录：${c.billNo}` });
    await drawer.getByText('客户协商让利').waitFor();
    await drawer.getByText('-12.34').waitFor();
    await drawer.getByText('李财务').waitFor();
    await shot('history');
    await page.keyboard.press('Escape');
  });

  it('exports the filtered report with its total row', async () => {
    const { download, file } = await exportDownload(page, button(view(), '导出'));
    expect(download.suggestedFilename()).toMatch(/^应收对账_\d{14}\.xlsx$/);
    const rows = await readSheet(file);
    expect(rows[0]?.slice(0, 3)).toEqual(['运单号', '客户', '线路']);
    expect(rows.length).toBe(5);
    expect(rows.at(-1)?.[0]).toBe('合计');
  });

  it('shows the statistics by customer and month with a total row', async () => {
    const [answer] = await Promise.all([
      page.waitForResponse(calls('/colliery/waybill/billReceiveStatistics')),
      page.getByRole('tab', { name: '应收统计' }).click(),
    ]);
    const data = ((await answer.json()) as { data: { list: unknown[]; totalRow: { waybills: number } } })
      .data;
    if (data.list.length > 0) {
      const total = view().locator('.ant-table-summary tr', { hasText: '合计' });
      await total.waitFor();
      expect((await total.locator('td').nth(1).textContent())?.trim()).toBe(String(data.totalRow.waybills));
    }
    const [byDay] = await Promise.all([
      page.waitForResponse(calls('/colliery/waybill/billReceiveStatistics')),
      view().getByText('按日', { exact: true }).click(),
    ]);
    expect(JSON.parse(byDay.request().postData() ?? '{}')).toMatchObject({ periodType: 'day' });
    await shot('statistics');
  });
});
