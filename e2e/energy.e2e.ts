import { mkdirSync } from 'node:fs';
import { abbreviateNumber } from '@fleet/domain';
import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { button } from './support/browser';
import { calls, type Session, sessionPerFile, shownPageHelpers } from './support/session';

// 油耗统计, 油耗结果查看, 油耗结果分析 and 里程能耗报表 as the admin on the demo's past trips: the
// figures the server answered are the ones on screen (each truck's in its unit, the cards in k/M), a
// truck's result lists its trips, and the energy report opens a truck's detail; the demo's plug-in
// hybrid shows its litres and its kwh, each per 100 km.

let page: Page;
let session: Session;
const { view, row } = shownPageHelpers(() => page);
/** A row of the table of the shown tab (the other tabs' tables stay in the page, hidden). */
const tabRow = (text: string) =>
  view().getByRole('tabpanel').locator('.ant-table-tbody tr.ant-table-row', { hasText: text }).first();

mkdirSync('/tmp/shots', { recursive: true });
const shot = (name: string) => page.screenshot({ path: `/tmp/shots/energy-${name}.png`, fullPage: true });

interface TruckRow {
  truckId: number;
  carNo: string;
  mileage: number;
  fuelUsed: number;
  unit: string;
  fuelUnit: string;
  per100Km: number | null;
  powerUsed: number | null;
  powerUnit: string | null;
  powerPer100Km: number | null;
}

// biome-ignore lint/suspicious/noExplicitAny: the answer's data
const data = async (r: Response) => ((await r.json()) as { data: any }).data;

sessionPerFile(
  // the demo's past trips come with the operations history
  { account: 'admin', name: 'energy', tail: 2000, env: { SEED_DEMO_WAYBILLS: '1' } },
  (opened) => {
    session = opened;
    ({ page } = opened);
  },
);

describe('运输管理 › 出车后 › 油耗统计', () => {
  let diesel: TruckRow | undefined;

  it('shows each truck of the last 31 days in its unit and the period totals on the cards', async () => {
    expect(session).toBeDefined();
    const [list, cards] = await Promise.all([
      page.waitForResponse(calls('/fuel/resultList')),
      page.waitForResponse(calls('/fule/manager/cards')),
      page.goto('/oil-consumption/index'),
    ]);
    const trucks = (await data(list)).list as TruckRow[];
    expect(trucks.length).toBeGreaterThan(0);
    diesel = trucks.find((r) => r.unit === 'L');
    const first = trucks[0] as TruckRow;
    const firstRow = row(first.carNo).first();
    await firstRow.waitFor();
    await firstRow.getByText(`${first.fuelUsed} ${first.fuelUnit}`, { exact: true }).waitFor();
    await firstRow.getByText(String(first.mileage), { exact: true }).waitFor();
    if (first.per100Km !== null)
      await firstRow.getByText(`${first.per100Km} ${first.fuelUnit}/百公里`, { exact: true }).waitFor();
    const card = (await data(cards)).cards.find((c: { unit: string }) => c.unit === 'L');
    await view()
      .getByLabel('L汇总')
      .getByText(abbreviateNumber(card.current.mileage, 1), { exact: true })
      .waitFor();
    await view().getByRole('img', { name: '每日里程与油耗图' }).waitFor();
    await shot('oil-consumption');
  });

  it('lists drivers on the 司机油耗 tab and the summary by team', async () => {
    const [drivers] = await Promise.all([
      page.waitForResponse(calls('/driver/oil/report/page')),
      view().getByRole('tab', { name: '司机油耗' }).click(),
    ]);
    const first = (await data(drivers)).list[0] as { driverName: string; fuelUsed: number; fuelUnit: string };
    await tabRow(first.driverName).getByText(`${first.fuelUsed} ${first.fuelUnit}`).waitFor();
    await shot('drivers');
    const [summary] = await Promise.all([
      page.waitForResponse(calls('/fule/manager/summary/result')),
      view().getByRole('tab', { name: '油耗汇总' }).click(),
    ]);
    const team = (await data(summary)).list[0] as { name: string; mileage: number };
    await tabRow(team.name).getByText(String(team.mileage), { exact: true }).waitFor();
  });

  it("opens a truck's result with its trips, and its analysis", async () => {
    await view().getByRole('tab', { name: '车辆油耗' }).click();
    const truck = diesel as TruckRow;
    const target = tabRow(truck.carNo);
    const [trips] = await Promise.all([
      page.waitForResponse(calls('/fuel/trip/resultInfo')),
      target.getByText('查看').click(),
    ]);
    const list = (await data(trips)).list as { startTime: string; mileage: number }[];
    expect(list.length).toBeGreaterThan(0);
    await view().getByText(`${truck.fuelUsed} L`, { exact: true }).first().waitFor();
    const tripRow = row((list[0] as { startTime: string }).startTime).first();
    await tripRow.getByText(String((list[0] as { mileage: number }).mileage), { exact: true }).waitFor();
    await shot('result-view');
    // back to the list, kept as it was
    await button(view(), '返回').click();
    await tabRow(truck.carNo).waitFor();
    await Promise.all([
      page.waitForResponse(calls('/driver/oil/report/detail/line')),
      tabRow(truck.carNo).getByText('分析').click(),
    ]);
    await view().getByRole('img', { name: '每日里程与油耗图' }).waitFor();
    await view().getByRole('img', { name: '司机百公里油耗图' }).waitFor();
    await shot('result-analysis');
  });
});

describe('数据分析 › 里程能耗报表', () => {
  it('lists the trucks and opens one truck’s detail', async () => {
    const [list] = await Promise.all([
      page.waitForResponse(calls('/v2/web/reprot/vehicle/milReport/list')),
      page.goto('/car-cost/energy-consumption'),
    ]);
    const trucks = (await data(list)).list as TruckRow[];
    const electric = trucks.find((r) => r.unit === 'kwh') ?? (trucks[0] as TruckRow);
    const target = row(electric.carNo).first();
    await target.getByText(`${electric.fuelUsed} ${electric.fuelUnit}`, { exact: true }).waitFor();
    await shot('energy-report');
    await Promise.all([
      page.waitForResponse(calls('/truck/fuel/report/trip/list')),
      target.getByText('详情').click(),
    ]);
    expect(new URL(page.url()).pathname).toBe(`/car-cost/energy-consumption/mileage/${electric.truckId}`);
    await view().getByText(`${electric.fuelUsed} ${electric.fuelUnit}`, { exact: true }).first().waitFor();
    await shot('energy-detail');
  });

  it("shows a plug-in hybrid's litres and kwh, each per 100 km", async () => {
    const token = session.login?.data.token ?? '';
    const answer = await fetch(`${session.server.baseUrl}/api/v2/web/reprot/vehicle/milReport/list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'auth-token': token },
      body: JSON.stringify({ fuelType: 8 }),
    });
    const hybrid = ((await answer.json()) as { data: { list: TruckRow[] } }).data.list[0] as TruckRow;
    expect(hybrid).toMatchObject({ unit: 'kwh+L', fuelUnit: 'L', powerUnit: 'kwh' });
    await page.goto('/car-cost/energy-consumption');
    await view().getByLabel('车牌号').fill(hybrid.carNo);
    await Promise.all([
      page.waitForResponse(calls('/v2/web/reprot/vehicle/milReport/list')),
      button(view(), '查询').click(),
    ]);
    const target = row(hybrid.carNo).first();
    await target.getByText(`${hybrid.fuelUsed} L`, { exact: true }).waitFor();
    await target.getByText(`${hybrid.powerUsed} kwh`, { exact: true }).waitFor();
    await target.getByText(`${hybrid.per100Km} L/百公里`, { exact: true }).waitFor();
    await target.getByText(`${hybrid.powerPer100Km} kwh/百公里`, { exact: true }).waitFor();
    await shot('hybrid');
  });
});
