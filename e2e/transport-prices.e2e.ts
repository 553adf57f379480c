import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { button } from './support/browser';
import { calls, sessionPerFile, shownPageHelpers, tmpShot } from './support/session';

let page: Page;

const { view, row, toast } = shownPageHelpers(() => page);
const shot = (name: string) => tmpShot(page, `transport-prices-${name}`);
const YEAR = new Date().getFullYear();
const CUSTOMER = '天津港散货物流有限公司';
const LINE = '北京至天津京津塘干线';

/** Chooses an option of the select labelled `label` in `scope`: a click on its text. */
async function choose(scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByLabel(label, { exact: true }).click();
  const item = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option });
  await item.first().waitFor();
  await page.waitForTimeout(300);
  await item.first().click();
}

/** Types the validity period into the range picker of `scope`. */
async function period(scope: Locator, start: string, end: string): Promise<void> {
  const from = scope.getByPlaceholder('生效日期');
  await from.click();
  await from.fill(start);
  await from.press('Enter');
  const to = scope.getByPlaceholder('失效日期');
  await to.fill(end);
  await to.press('Enter');
}

/** Fills 新增运价 for the demo customer and line, cargo 集装箱. */
async function fillPrice(dialog: Locator, yuan: string, start: string, end: string): Promise<void> {
  await choose(dialog, '客户', CUSTOMER);
  await choose(dialog, '线路', LINE);
  await dialog.getByLabel('货物名称').fill('集装箱');
  await dialog.getByLabel('运价（元/吨）').fill(yuan);
  await dialog.getByLabel('合理损耗').fill('2');
  await dialog.getByLabel('亏吨扣款单价').fill('600');
  await period(dialog, start, end);
}

sessionPerFile({ account: 'admin', name: 'transport-prices', tail: 2000 }, (opened) => {
  ({ page } = opened);
});

describe('财务设置 › 线路运价', () => {
  it('lists the demo prices in yuan', async () => {
    const [listed] = await Promise.all([
      page.waitForResponse(calls('/colliery/transport/price/page')),
      page.goto('/finance-management/finance-set'),
    ]);
    const answer = (await listed.json()) as { data: { list: { lineName: string }[] } };
    expect(answer.data.list.map((p) => p.lineName)).toContain(LINE);
    await row(LINE).getByText('85.00 元/吨').waitFor();
    await row('北京大兴至石家庄干线').getByText('3200.00 元/车').waitFor();
    await shot('list');
  });

  it('opens the add form at 新增线路运价 (addRoutePriceDrawer) over the price list', async () => {
    await page.goto('/finance-management/finance-set/addRoutePriceDrawer');
    const dialog = page.getByRole('dialog', { name: '新增运价' });
    await dialog.waitFor();
    await button(dialog, '取消').click();
    await dialog.waitFor({ state: 'hidden' });
    await row(LINE).waitFor();
    await page.goto('/finance-management/finance-set');
  });

  it('adds a price, edits its amount, refuses an overlapping one, disables it and shows its log', async () => {
    await button(view(), '新增').click();
    const dialog = page.getByRole('dialog', { name: '新增运价' });
    await button(dialog, '确定').click();
    await dialog.locator('.ant-form-item-explain-error', { hasText: '请选择客户' }).waitFor();
    await fillPrice(dialog, '96.5', `${YEAR}-01-01`, `${YEAR}-06-30`);
    await shot('add');
    const [added] = await Promise.all([
      page.waitForResponse(calls('/colliery/transport/price/add')),
      button(dialog, '确定').click(),
    ]);
    expect(added.request().postDataJSON()).toMatchObject({
      cargo: '集装箱',
      priceType: 1,
      priceFen: 9650,
      allowedLossPermille: 2,
      deductionFen: 60000,
      startDate: `${YEAR}-01-01`,
      endDate: `${YEAR}-06-30`,
    });
    await toast('创建成功').waitFor();
    await row('集装箱').getByText('96.50 元/吨').waitFor();

    await row('集装箱').getByText('编辑').click();
    const edit = page.getByRole('dialog', { name: '编辑运价' });
    await expect.poll(() => edit.getByLabel('运价（元/吨）').inputValue()).toBe('96.50');
    await edit.getByLabel('运价（元/吨）').fill('98.8');
    const [edited] = await Promise.all([
      page.waitForResponse(calls('/colliery/transport/price/edit')),
      button(edit, '确定').click(),
    ]);
    expect(edited.request().postDataJSON()).toMatchObject({ priceFen: 9880 });
    await toast('更新成功').waitFor();
    await row('集装箱').getByText('98.80 元/吨').waitFor();

    await button(view(), '新增').click();
    const again = page.getByRole('dialog', { name: '新增运价' });
    await fillPrice(again, '100', `${YEAR}-06-01`, `${YEAR}-12-31`);
    await Promise.all([
      page.waitForResponse(calls('/colliery/transport/price/add')),
      button(again, '确定').click(),
    ]);
    await toast(
      `该客户、线路和货物（集装箱）已有启用的运价（98.80元/吨，${YEAR}-01-01至${YEAR}-06-30），有效期不能重叠`,
    ).waitFor();
    await shot('overlap');
    await button(again, '取消').click();
    await again.waitFor({ state: 'hidden' });

    await row('集装箱').getByText('停用').click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.getByText(`确定停用运价“${CUSTOMER} ${LINE} 98.80元/吨”吗？`, { exact: false }).waitFor();
    await Promise.all([
      page.waitForResponse(calls('/colliery/transport/price/changeStatus')),
      button(confirm, '确定').click(),
    ]);
    await toast('状态已更新').waitFor();
    await row('集装箱').getByText('启用', { exact: true }).waitFor();

    await row('集装箱').getByText('操作日志').click();
    const log = page.getByRole('dialog', { name: '操作日志' });
    await log.getByText('停用运价').waitFor();
    await log.getByText('修改运价：运价：96.50元→98.80元').waitFor();
    await log.getByText(`新增运价 96.50元/吨，${YEAR}-01-01至${YEAR}-06-30`).waitFor();
    await shot('log');
    await log.locator('.ant-modal-close').click();
  });
});
