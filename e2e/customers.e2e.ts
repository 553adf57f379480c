import { rm } from 'node:fs/promises';
import { creditCodeCheckChar } from '@fleet/domain';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { button } from './support/browser';
import { chooseImportFile, readSheet, writeSheet } from './support/import';
import { calls, sessionPerFile, shownPageHelpers, tmpShot } from './support/session';

interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}
type NamedList = Envelope<{ list: { name?: string; customerName?: string }[]; total: number }>;

let page: Page;
let pageErrors: string[];

const creditCode = (first17: string) => first17 + creditCodeCheckChar(first17);
const CODE_A = creditCode('91150602MA0N00001');
const CODE_B = creditCode('91120116MA05K0002');
const wrongCheck = (code: string) => code.slice(0, 17) + (code.endsWith('0') ? '1' : '0');

const { view, row, toast } = shownPageHelpers(() => page);
const shot = (name: string) => tmpShot(page, `customers-${name}`);
const sheet = (rows: (string | number)[][]) => writeSheet('customers', '导入', rows);

async function search(listCall: string, field: string, value: string): Promise<NamedList> {
  await view().locator('form[id="search"]').getByLabel(field, { exact: true }).fill(value);
  const [answer] = await Promise.all([page.waitForResponse(calls(listCall)), button(view(), '查询').click()]);
  return (await answer.json()) as NamedList;
}

/** Chooses an option of the select labelled `label` in `scope` by typing nothing: a click on its text. */
async function choose(scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByLabel(label).click();
  const item = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option });
  await item.first().waitFor();
  await page.waitForTimeout(300);
  await item.first().click();
}

sessionPerFile({ account: 'admin', acceptDownloads: true, name: 'customers', tail: 2000 }, (opened) => {
  ({ page, pageErrors } = opened);
});

describe('客户管理', () => {
  it('shows the demo customers, then adds a customer with the credit code checked', async () => {
    await Promise.all([
      page.waitForResponse(calls('/colliery/customer/page')),
      page.goto('/smart-coal/customer'),
    ]);
    await row('北京华联商贸有限公司').waitFor();
    await button(view(), '新增').click();
    const dialog = page.getByRole('dialog', { name: '新增客户' });
    await dialog.getByLabel('客户名称').fill('鄂尔多斯示例煤业有限公司');
    await dialog.getByLabel('信用代码').fill(wrongCheck(CODE_A));
    await dialog.getByLabel('联系电话').fill('2391234');
    await button(dialog, '确定').click();
    await dialog.getByText('不是有效的统一社会信用编码').waitFor();
    await dialog
      .getByText('联系电话应为手机号或固定电话（如13812345678、010-12345678、400-123-4567）')
      .waitFor();
    await shot('add-errors');
    await dialog.getByLabel('信用代码').fill(CODE_A);
    await dialog.getByLabel('联系人').fill('王经理');
    await dialog.getByLabel('联系电话').fill('13912345678');
    await choose(dialog, '结算方式', '账期结算');
    await dialog.getByLabel('账期天数').fill('30');
    const [added] = await Promise.all([
      page.waitForResponse(calls('/colliery/customer/add')),
      button(dialog, '确定').click(),
    ]);
    expect(added.request().postDataJSON()).toMatchObject({
      creditCode: CODE_A,
      settlementType: 3,
      settlementDays: 30,
      teamCode: '1000001',
    });
    await toast('创建成功').waitFor();
    await row('鄂尔多斯示例煤业有限公司').getByText('账期结算（30天）').waitFor();
    await shot('list');
  });

  it('edits the customer, shows the log, and disables it', async () => {
    await row('鄂尔多斯示例煤业有限公司').getByText('编辑').click();
    const dialog = page.getByRole('dialog', { name: '编辑客户' });
    await expect.poll(() => dialog.getByLabel('联系人').inputValue()).toBe('王经理');
    await dialog.getByLabel('联系人').fill('李经理');
    await Promise.all([
      page.waitForResponse(calls('/colliery/customer/edit')),
      button(dialog, '确定').click(),
    ]);
    await toast('更新成功').waitFor();
    await row('李经理').waitFor();

    await row('鄂尔多斯示例煤业有限公司').getByText('停用').click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.getByText('确定停用客户“鄂尔多斯示例煤业有限公司”吗？', { exact: false }).waitFor();
    await Promise.all([
      page.waitForResponse(calls('/colliery/customer/valid')),
      button(confirm, '确定').click(),
    ]);
    await toast('状态已更新').waitFor();
    await row('鄂尔多斯示例煤业有限公司').getByText('启用', { exact: true }).waitFor();

    await row('鄂尔多斯示例煤业有限公司').getByText('操作日志').click();
    const log = page.getByRole('dialog', { name: '操作日志' });
    await log.getByText('停用客户').waitFor();
    await log.getByText('修改客户：联系人：王经理→李经理').waitFor();
    await log.getByText('新增客户 鄂尔多斯示例煤业有限公司').waitFor();
    await shot('log');
    await log.locator('.ant-modal-close').click();
  });

  it('imports nothing of a bad file, all of a good one, and exports exactly the filtered rows', async () => {
    const header = [
      '客户名称',
      '统一社会信用代码',
      '客户类型',
      '联系人',
      '联系电话',
      '结算方式',
      '账期天数',
      '所属车队',
    ];
    const bad = await sheet([
      header,
      ['天津港示例物流公司', CODE_B, '收货方', '刘', '13800000000', '现结', '', '城配车队'],
      ['唐山示例钢铁公司', '', '货主', '', '', '月结', '', ''],
    ]);
    await button(view(), '导入').click();
    const dialog = page.getByRole('dialog', { name: '批量导入客户' });
    await chooseImportFile(dialog, bad);
    await Promise.all([
      page.waitForResponse(calls('/colliery/customer/import')),
      button(dialog, '上传').click(),
    ]);
    await dialog.getByText(/第\s?3\s?行：客户类型: 客户类型须为：发货方、收货方或发货及收货/).waitFor();
    await shot('import-errors');
    const good = await sheet([
      header,
      ['天津港示例物流公司', CODE_B, '收货方', '刘', '13800000000', '现结', '', '城配车队'],
      ['唐山示例钢铁公司', '', '发货方', '', '', '月结', '', ''],
    ]);
    await chooseImportFile(dialog, good);
    await Promise.all([
      page.waitForResponse(calls('/colliery/customer/import')),
      button(dialog, '上传').click(),
    ]);
    await toast('导入').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const found = await search('/colliery/customer/page', '客户名称', '示例');
    expect(found.data.total).toBe(3);
    await choose(view().locator('form[id="search"]'), '客户类型', '发货方');
    const [filtered] = await Promise.all([
      page.waitForResponse(calls('/colliery/customer/page')),
      button(view(), '查询').click(),
    ]);
    const shippers = (await filtered.json()) as NamedList;
    expect(shippers.data.list.map((c) => c.customerName).sort()).toEqual([
      '唐山示例钢铁公司',
      '鄂尔多斯示例煤业有限公司',
    ]);
    const [download] = await Promise.all([page.waitForEvent('download'), button(view(), '导出').click()]);
    expect(download.suggestedFilename()).toMatch(/^客户列表_\d{14}\.xlsx$/);
    const rows = await readSheet((await download.path()) as string);
    expect(rows[0]?.slice(0, 3)).toEqual(['客户名称', '统一社会信用代码', '客户类型']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(shippers.data.list.map((c) => c.customerName));
    await rm(bad);
    await rm(good);
  });

  it('shows the same customers under the capacity business menu', async () => {
    await Promise.all([page.waitForResponse(calls('/colliery/customer/page')), page.goto('/tc/customer')]);
    await row('天津港示例物流公司').waitFor();
    await row('鄂尔多斯示例煤业有限公司').waitFor();
    await shot('tc');
  });
});

describe('常用地址', () => {
  it('adds an address picked on the map, edits and deletes it, with the log', async () => {
    await Promise.all([
      page.waitForResponse(calls('/common/address/list')),
      page.goto('/information/common-address'),
    ]);
    await button(view(), '新增').click();
    const dialog = page.getByRole('dialog', { name: '新增常用地址' });
    await button(dialog, '确定').click();
    await dialog.getByText('请在地图上选择位置').waitFor();
    await dialog.getByText('请输入地址名称').waitFor();
    await dialog.getByLabel('地址名称').fill('东胜煤矿装车点');
    await dialog.getByRole('button', { name: /地图选点/ }).click();
    const picker = page.getByRole('dialog', { name: '选择地址' });
    const keyword = picker.getByPlaceholder('请输入地址关键字搜索');
    await Promise.all([page.waitForResponse(calls('/geo/search')), keyword.fill('东胜')]);
    const option = page.locator('.ant-select-item-option', { hasText: '东胜区' }).first();
    await option.waitFor();
    await option.click();
    await picker.getByTestId('picked-address').getByText('内蒙古自治区鄂尔多斯市东胜区').waitFor();
    await shot('address-picker');
    await button(picker, '保存').click();
    await picker.waitFor({ state: 'hidden' });
    await expect
      .poll(() => dialog.getByTestId('picked-coordinates').textContent())
      .toMatch(/^\d+\.\d{6}, \d+\.\d{6}$/);
    expect(await dialog.getByLabel('详细地址').inputValue()).toBe('内蒙古自治区鄂尔多斯市东胜区');
    await dialog.getByLabel('联系电话').fill('13912345678');
    await shot('address-dialog');
    const [added] = await Promise.all([
      page.waitForResponse(calls('/common/address/add')),
      button(dialog, '确定').click(),
    ]);
    expect(((await added.json()) as Envelope).code).toBe(200);
    await toast('创建成功').waitFor();
    await row('东胜煤矿装车点').getByText('装货地').waitFor();
    await shot('addresses');

    await row('东胜煤矿装车点').getByText('编辑').click();
    const edit = page.getByRole('dialog', { name: '编辑常用地址' });
    await choose(edit, '地址类型', '卸货地');
    await Promise.all([page.waitForResponse(calls('/common/address/edit')), button(edit, '确定').click()]);
    await toast('更新成功').waitFor();
    await row('东胜煤矿装车点').getByText('卸货地').waitFor();
    await row('东胜煤矿装车点').getByText('操作日志').click();
    const log = page.getByRole('dialog', { name: '操作日志' });
    await log.getByText('修改地址：地址类型：装货地→卸货地').waitFor();
    await log.getByText(/新增地址 东胜煤矿装车点/).waitFor();
    await log.locator('.ant-modal-close').click();

    const header = ['地址名称', '详细地址', '经度', '纬度', '地址类型'];
    const bad = await sheet([header, ['天津港南疆码头', '天津市滨海新区', '217.77', '38.97', '卸货地']]);
    await button(view(), '导入').click();
    const importer = page.getByRole('dialog', { name: '批量导入常用地址' });
    await chooseImportFile(importer, bad);
    await Promise.all([
      page.waitForResponse(calls('/common/address/import')),
      button(importer, '上传').click(),
    ]);
    await importer.getByText(/第\s?2\s?行：经度: 经度须在73至136之间（中国境内）/).waitFor();
    const good = await sheet([header, ['天津港南疆码头', '天津市滨海新区', '117.77', '38.97', '卸货地']]);
    await chooseImportFile(importer, good);
    await Promise.all([
      page.waitForResponse(calls('/common/address/import')),
      button(importer, '上传').click(),
    ]);
    await importer.waitFor({ state: 'hidden' });
    await row('天津港南疆码头').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), button(view(), '导出').click()]);
    const rows = await readSheet((await download.path()) as string);
    // newest first, before the demo's own addresses
    expect(rows.slice(1, 3).map((r) => r[0])).toEqual(['天津港南疆码头', '东胜煤矿装车点']);
    expect(rows.slice(3).map((r) => r[0])).toContain('北京大兴物流园');

    await row('东胜煤矿装车点').getByText('删除').click();
    const confirm = page.locator('.ant-modal-confirm');
    await Promise.all([page.waitForResponse(calls('/common/address/del')), button(confirm, '确定').click()]);
    await toast('删除成功').waitFor();
    await row('东胜煤矿装车点').waitFor({ state: 'detached' });
    await rm(bad);
    await rm(good);
    expect(pageErrors).toEqual([]);
  });
});
