import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, settled } from './support/browser';
import { type RunningServer, startServer } from './support/server';
import { type Account, newPage, signIn as signInOn, tableRow, viewAt } from './support/session';

let browser: Browser;
let server: RunningServer;

async function signIn(account: Account): Promise<Page> {
  const page = await newPage(browser, server.baseUrl);
  await signInOn(page, account);
  return page;
}

/** The rows of the list on the page at `path`, once its table has rows. */
async function rowsOf(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  const view = viewAt(page, path);
  const rows = view.locator('.ant-table-tbody tr.ant-table-row');
  await rows.first().waitFor({ timeout: 15_000 });
  await settled(page);
  return rows.allTextContents();
}

describe('a working day for each demo account (issue 10, finding 22)', () => {
  beforeAll(async () => {
    browser = await launchBrowser();
    server = await startServer({ env: { SEED_DEMO_ALARMS: '1' } });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('dispatch of 干线一分队 sees the lines and stations of 干线运输车队 above it', async () => {
    const page = await signIn('dispatch');
    const lines = await rowsOf(page, '/car-dispatch/route');
    expect(lines.join('\n')).toContain('北京至天津京津塘干线');
    // read and picked, not changed: the line of the fleet above offers its log only
    const trunkLine = tableRow(page, '北京至天津京津塘干线');
    expect(await trunkLine.getByText('日志').count()).toBe(1);
    expect(await trunkLine.getByText('编辑').count()).toBe(0);
    await screenshot(page, 'demo-day-dispatch-lines');
    const stations = await rowsOf(page, '/information/station');
    expect(stations.join('\n')).toContain('天津开发区物流中心');
    await screenshot(page, 'demo-day-dispatch-stations');
    await page.context().close();
  });

  it('finance of 干线二分队 sees the customers and common addresses of the teams above it', async () => {
    const page = await signIn('finance');
    const customers = await rowsOf(page, '/tc/customer');
    expect(customers.join('\n')).toContain('北京华联商贸有限公司');
    const hqCustomer = tableRow(page, '北京华联商贸有限公司');
    expect(await hqCustomer.getByText('编辑').count()).toBe(0);
    await screenshot(page, 'demo-day-finance-customers');
    const addresses = await rowsOf(page, '/tc/common-address');
    expect(addresses.join('\n')).toContain('北京大兴物流园');
    await page.context().close();
  });

  it('safety of 城配一分队 finds the alarms of its trucks', async () => {
    const page = await signIn('safety');
    const alarms = await rowsOf(page, '/alarm/driver/route');
    expect(alarms.join('\n')).toContain('津C');
    await screenshot(page, 'demo-day-safety-alarms');
    await page.context().close();
  });
});
