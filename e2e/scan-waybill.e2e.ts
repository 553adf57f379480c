import type { Page } from 'playwright-core';
import QRCode from 'qrcode';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connect } from '../apps/server/src/db/connection';
import { button } from './support/browser';
import {
  calls,
  type Envelope,
  openSession,
  reportFailure,
  type Session,
  shownPageHelpers,
  tmpShot,
} from './support/session';

// 扫码运单: the office makes a code and prints its QR code; a driver opens it on a phone, verifies
// his phone by SMS, picks his truck, enters the loading weights and the slip photo and makes the
// waybill; the office gets reminder 8002, whose 去处理 opens the tabulation page with the bill number.

let session: Session;
let page: Page;

const { view, row, toast } = shownPageHelpers(() => page);
const shot = (name: string, target: Page = page) => tmpShot(target, `scan-waybill-${name}`);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const popups = (target: Page) =>
  target.locator('[data-testid="alarm-popup"]:not(.ant-notification-fade-leave)');

/** What the test needs of the demo data: a line between stations, its customer, a driver and his truck. */
interface Fixture {
  customer: string;
  line: string;
  driverName: string;
  phone: string;
  carNo: string;
}
let fixture: Fixture;
/** The code's public URL as the office page shows it. */
let codeUrl = '';
let billNo = '';

/** The test's truck, driver, line and customer, on a demo without scan codes. */
async function readFixture(databaseUrl: string): Promise<Fixture> {
  const database = connect(databaseUrl);
  try {
    const db = database.db;
    // the office page is shown first as a fleet without codes: the demo's codes are taken away
    await db.deleteFrom('waybill_scan_code').execute();
    const bound = await db
      .selectFrom('truck')
      .innerJoin('driver', 'driver.id', 'truck.driver_id')
      .select(['truck.car_no', 'truck.merchant_id', 'driver.name', 'driver.phone'])
      .where('truck.team_code', '=', '10000010010001')
      .where('driver.status', '=', 1)
      .orderBy('truck.id')
      .executeTakeFirstOrThrow();
    const line = await db
      .selectFrom('line')
      .innerJoin('line_station as s', (j) =>
        j.onRef('s.line_id', '=', 'line.id').on('s.station_type', '=', 1),
      )
      .innerJoin('line_station as e', (j) =>
        j.onRef('e.line_id', '=', 'line.id').on('e.station_type', '=', 3),
      )
      .select(['line.name', 'line.merchant_id'])
      .where('s.station_id', 'is not', null)
      .where('e.station_id', 'is not', null)
      .where('line.deleted_at', 'is', null)
      .where('line.merchant_id', '=', bound.merchant_id)
      .orderBy('line.id')
      .executeTakeFirstOrThrow();
    const customer = await db
      .selectFrom('customer')
      .select('customer_name')
      .where('merchant_id', '=', line.merchant_id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    return {
      customer: customer.customer_name,
      line: line.name,
      driverName: bound.name,
      phone: bound.phone,
      carNo: bound.car_no,
    };
  } finally {
    await database.close();
  }
}

/** The SMS code the server sent to a phone (the built-in provider writes it to the log). */
async function smsCodeOf(phone: string): Promise<string> {
  let code = '';
  await expect
    .poll(() => {
      const matches = [
        ...session.server.output().matchAll(new RegExp(`SMS to ${phone}: 您的验证码为(\\d{6})`, 'g')),
      ];
      code = matches.at(-1)?.[1] ?? '';
      return code;
    })
    .not.toBe('');
  return code;
}

/** Chooses an option of the select labelled `label` in the dialog: typed, then clicked. */
async function choose(label: string, option: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(label, { exact: true }).click();
  await page.keyboard.type(option.slice(0, 6));
  const item = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option });
  await item.first().waitFor();
  await page.waitForTimeout(300);
  await item.first().click();
}

beforeAll(async () => {
  // info logs carry the SMS codes of the built-in provider, which the driver's page reads
  session = await openSession({ account: 'admin', acceptDownloads: true, env: { LOG_LEVEL: 'info' } });
  ({ page } = session);
  fixture = await readFixture(session.server.databaseUrl);
});

afterAll(() => session?.close());

beforeEach(({ task, onTestFailed }) => {
  onTestFailed(() => reportFailure(session, `scan-waybill-failed-${task.name.slice(0, 30)}`, 3000));
});

describe('扫码运单', () => {
  it('adds a code on the office page and shows its QR code holding the public page', async () => {
    await Promise.all([
      page.waitForResponse(calls('/colliery/waybill/scanCode/page')),
      page.goto('/smart-coal/scan-waybill'),
    ]);
    await view().locator('.ant-empty-description', { hasText: '暂无数据' }).first().waitFor();
    await shot('empty');
    await button(view(), '新增').click();
    const dialog = page.getByRole('dialog', { name: '新增扫码运单码' });
    await button(dialog, '确定').click();
    await dialog.locator('.ant-form-item-explain-error', { hasText: '请选择客户' }).waitFor();
    await choose('客户', fixture.customer);
    await choose('线路', fixture.line);
    await dialog.getByLabel('货物名称').fill('动力煤');
    const [added] = await Promise.all([
      page.waitForResponse(calls('/colliery/waybill/scanCode/add')),
      button(dialog, '确定').click(),
    ]);
    expect(((await added.json()) as Envelope).code).toBe(200);
    await toast('创建成功').waitFor();
    await row(fixture.line).getByText('动力煤').waitFor();
    await row(fixture.line).getByText('→').waitFor();
    await shot('list');

    const [listed] = await Promise.all([
      page.waitForResponse(calls('/colliery/waybill/scanCode/page')),
      button(view(), '查询').click(),
    ]);
    const code = (
      (await listed.json()) as Envelope<{ list: { token: string; cargo: string }[] }>
    ).data.list.find((c) => c.cargo === '动力煤');
    codeUrl = `${session.server.baseUrl}/scan-waybill?token=${code?.token}`;

    await row(fixture.line).getByRole('button', { name: '二维码' }).click();
    const qr = page.getByRole('dialog', { name: '扫码运单二维码' });
    const sheet = qr.getByTestId('scan-code-sheet');
    await sheet.getByText(fixture.customer).waitFor();
    await sheet.getByText('动力煤').waitFor();
    const image = sheet.getByRole('img', { name: '二维码' });
    await image.waitFor();
    await shot('qr');

    // the QR code's modules, read from the drawn image, are those of the public page's URL
    const expected = QRCode.create(codeUrl, { errorCorrectionLevel: 'M' }).modules;
    const drawn = await image.evaluate((img: HTMLImageElement, size: number) => {
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const context = canvas.getContext('2d') as CanvasRenderingContext2D;
      context.drawImage(img, 0, 0);
      const scale = img.naturalWidth / (size + 4);
      const dark: number[] = [];
      for (let r = 0; r < size; r++)
        for (let c = 0; c < size; c++) {
          const pixel = context.getImageData(
            Math.floor((c + 2.5) * scale),
            Math.floor((r + 2.5) * scale),
            1,
            1,
          ).data;
          dark.push((pixel[0] ?? 255) < 128 ? 1 : 0);
        }
      return dark;
    }, expected.size);
    expect(drawn).toEqual([...expected.data].map((v) => (v ? 1 : 0)));

    const [download] = await Promise.all([page.waitForEvent('download'), button(qr, '下载二维码').click()]);
    expect(download.suggestedFilename()).toMatch(/^扫码运单-.+\.png$/);

    // 打印: the print view holds the sheet only, then the browser's print
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await button(qr, '打印').click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    await page.screenshot({ path: '/tmp/fleet-e2e-scan-waybill-print.png' });
    // (the dialog's role is hidden in print, so these are found by test id and class)
    const printed = await page.getByTestId('scan-code-sheet').isVisible();
    const footerPrinted = await page.locator('.ant-modal-footer').isVisible();
    const menuPrinted = await page.getByText('基础信息').first().isVisible();
    await page.emulateMedia({ media: 'screen' });
    expect({ printed, footerPrinted, menuPrinted }).toEqual({
      printed: true,
      footerPrinted: false,
      menuPrinted: false,
    });
    await qr.locator('.ant-modal-close').click();
    await qr.waitFor({ state: 'hidden' });
  });

  it('lets a driver make the waybill on a phone, and the office gets reminder 8002', async () => {
    const phoneContext = await session.browser.newContext({
      locale: 'zh-CN',
      viewport: { width: 375, height: 812 },
      isMobile: true,
      hasTouch: true,
    });
    const phone = await phoneContext.newPage();
    const phoneErrors: string[] = [];
    phone.on('pageerror', (error) => phoneErrors.push(error.message));

    // an unknown code says so
    await phone.goto(`${session.server.baseUrl}/scan-waybill?token=${'A'.repeat(32)}`);
    await phone.getByText('二维码无效，请联系车队获取新的二维码').waitFor();
    await shot('phone-invalid', phone);

    await phone.goto(codeUrl);
    await phone.getByText(fixture.customer).waitFor();
    await phone.getByText(fixture.line).waitFor();
    await phone.getByText('动力煤').waitFor();
    await shot('phone-start', phone);
    await phone.getByLabel('手机号').fill('13912345678');
    await phone.getByRole('button', { name: '获取验证码' }).click();
    await phone.getByText('该手机号不是本车队登记的司机，不能扫码开单，请联系车队').first().waitFor();
    await phone.getByLabel('手机号').fill(fixture.phone);
    await phone.getByRole('button', { name: '获取验证码' }).click();
    await phone.getByText(/\d+秒后重发/).waitFor();
    await phone.getByLabel('验证码').fill(await smsCodeOf(fixture.phone));
    await Promise.all([
      phone.waitForResponse((r) => r.url().endsWith('/api/public/scan-waybill/verify')),
      phone.getByRole('button', { name: '验证并开单' }).click(),
    ]);
    const form = phone.locator('form#scanWaybill');
    await form.getByText(fixture.driverName).waitFor();
    // his bound truck is chosen
    await form.getByText(`${fixture.carNo}（我的车）`).waitFor();
    await form.getByLabel('装货毛重（吨）').fill('49');
    await form.getByLabel('装货皮重（吨）').fill('15.5');
    await expect.poll(() => form.getByTestId('scan-net').textContent()).toBe('33.500 吨');
    await form
      .locator('input[type=file]')
      .setInputFiles([{ name: '磅单.png', mimeType: 'image/png', buffer: PNG }]);
    await form.locator('.ant-upload-list-item-done').first().waitFor();
    await shot('phone-form', phone);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    const [made] = await Promise.all([
      phone.waitForResponse((r) => r.url().endsWith('/api/public/scan-waybill/submit')),
      phone.getByRole('button', { name: '提交开单' }).click(),
    ]);
    const answer = (await made.json()) as Envelope<{ billNo: string }>;
    expect(answer.code).toBe(200);
    billNo = answer.data.billNo;
    await phone.getByText('开单成功').waitFor();
    await expect.poll(() => phone.getByTestId('scan-bill-no').textContent()).toBe(billNo);
    await phone.getByText('装货中').waitFor();
    await shot('phone-done', phone);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(phoneErrors).toEqual([]);
    await phoneContext.close();

    // the office's pop-up: 运单审批提醒 with the bill number; 去处理 opens the tabulation with it
    const popup = popups(page).filter({ hasText: billNo });
    await popup.waitFor({ timeout: 10_000 });
    await popup.hover();
    await popup.getByText(fixture.carNo).first().waitFor();
    await shot('popup');
    await Promise.all([
      page.waitForURL((url) => url.pathname === '/smart-coal/wayBill-tabulation', { timeout: 5000 }),
      popup.getByRole('button', { name: /去\s*处\s*理/ }).click(),
    ]);
    expect(new URL(page.url()).searchParams.get('taskCode')).toBe(billNo);
    await shot('tabulation');
    expect(session.pageErrors).toEqual([]);
  });
});
