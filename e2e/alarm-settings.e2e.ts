import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { button as buttonIn, screenshot, settled as settle } from './support/browser';
import type { RunningServer } from './support/server';
import { calls, type Envelope, openSession, type Session, tableRow, toastOf } from './support/session';

interface Vehicle {
  carId: number;
  carNo: string;
  own: number;
  settings: { parking: { minutes: number }; fatigue: { alarmMinutes: number } };
}

const PAGE = '/alarm/carset/index';
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp';

let session: Session;
let server: RunningServer;
let context: BrowserContext;
let page: Page;
let token = '';
let pageErrors: string[];

const button = (text: string) => buttonIn(page, text);
const toast = (text: string) => toastOf(page, text);
const row = (text: string) => tableRow(page, text);

function settled(): Promise<void> {
  return settle(page, 200);
}

beforeAll(async () => {
  session = await openSession({ account: 'dispatch' });
  ({ server, context, page, pageErrors } = session);
  token = session.login?.data.token ?? '';
});

afterAll(() => session?.close());

beforeEach(({ task, onTestFailed }) => {
  onTestFailed(async () => {
    await screenshot(page, `failed-alarm-settings-${task.name.replace(/[^\p{L}\p{N}]+/gu, '-')}`);
    console.error(`server output:\n${server.output()}`);
  });
});

describe('车辆报警设置', () => {
  let first: Vehicle;

  it('shows the team rules and every vehicle of the team with its effective rules', async () => {
    const [answer] = await Promise.all([
      page.waitForResponse(calls('/v2/web/alarm/vehicleAlarmSet/list')),
      page.goto(PAGE),
    ]);
    const list = (await answer.json()) as Envelope<{ list: Vehicle[]; total: number }>;
    expect(list.code).toBe(200);
    expect(list.data.total).toBeGreaterThan(0);
    first = list.data.list[0] as Vehicle;
    await expect.poll(() => page.getByText('车队报警设置', { exact: true }).isVisible()).toBe(true);
    await expect
      .poll(() => page.locator('.ant-select-content', { hasText: '干线一分队' }).first().isVisible())
      .toBe(true);
    await expect.poll(() => row(first.carNo).isVisible()).toBe(true);
    await expect.poll(() => row(first.carNo).textContent()).toContain('沿用车队');
    await expect.poll(() => row(first.carNo).textContent()).toContain('超过60分钟');
  });

  it('saves a team rule, which the vehicles of the team then show', async () => {
    const minutes = page.getByLabel('停车超时停车时长');
    await minutes.fill('45');
    const [saved] = await Promise.all([
      page.waitForResponse(calls('/alarm/set')),
      button('保存车队设置').click(),
    ]);
    expect(((await saved.json()) as Envelope).code).toBe(200);
    await expect.poll(() => toast('车队报警设置已保存').isVisible()).toBe(true);
    await expect.poll(() => row(first.carNo).textContent()).toContain('超过45分钟');
    await settled();
    await page.screenshot({ path: `${SHOTS}/alarm-carset-page.png`, fullPage: true });
  });

  it('gives one vehicle a rule of its own in the dialog, then restores the team settings', async () => {
    await row(first.carNo).getByText('设置', { exact: true }).click();
    const dialog = page.locator('.ant-modal', { hasText: `车辆报警设置 - ${first.carNo}` });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const fatigue = dialog.locator('[data-rule="fatigue"]');
    const alarmMinutes = dialog.getByLabel('疲劳驾驶报警驾驶时长');
    await expect.poll(() => alarmMinutes.isDisabled()).toBe(true);
    await fatigue.getByText('沿用车队').click();
    await expect.poll(() => alarmMinutes.isDisabled()).toBe(false);
    await alarmMinutes.fill('300');
    await settled();
    await page.screenshot({ path: `${SHOTS}/alarm-carset-dialog.png` });
    const [saved] = await Promise.all([
      page.waitForResponse(calls('/v2/web/alarm/updateVehicleAlarmSet')),
      dialog.getByRole('button', { name: /^确\s*定$/ }).click(),
    ]);
    const body = (await saved.json()) as Envelope;
    expect(body.code).toBe(200);
    expect(JSON.parse(saved.request().postData() ?? '{}')).toMatchObject({
      carIds: [first.carId],
      settings: { fatigue: { alarmMinutes: 300 } },
    });
    await expect.poll(() => row(first.carNo).textContent()).toContain('单独设置');
    await expect.poll(() => row(first.carNo).textContent()).toContain('报警300分');

    await row(first.carNo).getByText('恢复车队设置').click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /^确\s*定$/ })
      .click();
    await expect.poll(() => toast('已恢复为车队设置').isVisible()).toBe(true);
    await expect.poll(() => row(first.carNo).textContent()).toContain('沿用车队');
    expect(pageErrors).toEqual([]);
  });
});

describe('站点围栏报警设置', () => {
  it('adds a fence set for a station and a team, disables it and deletes it', async () => {
    const station = await context.request.post('/api/station/add', {
      headers: { 'Auth-Token': token },
      data: {
        name: '天津港煤码头',
        type: 2,
        fenceType: 'circle',
        longitude: 117.7,
        latitude: 39.0,
        radius: 500,
      },
    });
    expect(((await station.json()) as Envelope).code).toBe(200);
    const [first] = await Promise.all([
      page.waitForResponse(calls('/electricFence/fenceSet/list')),
      page.goto('/car-dispatch/stationFenceAlarm'),
    ]);
    // the demo's own set of 干线一分队 is there already
    const sets = (await first.json()) as Envelope<{ list: { name: string }[] }>;
    expect(sets.data.list.map((s) => s.name)).toEqual(['干线装卸货点']);

    await button('新增').click();
    const dialog = page.locator('.ant-modal', { hasText: '新增围栏设置' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: /^确\s*定$/ }).click();
    await expect.poll(() => dialog.getByText('请选择车辆或车队').isVisible()).toBe(true);
    await dialog.getByLabel('名称').fill('港口进出提醒');
    await dialog.getByLabel('站点').click();
    await page.locator('.ant-select-item-option', { hasText: '天津港煤码头' }).click();
    // the station list (with the stations of 干线运输车队 above) closes before the team is picked
    await dialog.getByLabel('名称').click();
    await settled();
    await dialog.getByLabel('车队').click();
    await page.locator('.ant-select-tree-title', { hasText: '干线一分队' }).click();
    await dialog.getByLabel('名称').click();
    await settled();
    await page.screenshot({ path: `${SHOTS}/alarm-fence-dialog.png` });
    const [saved] = await Promise.all([
      page.waitForResponse(calls('/electricFence/fenceSet/add')),
      dialog.getByRole('button', { name: /^确\s*定$/ }).click(),
    ]);
    expect(JSON.parse(saved.request().postData() ?? '{}')).toMatchObject({
      name: '港口进出提醒',
      teamCodes: ['10000010010001'],
      notifyEnter: 1,
      notifyExit: 1,
      status: 1,
    });
    expect(((await saved.json()) as Envelope).code).toBe(200);
    await expect.poll(() => row('港口进出提醒').textContent()).toContain('天津港煤码头');
    await expect.poll(() => row('港口进出提醒').textContent()).toContain('干线一分队');
    await settled();
    await page.screenshot({ path: `${SHOTS}/alarm-fence-page.png`, fullPage: true });

    await row('港口进出提醒').getByText('停用', { exact: true }).click();
    await expect.poll(() => toast('状态已更新').isVisible()).toBe(true);
    await expect.poll(() => row('港口进出提醒').locator('.ant-tag').textContent()).toBe('停用');
    await row('港口进出提醒').getByText('删除', { exact: true }).click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /^确\s*定$/ })
      .click();
    await expect.poll(() => toast('已删除').isVisible()).toBe(true);
    await expect.poll(() => row('港口进出提醒').count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });
});
