import { mkdirSync } from 'node:fs';
import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { connect } from '../apps/server/src/db/connection';
import { button, settled } from './support/browser';
import { calls, type Session, sessionPerFile, shownPageHelpers } from './support/session';

// 加油记录, 异常油耗, 油量变化监控 and 油箱标定 as the admin on the demo's two past days of fuel:
// the refuels with their matched records, the 数据趋势 drawer saved as a picture, the siphon and the
// record never filled, a truck's level history, and a calibration table that changes the litres of
// the refuel records and of the live monitor's vehicle card.

let page: Page;
let session: Session;
/** The truck's card on 全图监控 (found by its plate in the tree): its litres and the shown text. */
async function monitorCard(carNo: string): Promise<{ fuel: number; text: string }> {
  await page.goto('/monitor/scatter/route');
  await page.getByLabel('请输入车牌号').fill(carNo);
  await page.keyboard.press('Enter');
  const leaf = page.locator('.ant-tree-treenode-leaf', { hasText: carNo }).first();
  const [card] = await Promise.all([page.waitForResponse(calls('/monitor/car/card')), leaf.click()]);
  const answer = await data(card);
  const dialog = page.getByRole('dialog', { name: carNo });
  await dialog.getByText('油量', { exact: true }).waitFor();
  const fuel = dialog.getByText(`${answer.fuel} L`).first();
  await fuel.waitFor();
  return { fuel: answer.fuel as number, text: (await fuel.textContent()) ?? '' };
}

const { view, row, toast } = shownPageHelpers(() => page);

mkdirSync('/tmp/shots', { recursive: true });
const shot = (name: string) => page.screenshot({ path: `/tmp/shots/fuel-${name}.png`, fullPage: true });

interface Refuel {
  id: number;
  truckId: number;
  carNo: string;
  changeOil: number;
  stateName: string;
  costAmount: string | null;
}

// biome-ignore lint/suspicious/noExplicitAny: the answer's data
const data = async (r: Response) => ((await r.json()) as { data: any }).data;

sessionPerFile(
  { account: 'admin', name: 'fuel', tail: 2000, acceptDownloads: true, env: { SEED_DEMO_WAYBILLS: '1' } },
  (opened) => {
    session = opened;
    ({ page } = opened);
  },
);

describe('运输管理 › 在途 › 加油记录, 异常油耗, 油量变化监控, 油箱标定', () => {
  let matched: Refuel | undefined;

  it('lists the refuels found in the fuel curves with their records, totals and daily trend', async () => {
    expect(session).toBeDefined();
    const [list] = await Promise.all([
      page.waitForResponse(calls('/yww/refuel/list')),
      page.waitForResponse(calls('/yww/refuel/tendency')),
      page.goto('/oil-consumption/refuel'),
    ]);
    const answer = await data(list);
    const refuels = answer.list as Refuel[];
    expect(refuels.length).toBeGreaterThanOrEqual(4);
    matched = refuels.find((r) => r.stateName === '已匹配加油记录');
    const unmatched = refuels.find((r) => r.stateName === '加油无记录');
    expect(matched && unmatched).toBeTruthy();
    const first = row(`${matched?.costAmount}`).first();
    await first.getByText('已匹配加油记录').waitFor();
    await first.getByText(String(matched?.changeOil), { exact: true }).waitFor();
    await row(unmatched?.carNo ?? '')
      .getByText('加油无记录')
      .first()
      .waitFor();
    await view()
      .getByTestId('refuel-totals')
      .getByText(`共 ${answer.totals.count} 次加油`, { exact: false })
      .waitFor();
    await view().getByRole('img', { name: '每日加油量' }).waitFor();
    await shot('refuels');

    // 数据趋势: the level around the refuel, saved as a PNG
    await first.getByText('数据趋势').click();
    const drawer = page.locator('.ant-drawer', { hasText: `数据趋势 · ${matched?.carNo}` });
    await drawer.getByRole('img', { name: '数据趋势' }).waitFor();
    await drawer.getByText('事件前后各10分钟', { exact: false }).waitFor();
    await settled(page, 500);
    await shot('trend-drawer');
    const [download] = await Promise.all([page.waitForEvent('download'), button(drawer, '导出图片').click()]);
    expect(download.suggestedFilename()).toMatch(/^数据趋势_.+\.png$/);
    const file = await download.path();
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(file).subarray(1, 4).toString()).toBe('PNG');
    await drawer.locator('.ant-drawer-close').click();
  });

  it('shows the abnormal oil with its evidence: the siphon, the rise without a record, the record never filled', async () => {
    const [list] = await Promise.all([
      page.waitForResponse(calls('/yww/abnormal/list')),
      page.goto('/oil-consumption/abnormal'),
    ]);
    const rows = (await data(list)).list as { abnormalTypeName: string; carNo: string; evidence: string }[];
    for (const name of ['停车掉油（疑似偷油）', '加油无记录', '付款未加油']) {
      const found = rows.find((r) => r.abnormalTypeName === name);
      expect(found, name).toBeDefined();
      await row(found?.evidence.slice(0, 12) ?? '')
        .getByText(name)
        .first()
        .waitFor();
    }
    await view().getByTestId('abnormal-counts').getByText('付款未加油 1 条', { exact: false }).waitFor();
    await shot('abnormal');
  });

  it('draws the level history of a truck from 油量变化监控', async () => {
    await page.goto('/oil-consumption/oil-change');
    const target = row(matched?.carNo ?? '').first();
    await target.waitFor();
    await view().getByText('请在左侧列表中选择车辆查看油量历史').waitFor();
    const [level] = await Promise.all([
      page.waitForResponse(calls('/oilChange/change/level')),
      target.getByText('油量历史').click(),
    ]);
    expect((await data(level)).list.length).toBeGreaterThan(10);
    await view().getByRole('img', { name: '油量历史' }).waitFor();
    await shot('oil-change');
  });

  it("a calibration table changes the litres of the refuel records and of the monitor's vehicle card", async () => {
    if (!matched) throw new Error('no matched refuel');
    // the truck's latest report read 300.0 (written straight into the server's database)
    const database = connect(session.server.databaseUrl);
    try {
      const truck = await database.db
        .selectFrom('truck')
        .select(['terminal_id'])
        .where('id', '=', matched.truckId)
        .executeTakeFirstOrThrow();
      const state = {
        truck_id: matched.truckId,
        terminal_id: truck.terminal_id as number,
        time: Date.now() - 60_000,
        received_at: Date.now() - 60_000,
        lat: 40_800_000,
        lon: 111_700_000,
        mileage: null,
        fuel: 3000,
        driver_id: null,
      };
      await database.db
        .insertInto('vehicle_state')
        .values(state)
        .onConflict((oc) => oc.column('truck_id').doUpdateSet(state))
        .execute();
    } finally {
      await database.close();
    }
    expect((await monitorCard(matched.carNo)).fuel).toBe(300);
    await Promise.all([
      page.waitForResponse(calls('/oilCalibration/page')),
      page.goto('/oil-consumption/oil-consumption-calibration'),
    ]);
    await view().getByLabel('车牌号').click();
    await page.keyboard.type(matched.carNo);
    await page.locator('.ant-select-item-option', { hasText: matched.carNo }).click();
    await Promise.all([page.waitForResponse(calls('/oilCalibration/page')), button(view(), '查询').click()]);
    await row(matched.carNo).getByText('未标定').waitFor();
    await shot('calibration-list');
    await row(matched.carNo).getByText('标定', { exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `油箱标定 · ${matched.carNo}` });
    // the sensor reads a tenth less than what is in the tank
    await dialog.getByLabel('传感器读数1').fill('0');
    await dialog.getByLabel('油量(L)1').fill('0');
    await dialog.getByLabel('传感器读数2').fill('600');
    await dialog.getByLabel('油量(L)2').fill('330');
    await button(dialog, '添加一行').click();
    await dialog.getByLabel('传感器读数3').fill('500');
    await dialog.getByLabel('油量(L)3').fill('660');
    await shot('calibration-dialog');
    const [refused] = await Promise.all([
      page.waitForResponse(calls('/oilCalibration/save')),
      button(dialog, '确定').click(),
    ]);
    expect((await refused.json()).msg).toBe('标定数据: 第3行：油量应大于上一行（660L）');
    await dialog.getByLabel('传感器读数2').fill('300');
    await dialog.getByLabel('传感器读数3').fill('600');
    const [saved] = await Promise.all([
      page.waitForResponse(calls('/oilCalibration/save')),
      button(dialog, '确定').click(),
    ]);
    expect((await saved.json()).code).toBe(200);
    await toast('油箱标定已保存').waitFor();
    await row(matched.carNo).getByText('已标定').waitFor();

    const before = matched.changeOil;
    const [list] = await Promise.all([
      page.waitForResponse(calls('/yww/refuel/list')),
      page.goto('/oil-consumption/refuel'),
    ]);
    const after = ((await data(list)).list as Refuel[]).filter((r) => r.truckId === matched?.truckId);
    const scaled = after.find((r) => Math.abs(r.changeOil - before * 1.1) <= before * 0.03);
    expect(scaled, JSON.stringify(after)).toBeDefined();
    await row(String(scaled?.changeOil)).first().waitFor();
    await shot('refuels-calibrated');

    // the live monitor's card: the same reading is 330 L through the table
    const card = await monitorCard(matched.carNo);
    expect(card.fuel).toBe(330);
    expect(card.text).toMatch(/^330 L/);
    await settled(page, 500);
    await shot('monitor-card-calibrated');
    // and 全图监控2.0's vehicle list
    await page.goto('/monitor/scatter/newroute');
    await page.getByLabel('请输入车牌号').fill(matched.carNo);
    await page.keyboard.press('Enter');
    await Promise.all([
      page.waitForResponse(calls('/v2/web/monitor/local/team/carList')),
      button(page, '车辆列表').click(),
    ]);
    await page.locator('.ant-drawer .ant-table-row', { hasText: matched.carNo }).getByText('330 L').waitFor();
    await settled(page, 500);
    await shot('monitor-list-calibrated');
  });
});
