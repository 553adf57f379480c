import { rm } from 'node:fs/promises';
import { nationalIdCheckChar, vinCheckChar } from '@fleet/domain';
import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { button } from './support/browser';
import { chooseImportFile, exportDownload, readSheet, writeSheet } from './support/import';
import type { RunningServer } from './support/server';
import { calls, type Envelope, sessionPerFile, shownPageHelpers, tmpShot } from './support/session';

type DriverList = Envelope<{
  list: { id: number; driverName: string; driverPhone: string }[];
  total: number;
}>;

let server: RunningServer;
let browser: Browser;
let page: Page;
let pageErrors: string[];

const idCard = (birth: string, serial: number) => {
  const first17 = `110101${birth}${String(serial).padStart(3, '0')}`;
  return first17 + nationalIdCheckChar(first17);
};
const vin = (serial: number) => {
  const draft = `LZZ5CLSB0${String(serial).padStart(8, '0')}`;
  return `${draft.slice(0, 8)}${vinCheckChar(draft)}${draft.slice(9)}`;
};
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const { view, row, toast } = shownPageHelpers(() => page);

const shot = (name: string, target: Page = page) => tmpShot(target, `drivers-${name}`);
const sheet = (rows: (string | number)[][]) => writeSheet('drivers', '司机', rows);

async function search(field: string, value: string): Promise<DriverList> {
  await view().locator('form[id="search"]').getByLabel(field, { exact: true }).fill(value);
  const [answer] = await Promise.all([
    page.waitForResponse(calls('/driver/list')),
    button(view(), '查询').click(),
  ]);
  return (await answer.json()) as DriverList;
}

/** Picks a team in the team tree select labelled `label` inside `scope`. */
async function pickTeam(scope: Locator, label: string, team: string): Promise<void> {
  await scope.getByLabel(label).click();
  await page.keyboard.type(team);
  await page.locator('.ant-select-tree-title', { hasText: team }).first().click();
}

/** The SMS code the server sent to a phone (the built-in provider writes it to the log). */
async function smsCodeOf(phone: string): Promise<string> {
  let code = '';
  await expect
    .poll(() => {
      const matches = [...server.output().matchAll(new RegExp(`SMS to ${phone}: 您的验证码为(\\d{6})`, 'g'))];
      code = matches.at(-1)?.[1] ?? '';
      return code;
    })
    .not.toBe('');
  return code;
}

// info logs carry the SMS codes of the built-in provider, which the registration test reads
sessionPerFile(
  { account: 'admin', acceptDownloads: true, env: { LOG_LEVEL: 'info' }, name: 'drivers', tail: 1500 },
  (opened) => {
    ({ server, browser, page, pageErrors } = opened);
  },
);

describe('司机管理', () => {
  it('lists the demo drivers with licence, team and bound truck', async () => {
    const [answer] = await Promise.all([
      page.waitForResponse(calls('/driver/list')),
      page.goto('/driver-manage/index'),
    ]);
    const list = (await answer.json()) as DriverList;
    expect(list.data.total).toBeGreaterThan(10);
    for (const header of [
      '司机姓名',
      '手机号',
      '身份证号',
      '准驾车型',
      '驾驶证有效期',
      '所属车队',
      '绑定车辆',
      '状态',
    ]) {
      await view().getByRole('columnheader', { name: header, exact: true }).first().waitFor();
    }
    await row(list.data.list[0]?.driverName ?? '')
      .first()
      .waitFor();
    await view().getByText(`共 ${list.data.total} 条`).waitFor();
    await shot('list');
  });

  it('adds a driver on the add page, with the Chinese messages of the field rules', async () => {
    await button(view(), '新增').click();
    await page.waitForURL(/\/driver-manage\/add$/);
    const form = view().locator('form#driver');
    await form.getByLabel('司机姓名').fill('周!');
    await form.getByLabel('手机号').fill('1661234');
    await form.getByLabel('身份证号').fill('110101198503120000');
    await button(view(), '保存').click();
    await form.getByText('请输入30个以内的中英文或者数字').waitFor();
    await form.getByText('手机号码不符合规范').waitFor();
    await form.getByText('身份证号码不符合规范').waitFor();
    await shot('add-errors');

    await form.getByLabel('司机姓名').fill('周师傅');
    await form.getByLabel('手机号').fill('16612345678');
    await form.getByLabel('身份证号').fill(idCard('19850312', 123));
    await pickTeam(form, '所属车队', '干线一分队');
    await form.getByLabel('准驾车型').click();
    await page.keyboard.type('A2');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => form.locator('.ant-select-content', { hasText: 'A2 重型牵引挂车' }).count())
      .toBe(1);
    await form.getByLabel('驾驶证有效期').click();
    await page.keyboard.type('2030-06-30');
    await page.keyboard.press('Enter');
    await form.getByLabel('从业资格证号').fill('ZG20240001');
    await form
      .locator('input[type=file]')
      .setInputFiles([{ name: '驾驶证.png', mimeType: 'image/png', buffer: PNG }]);
    await form.locator('.ant-upload-list-item-done').first().waitFor();
    const [added] = await Promise.all([
      page.waitForResponse(calls('/driver/add')),
      button(view(), '保存').click(),
    ]);
    const body = added.request().postDataJSON() as {
      photos: string;
      teamCode: string;
      licenseExpiry: string;
    };
    expect(body).toMatchObject({ teamCode: '10000010010001', licenseExpiry: '2030-06-30' });
    expect(body.photos).toMatch(/^\/api\/file\/uploads\/.+\.png$/);
    expect(((await added.json()) as Envelope).code).toBe(200);
    await toast('创建成功').waitFor();
    await page.waitForURL(/\/driver-manage\/index$/);
    const found = await search('司机姓名', '周师傅');
    expect(found.data.list.map((d) => d.driverPhone)).toEqual(['16612345678']);
    const cells = await row('周师傅').locator('td').allInnerTexts();
    expect(cells.slice(1, 5)).toEqual(['周师傅', '16612345678', idCard('19850312', 123), 'A2 重型牵引挂车']);
  });

  it('edits the driver, shows the detail page and the operation log', async () => {
    await row('周师傅').getByText('编辑').click();
    await page.waitForURL(/\/driver-manage\/edit\?id=\d+$/);
    const form = view().locator('form#driver');
    await expect.poll(() => form.getByLabel('手机号').inputValue()).toBe('16612345678');
    await form.getByLabel('手机号').fill('16612340000');
    const salary = view().locator('form#salary');
    await salary.getByLabel('计薪方式').click();
    await page.locator('.ant-select-item-option', { hasText: '按吨计薪' }).click();
    await salary.getByLabel('底薪（元/月）').fill('3500');
    await salary.getByLabel('计薪单价（元）').fill('12.5');
    await Promise.all([
      page.waitForResponse(calls('/driverSalaryInfoSave')),
      button(view(), '保存工资信息').click(),
    ]);
    await toast('工资信息已保存').waitFor();
    await shot('edit');
    await Promise.all([page.waitForResponse(calls('/driver/update')), button(view(), '保存').click()]);
    await toast('更新成功').waitFor();
    await page.waitForURL(/\/driver-manage\/index$/);
    await search('司机姓名', '周师傅');
    await row('16612340000').waitFor();

    await row('周师傅').getByText('详情').click();
    await page.waitForURL(/\/driver-manage\/detail\?id=\d+$/);
    await view().getByText('周师傅（16612340000）').waitFor();
    await view().getByText('按吨计薪').waitFor();
    await view().locator('.ant-image img').first().waitFor();
    await shot('detail');
    await button(view(), '操作日志').click();
    const log = page.getByRole('dialog', { name: '操作日志' });
    await log.getByText('修改司机：手机号：16612345678→16612340000').waitFor();
    await log.getByText(/保存工资信息：按吨计薪，底薪3500\.00元/).waitFor();
    await log.getByText('新增司机 周师傅（16612345678）').waitFor();
    await shot('log');
    await log.locator('.ant-modal-close').click();
  });

  it('imports nothing of a bad file, all of a good one, and exports the filtered rows', async () => {
    await Promise.all([page.waitForResponse(calls('/driver/list')), page.goto('/driver-manage/index')]);
    const header = ['司机姓名', '手机号', '身份证号', '所属车队', '准驾车型', '驾驶证有效期'];
    const bad = await sheet([
      header,
      ['欧阳一', '16700000001', idCard('19800101', 11), '干线一分队', 'A2', '2031-01-01'],
      ['欧阳二', '1670000002', '', '干线二分队', 'B2', ''],
    ]);
    await button(view(), '导入').click();
    const dialog = page.getByRole('dialog', { name: '批量导入司机' });
    await chooseImportFile(dialog, bad);
    await Promise.all([page.waitForResponse(calls('/driver/import')), button(dialog, '上传').click()]);
    await dialog.getByText(/第\s?3\s?行：手机号: 手机号码不符合规范/).waitFor();
    await shot('import-errors');
    const good = await sheet([
      header,
      ['欧阳一', '16700000001', idCard('19800101', 11), '干线一分队', 'A2', '2031-01-01'],
      ['欧阳二', '16700000002', '', '干线二分队', 'B2', ''],
    ]);
    await chooseImportFile(dialog, good);
    await Promise.all([page.waitForResponse(calls('/driver/import')), button(dialog, '上传').click()]);
    await toast('导入').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    // the bad file wrote nothing: only the two rows of the good one are there
    const imported = await search('司机姓名', '欧阳');
    expect(imported.data.list.map((d) => d.driverName).sort()).toEqual(['欧阳一', '欧阳二']);

    const { download, file } = await exportDownload(page, button(view(), '导出'));
    expect(download.suggestedFilename()).toMatch(/^司机列表_\d{14}\.xlsx$/);
    const rows = await readSheet(file);
    expect(rows[0]?.slice(0, 2)).toEqual(['司机姓名', '手机号']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(imported.data.list.map((d) => d.driverName));
    await rm(bad);
    await rm(good);
  });

  it('deletes a driver after confirmation', async () => {
    await search('司机姓名', '欧阳二');
    await row('欧阳二').getByText('删除').click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.getByText('确定删除司机“欧阳二”吗？').waitFor();
    await Promise.all([page.waitForResponse(calls('/driver/delete')), button(confirm, '确定').click()]);
    await toast('删除成功').waitFor();
    await view().locator('.ant-table-tbody .ant-empty-description', { hasText: '暂无数据' }).waitFor();
  });
});

describe('司机自助注册与审核', () => {
  let link = '';

  it('generates a registration link for a team', async () => {
    await Promise.all([
      page.waitForResponse(calls('/driver/register/invite/page')),
      page.goto('/information/driver-register'),
    ]);
    await button(view(), '生成注册链接').click();
    const dialog = page.getByRole('dialog', { name: '生成注册链接' });
    await pickTeam(dialog, '注册到车队', '干线二分队');
    await dialog.getByLabel('备注').fill('冬季招聘');
    await Promise.all([
      page.waitForResponse(calls('/driver/register/invite/add')),
      button(dialog, '确定').click(),
    ]);
    await row('冬季招聘').waitFor();
    link = ((await row('冬季招聘').getByTestId('invite-link').textContent()) ?? '').trim();
    expect(link).toMatch(/\/driver-register\?code=[0-9a-f]{16}$/);
    await shot('invites');
  });

  it('lets a driver register on the public page with an SMS code', async () => {
    const driverContext = await browser.newContext({
      locale: 'zh-CN',
      viewport: { width: 414, height: 896 },
    });
    const phone = await driverContext.newPage();
    phone.on('pageerror', (error) => pageErrors.push(error.message));
    await phone.goto(link);
    await phone.getByText('加入 示例物流有限公司 · 干线二分队').waitFor();
    await phone.getByLabel('手机号').fill('16900000001');
    await phone.getByRole('button', { name: '获取验证码' }).click();
    await phone.getByText(/\d+秒后重发/).waitFor();
    await phone.getByLabel('验证码').fill(await smsCodeOf('16900000001'));
    await phone.getByRole('button', { name: '下一步' }).click();
    const form = phone.locator('form#registerData');
    await form.getByLabel('姓名').fill('郑师傅');
    await form.getByLabel('身份证号').fill(idCard('19880808', 41));
    await form.getByLabel('准驾车型').click();
    await phone.keyboard.type('A2');
    await phone.keyboard.press('Enter');
    await form.getByLabel('驾驶证有效期').click();
    await phone.keyboard.type('2031-05-01');
    await phone.keyboard.press('Enter');
    await form
      .locator('input[type=file]')
      .setInputFiles([{ name: '驾驶证.png', mimeType: 'image/png', buffer: PNG }]);
    await form.locator('.ant-upload-list-item-done').first().waitFor();
    await form.getByLabel('车牌号').fill('津C12345');
    await form.getByLabel('车架号').fill(vin(41));
    await shot('self-register', phone);
    await Promise.all([
      phone.waitForResponse((r) => r.url().endsWith('/api/driver/register/submit')),
      phone.getByRole('button', { name: '提交注册' }).click(),
    ]);
    await phone.getByText('提交成功！车队审核通过后将以短信通知您。').waitFor();
    await shot('self-register-done', phone);
    await driverContext.close();
  });

  it('reviews the registration: approving adds the driver and the truck', async () => {
    await Promise.all([
      page.waitForResponse(calls('/driver/register/review/page')),
      page.goto('/information/register-review'),
    ]);
    await row('郑师傅').getByText('待审核').waitFor();
    await shot('review-list');
    await row('郑师傅').getByText('审核', { exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '审核注册申请' });
    await dialog.getByText('津C12345（黄色）').waitFor();
    await dialog.locator('.ant-image img').first().waitFor();
    await shot('review-dialog');
    const [answer] = await Promise.all([
      page.waitForResponse(calls('/driver/register/review/approve')),
      button(dialog, '通过').click(),
    ]);
    expect(((await answer.json()) as Envelope).code).toBe(200);
    await toast('审核通过，已新增司机，新增车辆 津C12345').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    await Promise.all([page.waitForResponse(calls('/driver/list')), page.goto('/driver-manage/index')]);
    await button(view(), '照片待核对').click();
    const check = page.getByRole('dialog', { name: '待核对的司机照片' });
    await check.getByText(/郑师傅（16900000001）/).waitFor();
    await shot('photo-check');
    await Promise.all([
      page.waitForResponse(calls('/driver/photos/check')),
      button(check, '核对无误').click(),
    ]);
    await toast('已标记为核对无误').waitFor();
    await check.locator('.ant-empty-description', { hasText: '暂无数据' }).waitFor();
    await check.locator('.ant-modal-close').click();
    const found = await search('司机姓名', '郑师傅');
    expect(found.data.total).toBe(1);
    await row('郑师傅').getByText('津C12345').waitFor();
    expect(pageErrors).toEqual([]);
  });
});
