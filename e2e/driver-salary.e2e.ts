import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { button } from './support/browser';
import { calls, type Session, sessionPerFile, shownPageHelpers, tmpShot } from './support/session';

// 司机工资汇总 and 司机工资明细 as the finance user: the rules saved in the drawer, a driver's month
// confirmed after the confirmation dialog, and the detail explaining each amount.

let page: Page;
let session: Session;

const { view, row, toast } = shownPageHelpers(() => page);
const shot = (name: string) => tmpShot(page, `driver-salary-${name}`);

interface SummaryRow {
  driverId: number;
  driverName: string;
  total: string;
  confirmState: number;
  confirmedByName: string;
}

async function api<T>(path: string, body: unknown): Promise<T> {
  const answer = await fetch(`${session.server.baseUrl}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'auth-token': session.login?.data.token ?? '' },
    body: JSON.stringify(body),
  });
  const json = (await answer.json()) as { code: number; msg: string; data: T };
  if (json.code !== 200) throw new Error(`${path}: ${json.msg}`);
  return json.data;
}

/** Last month (Shanghai): the current one cannot be confirmed before it ends; the demo's 60 days of waybills fill it. */
const month = () => {
  const now = new Date(Date.now() + 8 * 3_600_000);
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return `${last.getUTCFullYear()}-${String(last.getUTCMonth() + 1).padStart(2, '0')}`;
};

/** Sets the search form's 月份 picker to last month. */
async function pickMonth(): Promise<void> {
  const input = view().getByPlaceholder('请选择月份');
  await input.click();
  await input.fill(month());
  await input.press('Enter');
  await page.locator('.ant-picker-dropdown:visible').waitFor({ state: 'hidden' });
  expect(await input.inputValue()).toBe(month());
}

/** Picks the driver in the search form's 司机 select: types the name, then clicks its option. */
async function pickDriver(name: string): Promise<void> {
  const select = view().getByLabel('司机', { exact: true });
  await select.click();
  await select.pressSequentially(name, { delay: 30 });
  const item = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: name });
  await item.first().waitFor();
  await page.waitForTimeout(300);
  await item.first().click();
  await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
}

/** Searches the shown list, waiting for its call. */
async function search(path: string): Promise<void> {
  await Promise.all([page.waitForResponse(calls(path)), button(view(), '查询').click()]);
}

sessionPerFile(
  // the demo's past waybills give the month's trips
  { account: 'finance', name: 'driver-salary', tail: 2000, env: { SEED_DEMO_WAYBILLS: '1' } },
  (opened) => {
    session = opened;
    ({ page } = opened);
  },
);

describe('财务管理 › 台账 › 司机工资', () => {
  let first: SummaryRow | undefined;

  it('saves the rules in the drawer of the summary page and shows the month computed with them', async () => {
    await Promise.all([
      page.waitForResponse(calls('/colliery/driver/salary/summary/page')),
      page.goto('/finance-management/ledger/driver-salary-summary'),
    ]);
    await view().getByTestId('salary-totals').waitFor();
    await shot('summary-before');
    await button(view(), '工资规则').click();
    const drawer = page.locator('.ant-drawer', { hasText: '司机工资规则' });
    await drawer.getByLabel('月底薪(元)').waitFor();
    await drawer.getByLabel('每吨单价(元/吨)').fill('12.345');
    await drawer.getByLabel('月底薪(元)').fill('3000');
    await button(drawer, '保存').click();
    await drawer.getByText('请最多输入八位整数和两位小数的金额').waitFor();
    await drawer.getByLabel('每吨单价(元/吨)').fill('12');
    await drawer.getByLabel('固定补贴(元/月)').fill('200');
    await shot('rules');
    await Promise.all([
      page.waitForResponse(calls('/colliery/driver/salary/config/save')),
      page.waitForResponse(calls('/colliery/driver/salary/summary/page')),
      button(drawer, '保存').click(),
    ]);
    await toast('工资规则已保存').waitFor();

    const summary = await api<{ list: (SummaryRow & { trips: number })[] }>(
      '/colliery/driver/salary/summary/page',
      { month: month(), pageSize: 500 },
    );
    // the driver with the most trips last month
    first = [...summary.list].sort((a, b) => b.trips - a.trips)[0];
    expect(first, 'the finance team has drivers').toBeDefined();
    await pickMonth();
    await pickDriver(first?.driverName ?? '');
    await search('/colliery/driver/salary/summary/page');
    await row(first?.driverName ?? '')
      .getByText(first?.total ?? '')
      .first()
      .waitFor();
  });

  it('confirms the selected driver after the dialog, then shows who confirmed', async () => {
    const target = row(first?.driverName ?? '').first();
    await target.locator('.ant-checkbox-input').check();
    await button(view(), '确认工资').click();
    const dialog = page.locator('.ant-modal-confirm', { hasText: '确认司机工资' });
    await dialog.getByText(`${first?.driverName}`).first().waitFor();
    await shot('confirm-dialog');
    await Promise.all([
      page.waitForResponse(calls('/colliery/driver/salary/summary/confirm')),
      button(dialog, '确认').click(),
    ]);
    await toast('已确认 1 位司机的工资').waitFor();
    await target.getByText('已确认').waitFor();
    const after = await api<{ list: SummaryRow[] }>('/colliery/driver/salary/summary/page', {
      month: month(),
      driverId: first?.driverId,
    });
    expect(after.list[0]).toMatchObject({ confirmState: 1, total: first?.total });
    await target.getByText(after.list[0]?.confirmedByName ?? '-').waitFor();
    await shot('summary-confirmed');
  });

  it('explains each amount on the detail page', async () => {
    await Promise.all([
      page.waitForResponse(calls('/colliery/driver/salary/detail/page')),
      page.goto('/finance-management/ledger/driver-salary-detail'),
    ]);
    await pickMonth();
    await pickDriver(first?.driverName ?? '');
    await search('/colliery/driver/salary/detail/page');
    const detail = await api<{ list: { driverName: string; kind: string; text: string }[] }>(
      '/colliery/driver/salary/detail/page',
      { month: month(), driverId: first?.driverId, pageSize: 50 },
    );
    expect(detail.list.length).toBeGreaterThan(0);
    await view().getByTestId('salary-totals').getByText('合计：司机1人').waitFor();
    const some = detail.list.find((r) => r.kind === 'waybill') ?? detail.list[0];
    await view()
      .getByText(some?.text ?? '')
      .first()
      .waitFor();
    await shot('detail');
    expect(session.pageErrors).toEqual([]);
  });
});
