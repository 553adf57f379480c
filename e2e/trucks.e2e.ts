import { rm } from 'node:fs/promises';
import { vinCheckChar } from '@fleet/domain';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { button, settled as settle } from './support/browser';
import { chooseImportFile, exportDownload, readSheet, writeSheet } from './support/import';
import { calls, type Envelope, sessionPerFile, shownPageHelpers, tmpShot } from './support/session';

let page: Page;
let pageErrors: string[];
let existingPlate = '';

const PLATE = '京A6E001';
const TID = '13877776001';
const vin = (serial: number) => {
  const draft = `LFWADRJF0${String(serial).padStart(8, '0')}`;
  return `${draft.slice(0, 8)}${vinCheckChar(draft)}${draft.slice(9)}`;
};

const { view, row, toast } = shownPageHelpers(() => page);

function settled(): Promise<void> {
  return settle(page, 300);
}

const shot = (name: string) => tmpShot(page, `trucks-${name}`);
const sheet = (rows: (string | number)[][]) => writeSheet('trucks', '车辆', rows);

/** Picks a team in the team tree select labelled `label` inside `scope`. */
async function pickTeam(scope: Locator, label: string, team: string): Promise<void> {
  await scope.getByLabel(label).click();
  await page.keyboard.type(team);
  // the dropdown slides in: a click during its motion can miss the item
  await settled();
  await page.locator('.ant-select-tree-title', { hasText: team }).first().click();
}

async function search(
  field: string,
  value: string,
): Promise<Envelope<{ list: { carNo: string }[]; total: number }>> {
  await view().locator('form[id="search"]').getByLabel(field, { exact: true }).fill(value);
  const [answer] = await Promise.all([
    page.waitForResponse(calls('/v2/web/base/list')),
    button(view(), '查询').click(),
  ]);
  return (await answer.json()) as Envelope<{ list: { carNo: string }[]; total: number }>;
}

sessionPerFile({ account: 'admin', acceptDownloads: true, name: 'trucks', tail: 4000 }, (opened) => {
  ({ page, pageErrors } = opened);
});

describe('车辆管理', () => {
  it('lists the demo trucks with team, terminal, driver and state', async () => {
    const [answer] = await Promise.all([
      page.waitForResponse(calls('/v2/web/base/list')),
      page.goto('/truck-manage/index'),
    ]);
    const list = (await answer.json()) as Envelope<{ total: number; list: { carNo: string }[] }>;
    expect(list.data.total).toBeGreaterThan(10);
    existingPlate = list.data.list[0]?.carNo ?? '';
    for (const header of [
      '车牌号',
      '车架号',
      '所属车队',
      '燃料类型',
      '终端手机号',
      '司机',
      '在线状态',
      '操作',
    ])
      await view().getByRole('columnheader', { name: header, exact: true }).first().waitFor();
    await view().getByText(`共 ${list.data.total} 条`).waitFor();
    await shot('list');
  });

  it('adds a truck on its page, with Chinese messages for bad fields', async () => {
    await button(view(), '新增').click();
    await page.waitForURL((url) => url.pathname === '/truck-manage/add');
    await view().getByText('新增车辆').first().waitFor();
    await button(view(), '保存').click();
    await view().getByText('请输入车牌号').waitFor();
    await view().getByText('请输入车架号').waitFor();
    await view().getByText('请选择所属车队').waitFor();
    await view().getByLabel('车牌号').fill('京A123');
    await view().getByLabel('车架号').fill('LFWADRJF011002340');
    await view().getByLabel('车架号').blur();
    await view().getByText('车牌号不符合规范').waitFor();
    await view().getByText('车架号须为17位字母或数字（不含I、O、Q），且校验位正确').waitFor();
    // a plate already on file is refused when the field is left
    await view().getByLabel('车牌号').fill(existingPlate);
    await view().getByLabel('车牌号').blur();
    await view().getByText(`车牌号 ${existingPlate} 已存在`).waitFor();
    await shot('add-errors');

    await view().getByLabel('车牌号').fill(PLATE);
    await view().getByLabel('车架号').fill(vin(6001).toLowerCase());
    await view().getByLabel('车辆类型').click();
    await page.locator('.ant-select-item-option', { hasText: /^重型半挂牵引车$/ }).click();
    await view().getByLabel('品牌').fill('解放');
    await pickTeam(view(), '所属车队', '干线一分队');
    await view().getByLabel('油箱容积(L)').fill('600');
    await view().getByLabel('保险到期日期').click();
    await view().getByLabel('保险到期日期').fill('2027-05-01');
    await view().getByLabel('保险到期日期').press('Enter');
    await shot('add-filled');
    const [saved] = await Promise.all([
      page.waitForResponse(calls('/truck/update')),
      button(view(), '保存').click(),
    ]);
    const body = saved.request().postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({
      carNo: PLATE,
      vin: vin(6001),
      teamCode: '10000010010001',
      insuranceExpiry: '2027-05-01',
    });
    expect(body.id).toBeUndefined();
    expect(((await saved.json()) as Envelope).code).toBe(200);
    await toast('创建成功').waitFor();
    await page.waitForURL((url) => url.pathname === '/truck-manage/index');
    await row(PLATE).waitFor();
  });

  it('edits the truck and finds it by plate', async () => {
    await row(PLATE).getByText('编辑').click();
    await page.waitForURL(/\/truck-manage\/info\/\d+$/);
    await view().getByText('编辑车辆').first().waitFor();
    await expect.poll(() => view().getByLabel('车牌号').inputValue()).toBe(PLATE);
    await view().getByLabel('燃料类型').click();
    await page.locator('.ant-select-item-option', { hasText: /^燃气$/ }).click();
    await view().getByText('外协车').click();
    await view().getByLabel('车主姓名').fill('王车主');
    await shot('edit');
    const [saved] = await Promise.all([
      page.waitForResponse(calls('/truck/update')),
      button(view(), '保存').click(),
    ]);
    expect(((await saved.json()) as Envelope).code).toBe(200);
    await toast('更新成功').waitFor();
    await page.waitForURL((url) => url.pathname === '/truck-manage/index');

    const found = await search('车牌号', '6E0');
    expect(found.data.list.map((t) => t.carNo)).toEqual([PLATE]);
    await row(PLATE).getByText('燃气').waitFor();
    await row(PLATE).getByText('外协车').waitFor();
    const none = await search('车牌号', '粤Z9');
    expect(none.data.total).toBe(0);
    await view().locator('.ant-table-tbody .ant-empty-description', { hasText: '暂无数据' }).waitFor();
    await shot('search-empty');
    await search('车牌号', PLATE);
  });

  it('adds a terminal, binds it to the truck, and saves T-BOX settings', async () => {
    await Promise.all([page.waitForResponse(calls('/terminal/list')), page.goto('/information/device')]);
    await button(view(), '新增').click();
    const dialog = page.getByRole('dialog', { name: '新增终端' });
    await dialog.getByLabel('终端手机号').fill('1387777');
    await button(dialog, '确定').click();
    await dialog.getByText('终端手机号应为11到20位数字').waitFor();
    await dialog.getByLabel('终端手机号').fill(TID);
    await dialog.getByLabel('终端ID').fill('T776001');
    await dialog.getByLabel('终端型号').fill('FL-808B');
    await pickTeam(dialog, '所属车队', '干线一分队');
    await Promise.all([page.waitForResponse(calls('/terminal/add')), button(dialog, '确定').click()]);
    await toast('创建成功').waitFor();
    await row(TID).waitFor();

    await row(TID).getByText('绑定车辆').click();
    const bind = page.getByRole('dialog', { name: `绑定车辆（终端 ${TID}）` });
    await bind.getByLabel('车辆').click();
    await page.keyboard.type('6E0');
    await page.locator('.ant-select-item-option', { hasText: PLATE }).click();
    await shot('bind');
    await Promise.all([page.waitForResponse(calls('/terminal/bind')), button(bind, '确定').click()]);
    await toast('绑定成功').waitFor();
    await row(TID).getByText(PLATE).waitFor();
    await shot('devices');

    await row(TID).getByText('T-BOX设置').click();
    await page.waitForURL((url) => url.pathname === '/information/tboxsetting');
    await view().getByText('尚未保存过，以下为默认值').waitFor();
    await view().getByLabel('行驶上报间隔(秒)').fill('15');
    await Promise.all([
      page.waitForResponse(calls('/terminal/setting/save')),
      button(view(), '保存').click(),
    ]);
    await toast('已保存').waitFor();
    const [sent] = await Promise.all([
      page.waitForResponse(calls('/terminal/setting/send')),
      button(view(), '保存并下发').click(),
    ]);
    expect(((await sent.json()) as Envelope).code).toBe(511);
    await toast('终端设备不在线').first().waitFor();
    await view()
      .getByText(/最近下发：.*终端设备不在线/)
      .waitFor();
    await shot('tbox');
  });

  it('exports exactly the listed trucks and imports a good file but nothing of a bad one', async () => {
    await Promise.all([page.waitForResponse(calls('/v2/web/base/list')), page.goto('/truck-manage/index')]);
    await search('车牌号', PLATE);
    await row(PLATE).getByText(TID).waitFor();
    const { download, file } = await exportDownload(page, button(view(), '导出'));
    expect(download.suggestedFilename()).toMatch(/^车辆列表_\d{14}\.xlsx$/);
    const rows = await readSheet(file);
    expect(rows).toHaveLength(2);
    expect(rows[1]?.slice(0, 3)).toEqual([PLATE, '黄色', vin(6001)]);
    expect(rows[1]).toContain(TID);

    const header = ['车牌号', '车架号', '燃料类型', '所属车队'];
    const bad = await sheet([
      header,
      ['京A6E101', vin(6101), '燃油', '干线一分队'],
      ['京A6E1', vin(6102), '柴油', '干线一分队'],
    ]);
    await button(view(), '导入').click();
    const dialog = page.getByRole('dialog', { name: '批量导入车辆' });
    await chooseImportFile(dialog, bad);
    await Promise.all([page.waitForResponse(calls('/truck/import')), button(dialog, '上传').click()]);
    await dialog.getByText(/第\s*3\s*行：车牌号: 车牌号不符合规范/).waitFor();
    await dialog.getByText(/未导入任何数据/).waitFor();
    await shot('import-errors');
    const good = await sheet([
      header,
      ['京A6E101', vin(6101), '燃油', '干线一分队'],
      ['冀B6E102', vin(6102), '燃气', '干线二分队'],
    ]);
    await chooseImportFile(dialog, good);
    await Promise.all([page.waitForResponse(calls('/truck/import')), button(dialog, '上传').click()]);
    await toast('导入').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const imported = await search('车牌号', '6E1');
    expect(imported.data.list.map((t) => t.carNo).sort()).toEqual(['京A6E101', '冀B6E102']);
    await rm(bad);
    await rm(good);
  });

  it('shows the detail, the operation log and the vehicle information mode', async () => {
    await search('车牌号', PLATE);
    await row(PLATE).getByText('详情').click();
    await page.waitForURL(/\/truck-manage\/detail\/\d+$/);
    await view().getByText('车辆详情').first().waitFor();
    await view().getByText('王车主').waitFor();
    await view().getByText(TID).first().waitFor();
    await shot('detail');
    await button(view(), '日志').click();
    const log = page.getByRole('dialog', { name: /操作日志/ });
    await log.getByText(`绑定终端 ${TID}`).waitFor();
    await log.getByText(/修改车辆 京A6E001：.*燃料类型：燃油→燃气/).waitFor();
    await log.getByText(/新增车辆 京A6E001/).waitFor();
    await shot('log');
    await log
      .getByRole('button', { name: /Close|关闭/ })
      .first()
      .click();

    await Promise.all([page.waitForResponse(calls('/v2/web/base/list')), page.goto('/information/carHang')]);
    const sidebar = page.getByRole('menu', { name: '侧边菜单' });
    await expect
      .poll(async () =>
        (await sidebar.locator(':scope > li.ant-menu-item').allInnerTexts()).map((s) => s.trim()),
      )
      .toEqual(['首页', '车辆信息']);
    expect(await button(view(), '新增').count()).toBe(0);
    await shot('car-hang');
  });

  it('deletes the truck after confirming', async () => {
    await Promise.all([page.waitForResponse(calls('/v2/web/base/list')), page.goto('/truck-manage/index')]);
    await search('车牌号', PLATE);
    await row(PLATE).getByText('删除').click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.getByText(`确定删除车辆“${PLATE}”吗？`, { exact: false }).waitFor();
    await Promise.all([page.waitForResponse(calls('/truck/delete')), button(confirm, '确定').click()]);
    await toast('删除成功').waitFor();
    await view().locator('.ant-table-tbody .ant-empty-description', { hasText: '暂无数据' }).waitFor();
    expect(pageErrors).toEqual([]);
  });
});
