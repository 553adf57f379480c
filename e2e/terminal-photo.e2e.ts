import { rm } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { button, screenshot, settled } from './support/browser';
import { copyWebDist, type RunningServer } from './support/server';
import { calls, type Envelope, openSession, type Session } from './support/session';

/**
 * The JT/T 808 terminal commands of the screens, in Chromium as admin with simulated trucks
 * speaking JT/T 808: 拍照 on the vehicle card (0x8801; the simulated camera uploads 0x0801) shows
 * the photo, and 重置鉴权码 on 设备管理 makes the terminal register again.
 */

let session: Session;
let server: RunningServer;
let webCopy: string;
let page: Page;
let pageErrors: string[];

beforeAll(async () => {
  webCopy = await copyWebDist();
  session = await openSession({
    account: 'admin',
    timezoneId: 'Asia/Shanghai',
    env: { SIMULATOR_VEHICLES: '6', SIMULATOR_REPORT_SECONDS: '5', WEB_DIST_DIR: webCopy },
  });
  ({ server, page, pageErrors } = session);
}, 180_000);

afterAll(async () => {
  await session?.close();
  if (webCopy) await rm(webCopy, { recursive: true, force: true });
});

beforeEach(({ task, onTestFailed }) => {
  onTestFailed(async () => {
    await screenshot(page, `failed-terminal-photo-${task.name.replace(/[^\p{L}\p{N}]+/gu, '-')}`);
    console.error(`server output:\n${server.output()}`);
  });
});

describe('terminal commands from the screens', () => {
  it('takes a photo from the vehicle card and shows it when the terminal uploads it', async () => {
    await page.goto('/monitor/scatter/route');
    const online = page.getByRole('tab', { name: /^在线\((\d+)\)$/ });
    await expect
      .poll(async () => Number(/\d+/.exec((await online.textContent()) ?? '0')?.[0]), { timeout: 60_000 })
      .toBeGreaterThan(0);
    await online.click();
    const plate = page.locator('.ant-tree-treenode-leaf').first();
    await plate.waitFor();
    const carNo = /[\u4e00-\u9fa5][A-Z][A-Z0-9]{5}/.exec((await plate.textContent()) ?? '')?.[0] ?? '';
    await Promise.all([page.waitForResponse(calls('/monitor/car/card')), plate.click()]);
    const dialog = page.getByRole('dialog', { name: carNo });
    const [asked] = await Promise.all([
      page.waitForResponse(calls('/monitor/car/photo')),
      button(dialog, '拍照').click(),
    ]);
    expect(((await asked.json()) as Envelope).code).toBe(200);
    const photo = dialog.getByRole('img', { name: '拍照' });
    await photo.waitFor({ timeout: 20_000 });
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
    await dialog.getByText(/^拍摄于 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/).waitFor();
    await settled(page);
    await screenshot(page, 'monitor-card-photo');
  });

  it('resets a terminal’s authentication code on 设备管理', async () => {
    await page.goto('/information/device');
    const row = page.locator('.ant-table-row').first();
    await row.waitFor();
    await row.getByText('重置鉴权码').click();
    const confirm = page.getByRole('dialog').filter({ hasText: '确定重置终端' });
    await confirm.waitFor();
    await settled(page);
    await screenshot(page, 'terminals-reset-auth-code');
    const [answer] = await Promise.all([
      page.waitForResponse(calls('/terminal/resetAuthCode')),
      button(confirm, '确定').click(),
    ]);
    expect(((await answer.json()) as Envelope).code).toBe(200);
    await page.getByText('鉴权码已重置').waitFor();
    expect(pageErrors).toEqual([]);
  });
});
