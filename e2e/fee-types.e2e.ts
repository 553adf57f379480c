import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { button } from './support/browser';
import { calls, sessionPerFile, shownPageHelpers, tmpShot } from './support/session';

let page: Page;

const { view, row, toast } = shownPageHelpers(() => page);
const shot = (name: string) => tmpShot(page, `fee-types-${name}`);
const BUILT_IN = ['运费', '装车费', '卸车费', '过路过桥费', '油费', '借支', '信息费', '时效罚款'];

/** Chooses an option of the select labelled `label` in `scope`: a click on its text. */
async function choose(scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByLabel(label).click();
  const item = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option });
  await item.first().waitFor();
  await page.waitForTimeout(300);
  await item.first().click();
}

sessionPerFile({ account: 'admin', name: 'fee-types', tail: 2000 }, (opened) => {
  ({ page } = opened);
});

describe('自定义费用类型', () => {
  it('lists the built-in types, whose name and kind the form keeps', async () => {
    const [listed] = await Promise.all([
      page.waitForResponse(calls('/colliery/fee/type/page')),
      page.goto('/car-cost/fee-type'),
    ]);
    const answer = (await listed.json()) as { data: { list: { feeName: string }[]; total: number } };
    expect(answer.data.list.map((f) => f.feeName).sort()).toEqual([...BUILT_IN].sort());
    for (const name of BUILT_IN) await row(name).getByText('内置', { exact: true }).waitFor();
    await row('时效罚款').getByText('收入', { exact: true }).waitFor();
    await row('过路过桥费').getByText('管理端及司机端').waitFor();
    await shot('list');

    await row('过路过桥费').getByText('编辑').click();
    const dialog = page.getByRole('dialog', { name: '编辑费用类型' });
    await expect.poll(() => dialog.getByLabel('费用名称').inputValue()).toBe('过路过桥费');
    expect(await dialog.getByLabel('费用名称').isDisabled()).toBe(true);
    expect(await dialog.getByRole('radio', { name: '支出' }).isDisabled()).toBe(true);
    await shot('edit-built-in');
    await button(dialog, '取消').click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('adds a type of its own, edits it, disables it and shows its log', async () => {
    await button(view(), '新增').click();
    const dialog = page.getByRole('dialog', { name: '新增费用类型' });
    await button(dialog, '确定').click();
    await dialog.getByText('请输入费用名称').waitFor();
    await dialog.getByLabel('费用名称').fill('夜间补贴');
    await choose(dialog, '录入端', '管理端及司机端');
    await dialog.getByLabel('备注').fill('夜间卸车补贴');
    await shot('add');
    const [added] = await Promise.all([
      page.waitForResponse(calls('/colliery/fee/type/add')),
      button(dialog, '确定').click(),
    ]);
    expect(added.request().postDataJSON()).toMatchObject({
      feeName: '夜间补贴',
      feeKind: 2,
      feeTypeApp: 3,
      remark: '夜间卸车补贴',
    });
    await toast('创建成功').waitFor();
    await row('夜间补贴').getByText('管理端及司机端').waitFor();
    expect(await row('夜间补贴').getByText('内置', { exact: true }).count()).toBe(0);

    await row('夜间补贴').getByText('编辑').click();
    const edit = page.getByRole('dialog', { name: '编辑费用类型' });
    await expect.poll(() => edit.getByLabel('费用名称').inputValue()).toBe('夜间补贴');
    expect(await edit.getByLabel('费用名称').isDisabled()).toBe(false);
    await edit.getByLabel('费用名称').fill('夜班补贴');
    await edit.getByRole('radio', { name: '收入' }).check();
    await Promise.all([page.waitForResponse(calls('/colliery/fee/type/edit')), button(edit, '确定').click()]);
    await toast('更新成功').waitFor();
    await row('夜班补贴').getByText('收入', { exact: true }).waitFor();

    await row('夜班补贴').getByText('停用').click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.getByText('确定停用费用类型“夜班补贴”吗？', { exact: false }).waitFor();
    await Promise.all([
      page.waitForResponse(calls('/colliery/fee/type/changeStatus')),
      button(confirm, '确定').click(),
    ]);
    await toast('状态已更新').waitFor();
    await row('夜班补贴').getByText('启用', { exact: true }).waitFor();

    await row('夜班补贴').getByText('操作日志').click();
    const log = page.getByRole('dialog', { name: '操作日志' });
    await log.getByText('停用费用类型').waitFor();
    await log.getByText('修改费用类型：费用名称：夜间补贴→夜班补贴，收支类型：支出→收入').waitFor();
    await log.getByText('新增费用类型 夜间补贴').waitFor();
    await shot('log');
    await log.locator('.ant-modal-close').click();
  });
});
