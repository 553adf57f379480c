import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { button } from './support/browser';
import { calls, sessionPerFile, shownPageHelpers, tmpShot } from './support/session';

let page: Page;

const { view, row, toast } = shownPageHelpers(() => page);
const shot = (name: string) => tmpShot(page, `maintenance-${name}`);

// the demo's maintenance comes with its operations history
sessionPerFile(
  { account: 'admin', name: 'maintenance', tail: 2000, env: { SEED_DEMO_WAYBILLS: '1' } },
  (opened) => {
    ({ page } = opened);
  },
);

describe('保养与车队体检', () => {
  it('证件到期 lists the certificates expiring within 30 days and the expired one, with days left', async () => {
    const [listed] = await Promise.all([
      page.waitForResponse(calls('/reminder/certificate/page')),
      page.goto('/reminder/certificate-expiry'),
    ]);
    const answer = (await listed.json()) as { data: { total: number; expiredCount: number } };
    expect(answer.data).toMatchObject({ expiredCount: 1 });
    await row('道路运输证').getByText('已过期', { exact: true }).waitFor();
    await row('车辆保险').getByText('12天').waitFor();
    await shot('certificates');
    // only drivers' certificates
    await view().getByLabel('证件归属').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '司机证件' })
      .click();
    await Promise.all([
      page.waitForResponse(calls('/reminder/certificate/page')),
      button(view(), '查询').click(),
    ]);
    await row('驾驶证').waitFor();
    expect(await row('车辆保险').count()).toBe(0);
  });

  it('保养提醒 shows the plan due soon and the overdue one, and a service recorded clears it', async () => {
    await Promise.all([
      page.waitForResponse(calls('/maintenance/remind/page')),
      page.goto('/reminder/maintenance'),
    ]);
    await row('刹车系统检查').getByText('已到期', { exact: true }).waitFor();
    await row('常规保养').getByText('即将到期', { exact: true }).waitFor();
    await shot('remind');
    await row('刹车系统检查').getByText('记录保养').click();
    const dialog = page.getByRole('dialog', { name: '新增保养记录' });
    await button(dialog, '确定').click();
    await dialog.getByText('请输入保养项目').waitFor();
    await dialog.getByLabel('保养项目').fill('更换刹车片');
    await dialog.getByLabel('维修厂').fill('顺义重卡服务站');
    await dialog.getByLabel('保养费用（元）').fill('960.50');
    await shot('record');
    const [added] = await Promise.all([
      page.waitForResponse(calls('/maintenance/record/add')),
      button(dialog, '确定').click(),
    ]);
    expect(added.request().postDataJSON()).toMatchObject({ items: '更换刹车片', amountFen: 96050 });
    expect(((await added.json()) as { code: number }).code).toBe(200);
    await toast('保养费用已记入成本中心').waitFor();
    await expect.poll(() => row('刹车系统检查').count()).toBe(0);

    await view().getByRole('tab', { name: '保养记录' }).click();
    await view()
      .getByRole('row', { name: /更换刹车片/ })
      .getByText('960.50')
      .waitFor();
    await view().getByRole('tab', { name: '保养计划' }).click();
    await view()
      .getByRole('row', { name: /解放J6P定期保养/ })
      .waitFor();
    await shot('plans');
    await button(view(), '新增').click();
    const add = page.getByRole('dialog', { name: '新增保养计划' });
    await button(add, '确定').click();
    await add.getByText('请输入计划名称').waitFor();
    await add.getByText('保养间隔里程和保养间隔时间至少填写一项').waitFor();
    await button(add, '取消').click();
  });

  it('车队体检 explains a score, and 清码 of a fault goes to 清码记录', async () => {
    await Promise.all([
      page.waitForResponse(calls('/intellect-repair/fleet-check/page')),
      page.goto('/intellect-repair/fleet-check'),
    ]);
    const faulty = view().getByRole('row', { name: /故障未排除：尿素液位过低报警/ });
    await faulty.waitFor();
    await shot('fleet-check');
    await faulty.getByText('体检详情').click();
    const drawer = page.getByRole('dialog', { name: /体检详情/ });
    await drawer.getByText('尿素液位过低报警', { exact: true }).waitFor();
    await drawer.getByTestId('deduction').first().waitFor();
    await shot('fleet-check-detail');
    await drawer.getByRole('row', { name: /10007/ }).getByRole('checkbox').check();
    await button(drawer, '清码').click();
    const ask = page.getByRole('dialog', { name: '清除故障码' });
    await ask.getByLabel('清码原因').fill('补充尿素后报警消除');
    await Promise.all([
      page.waitForResponse(calls('/intellect-repair/fleet-check/clear')),
      button(ask, '确定').click(),
    ]);
    await toast('已清除1条故障').waitFor();
    await expect.poll(() => drawer.getByText('尿素液位过低报警', { exact: true }).count()).toBe(0);
    await page.keyboard.press('Escape');

    await Promise.all([
      page.waitForResponse(calls('/intellect-repair/clear-code/page')),
      page.goto('/intellect-repair/clear-code'),
    ]);
    await row('补充尿素后报警消除').getByText('系统管理员').waitFor();
    await row('补充尿素后报警消除').getByText('尿素液位过低报警（10007）').waitFor();
    await shot('clear-code');
  });

  it('车辆保养汇总 opens a truck detail with its services, plans, costs and certificates', async () => {
    await Promise.all([
      page.waitForResponse(calls('/maintenance-summary/page')),
      page.goto('/maintenance-summary/index'),
    ]);
    const overdue = view()
      .getByRole('row', { name: /常规保养/ })
      .first();
    await overdue.waitFor();
    await shot('summary');
    await Promise.all([
      page.waitForResponse(calls('/maintenance-summary/detail')),
      overdue.getByText('明细').click(),
    ]);
    await view().getByText('车辆保养明细：').waitFor();
    await view().getByText('1280.00').first().waitFor();
    await view().getByText('车辆保险', { exact: true }).waitFor();
    await shot('detail');
  });
});
