import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sha256Hex } from '../apps/server/src/modules/auth/tokens';
import { button, launchBrowser, screenshot, settled as settle } from './support/browser';
import { chooseImportFile, exportDownload, sheetBuffer } from './support/import';
import { REPO_ROOT, type RunningServer, startServer } from './support/server';
import { apiSignIn, calls, type Envelope, newPage, toastOf } from './support/session';

/**
 * The page kit in a real Chromium against the real server: e2e/kit-harness renders each widget
 * once; this test builds it with Vite and serves it from the server's origin, so the widgets call
 * the real API with the admin's token. Only /api/kit-probe/* is answered here, to put the request
 * client in front of each body code and HTTP status.
 */

const HARNESS = '/kit-harness/';
const LONG_MESSAGE = `车辆京A12345的运单校验未通过：${'装货地与线路起点不一致，'.repeat(12)}请核对后重新提交。`;
/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);
const png = (name: string, size = PNG.length) => ({
  name,
  mimeType: 'image/png',
  buffer: Buffer.concat([PNG, Buffer.alloc(Math.max(0, size - PNG.length))]),
});

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let harnessDir: string;
let token: string;
const pageErrors: string[] = [];
const consoleErrors: string[] = [];

const toast = (text: string) => toastOf(page, text);
const probe = (name: string) => page.getByTestId(`probe-${name}`);
const json = (body: unknown, status = 200) => ({
  status,
  contentType: 'application/json',
  body: JSON.stringify(body),
});

async function api<T>(method: string, apiPath: string, body?: unknown): Promise<Envelope<T>> {
  const response = await fetch(`${server.baseUrl}/api${apiPath}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { 'Auth-Token': token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as Envelope<T>;
}

const workbook = (rows: unknown[][]) => sheetBuffer('车辆', rows);

/** The answers of /api/kit-probe/*. */
async function answerProbe(route: Route): Promise<void> {
  const name = new URL(route.request().url()).pathname.split('/').pop();
  switch (name) {
    case '409':
      return route.fulfill(
        json({ code: 409, msg: '该车辆已有未完成的运单\n继续提交将覆盖原计划', data: null }),
      );
    case '511':
      return route.fulfill(json({ code: 511, msg: 'offline', data: { tid: '013800138000' } }));
    case 'long':
      return route.fulfill(json({ code: 400, msg: LONG_MESSAGE, data: null }));
    case '403':
      return route.fulfill(json({ code: 403, msg: '无权限访问', data: null }, 403));
    case 'network':
      return route.abort('connectionreset');
    case 'file':
    case 'template':
      return route.fulfill({
        status: 200,
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        headers: {
          'content-disposition': `attachment; filename="report.xlsx"; filename*=UTF-8''${encodeURIComponent(name === 'file' ? '车辆报表.xlsx' : '车辆导入模板.xlsx')}`,
        },
        body: await workbook([['车牌号'], ['京A12345']]),
      });
    case 'empty':
      return route.fulfill({ status: 200, contentType: 'application/octet-stream', body: '' });
    default:
      return route.fulfill(json({ code: 404, msg: '接口不存在', data: null }, 404));
  }
}

/** Builds e2e/kit-harness into a temporary folder, served under /kit-harness/. */
function buildHarness() {
  return build({
    configFile: false,
    root: path.join(REPO_ROOT, 'e2e/kit-harness'),
    base: HARNESS,
    mode: 'production',
    plugins: [react()],
    logLevel: 'warn',
    build: { outDir: harnessDir, emptyOutDir: true, chunkSizeWarningLimit: 5000 },
  });
}

beforeAll(async () => {
  server = await startServer();
  harnessDir = await mkdtemp(path.join(tmpdir(), 'fleet-kit-harness-'));
  // Vitest runs with NODE_ENV=test, which would give the bench the development builds of React
  // and antd (and JSX for development); build it the way the app ships.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await buildHarness();
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }

  const login = await apiSignIn(server.baseUrl, 'admin');
  token = login.data.token;
  // Enough users for three pages of ten.
  const roles = await api<{ list: { id: number; name: string }[] }>('POST', '/system/role/list', {});
  const dispatcher = roles.data.list.find((role) => role.name === '调度员')?.id ?? 0;
  for (let i = 1; i <= 25; i++) {
    const added = await api('POST', '/system/user/add', {
      username: `bench_${String(i).padStart(2, '0')}`,
      password: sha256Hex('Bench@2025'),
      nickname: `测试司机${i}`,
      teamCode: '1000001001',
      roleIds: [dispatcher],
    });
    expect(added.code).toBe(200);
  }

  browser = await launchBrowser();
  page = await newPage(browser, server.baseUrl, {}, pageErrors);
  context = page.context();
  await context.addCookies([{ name: 'Admin-Token', value: token, url: server.baseUrl }]);
  await context.route(`${server.baseUrl}${HARNESS}**`, (route) => {
    const file = new URL(route.request().url()).pathname.slice(HARNESS.length) || 'index.html';
    return route.fulfill({ path: path.join(harnessDir, file) });
  });
  await context.route(`${server.baseUrl}/api/kit-probe/**`, answerProbe);
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  await page.goto(`${HARNESS}index.html`);
  await page.getByText('图片上传', { exact: true }).waitFor();
}, 240_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  if (harnessDir) await rm(harnessDir, { recursive: true, force: true });
});

/** A fresh bench, so that a widget left open by one group cannot block the next. */
/** Waits for antd's open and close animations to end (sizes and screenshots of the settled screen). */
function settled(): Promise<void> {
  return settle(page, 200);
}

async function freshBench(): Promise<void> {
  await page.reload();
  await page.getByText('图片上传', { exact: true }).waitFor();
}

beforeEach(({ task, onTestFailed }) => {
  onTestFailed(async () => {
    await settled();
    await screenshot(page, `failed-kit-${task.name.replace(/[^\p{L}\p{N}]+/gu, '-')}`);
    console.error(`server output:\n${server.output()}`);
  });
});

describe('ImageUploader', () => {
  const uploader = () => page.getByTestId('uploader');
  const input = () => uploader().locator('input[type=file]');

  it('uploads pictures to /file/upload and makes saving wait while one is on its way', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/file/upload', async (route) => {
      await held;
      await route.continue();
    });
    await input().setInputFiles([png('车头.png'), png('车尾.png')]);
    await button(uploader(), '检查上传').click();
    await page.getByTestId('uploader-pending').getByText('请等待图片上传完成').waitFor();
    release();
    await expect
      .poll(async () => JSON.parse((await page.getByTestId('uploader-value').textContent()) ?? '[]'))
      .toHaveLength(2);
    await page.unroute('**/api/file/upload');
    const urls = JSON.parse((await page.getByTestId('uploader-value').textContent()) ?? '[]') as string[];
    for (const url of urls) expect(url).toMatch(/^\/api\/file\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/);
    await button(uploader(), '检查上传').click();
    await page.getByTestId('uploader-pending').getByText('可以保存').waitFor();
  });

  it('warns with the limit, the selection and the total when too many are chosen', async () => {
    await input().setInputFiles([png('a.png'), png('b.png')]);
    await toast('当前限制选择 3 个文件，本次选择了 2 个文件，共选择了 4 个文件').waitFor();
    expect(await uploader().locator('.ant-upload-list-item').count()).toBe(2);
  });

  it('refuses a picture over the size limit (1 MB = 1024*1000 bytes) and other types', async () => {
    await input().setInputFiles([png('大图.png', 1024 * 1000 + 1)]);
    await toast('请上传小于1M的图片').waitFor();
    await input().setInputFiles([{ name: '动图.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') }]);
    await toast('只能上传 .jpg、.png 格式的图片').waitFor();
    await page
      .getByTestId('strict-uploader')
      .locator('input[type=file]')
      .setInputFiles([{ name: '扫描件.bmp', mimeType: 'image/bmp', buffer: Buffer.from('BM') }]);
    await toast('上传文件只能是 JPG、PNG、JPEG 格式!').waitFor();
    expect(await uploader().locator('.ant-upload-list-item').count()).toBe(2);
  });

  it('shows 上传失败 when an upload fails, and previews the pictures', async () => {
    await page.route('**/api/file/upload', (route) => route.abort('connectionreset'));
    await input().setInputFiles([png('c.png')]);
    await toast('上传失败').waitFor();
    await page.unroute('**/api/file/upload');
    await expect.poll(() => uploader().locator('.ant-upload-list-item').count(), { timeout: 5000 }).toBe(2);

    await uploader().locator('.ant-upload-list-item').first().hover();
    await uploader()
      .locator('.ant-upload-list-item')
      .first()
      .getByRole('link', { name: /eye|预览/ })
      .click();
    await page.locator('.ant-image-preview img').first().waitFor();
    await settled();
    await screenshot(page, 'kit-image-preview');
    await page.keyboard.press('Escape');
    await expect
      .poll(() => page.locator('.ant-image-preview img').first().isVisible(), { timeout: 5000 })
      .toBe(false);
  });
});

describe('ImportDialog', () => {
  beforeAll(freshBench);

  it('reads the first sheet in the browser, with the spec texts and checks', async () => {
    await button(page, '浏览器导入').click();
    const dialog = page.getByRole('dialog', { name: '批量导入' });
    await dialog.getByText('支持 .xlsx 文件').waitFor();
    await settled();
    expect(Math.round((await page.locator('.ant-modal').boundingBox())?.width ?? 0)).toBe(520);
    await button(dialog, '取消').waitFor();

    const { download: template } = await exportDownload(page, dialog.getByText('上传模板'));
    expect(template.suggestedFilename()).toBe('车辆导入模板.xlsx');

    const input = dialog.locator('input[type=file]');
    await input.setInputFiles([
      { name: '车辆.csv', mimeType: 'text/csv', buffer: Buffer.from('车牌号\n京A1') },
    ]);
    await toast('仅支持后缀为 .xlsx,.xls 的文件!').waitFor();

    const sheet = await workbook([
      ['车牌号', '核载(吨)'],
      ['京A12345', 49],
      ['蒙K67890', 31.5],
    ]);
    await input.setInputFiles([{ name: '车辆.xlsx', mimeType: 'application/octet-stream', buffer: sheet }]);
    await dialog.getByText('已选择：车辆.xlsx').waitFor();
    await settled();
    await screenshot(page, 'kit-import-dialog');
    await button(dialog, '上传').click();
    await dialog.waitFor({ state: 'hidden' });
    expect(JSON.parse((await page.getByTestId('import-rows').textContent()) ?? '[]')).toEqual([
      { 车牌号: '京A12345', '核载(吨)': 49 },
      { 车牌号: '蒙K67890', '核载(吨)': 31.5 },
    ]);
  });

  it('sends the file to the server as multipart in server mode', async () => {
    await button(page, '服务器导入').click();
    const dialog = page.getByRole('dialog', { name: '批量导入' });
    await button(dialog, '上传').click();
    await toast('请选择要上传的文件').waitFor();
    const sheet = await workbook([['车牌号'], ['京A12345']]);
    await chooseImportFile(dialog, {
      name: '车辆.xlsx',
      mimeType: 'application/octet-stream',
      buffer: sheet,
    });
    const [answer] = await Promise.all([
      page.waitForResponse(calls('/file/upload')),
      button(dialog, '上传').click(),
    ]);
    expect(answer.request().headers()['content-type']).toContain('multipart/form-data');
    await toast('导入成功').waitFor();
    expect(await page.getByTestId('import-server').textContent()).toContain('车辆.xlsx');
  });
});

describe('pickers', () => {
  beforeAll(freshBench);

  const open = async (testId: string) => {
    await page.getByTestId(testId).locator('.ant-select').click();
  };
  const dropdown = () => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');

  it('vehicle plates: searches from 2 characters, 20 a page, and remembers the chosen plate', async () => {
    await open('plate');
    const requests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/truck/no/car/list')) requests.push(r.postData() ?? '');
    });
    await page.keyboard.type('京');
    await page.waitForTimeout(900);
    expect(requests).toHaveLength(0);
    await page.keyboard.type('A');
    await expect.poll(() => requests.length, { timeout: 5000 }).toBe(1);
    expect(JSON.parse(requests[0] ?? '{}')).toMatchObject({ pageNum: 1, pageSize: 20, carNo: '京A' });
    const option = dropdown()
      .locator('.ant-select-item-option:not(.ant-select-item-option-disabled)')
      .first();
    const plate = ((await option.textContent()) ?? '').trim();
    expect(plate).toMatch(/^京A/);
    await option.click();
    await expect
      .poll(async () => JSON.parse((await page.getByTestId('picker-values').textContent()) ?? '{}').plate)
      .toBe(plate);
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('carHistory'))) ?? '[]')).toEqual([
      plate,
    ]);
    await page.keyboard.press('Escape');
  });

  it('vehicle plates: a failing endpoint (404) shows 无数据 and keeps the user signed in', async () => {
    await page.route('**/api/truck/no/car/list', (route) =>
      route.fulfill(json({ code: 404, msg: '接口不存在', data: null }, 404)),
    );
    await open('plate');
    await page.keyboard.type('京B');
    await dropdown().getByText('无数据').waitFor();
    await page.unroute('**/api/truck/no/car/list');
    expect(new URL(page.url()).pathname).toBe(`${HARNESS}index.html`);
    expect((await context.cookies()).some((cookie) => cookie.name === 'Admin-Token')).toBe(true);
    await page.keyboard.press('Escape');
  });

  it('handlers: lists users of the merchant by name', async () => {
    await open('handler');
    await dropdown().getByText('系统管理员').waitFor();
    await page.keyboard.type('测试司机1');
    await dropdown().getByText('测试司机10').waitFor();
    await dropdown().getByText('测试司机12').click();
    await expect
      .poll(async () => JSON.parse((await page.getByTestId('picker-values').textContent()) ?? '{}').handler)
      .toBeGreaterThan(0);
  });

  it('areas: finds a city by name and gives its code', async () => {
    await open('area');
    // type once the tree has loaded, or the first characters go to an empty list
    await dropdown().locator('.ant-select-tree-title').first().waitFor();
    await page.keyboard.type('鄂尔多斯');
    const area = async () => JSON.parse((await page.getByTestId('picker-values').textContent()) ?? '{}').area;
    // the filtered tree may redraw under a click on a loaded machine: click again while nothing was chosen
    for (let tries = 0; tries < 3 && (await area()) === undefined; tries++) {
      const city = dropdown().locator('.ant-select-tree-title', { hasText: '鄂尔多斯市' });
      await city.waitFor({ timeout: 5_000 }).catch(() => undefined);
      if (await city.isVisible()) await city.click();
      await expect
        .poll(area, { timeout: 3_000 })
        .toBe('150600')
        .catch(() => undefined);
    }
    expect(await area()).toBe('150600');
  });

  it('teams: several teams as one comma string', async () => {
    await open('team');
    await page.keyboard.type('干线一');
    await dropdown()
      .locator('.ant-select-tree-node-content-wrapper', { hasText: /^干线一分队$/ })
      .click();
    await page.keyboard.type('城配车');
    await dropdown()
      .locator('.ant-select-tree-node-content-wrapper', { hasText: /^城配车队$/ })
      .click();
    await expect
      .poll(async () => JSON.parse((await page.getByTestId('picker-values').textContent()) ?? '{}').team)
      .toBe('10000010010001,1000001002');
    await page.keyboard.press('Escape');
  });

  it('a remote select without a list function logs 未传入筛选接口 and shows 无数据', async () => {
    await open('no-api');
    await dropdown().getByText('无数据').waitFor();
    expect(consoleErrors).toContain('未传入筛选接口');
    await page.keyboard.press('Escape');
  });
});

describe('request client in the browser', () => {
  beforeAll(freshBench);

  it('409: a 提示 confirm with the lines in red and one button, then rejects', async () => {
    await button(page, '409').click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.locator('.ant-modal-confirm-title', { hasText: '提示' }).waitFor();
    const line = confirm.getByText('继续提交将覆盖原计划');
    expect(await line.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(255, 77, 79)');
    expect(await confirm.getByRole('button').count()).toBe(1);
    await settled();
    await screenshot(page, 'kit-request-409');
    await button(confirm, '确定').click();
    await probe('409').getByText('rejected body 409').waitFor();
  });

  it('511: 终端设备不在线, and the caller gets the answer', async () => {
    await button(page, '511').click();
    await toast('终端设备不在线').waitFor();
    await probe('511').getByText('resolved {"code":511', { exact: false }).waitFor();
  });

  it('a very long message offers 查看更多 with the full text', async () => {
    await button(page, 'long').click();
    const notice = toast('查看更多');
    await notice.waitFor();
    await notice.getByRole('button', { name: '查看更多' }).click();
    await page.locator('.ant-modal-confirm').getByText(LONG_MESSAGE).waitFor();
    await settled();
    await screenshot(page, 'kit-request-long-message');
    await button(page.locator('.ant-modal-confirm'), '确定').click();
  });

  it('HTTP 403 shows Forbidden; a network failure shows 网络异常，请检查网络后再试', async () => {
    await button(page, '403').click();
    await toast('Forbidden').waitFor();
    await probe('403').getByText('rejected http 403 Forbidden').waitFor();
    await button(page, 'network').click();
    await toast('网络异常，请检查网络后再试').waitFor();
  });

  it('downloads save under the Content-Disposition name; an empty file shows 下载文件有误', async () => {
    const { download: file } = await exportDownload(page, button(page, 'download'));
    expect(file.suggestedFilename()).toBe('车辆报表.xlsx');
    await button(page, 'empty-file').click();
    await toast('下载文件有误').waitFor();
  });
});

describe('dialogs', () => {
  beforeAll(freshBench);

  it('operation log: 操作日志, 600 wide, from the server', async () => {
    const [answer] = await Promise.all([
      page.waitForResponse(calls('/colliery/operate/log/tc/page')),
      button(page, '查看操作日志').click(),
    ]);
    expect(answer.request().postDataJSON()).toEqual({ dataId: 1, pageEnum: 1, pageNum: 1, pageSize: 10 });
    const dialog = page.getByRole('dialog', { name: '操作日志' });
    await dialog.getByText('操作时间').waitFor();
    await settled();
    expect(Math.round((await page.locator('.ant-modal').boundingBox())?.width ?? 0)).toBe(600);
    await dialog.locator('.ant-modal-close').click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('a form dialog with another status than add, edit or preview throws', async () => {
    await button(page, '错误状态弹窗').click();
    await page.getByTestId('bad-status').getByText('弹窗状态无效：view').waitFor();
  });
});

describe('ListPage', () => {
  beforeAll(freshBench);

  const pageCalls: Array<{ pageNum: number; pageSize: number }> = [];
  const list = () => page.locator('.ant-card', { hasText: '批量查看' }).last();

  it('pages with total, sizes, pager, jumper; pager clicks reach the server once, debounced', async () => {
    page.on('request', (r) => {
      if (r.url().endsWith('/api/system/user/page'))
        pageCalls.push(r.postDataJSON() as { pageNum: number; pageSize: number });
    });
    await list().getByText('共 29 条').waitFor();
    const pager = list().locator('.ant-pagination');
    await pager.locator('.ant-pagination-options-quick-jumper').waitFor();
    expect(await pager.locator('.ant-pagination-item').count()).toBe(3);

    pageCalls.length = 0;
    // Two pager clicks 20 ms apart: only the last reaches the server.
    await pager.evaluate(async (element) => {
      (element.querySelector('.ant-pagination-item-2') as HTMLElement).click();
      await new Promise((resolve) => setTimeout(resolve, 20));
      (element.querySelector('.ant-pagination-item-3') as HTMLElement).click();
    });
    await list().getByText('bench_25').waitFor();
    await page.waitForTimeout(300);
    expect(pageCalls).toEqual([{ pageNum: 3, pageSize: 10 }]);

    pageCalls.length = 0;
    await list().getByRole('combobox', { name: '10 条/页' }).click();
    await page.locator('.ant-select-item-option', { hasText: '20 条/页' }).click();
    await expect.poll(() => pageCalls.at(-1)).toEqual({ pageNum: 2, pageSize: 20 });
    expect(await pager.locator('.ant-pagination-item').count()).toBe(2);

    pageCalls.length = 0;
    await pager.locator('.ant-pagination-options-quick-jumper input').fill('1');
    await pager.locator('.ant-pagination-options-quick-jumper input').press('Enter');
    await expect.poll(() => pageCalls.at(-1)).toEqual({ pageNum: 1, pageSize: 20 });
    await list().scrollIntoViewIfNeeded();
    await settled();
    await screenshot(page, 'kit-list-page');
  });

  it('runs batch actions on the selected rows', async () => {
    const batch = button(list(), '批量查看');
    expect(await batch.isDisabled()).toBe(true);
    await list().locator('tr.ant-table-row').nth(0).locator('.ant-checkbox-wrapper').click();
    await list().locator('tr.ant-table-row').nth(1).locator('.ant-checkbox-wrapper').click();
    await list().getByText('已选 2 项').waitFor();
    await batch.click();
    await expect
      .poll(async () => JSON.parse((await page.getByTestId('picker-values').textContent()) ?? '{}').batch)
      .toBe(2);
  });

  it('raised no script error along the way', () => {
    expect(pageErrors).toEqual([]);
  });
});
