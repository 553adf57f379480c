import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { button } from './support/browser';
import { calls, sessionPerFile, shownPageHelpers, tmpShot } from './support/session';

let page: Page;

const { view, row, toast } = shownPageHelpers(() => page);
const shot = (name: string) => tmpShot(page, `transport-orders-${name}`);
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

/** Types the window into the range picker (with times) of `scope`. */
async function window(scope: Locator, start: string, end: string): Promise<void> {
  const from = scope.getByPlaceholder('开始时间');
  await from.click();
  await from.fill(start);
  await from.press('Enter');
  const to = scope.getByPlaceholder('结束时间');
  await to.fill(end);
  await to.press('Enter');
}

sessionPerFile({ account: 'dispatch', name: 'transport-orders', tail: 2000 }, (opened) => {
  ({ page } = opened);
});

describe('计划管理 › 运输订单', () => {
  it('adds an order in tons after a refused quantity, and lists it with its progress', async () => {
    await Promise.all([page.waitForResponse(calls('/transport/order/page')), page.goto('/transport/order')]);
    await button(view(), '新增').click();
    const dialog = page.getByRole('dialog', { name: '新增运输订单' });
    await button(dialog, '确定').click();
    await dialog.locator('.ant-form-item-explain-error', { hasText: '请选择客户' }).waitFor();
    await choose(dialog, '客户', CUSTOMER);
    await choose(dialog, '线路', LINE);
    await dialog.getByLabel('货物名称').fill('动力煤');
    await dialog.getByLabel('数量', { exact: true }).fill('12.3456');
    await window(dialog, '2026-12-01 08:00', '2026-12-20 18:00');
    await button(dialog, '确定').click();
    await dialog.locator('.ant-form-item-explain-error', { hasText: '数量须大于0' }).waitFor();
    await dialog.getByLabel('数量', { exact: true }).fill('1200.5');
    await shot('add');
    const [added] = await Promise.all([
      page.waitForResponse(calls('/transport/order/add')),
      button(dialog, '确定').click(),
    ]);
    expect(added.request().postDataJSON()).toMatchObject({
      cargo: '动力煤',
      quantityUnit: 1,
      quantity: '1200.5',
      startTime: '2026-12-01 08:00:00',
      endTime: '2026-12-20 18:00:00',
    });
    await toast('创建成功').waitFor();
    const listed = row('动力煤');
    await listed.getByText('1200.5吨').waitFor();
    await listed.getByText('已计划 0车 / 0.000吨').waitFor();
    await listed.getByText('进行中').waitFor();
    await shot('list');
  });

  it('shows the detail with its progress, edits the quantity, finishes the order and shows the log', async () => {
    await row('动力煤').locator('a', { hasText: '查看' }).click();
    const detail = page.getByRole('dialog', { name: '查看运输订单' });
    await detail.getByText('已计划 0车 / 0.000吨').waitFor();
    await detail.getByText('已送达 0车 / 0.000吨').waitFor();
    await shot('detail');
    await detail.locator('.ant-modal-close').click();
    await detail.waitFor({ state: 'hidden' });
    await row('动力煤').locator('a', { hasText: '编辑' }).click();
    const edit = page.getByRole('dialog', { name: '编辑运输订单' });
    await expect.poll(() => edit.getByLabel('数量', { exact: true }).inputValue()).toBe('1200.5');
    await edit.getByLabel('数量', { exact: true }).fill('1500');
    await Promise.all([page.waitForResponse(calls('/transport/order/edit')), button(edit, '确定').click()]);
    await toast('更新成功').waitFor();
    await row('动力煤').getByText('1500吨').waitFor();

    await row('动力煤').locator('a', { hasText: '完成' }).click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.getByText('标记为已完成吗', { exact: false }).waitFor();
    await Promise.all([
      page.waitForResponse(calls('/transport/order/status')),
      button(confirm, '确定').click(),
    ]);
    await toast('订单状态已更新').waitFor();
    await row('动力煤').getByText('已完成').waitFor();
    // a finished order is no longer edited, and may be opened again
    expect(await row('动力煤').locator('a', { hasText: '编辑' }).count()).toBe(0);
    await row('动力煤').locator('a', { hasText: '重新打开' }).waitFor();

    await row('动力煤').getByText('操作日志').click();
    const log = page.getByRole('dialog', { name: '操作日志' });
    await log.getByText('数量：1200.5吨→1500吨', { exact: false }).waitFor();
    await log.getByText('：进行中→已完成', { exact: false }).waitFor();
    await shot('log');
    await log.locator('.ant-modal-close').click();
  });

  it('filters by status', async () => {
    await view().getByLabel('订单状态').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '已取消' }).click();
    await Promise.all([page.waitForResponse(calls('/transport/order/page')), button(view(), '查询').click()]);
    await row('动力煤').waitFor({ state: 'hidden' });
  });
});
