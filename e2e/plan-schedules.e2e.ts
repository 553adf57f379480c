import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { button } from './support/browser';
import { calls, type Session, sessionPerFile, shownPageHelpers, tmpShot } from './support/session';

let page: Page;
let session: Session;

const { view, row, toast } = shownPageHelpers(() => page);
const shot = (name: string) => tmpShot(page, `plan-schedules-${name}`);
const LINE = '北京至天津京津塘干线';
const TRUCK = '京A10000';
/** Night runs: the demo's own plans of the truck leave between 05:00 and 19:00 and arrive the same evening. */
const TAKEN = '周三加班';
const NAME = '京津夜班';

/** An API call as the signed-in dispatcher. */
async function api<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const answer = await fetch(`${session.server.baseUrl}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'auth-token': session.login?.data.token ?? '' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await answer.json()) as { code: number; msg: string; data: T };
  if (json.code !== 200) throw new Error(`${path}: ${json.msg}`);
  return json.data;
}

/** Picks in the select labelled `label` of the dialog: types `text`, then clicks the option holding it. */
async function pick(dialog: ReturnType<Page['getByRole']>, label: string, text: string): Promise<void> {
  const select = dialog.getByLabel(label, { exact: true });
  await select.click();
  await select.pressSequentially(text, { delay: 30 });
  const item = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text });
  await item.first().waitFor();
  await page.waitForTimeout(300);
  await item.first().click();
  await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
}

sessionPerFile({ account: 'dispatch', name: 'plan-schedules', tail: 2000 }, (opened) => {
  session = opened;
  ({ page } = opened);
});

describe('出车前 › 车辆排班计划', () => {
  it('adds a schedule on the page, shown with its conflict before saving', async () => {
    // the demo without its operations history has no schedule yet
    await Promise.all([
      page.waitForResponse(calls('/scheduling/plan/page')),
      page.goto('/car-dispatch/vehicle-schedule'),
    ]);
    await view().getByText('共 0 条').or(view().locator('.ant-empty')).first().waitFor();
    await shot('empty');
    // another schedule of the truck, on Wednesdays at 01:00, made through the API
    const lines = await api<{ list: { id: number; routeName: string }[] }>('POST', '/colliery/line/page', {
      pageNum: 1,
      pageSize: 100,
      routeName: LINE,
    });
    const lineId = lines.list.find((l) => l.routeName === LINE)?.id;
    const [truck] = await api<{ id: number }[]>('POST', '/truck/no/car/list', {
      pageNum: 1,
      pageSize: 20,
      carNo: TRUCK,
    });
    const drivers = await api<{ list?: { id: number }[] } | { id: number }[]>(
      'GET',
      '/driver/name/listPage?pageNum=1&pageSize=20',
    );
    const driver = (Array.isArray(drivers) ? drivers : (drivers.list ?? []))[0];
    await api('POST', '/scheduling/plan/add', {
      name: TAKEN,
      lineId,
      truckId: Number(truck?.id),
      driverId: driver?.id,
      weekdays: [3],
      departTime: '01:00',
      startDate: '2026-01-01',
      daysAhead: 3,
    });

    await Promise.all([page.waitForResponse(calls('/scheduling/plan/page')), page.reload()]);
    await row(TAKEN).getByText('周三', { exact: true }).waitFor();
    await shot('list-before');

    await button(view(), '新增').click();
    const dialog = page.getByRole('dialog', { name: '新增排班计划' });
    await dialog.getByLabel('排班名称').fill(NAME);
    await pick(dialog, '线路', LINE);
    await pick(dialog, '车辆', TRUCK);
    await dialog.getByLabel('司机', { exact: true }).click();
    const firstDriver = page.locator('.ant-select-dropdown:visible .ant-select-item-option').first();
    await firstDriver.waitFor();
    await page.waitForTimeout(300);
    await firstDriver.click();
    await dialog.getByLabel('周六').check();
    await dialog.getByLabel('周日').check();
    const time = dialog.getByLabel('发车时间', { exact: true });
    await time.click();
    await time.fill('01:30');
    await time.press('Enter');
    const start = dialog.getByLabel('开始日期', { exact: true });
    await start.click();
    await start.fill('2026-01-01');
    await start.press('Enter');
    // the check runs as the form fills in: the Wednesday slot of the other schedule is taken
    const conflicts = dialog.getByTestId('schedule-conflicts');
    await conflicts.getByText(`车辆${TRUCK}已排入排班“${TAKEN}”`, { exact: false }).first().waitFor();
    await conflicts.getByText('发现', { exact: false }).first().waitFor();
    await shot('conflicts');

    // saving with conflicts asks to accept them first
    await button(dialog, '确定').click();
    await dialog.getByText('有冲突，请确认后再保存').waitFor();
    await dialog.getByText('我已了解以上冲突', { exact: false }).click();
    const [added] = await Promise.all([
      page.waitForResponse(calls('/scheduling/plan/add')),
      button(dialog, '确定').click(),
    ]);
    const sent = added.request().postDataJSON() as Record<string, unknown>;
    expect(sent).toMatchObject({ name: NAME, departTime: '01:30', weekdays: [1, 2, 3, 4, 5, 6, 7] });
    expect(sent).not.toHaveProperty('acceptConflicts');
    expect((await added.json()).code).toBe(200);
    await row(NAME).getByText('每天').waitFor();
    await row(NAME).getByText('01:30').waitFor();
  });

  it('generates the plans now, listed under the schedule and in 计划管理', async () => {
    await button(view(), '立即生成计划').click();
    const confirm = page.locator('.ant-modal-confirm');
    await Promise.all([
      page.waitForResponse(calls('/scheduling/plan/generate')),
      button(confirm, '确定').click(),
    ]);
    await toast('已生成').waitFor();
    await Promise.all([page.waitForResponse(calls('/scheduling/plan/page')), page.reload()]);
    const next = row(NAME).getByTestId('next-plans');
    await next
      .getByText(/\d\d-\d\d 01:30/)
      .first()
      .waitFor();
    await shot('generated');

    await Promise.all([page.waitForResponse(calls('/plan/list')), page.goto('/car-dispatch/plan')]);
    await row('01:30:00').getByText('已发布').first().waitFor();
    expect(await view().locator('.ant-table-row', { hasText: '01:30:00' }).count()).toBeGreaterThanOrEqual(2);
    await shot('plans');
  });

  it('pauses the schedule', async () => {
    await Promise.all([
      page.waitForResponse(calls('/scheduling/plan/page')),
      page.goto('/car-dispatch/vehicle-schedule'),
    ]);
    await row(NAME).locator('a', { hasText: '暂停' }).click();
    const ask = page.locator('.ant-modal-confirm');
    await Promise.all([
      page.waitForResponse(calls('/scheduling/plan/changeStatus')),
      button(ask, '确定').click(),
    ]);
    await toast('排班状态已更新').waitFor();
    await row(NAME).getByText('暂停').first().waitFor();
    await row(NAME).locator('a', { hasText: '启用' }).waitFor();
    await shot('paused');
  });
});
