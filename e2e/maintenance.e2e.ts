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

  it('保养记录 edited and deleted: its 保养 cost in the cost centre follows, and is not changed there', async () => {
    await Promise.all([
      page.waitForResponse(calls('/maintenance/remind/page')),
      page.goto('/reminder/maintenance'),
    ]);
    await Promise.all([
      page.waitForResponse(calls('/maintenance/record/page')),
      view().getByRole('tab', { name: '保养记录' }).click(),
    ]);
    const record = () => view().getByRole('row', { name: /更换刹车片/ });
    await record().getByText('修改').click();
    const dialog = page.getByRole('dialog', { name: '修改保养记录' });
    const amount = dialog.getByLabel('保养费用（元）');
    expect(await amount.inputValue()).toBe('960.50');
    await amount.fill('1080.00');
    await shot('record-edit');
    const [updated] = await Promise.all([
      page.waitForResponse(calls('/maintenance/record/update')),
      button(dialog, '确定').click(),
    ]);
    expect(updated.request().postDataJSON()).toMatchObject({ items: '更换刹车片', amountFen: 108000 });
    await toast('保养记录已修改，成本中心的保养费用已同步修改').waitFor();
    await record().getByText('1080.00').waitFor();

    // the cost centre's 保养 list shows the new amount, and refuses to change it there
    await Promise.all([
      page.waitForResponse(calls('/miscellaneous/list/car')),
      page.goto('/car-cost/maintenance'),
    ]);
    const cost = view().getByRole('row', { name: /更换刹车片/ });
    await cost.getByText('1080.00').waitFor();
    await cost.getByText('编辑').click();
    const costDialog = page.getByRole('dialog', { name: '编辑费用' });
    await costDialog.waitFor();
    const [refused] = await Promise.all([
      page.waitForResponse(calls('/miscellaneous/update')),
      button(costDialog, '确定').click(),
    ]);
    expect(((await refused.json()) as { code: number }).code).toBe(400);
    await page
      .getByText(/该费用由保养记录生成/)
      .first()
      .waitFor();
    await shot('cost-refused');
    await button(costDialog, '取消').click();

    // deleted after a confirmation: the record and its cost are gone
    await Promise.all([
      page.waitForResponse(calls('/maintenance/remind/page')),
      page.goto('/reminder/maintenance'),
    ]);
    await Promise.all([
      page.waitForResponse(calls('/maintenance/record/page')),
      view().getByRole('tab', { name: '保养记录' }).click(),
    ]);
    await record().getByText('删除').click();
    const confirm = page.getByRole('dialog').filter({ hasText: '确定删除' });
    await confirm.getByText(/保养费用（1080\.00元）将一并删除/).waitFor();
    await shot('record-delete');
    await Promise.all([
      page.waitForResponse(calls('/maintenance/record/delete')),
      button(confirm, '确定').click(),
    ]);
    await toast('保养记录已删除，成本中心的保养费用已一并删除').waitFor();
    await expect.poll(() => record().count()).toBe(0);
    await Promise.all([
      page.waitForResponse(calls('/miscellaneous/list/car')),
      page.goto('/car-cost/maintenance'),
    ]);
    await view().getByRole('row').nth(1).waitFor();
    expect(
      await view()
        .getByRole('row', { name: /更换刹车片/ })
        .count(),
    ).toBe(0);
  });

  it('去处理 of a 保养到期提醒 and a 证件到期提醒 opens the page on that truck’s plan and certificate', async () => {
    await Promise.all([
      page.waitForResponse(calls('/message/list2.0')),
      page.goto('/alarm/message/index?alarmCode=8101'),
    ]);
    const service = view()
      .getByRole('row', { name: /常规保养/ })
      .first();
    await service.waitFor();
    await shot('reminder-messages');
    await Promise.all([
      page.waitForResponse(calls('/maintenance/remind/page')),
      service.getByText('去处理').click(),
    ]);
    await page.waitForURL(
      (url) => url.pathname === '/reminder/maintenance' && url.searchParams.has('planId'),
    );
    await view().getByTestId('jump-notice').getByText('已按保养到期提醒筛选该车辆的保养计划').waitFor();
    await row('常规保养').getByText('即将到期', { exact: true }).waitFor();
    expect(await view().locator('.ant-table-tbody tr.ant-table-row').count()).toBe(1);
    await shot('reminder-jump');

    await Promise.all([
      page.waitForResponse(calls('/message/list2.0')),
      page.goto('/alarm/message/index?alarmCode=8102'),
    ]);
    const certificate = view()
      .getByRole('row', { name: /车辆保险/ })
      .first();
    await certificate.waitFor();
    await Promise.all([
      page.waitForResponse(calls('/reminder/certificate/page')),
      certificate.getByText('去处理').click(),
    ]);
    await page.waitForURL((url) => url.pathname === '/reminder/certificate-expiry');
    await view().getByTestId('jump-notice').waitFor();
    await row('车辆保险').waitFor();
    expect(await view().locator('.ant-table-tbody tr.ant-table-row').count()).toBe(1);
    await shot('certificate-jump');
    await Promise.all([
      page.waitForResponse(calls('/reminder/certificate/page')),
      view().getByText('查看全部').click(),
    ]);
    await row('道路运输证').waitFor();
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
