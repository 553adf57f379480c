import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { button } from './support/browser';
import { chooseImportFile, writeSheet } from './support/import';
import { calls, sessionPerFile, shownPageHelpers, tmpShot } from './support/session';

// 计划管理's 导入, 下发通知 and 成本估算, and 运单调度 with its 调度派单 page: a plan imported from a
// sheet, its notice sent to the truck (whatever the terminal answers, the answer and the history are
// shown), its cost parts, and three waybills made for it in one step.

let page: Page;
const { view, row, toast } = shownPageHelpers(() => page);
const shot = (name: string) => tmpShot(page, `plan-dispatch-${name}`);
const LINE = '北京至天津京津塘干线';
const TRUCK = '京A10000';
const DEPART = '2026-12-20 08:00:00';
const HEADER = ['线路', '车牌号', '司机', '计划发车时间', '货物', '计划吨数', '订单号', '备注'];

sessionPerFile({ account: 'dispatch', name: 'plan-dispatch', tail: 2000 }, (opened) => {
  ({ page } = opened);
});

describe('调度 › 计划通知、成本估算、导入与运单调度', () => {
  it('imports plans from a sheet: row errors first, then all rows published', async () => {
    await Promise.all([page.waitForResponse(calls('/plan/list')), page.goto('/car-dispatch/plan')]);
    await button(view(), '导入').click();
    const dialog = page.getByRole('dialog', { name: '批量导入发车计划' });
    const bad = await writeSheet('plan-dispatch', '导入', [
      HEADER,
      [LINE, TRUCK, '', DEPART, '动力煤', '36', '', ''],
      ['不存在的线路', TRUCK, '', '2026-12-21 08:00:00', '动力煤', '', '', ''],
    ]);
    await chooseImportFile(dialog, bad);
    await Promise.all([page.waitForResponse(calls('/plan/import')), button(dialog, '上传').click()]);
    await dialog.getByText(/第\s?3\s?行：线路: “不存在的线路”不存在或不在您的管辖范围内/).waitFor();
    await shot('import-errors');
    const good = await writeSheet('plan-dispatch', '导入', [
      HEADER,
      [LINE, TRUCK, '', DEPART, '动力煤', '36', '', '导入'],
    ]);
    await chooseImportFile(dialog, good);
    const [done] = await Promise.all([
      page.waitForResponse(calls('/plan/import')),
      button(dialog, '上传').click(),
    ]);
    expect((await done.json()).code).toBe(200);
    await dialog.waitFor({ state: 'hidden' });
    await row(DEPART).getByText('已发布').waitFor();
  });

  it('sends a notice to the truck and shows the answer and the history', async () => {
    await row(DEPART).locator('a', { hasText: '下发通知' }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: '通知记录' });
    await drawer.getByText('暂无通知记录').waitFor();
    await drawer.getByLabel('通知内容').fill('请提前半小时到站');
    const [sent] = await Promise.all([
      page.waitForResponse(calls('/plan/notice')),
      button(drawer, '发送到车载终端').click(),
    ]);
    const answer = (await sent.json()) as { code: number; msg: string };
    const shown = page.getByTestId('notice-answer');
    await shown.waitFor();
    expect(await shown.textContent()).toContain(answer.code === 200 ? '终端已收到通知' : answer.msg);
    const history = drawer.locator('.ant-table-tbody tr.ant-table-row');
    await history.first().getByText('请提前半小时到站').waitFor();
    expect(await history.count()).toBe(1);
    await shot('notice');

    await drawer.getByRole('tab', { name: '成本估算' }).click();
    const cost = page.getByTestId('plan-cost');
    await cost.getByText('燃油费').waitFor();
    for (const part of ['路桥费', '司机工资', '合计']) await cost.getByText(part).first().waitFor();
    await drawer.getByText('尚未设置单价，按默认油价和路桥费估算').waitFor();
    await shot('cost');
    await button(drawer, '单价设置').click();
    const settings = page.getByRole('dialog', { name: '单价设置' });
    await settings.getByLabel('油价（元/升）').fill('7.65');
    await settings.getByLabel('路桥费（元/公里）').fill('1.20');
    await Promise.all([page.waitForResponse(calls('/plan/cost/settings')), button(settings, '确定').click()]);
    await toast('单价已保存').waitFor();
    await cost.getByText('7.65元/升', { exact: false }).waitFor();
    await drawer.getByText('尚未设置单价', { exact: false }).waitFor({ state: 'detached' });
    await page.locator('.ant-drawer-close').click();

    // the plan form shows the same estimate of the saved plan
    await row(DEPART).locator('a', { hasText: '编辑' }).click();
    await page.waitForURL('**/car-dispatch/plan/info/edit?id=*');
    await button(page.getByTestId('plan-editor'), '成本估算').click();
    await page.getByTestId('plan-cost').getByText('7.65元/升', { exact: false }).waitFor();
    await shot('cost-on-form');
    await page.locator('.ant-drawer-close').click();
  });

  it('makes the waybills of the plan’s loads on 调度派单', async () => {
    await Promise.all([
      page.waitForResponse(calls('/plan/waybill/page')),
      page.goto('/car-dispatch/waybill-scheduling'),
    ]);
    const plan = row(DEPART);
    await plan.waitFor();
    await shot('scheduling');
    await plan.locator('a', { hasText: '派单' }).click();
    await page.waitForURL('**/car-dispatch/waybill-scheduling/add-waybill?planId=*');
    await view().getByText('尚未派单').waitFor();
    const first = view().getByLabel('第1车 计划重量（吨）');
    expect(await first.inputValue()).toBe('36');
    await first.fill('12');
    await button(view(), '添加一车').click();
    await button(view(), '添加一车').click();
    await view().getByText('车数：3，本次共 36 吨').waitFor();
    // the imported plan names no customer: it is picked here
    await view().getByLabel('客户（计划未指定客户时必选）').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    // a refusal is shown and leaves the loads as entered
    await page.route('**/api/plan/waybill/add', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ code: 400, msg: '计划已取消，不能派单', data: null }),
      }),
    );
    await button(view(), '生成运单').click();
    await toast('计划已取消，不能派单').waitFor();
    await page.unroute('**/api/plan/waybill/add');
    await view().getByText('尚未派单').waitFor();
    expect(await first.inputValue()).toBe('12');
    const [made] = await Promise.all([
      page.waitForResponse(calls('/plan/waybill/add')),
      button(view(), '生成运单').click(),
    ]);
    expect((await made.json()).data.count).toBe(3);
    await toast('已生成3张运单').waitFor();
    await view().getByText('已派运单（3）').waitFor();
    expect(await view().locator('.ant-table-tbody tr.ant-table-row').count()).toBe(3);
    await shot('add-waybill');
  });
});
