import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { button } from './support/browser';
import { calls, sessionPerFile, shownPageHelpers, tmpShot } from './support/session';

let page: Page;

const { view, row, toast } = shownPageHelpers(() => page);
/** The plan form of 新增计划 / 编辑计划. */
const editor = () => page.getByTestId('plan-editor');
const shot = (name: string) => tmpShot(page, `plans-${name}`);
const LINE = '北京至天津京津塘干线';
const TRUCK = '京A10000';
/** The departure of the test's first plan: its row among the demo's plans of the line and truck. */
const FIRST = '2026-12-05 08:00:00';
/** The cargo of the test's order: none of the demo's orders carries it. */
const CARGO = '螺纹钢';

/** Picks in the select labelled `label` of the shown page: types `text`, then clicks the option holding it. */
async function pick(label: string, text: string): Promise<void> {
  const select = editor().getByLabel(label, { exact: true });
  await select.click();
  await select.pressSequentially(text, { delay: 30 });
  const item = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text });
  await item.first().waitFor();
  await page.waitForTimeout(300);
  await item.first().click();
}

/** Picks the first option of the select labelled `label`. */
async function pickFirst(label: string): Promise<string> {
  await editor().getByLabel(label, { exact: true }).click();
  const item = page.locator('.ant-select-dropdown:visible .ant-select-item-option').first();
  await item.waitFor();
  await page.waitForTimeout(300);
  const text = (await item.textContent()) ?? '';
  await item.click();
  return text;
}

async function departAt(text: string): Promise<void> {
  const input = editor().getByLabel('计划发车时间', { exact: true });
  await input.click();
  await input.fill(text);
  await input.press('Enter');
  await page.keyboard.press('Escape');
}

/** Fills a new plan of the demo line with the demo truck and a driver, departing at `at`. */
async function fillPlan(at: string): Promise<void> {
  await pick('线路', LINE);
  await pick('车辆', TRUCK);
  await pickFirst('司机');
  await departAt(at);
  await editor().getByText(at).first().waitFor();
}

sessionPerFile({ account: 'dispatch', name: 'plans', tail: 2000 }, (opened) => {
  ({ page } = opened);
});

describe('出车前 › 计划管理', () => {
  it('drafts a plan: the station table from the line running times, saved without the full rules', async () => {
    await Promise.all([page.waitForResponse(calls('/plan/list')), page.goto('/car-dispatch/plan')]);
    await button(view(), '新增').click();
    await page.waitForURL('**/car-dispatch/plan/info/add');
    await pick('线路', LINE);
    await departAt('2026-12-05 08:00:00');
    // the start row leaves at the departure, the others follow by their running times
    const table = editor().locator('.ant-table');
    await table.getByText('起点').waitFor();
    await table.getByText('终点').waitFor();
    await table.getByText('2026-12-05 08:00:00').first().waitFor();
    await shot('draft-form');
    const [saved] = await Promise.all([
      page.waitForResponse(calls('/plan/temp')),
      button(editor(), '保存草稿').click(),
    ]);
    expect((await saved.json()).msg).toBe('success');
    const sent = saved.request().postDataJSON() as { lineId: number; truckId: null; stations: unknown[] };
    expect(sent.truckId).toBeNull();
    expect(sent.stations.length).toBeGreaterThanOrEqual(2);
    await toast('草稿已保存').waitFor();
    await page.waitForURL('**/car-dispatch/plan');
    await row(FIRST).getByText('草稿').waitFor();
  });

  it('publishes the draft with a truck and driver', async () => {
    await row(FIRST).locator('a', { hasText: '编辑' }).click();
    await page.waitForURL('**/car-dispatch/plan/info/edit?id=*');
    await editor().getByText('2026-12-05 08:00:00').first().waitFor();
    await pick('车辆', TRUCK);
    await pickFirst('司机');
    const [published] = await Promise.all([
      page.waitForResponse(calls('/plan/update')),
      button(editor(), '发布').click(),
    ]);
    expect((await published.json()).code).toBe(200);
    await toast('计划已发布').waitFor();
    await row(FIRST).getByText(TRUCK).waitFor();
    await row(FIRST).getByText('已发布').waitFor();
    await shot('list');
  });

  it('refuses a second plan of the truck in the same window, then publishes it a day later', async () => {
    await button(view(), '新增').click();
    await page.waitForURL('**/car-dispatch/plan/info/add');
    await fillPlan('2026-12-05 09:00:00');
    await Promise.all([page.waitForResponse(calls('/plan/add')), button(editor(), '发布').click()]);
    await toast(`车辆: 车辆${TRUCK}在该时段已有计划`).waitFor();
    await shot('refused');
    await departAt('2026-12-06 09:00:00');
    await editor().getByText('2026-12-06 09:00:00').first().waitFor();
    const [added] = await Promise.all([
      page.waitForResponse(calls('/plan/add')),
      button(editor(), '发布').click(),
    ]);
    expect((await added.json()).code).toBe(200);
    await toast('计划已发布').waitFor();
    await page.waitForURL('**/car-dispatch/plan');
    await row('2026-12-06 09:00:00').getByText('已发布').waitFor();
  });

  it('hands the first plan to the driver and cancels the second', async () => {
    const first = row('2026-12-05 08:00:00');
    await first.locator('a', { hasText: /^下发$/ }).click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.getByText('下发给司机吗', { exact: false }).waitFor();
    await Promise.all([page.waitForResponse(calls('/plan/distribute')), button(confirm, '确定').click()]);
    await toast('计划已下发').waitFor();
    await row('2026-12-05 08:00:00').getByText('已下发').waitFor();
    // a distributed plan is no longer edited
    expect(await row('2026-12-05 08:00:00').locator('a', { hasText: '编辑' }).count()).toBe(0);

    await row('2026-12-06 09:00:00').locator('a', { hasText: '取消计划' }).click();
    const ask = page.locator('.ant-modal-confirm');
    await ask.getByText('确定取消计划', { exact: false }).waitFor();
    await Promise.all([page.waitForResponse(calls('/plan/cancel')), button(ask, '确定').click()]);
    await toast('计划已取消').waitFor();
    await row('2026-12-06 09:00:00').getByText('已取消').waitFor();
    await shot('moves');

    await row('2026-12-05 08:00:00').getByText('操作日志').click();
    const log = page.getByRole('dialog', { name: '操作日志' });
    await log.getByText('下发计划', { exact: false }).waitFor();
    await log.getByText('发布计划', { exact: false }).waitFor();
    await log.getByText('保存草稿', { exact: false }).waitFor();
    await log.locator('.ant-modal-close').click();
  });

  it("publishes a plan for a transport order, counted in the order's progress", async () => {
    await Promise.all([page.waitForResponse(calls('/transport/order/page')), page.goto('/transport/order')]);
    await button(view(), '新增').click();
    const dialog = page.getByRole('dialog', { name: '新增运输订单' });
    await dialog.getByLabel('客户', { exact: true }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await dialog.getByLabel('线路', { exact: true }).click();
    await dialog.getByLabel('线路', { exact: true }).pressSequentially(LINE, { delay: 30 });
    const line = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: LINE });
    await line.first().waitFor();
    await page.waitForTimeout(300);
    await line.first().click();
    await dialog.getByLabel('货物名称').fill(CARGO);
    await dialog.getByLabel('数量', { exact: true }).fill('70');
    const from = dialog.getByPlaceholder('开始时间');
    await from.click();
    await from.fill('2026-12-01 00:00');
    await from.press('Enter');
    const to = dialog.getByPlaceholder('结束时间');
    await to.fill('2026-12-31 00:00');
    await to.press('Enter');
    await Promise.all([page.waitForResponse(calls('/transport/order/add')), button(dialog, '确定').click()]);
    await toast('创建成功').waitFor();

    await page.goto('/car-dispatch/plan/info/add');
    await editor().getByLabel('运输订单', { exact: true }).click();
    const order = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: CARGO });
    await order.first().waitFor();
    await order.first().click();
    // the order gives the plan its customer, line (its stations in the table) and cargo
    await editor().locator('.ant-table').getByText('终点').waitFor();
    expect(await editor().getByLabel('货物名称').inputValue()).toBe(CARGO);
    await pick('车辆', TRUCK);
    await pickFirst('司机');
    await editor().getByLabel('计划装载量（吨）').fill('35');
    await departAt('2026-12-07 08:00:00');
    await editor().getByText('2026-12-07 08:00:00').first().waitFor();
    const [added] = await Promise.all([
      page.waitForResponse(calls('/plan/add')),
      button(editor(), '发布').click(),
    ]);
    const sent = added.request().postDataJSON() as Record<string, unknown>;
    expect(sent).toMatchObject({ cargo: CARGO, plannedTons: '35' });
    expect(sent.orderId).toEqual(expect.any(Number));
    expect(sent.lineId).toEqual(expect.any(Number));
    expect(sent.customerId).toEqual(expect.any(Number));
    await toast('计划已发布').waitFor();
    await row('2026-12-07 08:00:00').getByText(CARGO).waitFor();

    await Promise.all([page.waitForResponse(calls('/transport/order/page')), page.goto('/transport/order')]);
    await row(CARGO).getByText('已计划 1车 / 35.000吨').waitFor();
    await shot('order-progress');
  });
});
