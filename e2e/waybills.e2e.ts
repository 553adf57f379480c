import { rm } from 'node:fs/promises';
import { waybillFreight } from '@fleet/domain';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { button, settled } from './support/browser';
import { chooseImportFile, exportDownload, readSheet, sheetBuffer } from './support/import';
import { copyWebDist } from './support/server';
import {
  apiSignIn,
  calls,
  type Envelope,
  newPage,
  openSession,
  reportFailure,
  type Session,
  shownPageHelpers,
  shownView,
  signIn,
  tableRow,
  tmpShot,
} from './support/session';

let session: Session;
let page: Page;
let token = '';

const { view, row, toast } = shownPageHelpers(() => page);
const shot = (name: string) => tmpShot(page, `waybills-${name}`);
const CUSTOMER = '天津港散货物流有限公司';
const LINE = '北京至天津京津塘干线';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const png = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });

interface WaybillView {
  id: number;
  billNo: string;
  status: number;
  statusName: string;
  cancelled: number;
  truckId: number;
  carNo: string;
  driverId: number | null;
  customerId: number;
  lineId: number;
  teamCode: string;
  loadingNetKg: number | null;
  unloadingNetKg: number | null;
  priceFen: number | null;
  priceType: number | null;
  settleWeight: number | null;
  allowedLossPermille: number | null;
  priceDeductionFen: number | null;
  freightFen: number | null;
  freightYuan: string;
}

interface FlowRow {
  actionName: string;
  fromStatusName: string;
  toStatusName: string;
  sourceName: string;
  time: string;
}

/** An API call as the admin, outside the page (fixtures and forced calls). */
async function api<T>(path: string, body?: unknown, method = body === undefined ? 'GET' : 'POST') {
  const answer = await fetch(`${session.server.baseUrl}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'Auth-Token': token },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await answer.json()) as Envelope<T>;
}

/** Chooses an option of the select labelled `label` in `scope`, typing `search` first when given. */
async function choose(scope: Locator, label: string, option: string, search?: string): Promise<string> {
  await scope.getByLabel(label, { exact: true }).click();
  if (search) await page.keyboard.type(search);
  const item = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option });
  await item.first().waitFor();
  await page.waitForTimeout(300);
  const text = (await item.first().textContent()) ?? '';
  await item.first().click();
  return text;
}

/** Types a time into the date-time picker labelled `label` in `scope`. */
async function pickTime(scope: Locator, label: string, time: string): Promise<void> {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(time);
  await input.press('Enter');
  await expect.poll(() => input.inputValue()).toBe(time);
}

/** The select's shown value (antd 6 keeps it beside the input). */
const selected = (scope: Locator, label: string) =>
  scope
    .locator('.ant-form-item', { has: page.getByLabel(label, { exact: true }) })
    .locator('.ant-select-content')
    .first();

interface TaskOption {
  taskCode: string;
  waybillId: number;
  carNo: string;
  drivers: { id: number; name: string; phone: string }[];
}

interface Scanned {
  waybillId: number;
  billNo: string;
  carNo: string;
}

/** A call of the public scan-code page (no sign-in). */
async function scanCall<T>(path: string, body: unknown): Promise<Envelope<T>> {
  const answer = await fetch(`${session.server.baseUrl}/api/public/scan-waybill${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await answer.json()) as Envelope<T>;
}

/** The SMS code the server sent to a phone (the built-in provider writes it to the log). */
async function smsCodeOf(phone: string): Promise<string> {
  let code = '';
  await expect
    .poll(() => {
      const found = [
        ...session.server.output().matchAll(new RegExp(`SMS to ${phone}: 您的验证码为(\\d{6})`, 'g')),
      ];
      code = found.at(-1)?.[1] ?? '';
      return code;
    })
    .not.toBe('');
  return code;
}

/**
 * A driver scans the code `token` and opens a waybill on a truck (`bound`: the one bound to the
 * driver, or one bound to another driver): the public page's calls, as the phone makes them. The
 * waybill is made pending (待审核) with its loading slip.
 */
async function scanOnce(token: string, phone: string, bound: boolean): Promise<Scanned | undefined> {
  const sent = await scanCall('/sms', { token, phone });
  expect(sent.code, sent.msg).toBe(200);
  const verified = await scanCall<{ ticket: string }>('/verify', {
    token,
    phone,
    smsCode: await smsCodeOf(phone),
  });
  expect(verified.code, verified.msg).toBe(200);
  const { ticket } = verified.data;
  const trucks = await scanCall<{ id: number; carNo: string; bound: boolean }[]>('/trucks', {
    ticket,
    keyword: '',
  });
  let truck: { id: number; carNo: string } | undefined;
  for (const t of trucks.data.filter((c) => c.bound === bound)) {
    const info = await api<{ driverId: number | null }>(`/v2/web/base/info/${t.id}`);
    if (info.data.driverId !== null) {
      truck = t;
      break;
    }
  }
  if (!truck) return undefined;
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), '磅单.png');
  const uploaded = (await (
    await fetch(`${session.server.baseUrl}/api/public/scan-waybill/upload`, {
      method: 'POST',
      headers: { 'Scan-Ticket': ticket },
      body: form,
    })
  ).json()) as Envelope<{ fullPath: string }>;
  expect(uploaded.code, uploaded.msg).toBe(200);
  const submitted = await scanCall<Scanned>('/submit', {
    ticket,
    truckId: truck.id,
    grossKg: 48000,
    tareKg: 17500,
    photos: uploaded.data.fullPath,
  });
  expect(submitted.code, submitted.msg).toBe(200);
  return submitted.data;
}

/**
 * Two pending waybills of a scan code for the demo customer and line: one on the truck bound to
 * the scanning driver (one driver to choose), one on a truck bound to another driver (two).
 */
async function scanWaybills(): Promise<{ single: Scanned; several: Scanned }> {
  const code = await api<{ id: number }>('/colliery/waybill/scanCode/add', {
    customerId: created.customerId,
    lineId: created.lineId,
    cargo: '集装箱',
    teamCode: created.teamCode,
  });
  expect(code.code, code.msg).toBe(200);
  const codes = await api<{ list: { id: number; token: string }[] }>('/colliery/waybill/scanCode/page', {
    pageNum: 1,
    pageSize: 50,
  });
  const token = codes.data.list.find((c) => c.id === code.data.id)?.token ?? '';
  const drivers = await api<{ list: { phone: string }[] }>('/driver/name/listPage?pageNum=1&pageSize=100');
  const phones = drivers.data.list.map((d) => d.phone).filter(Boolean);
  let single: Scanned | undefined;
  let several: Scanned | undefined;
  for (const phone of phones) {
    if (!single) single = await scanOnce(token, phone, true);
    else if (!several) several = await scanOnce(token, phone, false);
    if (single && several) break;
  }
  if (!single || !several) throw new Error('no demo driver could scan two waybills');
  return { single, several };
}

let dist = '';
let created: WaybillView;
let plate = '';

beforeAll(async () => {
  // info logs carry the SMS codes of the built-in provider, which the scan-code drivers read
  // the built app WEB_DIST_DIR names, else a copy of apps/web/dist, so that a build running
  // meanwhile does not swap the files under the test
  dist = process.env.WEB_DIST_DIR ?? (await copyWebDist());
  session = await openSession({
    account: 'admin',
    acceptDownloads: true,
    env: { LOG_LEVEL: 'info', WEB_DIST_DIR: dist },
  });
  ({ page } = session);
  token = (await apiSignIn(session.server.baseUrl, 'admin')).data.token;
});

afterAll(async () => {
  await session?.close();
  if (dist && !process.env.WEB_DIST_DIR) await rm(dist, { recursive: true, force: true });
});

beforeEach(({ task, onTestFailed }) => {
  onTestFailed(() => reportFailure(session, `waybills-failed-${task.name.slice(0, 30)}`, 3000));
});

describe('运单', () => {
  it('creates a waybill on 创建运单: bill number from the server, stations of the line, the truck’s driver and team', async () => {
    const [numbered] = await Promise.all([
      page.waitForResponse(calls('/colliery/waybill/billNo')),
      page.goto('/smart-coal/wayBill-create'),
    ]);
    const billNo = ((await numbered.json()) as Envelope<string>).data;
    expect(billNo).toMatch(/^YD\d{12,}$/);
    const form = view().locator('form[id="waybill"]');
    await expect.poll(() => form.getByLabel('运单号').inputValue()).toBe(billNo);
    await button(view(), '保存').click();
    await form.locator('.ant-form-item-explain-error', { hasText: '请选择客户' }).waitFor();
    await form.locator('.ant-form-item-explain-error', { hasText: '请选择车辆' }).waitFor();
    await shot('create-empty');

    await choose(form, '客户', CUSTOMER);
    await choose(form, '线路', LINE);
    await expect.poll(() => form.getByTestId('line-ends').textContent()).not.toContain('-- → --');
    await form.getByLabel('货物名称').fill('集装箱');
    const [bound] = await Promise.all([
      page.waitForResponse((r) => /\/api\/v2\/web\/base\/info\/\d+$/.test(new URL(r.url()).pathname)),
      choose(form, '车牌号', '京A', '京A').then((text) => {
        plate = text;
      }),
    ]);
    const truck = ((await bound.json()) as Envelope<{ driverName: string; teamName: string }>).data;
    expect(truck.driverName).not.toBe('');
    await expect.poll(() => selected(form, '司机').textContent()).toContain(truck.driverName);
    await expect.poll(() => selected(form, '所属车队').textContent()).toContain(truck.teamName);
    await pickTime(form, '计划装货时间', '2026-11-28 08:00:00');
    await shot('create-filled');
    const [added] = await Promise.all([
      page.waitForResponse(calls('/colliery/waybill/add')),
      button(view(), '保存').click(),
    ]);
    const answer = (await added.json()) as Envelope<{ id: number; billNo: string }>;
    expect(answer.code, answer.msg).toBe(200);
    expect(answer.code).toBe(200);
    expect(added.request().postDataJSON()).toMatchObject({ billNo, cargo: '集装箱' });
    await page.waitForURL(new RegExp(`/smart-coal/wayBill-detail\\?id=${answer.data.id}$`));
    await view().getByText(`运单号：${billNo}`).waitFor();
    await view().locator('.ant-card-head').first().getByText('待装货').waitFor();
    created = (await api<WaybillView>(`/colliery/waybill/info?id=${answer.data.id}`)).data;
    expect(created).toMatchObject({ billNo, carNo: plate, status: 1 });
    // a waybill without its loading slip may not leave for the road: not offered
    await button(view(), '开始装货').waitFor();
    expect(await button(view(), '确认发车').count()).toBe(0);
    await shot('detail-new');
  });

  it('records the loading slip: GIF and a 7th picture refused, net shown in tons, kg sent', async () => {
    await view()
      .locator('.ant-card', { hasText: '装车磅单' })
      .first()
      .getByRole('button', { name: '录入磅单' })
      .click();
    const dialog = page.getByRole('dialog', { name: '录入装车磅单' });
    const input = dialog.locator('input[type=file]');
    await input.setInputFiles([{ name: '磅单.gif', mimeType: 'image/gif', buffer: GIF }]);
    await toast('磅单图片只能是 JPG/PNG 格式!').waitFor();
    await input.setInputFiles(Array.from({ length: 7 }, (_, i) => png(`磅单${i + 1}.png`)));
    await toast('磅单图片最多支持上传 6 张，当前共选择了 7 张').waitFor();
    expect(await dialog.locator('.ant-upload-list-item').count()).toBe(0);
    await input.setInputFiles([png('装车磅单.png')]);
    await dialog.locator('.ant-upload-list-item-done').first().waitFor();
    await dialog.getByLabel('毛重').fill('49.237');
    await dialog.getByLabel('皮重').fill('49.5');
    await button(dialog, '确定').click();
    await dialog.getByText('皮重须小于毛重').waitFor();
    await dialog.getByLabel('皮重').fill('18');
    await expect.poll(() => dialog.getByLabel('净重').inputValue()).toBe('31.237');
    await pickTime(dialog, '过磅时间', '2026-11-27 09:30:00');
    await shot('slip-dialog');
    const [saved] = await Promise.all([
      page.waitForResponse(calls('/colliery/waybill/pound/add')),
      button(dialog, '确定').click(),
    ]);
    expect(saved.request().postDataJSON()).toMatchObject({
      waybillId: created.id,
      kind: 1,
      grossKg: 49237,
      tareKg: 18000,
      weighTime: '2026-11-27 09:30:00',
    });
    expect(saved.request().postDataJSON().photos).toMatch(/^\/api\/file\/uploads\/.+\.png$/);
    expect(((await saved.json()) as Envelope).code).toBe(200);
    await toast('磅单已保存').waitFor();
    const slip = view().locator('.ant-card', { hasText: '装车磅单' }).first();
    await slip.getByText('31.237').waitFor();
    await slip.getByText('49.237').waitFor();
    await slip.locator('.ant-image').first().waitFor();

    await button(view(), '上报异常').click();
    const report = page.getByRole('dialog', { name: '上报异常' });
    await choose(report, '异常类型', '道路拥堵');
    await report.getByLabel('异常描述').fill('京津塘高速拥堵约一小时');
    await shot('exception-dialog');
    const [reported] = await Promise.all([
      page.waitForResponse(calls('/colliery/waybill/exception/add')),
      button(report, '确定').click(),
    ]);
    expect(reported.request().postDataJSON()).toMatchObject({ waybillId: created.id, exceptionType: 3 });
    await toast('异常已上报').waitFor();
    await view().locator('.ant-card', { hasText: '运单异常' }).getByText('京津塘高速拥堵约一小时').waitFor();

    // the edit page: the remark changed, back to the detail
    await button(view(), '编辑').click();
    await page.waitForURL(new RegExp(`/smart-coal/wayBill-edit\\?id=${created.id}$`));
    const form = view().locator('form[id="waybill"]');
    await expect.poll(() => form.getByLabel('运单号').inputValue()).toBe(created.billNo);
    await form.getByLabel('备注').fill('走京津塘高速');
    await shot('edit');
    const [edited] = await Promise.all([
      page.waitForResponse(calls('/colliery/waybill/edit')),
      button(view(), '保存').click(),
    ]);
    expect(edited.request().postDataJSON()).toMatchObject({ id: created.id, remark: '走京津塘高速' });
    expect(((await edited.json()) as Envelope).code).toBe(200);
    await page.waitForURL(new RegExp(`/smart-coal/wayBill-detail\\?id=${created.id}$`));
    await view().getByText('走京津塘高速').waitFor();
  });

  it('confirms the departure, records the receipt and completes with the freight to the fen', async () => {
    const [moved] = await Promise.all([
      page.waitForResponse(calls('/colliery/waybill/changeStatus')),
      (async () => {
        await button(view(), '确认发车').click();
        await button(page.locator('.ant-modal-confirm'), '确定').click();
      })(),
    ]);
    expect(moved.request().postDataJSON()).toEqual({ id: created.id, status: 3 });
    expect(((await moved.json()) as Envelope).code).toBe(200);
    await view().locator('.ant-card-head').first().getByText('运输中').waitFor();

    await button(view(), '回单录入').click();
    await page.waitForURL(new RegExp(`/smart-coal/wayBill-create-back\\?id=${created.id}$`));
    const form = view().locator('form[id="waybillBack"]');
    await form.getByLabel('卸车毛重').fill('48.9');
    await form.getByLabel('卸车皮重').fill('18.000');
    await expect.poll(() => form.getByLabel('卸车净重').inputValue()).toBe('30.900');
    await pickTime(form, '卸车过磅时间', '2026-11-27 15:10:00');
    await button(view(), '保存').click();
    await form.locator('.ant-form-item-explain-error', { hasText: '请上传回单图片' }).waitFor();
    await form
      .locator('.ant-form-item', { hasText: '回单图片' })
      .locator('input[type=file]')
      .setInputFiles([png('回单.png')]);
    await form
      .locator('.ant-form-item', { hasText: '回单图片' })
      .locator('.ant-upload-list-item-done')
      .waitFor();
    await shot('back-form');
    const [backed] = await Promise.all([
      page.waitForResponse(calls('/colliery/waybill/addBack')),
      button(view(), '保存').click(),
    ]);
    expect(backed.request().postDataJSON()).toMatchObject({
      waybillId: created.id,
      unloadingGrossKg: 48900,
      unloadingTareKg: 18000,
      unloadingWeighTime: '2026-11-27 15:10:00',
    });
    const done = (await backed.json()) as Envelope<WaybillView>;
    expect(done.code, done.msg).toBe(200);
    // 85.00 元/吨 on the loading net weight (the demo price): 85 × 31.237 = 2655.145 → 2655.15
    expect(done.data).toMatchObject({
      status: 6,
      loadingNetKg: 31237,
      unloadingNetKg: 30900,
      priceFen: 8500,
    });
    const byHand = waybillFreight({
      priceType: done.data.priceType ?? 0,
      priceFen: 8500,
      settleWeight: done.data.settleWeight ?? 0,
      allowedLossPermille: done.data.allowedLossPermille ?? 0,
      deductionFen: done.data.priceDeductionFen ?? 0,
      loadingNetKg: 31237,
      unloadingNetKg: 30900,
    });
    expect(byHand.freightFen).toBe(265515);
    expect(done.data.freightFen).toBe(265515);
    await view().getByTestId('back-freight').getByText('2655.15', { exact: true }).waitFor();
    await view().getByText('已完成').first().waitFor();
    await shot('back-result');

    await button(view(), '查看运单').click();
    await page.waitForURL(new RegExp(`/smart-coal/wayBill-detail\\?id=${created.id}$`));
    const flow = (await api<FlowRow[]>('/colliery/waybill/statusFlow', { id: created.id })).data;
    const rows = view().getByTestId('flow-row');
    await expect.poll(() => rows.count()).toBe(flow.length);
    expect(flow.map((f) => f.toStatusName).filter(Boolean)).toEqual(
      expect.arrayContaining(['运输中', '已完成']),
    );
    for (const [i, f] of flow.entries()) {
      const shown = (await rows.nth(i).textContent()) ?? '';
      expect(shown).toContain(f.time);
      expect(shown).toContain(f.actionName);
      expect(shown).toContain(f.sourceName);
    }
    expect(flow[0]?.actionName).toBe('创建运单');
    await view().getByTestId('freight-yuan').getByText('2655.15').waitFor();
    await view().locator('.ant-card-head').first().getByText('已完成').waitFor();
    expect(await button(view(), '取消运单').count()).toBe(0);
    expect(await button(view(), '编辑').count()).toBe(0);

    // a fee in yuan, sent in fen exactly
    await button(view(), '新增费用').click();
    const fee = page.getByRole('dialog', { name: '新增费用' });
    await choose(fee, '费用类型', '过路过桥费');
    await fee.getByLabel('金额(元)').fill('120.456');
    await button(fee, '确定').click();
    await fee.getByText('请最多输入八位整数和两位小数的金额').waitFor();
    await fee.getByLabel('金额(元)').fill('120.5');
    const [feeAdded] = await Promise.all([
      page.waitForResponse(calls('/colliery/waybill/fee/add')),
      button(fee, '确定').click(),
    ]);
    expect(feeAdded.request().postDataJSON()).toMatchObject({ waybillId: created.id, amountFen: 12050 });
    expect(((await feeAdded.json()) as Envelope).code).toBe(200);
    await toast('费用已添加').waitFor();
    const fees = view().locator('.ant-card', { hasText: '运单费用' });
    await tableRow(fees, '过路过桥费').getByText('120.50').waitFor();
    await shot('detail-completed');

    await button(view(), '操作日志').click();
    const log = page.getByRole('dialog', { name: '操作日志' });
    await log.getByText(created.billNo).first().waitFor();
    await log
      .getByText(/过路过桥费/)
      .first()
      .waitFor();
    await log
      .getByText(/走京津塘高速/)
      .first()
      .waitFor();
    await shot('log');
    await log.locator('.ant-modal-close').click();
  });

  it('refuses an illegal move forced through the API, and cancels a waybill with a reason', async () => {
    const other = await api<{ id: number; billNo: string }>('/colliery/waybill/add', {
      customerId: created.customerId,
      lineId: created.lineId,
      cargo: '集装箱',
      truckId: created.truckId,
    });
    expect(other.code, other.msg).toBe(200);
    const forced = await api('/colliery/waybill/changeStatus', { id: other.data.id, status: 3 });
    expect(forced).toMatchObject({ code: 400, msg: '请先录入装车磅单，再变更为“运输中”' });
    const backwards = await api('/colliery/waybill/changeStatus', { id: created.id, status: 3 });
    expect(backwards).toMatchObject({ code: 400, msg: '运单已完成，不能变更状态' });

    await page.goto('/smart-coal/wayBill-tabulation');
    const search = view().locator('form[id="search"]');
    await search.getByLabel('运单号').fill(other.data.billNo);
    await Promise.all([
      page.waitForResponse(calls('/colliery/waybill/page')),
      button(search, '查询').click(),
    ]);
    await row(other.data.billNo).getByText('更多').click();
    await page.locator('.ant-dropdown:visible').getByText('取消', { exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `取消运单 ${other.data.billNo}` });
    await dialog.getByLabel('取消原因').waitFor();
    await settled(page);
    await button(dialog, '确定').click();
    await dialog.getByText('请输入原因').waitFor();
    await dialog.getByLabel('取消原因').fill('客户临时取消发货');
    await shot('cancel-dialog');
    const [cancelled] = await Promise.all([
      page.waitForResponse(calls('/colliery/waybill/cancel')),
      button(dialog, '确定').click(),
    ]);
    expect(cancelled.request().postDataJSON()).toEqual({ id: other.data.id, reason: '客户临时取消发货' });
    await toast('运单已取消').waitFor();
    const again = await api('/colliery/waybill/cancel', { id: other.data.id, reason: '再取消一次' });
    expect(again).toMatchObject({ code: 400, msg: '运单已取消' });
    const flow = await api<FlowRow[]>('/colliery/waybill/statusFlow', { id: other.data.id });
    expect(flow.data.map((f) => f.actionName)).toContain('取消运单');
  });

  it('finds waybills by bill number and state, and exports exactly the filtered rows', async () => {
    await page.goto('/smart-coal/wayBill-tabulation');
    const search = view().locator('form[id="search"]');
    await search.getByLabel('运单号').fill(created.billNo);
    const [byNo] = await Promise.all([
      page.waitForResponse(calls('/colliery/waybill/page')),
      button(search, '查询').click(),
    ]);
    const found = (await byNo.json()) as Envelope<{ list: WaybillView[]; total: number }>;
    expect(found.data.list.map((w) => w.billNo)).toEqual([created.billNo]);
    const listed = row(created.billNo);
    await listed.getByText('已完成').waitFor();
    await listed.getByText('31.237').waitFor();
    await listed.getByText('2655.15').waitFor();
    await listed.getByText(plate).waitFor();
    await shot('list-by-number');

    await choose(search, '运单状态', '待装货');
    const [toLoad] = await Promise.all([
      page.waitForResponse(calls('/colliery/waybill/page')),
      button(search, '查询').click(),
    ]);
    expect(toLoad.request().postDataJSON()).toMatchObject({ status: 1, billNo: created.billNo });
    expect(((await toLoad.json()) as Envelope<{ total: number }>).data.total).toBe(0);
    await view().locator('.ant-empty-description', { hasText: '暂无数据' }).waitFor();
    await shot('list-empty');

    await search.getByLabel('运单号').fill('');
    await choose(search, '运单状态', '已完成');
    const [completed] = await Promise.all([
      page.waitForResponse(calls('/colliery/waybill/page')),
      button(search, '查询').click(),
    ]);
    const done = (await completed.json()) as Envelope<{ list: WaybillView[]; total: number }>;
    expect(done.data.list.map((w) => w.billNo)).toContain(created.billNo);
    expect(done.data.list.every((w) => w.status === 6 && w.cancelled === 0)).toBe(true);

    await choose(search, '运单状态', '已取消');
    const [cancelledPage] = await Promise.all([
      page.waitForResponse(calls('/colliery/waybill/page')),
      button(search, '查询').click(),
    ]);
    const cancelled = (await cancelledPage.json()) as Envelope<{ list: WaybillView[]; total: number }>;
    expect(cancelled.data.total).toBeGreaterThan(0);
    expect(cancelled.data.list.every((w) => w.cancelled === 1)).toBe(true);
    await row(cancelled.data.list[0]?.billNo ?? '-')
      .getByText('已取消')
      .waitFor();
    const { download, file } = await exportDownload(page, button(view(), '导出'));
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const sheet = await readSheet(file);
    const header = sheet.findIndex((r) => r.includes('运单号'));
    expect(header).toBeGreaterThanOrEqual(0);
    const column = sheet[header]?.indexOf('运单号') ?? 0;
    const exported = sheet.slice(header + 1).map((r) => r[column]);
    expect(exported).toEqual(cancelled.data.list.map((w) => w.billNo));
    await shot('list-cancelled');
  });

  it('edits the receipt of a completed waybill: read from backInfo, the freight computed again', async () => {
    await page.goto(`/smart-coal/wayBill-detail?id=${created.id}`);
    const [read] = await Promise.all([
      page.waitForResponse(calls('/colliery/waybill/backInfo')),
      button(view(), '回单编辑').click(),
    ]);
    expect(((await read.json()) as Envelope<{ unloadingGrossKg: number }>).data.unloadingGrossKg).toBe(48900);
    await page.waitForURL(new RegExp(`/smart-coal/wayBill-edit-back\\?id=${created.id}$`));
    const form = view().locator('form[id="waybillBack"]');
    await expect.poll(() => form.getByLabel('卸车毛重').inputValue()).toBe('48.900');
    await expect.poll(() => form.getByLabel('卸车过磅时间').inputValue()).toBe('2026-11-27 15:10:00');
    await form
      .locator('.ant-form-item', { hasText: '回单图片' })
      .locator('.ant-upload-list-item-done')
      .waitFor();
    await form.getByLabel('卸车皮重').fill('18.2');
    await expect.poll(() => form.getByLabel('卸车净重').inputValue()).toBe('30.700');
    await shot('edit-back');
    const [saved] = await Promise.all([
      page.waitForResponse(calls('/colliery/waybill/addBack')),
      button(view(), '保存').click(),
    ]);
    expect(saved.request().postDataJSON()).toMatchObject({ unloadingGrossKg: 48900, unloadingTareKg: 18200 });
    const done = (await saved.json()) as Envelope<WaybillView>;
    expect(done.data).toMatchObject({ status: 6, unloadingNetKg: 30700, freightFen: 265515 });
    await view().getByTestId('back-freight').getByText('2655.15', { exact: true }).waitFor();
  });

  it('imports waybills all or nothing, and shows the empty state of a detail without a waybill', async () => {
    await page.goto('/smart-coal/wayBill-tabulation');
    await button(view(), '导入').click();
    const dialog = page.getByRole('dialog', { name: '批量导入运单' });
    const header = ['客户名称', '线路名称', '货物名称', '车牌号'];
    await chooseImportFile(dialog, {
      name: '运单-有误.xlsx',
      mimeType: XLSX,
      buffer: await sheetBuffer('运单', [
        header,
        [CUSTOMER, LINE, '钢卷', plate],
        ['没有的客户', LINE, '钢卷', plate],
      ]),
    });
    const [refused] = await Promise.all([
      page.waitForResponse(calls('/colliery/waybill/import')),
      button(dialog, '上传').click(),
    ]);
    expect(((await refused.json()) as Envelope<{ errors?: unknown[] }>).data?.errors?.length).toBeGreaterThan(
      0,
    );
    await dialog
      .getByText(/第\s?3\s?行/)
      .first()
      .waitFor();
    await shot('import-errors');
    await chooseImportFile(dialog, {
      name: '运单.xlsx',
      mimeType: XLSX,
      buffer: await sheetBuffer('运单', [header, [CUSTOMER, LINE, '钢卷', plate]]),
    });
    const [imported] = await Promise.all([
      page.waitForResponse(calls('/colliery/waybill/import')),
      button(dialog, '上传').click(),
    ]);
    expect(((await imported.json()) as Envelope).code).toBe(200);
    await dialog.waitFor({ state: 'hidden' });
    const listed = await api<{ list: { cargo: string; sourceName: string }[] }>('/colliery/waybill/page', {
      pageNum: 1,
      pageSize: 50,
    });
    expect(listed.data.list.filter((w) => w.cargo === '钢卷').map((w) => w.sourceName)).toEqual(['导入']);
    await row('钢卷').waitFor();

    // an address without a waybill (the server's 404 for an unknown one ends the session, as for
    // every record, by the request rules)
    await page.goto('/smart-coal/wayBill-detail');
    await view().getByText('运单不存在或无权查看').waitFor();
    await shot('detail-missing');
  });

  it('lists the same waybills under the capacity business, its links within /tc', async () => {
    await Promise.all([
      page.waitForResponse(calls('/colliery/waybill/page')),
      page.goto('/tc/wayBill-tabulation'),
    ]);
    await row(created.billNo).getByText('详情').click();
    await page.waitForURL(new RegExp(`/tc/wayBill-detail\\?id=${created.id}$`));
    await view().getByText(`运单号：${created.billNo}`).waitFor();
    await shot('tc-detail');
  });

  it('shows 运单管理 of transportation management to the dispatcher, its pages in place of the list', async () => {
    const other = await newPage(session.browser, session.server.baseUrl);
    try {
      await signIn(other, 'dispatch');
      await Promise.all([
        other.waitForResponse(calls('/colliery/waybill/page')),
        other.goto('/car-dispatch/waybill'),
      ]);
      const list = shownView(other);
      await tableRow(list, created.billNo).getByText('已完成').waitFor();
      await tmpShot(other, 'waybills-dispatch-list');
      await tableRow(list, created.billNo).getByText('详情').click();
      await other.waitForURL(new RegExp(`/car-dispatch/waybill\\?view=detail&id=${created.id}$`));
      await shownView(other).getByText(`运单号：${created.billNo}`).waitFor();
      await shownView(other).getByTestId('freight-yuan').getByText('2655.15').waitFor();
      await tmpShot(other, 'waybills-dispatch-detail');
      await button(shownView(other), '返回列表').click();
      await other.waitForURL(/\/car-dispatch\/waybill$/);
      await tableRow(shownView(other), created.billNo).waitFor();
    } finally {
      await other.context().close();
    }
  });

  it('tabulates scan-code waybills: a task number fills and locks the plate, offers its drivers, preselects a single one', async () => {
    const task = await scanWaybills();
    const [single, several] = [task.single, task.several];
    const [opened] = await Promise.all([
      page.waitForResponse(calls('/colliery/waybill/taskOptions')),
      page.goto(`/smart-coal/wayBill-tabulation?taskCode=${several.billNo}`),
    ]);
    const options = ((await opened.json()) as Envelope<TaskOption[]>).data;
    expect(options.map((o) => o.taskCode)).toEqual(expect.arrayContaining([single.billNo, several.billNo]));
    const severalDrivers = options.find((o) => o.taskCode === several.billNo)?.drivers ?? [];
    const singleDrivers = options.find((o) => o.taskCode === single.billNo)?.drivers ?? [];
    expect(severalDrivers.length).toBeGreaterThan(1);
    expect(singleDrivers.length).toBe(1);
    const dialog = page.getByRole('dialog', { name: '运单制表' });
    const plateInput = dialog.getByLabel('车牌号', { exact: true });
    await expect.poll(() => plateInput.inputValue()).toBe(several.carNo);
    expect(await plateInput.isDisabled()).toBe(true);
    await expect.poll(() => selected(dialog, '客户').textContent()).toContain(CUSTOMER);
    // several drivers: none chosen, each offered
    expect((await selected(dialog, '司机').textContent())?.trim()).toBe('请选择司机');
    await dialog.getByLabel('司机', { exact: true }).click();
    const offered = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect.poll(() => offered.count()).toBe(severalDrivers.length);
    const other = severalDrivers[0] as { name: string };
    await offered.filter({ hasText: other.name }).first().click();
    await expect.poll(() => selected(dialog, '司机').textContent()).toContain(other.name);
    await shot('tabulation-several');

    // another task: the driver is cleared, its one driver preselected, its plate filled and locked
    await choose(dialog, '任务单号', single.billNo);
    await expect.poll(() => plateInput.inputValue()).toBe(single.carNo);
    expect(await plateInput.isDisabled()).toBe(true);
    await expect.poll(() => selected(dialog, '司机').textContent()).toContain(singleDrivers[0]?.name ?? '-');
    await choose(dialog, '任务单号', several.billNo);
    await expect.poll(() => plateInput.inputValue()).toBe(several.carNo);
    await expect.poll(async () => (await selected(dialog, '司机').textContent())?.trim()).toBe('请选择司机');

    // 驳回 needs a reason
    await button(dialog, '驳回').click();
    await dialog.getByText('请输入驳回原因').waitFor();
    await dialog.getByLabel('制表备注').fill('磅单照片不清晰');
    const [rejected] = await Promise.all([
      page.waitForResponse(calls('/colliery/waybill/approval')),
      button(dialog, '驳回').click(),
    ]);
    expect(rejected.request().postDataJSON()).toEqual({
      id: several.waybillId,
      approvalState: 3,
      approvalRemark: '磅单照片不清晰',
    });
    await toast('已驳回').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).searchParams.get('taskCode')).toBeNull();

    // 通过 of the other one, as it is
    await button(view(), '运单制表').click();
    await choose(dialog, '任务单号', single.billNo);
    await expect.poll(() => selected(dialog, '司机').textContent()).toContain(singleDrivers[0]?.name ?? '-');
    // corrected during the tabulation: edited and passed in one call
    await dialog.getByLabel('货物名称').fill('钢材');
    await shot('tabulation-single');
    const [passed] = await Promise.all([
      page.waitForResponse(calls('/colliery/waybill/approval/edit')),
      button(dialog, '通过').click(),
    ]);
    expect(passed.request().postDataJSON()).toMatchObject({
      id: single.waybillId,
      cargo: '钢材',
      truckId: expect.any(Number),
      driverId: singleDrivers[0]?.id,
      loadingGrossKg: 48000,
      loadingTareKg: 17500,
    });
    expect(((await passed.json()) as Envelope).code).toBe(200);
    await toast('制表已通过').waitFor();
    const approved = await api<{ approvalState: number; cargo: string }>(
      `/colliery/waybill/info?id=${single.waybillId}`,
    );
    expect(approved.data).toMatchObject({ approvalState: 2, cargo: '钢材' });
    const refused = await api<{ approvalState: number }>(`/colliery/waybill/info?id=${several.waybillId}`);
    expect(refused.data.approvalState).toBe(3);
  });
});
