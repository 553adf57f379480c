import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { button } from './support/browser';
import { calls, sessionPerFile, shownPageHelpers, tmpShot } from './support/session';

// 计划发车 on the demo: the open orders and plans waiting for a truck, a published plan's truck taken
// off and assigned again by hand, auto-assign proposals with their reasons accepted one, and loading
// appointments entered, approved and rejected with a reason.

let page: Page;

const { view, row, toast } = shownPageHelpers(() => page);
const shot = (name: string) => tmpShot(page, `plan-assign-${name}`);
const tab = (name: string) => page.getByRole('tab', { name });
const option = (text?: string) =>
  page.locator('.ant-select-dropdown:visible .ant-select-item-option', text ? { hasText: text } : {});

/** Picks in the select labelled `label` of `scope`: types `text`, then clicks the option holding it. */
async function pick(scope: Locator, label: string, text: string): Promise<void> {
  const select = scope.getByLabel(label, { exact: true });
  await select.click();
  await select.pressSequentially(text, { delay: 30 });
  await option(text).first().waitFor();
  await page.waitForTimeout(300);
  await option(text).first().click();
}

async function pickFirst(scope: Locator, label: string): Promise<void> {
  await scope.getByLabel(label, { exact: true }).click();
  await option().first().waitFor();
  await page.waitForTimeout(300);
  await option().first().click();
}

/** Enters a loading appointment of the demo truck from `from` to `to` ('YYYY-MM-DD HH:mm'). */
async function addAppointment(from: string, to: string): Promise<number> {
  await button(view(), '新增预约').click();
  const dialog = page.getByRole('dialog', { name: '新增装车预约' });
  await pick(dialog, '车辆', '京A10000');
  await pickFirst(dialog, '司机');
  await pickFirst(dialog, '装车站点');
  const start = dialog.getByPlaceholder('预约开始');
  await start.click();
  await start.fill(from);
  await start.press('Enter');
  const end = dialog.getByPlaceholder('预约结束');
  await end.fill(to);
  await end.press('Enter');
  const [added] = await Promise.all([
    page.waitForResponse(calls('/appointment/examine/add')),
    button(dialog, '确定').click(),
  ]);
  const answer = await added.json();
  expect(answer.msg).toBe('success');
  await toast('已新增装车预约，待审核').waitFor();
  return answer.data.id as number;
}

sessionPerFile({ account: 'dispatch', name: 'plan-assign', tail: 2000 }, (opened) => {
  ({ page } = opened);
});

describe('效能中心 › 计划发车', () => {
  it('shows open orders with what is left, takes a truck off a published plan and assigns it again', async () => {
    await Promise.all([
      page.waitForResponse((r) => calls('/plan/management/page')(r) && r.url().includes('type=plan')),
      page.goto('/car-dispatch/schedule-departure'),
    ]);
    const orders = view().locator('.ant-card', { hasText: '进行中的运输订单' });
    await orders.locator('.ant-table-row').first().waitFor();
    expect(await orders.locator('.ant-table-row').first().textContent()).toMatch(/\d+(\.\d+)?(吨|车)/);
    const plans = view().locator('.ant-card', { hasText: '待分配车辆的计划' });
    const published = plans.locator('.ant-table-row', { hasText: '已发布' }).first();
    await published.waitFor();
    await shot('pending');
    const cells = await published.locator('td').allTextContents();
    const planNo = cells.find((c) => /^JH\d+$/.test(c)) as string;
    const carNo = cells.find((c) => /^[\u4e00-\u9fa5][A-Z][A-Z0-9]{5}$/.test(c)) as string;
    const driver = cells[cells.indexOf(carNo) + 1] as string;
    expect(planNo).toBeTruthy();

    await button(published, '取消分配').click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.getByText(`确定撤下计划${planNo}的车辆和司机`, { exact: false }).waitFor();
    await Promise.all([page.waitForResponse(calls('/plan/assign/cancel')), button(confirm, '确定').click()]);
    await toast('已取消分配，计划退回草稿').waitFor();
    const draft = row(planNo);
    await draft.getByText('草稿').waitFor();

    await button(draft, '手动分配').click();
    const dialog = page.getByRole('dialog', { name: `手动分配：${planNo}` });
    await pick(dialog, '车辆', carNo);
    await pick(dialog, '司机', driver);
    await shot('assign-dialog');
    const [assigned] = await Promise.all([
      page.waitForResponse(calls('/plan/assign')),
      button(dialog, '确定').click(),
    ]);
    expect((await assigned.json()).msg).toBe('success');
    await toast(`计划${planNo}已分配并发布`).waitFor();
    await row(planNo).getByText('已发布').waitFor();
  });

  it('proposes trucks for the open orders with their reasons, and accepts one', async () => {
    await tab('智能分配').click();
    const [ran] = await Promise.all([
      page.waitForResponse(calls('/plan/assign/auto')),
      button(view(), '开始智能分配').click(),
    ]);
    const answer = (await ran.json()).data as { proposals: { orderNo: string }[]; unassigned: unknown[] };
    expect(answer.proposals.length + answer.unassigned.length).toBeGreaterThan(0);
    const card = view().locator('.ant-card', { hasText: '分配方案' });
    await card.getByText(/已比较 \d+ 辆车/).waitFor();
    if (answer.proposals.length === 0) {
      await card.getByText('未能分配的订单').waitFor();
      await shot('auto');
      return;
    }
    const first = card.locator('.ant-table-row', { hasText: answer.proposals[0]?.orderNo }).first();
    await first.locator('.ant-tag', { hasText: '空闲' }).waitFor();
    await first.locator('.ant-tag', { hasText: '证件有效' }).waitFor();
    await first.locator('.ant-tag', { hasText: /近24小时驾驶 \d+\.\d 小时/ }).waitFor();
    // only the first proposal: the header box clears all, then the first row is ticked
    await card.locator('thead .ant-checkbox-input').first().click();
    await first.locator('.ant-checkbox-input').click();
    await shot('auto');
    const [accepted] = await Promise.all([
      page.waitForResponse(calls('/plan/assign/accept')),
      button(card, '采纳所选方案').click(),
    ]);
    const sent = accepted.request().postDataJSON() as { proposals: unknown[] };
    expect(sent.proposals).toHaveLength(1);
    const result = (await accepted.json()).data.results[0] as { ok: boolean; message: string };
    await first.getByText(result.message).waitFor();
    if (result.ok) expect(result.message).toMatch(/^已发布计划JH\d+$/);
    await shot('accepted');
  });

  it('enters loading appointments, approves one and rejects one with its reason', async () => {
    await Promise.all([page.waitForResponse(calls('/appointment/examine/page')), tab('装车预约').click()]);
    await shot('appointments-empty');
    const first = await addAppointment('2026-12-20 08:00', '2026-12-20 09:00');
    await row('2026-12-20 08:00 ~ 09:00').getByText('待审核').waitFor();
    await button(row('2026-12-20 08:00 ~ 09:00'), '通过').click();
    const confirm = page.locator('.ant-modal-confirm');
    await Promise.all([
      page.waitForResponse(calls('/appointment/examine/approve')),
      button(confirm, '确定').click(),
    ]);
    await row('2026-12-20 08:00 ~ 09:00').getByText('已通过').waitFor();

    const second = await addAppointment('2026-12-20 10:00', '2026-12-20 11:00');
    expect(second).toBeGreaterThan(first);
    await button(row('2026-12-20 10:00 ~ 11:00'), '驳回').click();
    const dialog = page.getByRole('dialog', { name: '驳回装车预约' });
    await dialog.getByLabel('驳回原因').fill('该时段站点检修');
    await Promise.all([
      page.waitForResponse(calls('/appointment/examine/reject')),
      button(dialog, '确定').click(),
    ]);
    await row('2026-12-20 10:00 ~ 11:00').getByText('已驳回').waitFor();
    await row('2026-12-20 10:00 ~ 11:00').getByText('该时段站点检修').waitFor();
    await shot('appointments');
  });
});
