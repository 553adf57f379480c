import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestTerminal } from '../apps/server/src/telematics/gateway/test-terminal';
import { launchBrowser } from './support/browser';
import { copyWebDist, type RunningServer, startServer } from './support/server';
import {
  ALARM_BIT,
  DemoTerminals,
  type DemoTruck,
  freePort,
  reportAlarm,
  truckOf,
} from './support/terminals';

/**
 * The alarm reminder in Chromium, with alarms made for real: a terminal of the demo fleet logs in
 * to the JT/T 808 gateway over TCP and reports its position with alarm bits set; the platform
 * raises the alarm and pushes it over the live socket. The bell's count rises, one pop-up shows
 * (a newer one replaces it) and 去处理 jumps; the feed card on the home page lists it; 详情 shows
 * the unread messages, which are marked read until the count is back to zero; the subscription page
 * saves. Screenshots go to SCREENSHOTS_DIR (not the repository).
 */

const SCREENSHOTS_DIR = process.env.ALARM_SCREENSHOTS_DIR ?? path.join(tmpdir(), 'alarm-reminder-shots');
const TEAM_ONE = '10000010010001';
const TEAM_TWO = '10000010010002';
/** 城配一分队, the safety officer's team. */
const CITY_TEAM = '10000010020001';
const { emergency: EMERGENCY_BIT, overspeed: OVERSPEED_BIT, danger: DANGER_BIT } = ALARM_BIT;

let server: RunningServer;
let webCopy: string;
let browser: Browser;
let terminals: DemoTerminals;
const pageErrors: string[] = [];
let lastPage: Page | undefined;

const teamTruck = (teamCode: string) => truckOf(server.databaseUrl, teamCode);
const terminalOf = (truck: DemoTruck) => terminals.of(truck);
async function report(terminal: TestTerminal, alarm: number): Promise<void> {
  expect(await reportAlarm(terminal, alarm)).toBe(0);
}

async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: /^登\s*录$/ }).click();
  await page.waitForURL((url) => url.pathname === '/databoard/index');
  await page.getByTestId('alarm-feed').waitFor();
}

async function newPage(): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.baseUrl,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1440, height: 900 },
  });
  const page = await context.newPage();
  lastPage = page;
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return page;
}

/** expect.poll with room for a busy machine (the default gives up after 1 s). */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 });
const bell = (page: Page) => page.getByRole('button', { name: /^报警提醒 / });
/** Alarm pop-ups on screen (one closing after a newer one came is leaving, not shown). */
const popups = (page: Page) => page.locator('[data-testid="alarm-popup"]:not(.ant-notification-fade-leave)');
const beeps = (page: Page) => page.evaluate(() => Number(document.documentElement.dataset.alarmBeeps ?? 0));

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(SCREENSHOTS_DIR, `${name}.png`) });
}

beforeAll(async () => {
  await mkdir(SCREENSHOTS_DIR, { recursive: true });
  webCopy = await copyWebDist();
  const jt808Port = await freePort();
  server = await startServer({ env: { JT808_PORT: String(jt808Port), WEB_DIST_DIR: webCopy } });
  terminals = new DemoTerminals(jt808Port);
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await terminals?.closeAll();
  await browser?.close();
  await server?.stop();
  if (webCopy) await rm(webCopy, { recursive: true, force: true });
});

beforeEach(({ task, onTestFailed }) => {
  onTestFailed(async () => {
    if (lastPage && !lastPage.isClosed())
      await lastPage.screenshot({ path: path.join(SCREENSHOTS_DIR, `failed-${task.id}.png`) });
    console.error(`server output:\n${server.output()}`);
  });
});

describe('alarm reminder', () => {
  it('pushes live alarms to the bell, pop-ups, feed card and details, and counts down on read', async () => {
    const page = await newPage();
    await signIn(page, 'admin', 'Admin@123');

    // 订阅设置: alarm sound on (pop-ups stay on), saved and read back.
    await bell(page).click();
    await page.getByRole('button', { name: /订阅设置/ }).click();
    await page.waitForURL((url) => url.pathname === '/alarmSubscriptionSet');
    const settings = page.locator('[data-view="/alarmSubscriptionSet"]');
    const voice = settings.getByRole('switch', { name: '报警声音' });
    await voice.waitFor();
    expect(await voice.getAttribute('aria-checked')).toBe('false');
    expect(await settings.getByRole('switch', { name: '报警弹窗' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    await voice.click();
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/message/alarmSubscription/config/edit'));
    await settings.getByRole('button', { name: /^保\s*存$/ }).click();
    expect(((await (await saved).json()) as { code: number }).code).toBe(200);
    await page.getByText('保存成功').waitFor();
    await shot(page, 'subscription-page');

    // Back home: nothing unread, the sound control of this browser switched on.
    await page.goto('/databoard/index');
    await page.getByTestId('alarm-feed').waitFor();
    await poll(() => bell(page).getAttribute('aria-label')).toBe('报警提醒 0');
    await bell(page).click();
    await page.getByText('暂无未读报警').waitFor();
    await page.getByRole('switch', { name: '提示音' }).click();
    await bell(page).click();
    await page.getByText('暂无未读报警').waitFor({ state: 'hidden' });

    // A truck of 干线一分队 speeds: the alarm comes over the gateway and the live socket.
    const truck = await teamTruck(TEAM_ONE);
    const terminal = await terminalOf(truck);
    await report(terminal, OVERSPEED_BIT);
    await poll(() => bell(page).getAttribute('aria-label')).toBe('报警提醒 1');
    const popup = popups(page);
    await popup.waitFor({ timeout: 5000 });
    await poll(() => popup.textContent()).toContain(truck.carNo);
    expect(await popup.textContent()).toContain('超速报警');
    expect(await beeps(page)).toBe(1);
    await popup.hover();
    await shot(page, 'alarm-popup');

    // The feed card lists it: plate, driver, type, speed, time, duration, place.
    const feed = page.getByTestId('alarm-feed');
    const row = feed.locator('tbody tr.ant-table-row').first();
    await poll(() => row.textContent()).toContain(truck.carNo);
    const rowText = await row.textContent();
    expect(rowText).toContain('超速报警');
    expect(rowText).toContain('62 km/h');
    expect(rowText).toMatch(/\d+秒/);
    await feed.screenshot({ path: path.join(SCREENSHOTS_DIR, 'alarm-feed.png') });

    // Two more alarms: one pop-up at a time, the newest; counts rise by one each.
    await report(terminal, OVERSPEED_BIT | EMERGENCY_BIT);
    await poll(() => bell(page).getAttribute('aria-label')).toBe('报警提醒 2');
    await poll(() => popups(page).count()).toBe(1);
    await poll(() => popups(page).textContent()).toContain('紧急报警');
    const second = teamTruck(TEAM_TWO).then(terminalOf);
    await report(await second, OVERSPEED_BIT);
    await poll(() => bell(page).getAttribute('aria-label')).toBe('报警提醒 3');
    await poll(() => popups(page).count()).toBe(1);
    await poll(() => popups(page).textContent()).toContain((await teamTruck(TEAM_TWO)).carNo);
    expect(await beeps(page)).toBe(3);

    // A pop-up's close control closes it; the popover lists the types with their counts.
    await popups(page)
      .getByRole('button', { name: /close|关闭/i })
      .click();
    await poll(() => popups(page).count()).toBe(0);
    await bell(page).click();
    const list = page.getByRole('list', { name: '报警提醒' });
    await list.waitFor();
    await poll(() => list.textContent()).toMatch(/超速报警\s*2/);
    expect(await list.textContent()).toMatch(/紧急报警\s*1/);
    await shot(page, 'alarm-popover');

    // 详情: the unread messages; one marked read, then all.
    await page.getByRole('button', { name: /^详\s*情$/ }).click();
    await page.waitForURL(
      (url) => url.pathname === '/alarm/message/index' && url.search === '?messageStatus=0',
    );
    const view = page.locator('[data-view="/alarm/message/index"]');
    const rows = view.locator('.ant-table-tbody tr.ant-table-row');
    await poll(() => rows.count()).toBe(3);
    await shot(page, 'alarm-messages');
    await rows.first().getByText('标为已读').click();
    await poll(() => bell(page).getAttribute('aria-label')).toBe('报警提醒 2');
    await poll(() => rows.count()).toBe(2);
    await view.getByRole('button', { name: /全部已读/ }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^确\s*定$/ })
      .click();
    await poll(() => bell(page).getAttribute('aria-label')).toBe('报警提醒 0');
    await poll(() => rows.count()).toBe(0);

    // Read messages are there under 已读.
    await view.getByRole('combobox').first().click();
    await page
      .locator('.ant-select-item-option')
      .filter({ hasText: /^已读$/ })
      .click();
    await view.getByRole('button', { name: /^查\s*询$/ }).click();
    await poll(() => rows.count()).toBe(3);

    // 去处理 on a pop-up jumps to the vehicle alarm page with the plate, type and start time.
    await report(terminal, OVERSPEED_BIT | EMERGENCY_BIT | DANGER_BIT);
    const last = popups(page).filter({ hasText: '危险预警' });
    await last.waitFor({ timeout: 10_000 });
    await last.hover();
    await Promise.all([
      page.waitForURL((url) => url.pathname === '/alarm/driver/route', { timeout: 5000 }),
      last.getByRole('button', { name: /去\s*处\s*理/ }).click(),
    ]);
    const target = new URL(page.url());
    expect(target.searchParams.get('carNo')).toBe(truck.carNo);
    expect(target.searchParams.get('eventType')).toBe('7002');
    expect(target.searchParams.get('startTime')).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await last.waitFor({ state: 'detached' });
    expect(pageErrors).toEqual([]);
  });

  it('finding 21: sends no pop-up of an alarm the user may not open, and offers no such type', async () => {
    // finance (干线二分队) holds no alarm page; admin, watching the same truck, gets the alarm.
    const financePage = await newPage();
    await signIn(financePage, 'finance', 'Finance@123');
    const adminPage = await newPage();
    await signIn(adminPage, 'admin', 'Admin@123');
    const terminal = await terminalOf(await teamTruck(TEAM_TWO));
    await report(terminal, EMERGENCY_BIT);
    await popups(adminPage).filter({ hasText: '紧急报警' }).waitFor({ timeout: 10_000 });
    await financePage.waitForTimeout(1000);
    expect(await popups(financePage).count()).toBe(0);
    expect(await bell(financePage).getAttribute('aria-label')).toBe('报警提醒 0');

    // finance may open the waybill approval pages: their reminders are the only kind offered
    await financePage.goto('/alarmSubscriptionSet');
    const settings = financePage.locator('[data-view="/alarmSubscriptionSet"]');
    await settings.getByRole('checkbox', { name: '运单费用审批提醒' }).waitFor();
    expect(await settings.locator('.ant-card-head-title').allTextContents()).toEqual([
      '报警订阅设置',
      '审批提醒',
    ]);
    expect(await settings.getByRole('checkbox', { name: '紧急报警' }).count()).toBe(0);
    await shot(financePage, 'subscription-finance');
    await report(terminal, 0);
  });

  it('follows the subscription: unsubscribed types do not come, pop-ups can be off', async () => {
    const page = await newPage();
    await signIn(page, 'safety', 'Safety@123');
    await page.goto('/alarmSubscriptionSet');
    const settings = page.locator('[data-view="/alarmSubscriptionSet"]');
    const pop = settings.getByRole('switch', { name: '报警弹窗' });
    await pop.waitFor();
    await pop.click();
    await settings.getByRole('checkbox', { name: '紧急报警' }).uncheck();
    const terminalKind = settings
      .locator('.ant-card')
      .filter({ has: page.getByRole('checkbox', { name: '终端', exact: true }) });
    await poll(() => terminalKind.textContent()).toContain(`已选 ${20 - 1}/20`);
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/message/alarmSubscription/config/edit'));
    await settings.getByRole('button', { name: /^保\s*存$/ }).click();
    expect(((await (await saved).json()) as { code: number }).code).toBe(200);

    await page.goto('/databoard/index');
    await page.getByTestId('alarm-feed').waitFor();
    await poll(() => bell(page).getAttribute('aria-label')).toBe('报警提醒 0');
    const truck = await teamTruck(CITY_TEAM);
    await report(await terminalOf(truck), EMERGENCY_BIT | OVERSPEED_BIT);
    await poll(() => bell(page).getAttribute('aria-label')).toBe('报警提醒 1');
    const row = page.getByTestId('alarm-feed').locator('tbody tr.ant-table-row');
    await poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain('超速报警');
    await page.waitForTimeout(1000);
    expect(await popups(page).count()).toBe(0);
  });
});
