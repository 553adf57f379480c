import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { button } from './support/browser';
import { chooseImportFile, writeSheet } from './support/import';
import { calls, sessionPerFile, shownPageHelpers, tmpShot } from './support/session';

// 成本中心 in the browser as the demo admin, on the demo's costs: a refuel added through the dialog
// (its amount checked against litres × price), seen in the list and its totals; a sheet imported
// (refused whole with its row errors, then taken); the cost analysis showing the figures of its
// answer, and by line: a cost put on a waybill counted on the waybill's line, the rest (with the
// depreciation) on 未关联线路; each cost page looked at.

let page: Page;
let api: <T>(path: string, body: unknown) => Promise<T>;

const { view, row } = shownPageHelpers(() => page);
const shot = (name: string) => tmpShot(page, `costs-${name}`);

interface Totals {
  amount: string;
  count: number;
  byType: { name: string; amount: string }[];
}
interface CostList {
  data: {
    list: { id: number; carNo: string; amount: string; costTypeName: string }[];
    total: number;
    totals: Totals;
  };
}

sessionPerFile(
  {
    account: 'admin',
    name: 'costs',
    tail: 3000,
    env: {
      SEED_DEMO_WAYBILLS: '1',
      ...(process.env.E2E_WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR } : {}),
    },
  },
  (opened) => {
    ({ page } = opened);
    api = async <T>(path: string, body: unknown) => {
      const answer = await fetch(`${opened.server.baseUrl}/api${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'auth-token': opened.login?.data.token ?? '' },
        body: JSON.stringify(body),
      });
      const json = (await answer.json()) as { code: number; msg: string; data: T };
      if (json.code !== 200) throw new Error(`${path}: ${json.msg}`);
      return json.data;
    };
  },
);

/** Picks the option `text` of the select labelled `label` in `scope`, typing `typed` to search. */
async function pick(scope: Locator, label: string, text: string, typed?: string): Promise<void> {
  const input = scope.getByLabel(label);
  await input.click();
  if (typed) await input.fill(typed);
  const item = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text });
  await item.first().waitFor();
  await page.waitForTimeout(200);
  await item.first().click();
}

const totalsBar = () => view().getByTestId('cost-totals');

describe('成本中心', () => {
  let plate = '';

  it('adds a refuel through the dialog and shows it with the totals', async () => {
    const [listed] = await Promise.all([
      page.waitForResponse(calls('/miscellaneous/list/car')),
      page.goto('/car-cost/refuel'),
    ]);
    const first = (await listed.json()) as CostList;
    expect(first.data.total).toBeGreaterThan(0);
    expect(first.data.list.every((c) => c.costTypeName === '加油')).toBe(true);
    await totalsBar()
      .getByText(first.data.totals.amount.replace(/\B(?=(\d{3})+(?!\d))/g, ','), { exact: false })
      .waitFor();
    plate = (first.data.list[0] as { carNo: string }).carNo;
    await shot('refuel');

    await button(view(), '新增').click();
    const dialog = page.getByRole('dialog', { name: '新增费用' });
    await pick(dialog, '车牌号', plate, plate.slice(0, 4));
    await dialog.getByLabel('加油量(升)').fill('201.5');
    await dialog.getByLabel('单价(元/升)').fill('7.63');
    await dialog.getByLabel('金额(元)').fill('1500');
    await dialog.getByLabel('加油站').fill('中石化东胜加油站');
    await button(dialog, '确定').click();
    await dialog.getByText('金额应等于数量×单价（1537.45元），请核对').waitFor();
    await dialog.getByText('按数量×单价计算', { exact: false }).click();
    await expect.poll(() => dialog.getByLabel('金额(元)').inputValue()).toBe('1537.45');
    await shot('add');
    const [added, relisted] = await Promise.all([
      page.waitForResponse(calls('/miscellaneous/add')),
      page.waitForResponse(calls('/miscellaneous/list/car')),
      button(dialog, '确定').click(),
    ]);
    expect(added.request().postDataJSON()).toMatchObject({
      costType: 1,
      quantity: '201.5',
      unitPrice: '7.63',
      amount: '1537.45',
      place: '中石化东胜加油站',
    });
    expect(((await added.json()) as { code: number }).code).toBe(200);
    const after = (await relisted.json()) as CostList;
    const sum = (t: Totals) => Math.round(Number(t.amount) * 100);
    expect(sum(after.data.totals) - sum(first.data.totals)).toBe(153_745);
    await row('中石化东胜加油站').getByText('1537.45').waitFor();
    await totalsBar().getByText(`${after.data.totals.count}条`, { exact: false }).waitFor();
    await shot('added');
  });

  it('imports a sheet all or nothing', async () => {
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const header = ['车牌号', '日期', '费用类型', '金额(元)', '数量', '单价(元)', '支付方式', '地点', '备注'];
    const bad = await writeSheet('costs', '导入', [
      header,
      [plate, today, '加油', '1600', '200', '8', '油卡/ETC卡', '导入测试站', ''],
      [plate, today, '加油', '1600', '200', '7.5', '', '导入测试站', ''],
    ]);
    await button(view(), '导入').click();
    const dialog = page.getByRole('dialog', { name: '批量导入费用' });
    await chooseImportFile(dialog, bad);
    await Promise.all([page.waitForResponse(calls('/miscellaneous/import')), button(dialog, '上传').click()]);
    await dialog.getByText(/第\s?3\s?行：金额\(元\)应等于数量×单价/).waitFor();
    await shot('import-errors');
    const good = await writeSheet('costs', '导入', [
      header,
      [plate, today, '加油', '1600', '200', '8', '油卡/ETC卡', '导入测试站', ''],
      [plate, today, '加油', '1500', '200', '7.5', '现金', '导入测试站', '夜间加油'],
    ]);
    await chooseImportFile(dialog, good);
    await Promise.all([page.waitForResponse(calls('/miscellaneous/import')), button(dialog, '上传').click()]);
    await dialog.waitFor({ state: 'hidden' });
    const [listed] = await Promise.all([
      page.waitForResponse(calls('/miscellaneous/list/car')),
      view().getByRole('button', { name: '刷新' }).click(),
    ]);
    const answer = (await listed.json()) as CostList;
    const mine = answer.data.list.filter((c) => c.carNo === plate && c.costTypeName === '加油');
    expect(mine.map((c) => c.amount)).toEqual(expect.arrayContaining(['1600.00', '1500.00']));
    await row('夜间加油').getByText('1500.00').waitFor();
    await shot('imported');
  });

  it('shows the cost analysis with the figures of its answer and the depreciation settings', async () => {
    const [answered] = await Promise.all([
      page.waitForResponse(calls('/miscellaneous/analysis')),
      page.goto('/car-cost/analysis'),
    ]);
    const analysis = (await answered.json()) as {
      data: { total: { amount: string; depreciation: string }; byTruck: { carNo: string; total: string }[] };
    };
    expect(Number(analysis.data.total.amount)).toBeGreaterThan(0);
    expect(Number(analysis.data.total.depreciation)).toBeGreaterThan(0);
    const shown = (v: string) => Number(v).toLocaleString('en-US', { minimumFractionDigits: 2 });
    await view().getByText(shown(analysis.data.total.amount), { exact: false }).first().waitFor();
    const top = analysis.data.byTruck[0] as { carNo: string; total: string };
    await row(top.carNo).getByText(top.total).waitFor();
    await view().getByRole('img', { name: '成本趋势图' }).waitFor();
    await shot('analysis');

    await Promise.all([
      page.waitForResponse(calls('/miscellaneous/analysis')),
      view().getByText('按日', { exact: true }).click(),
    ]);
    await shot('analysis-by-day');

    // a cost on a waybill: the analysis by line adds it to the waybill's line, the rest on 未关联线路
    type ByLine = {
      data: { total: { amount: string }; byLine: { lineId: number; lineName: string; total: string }[] };
    };
    const fen = (v: string | undefined) => Math.round(Number(v ?? 0) * 100);
    const [beforeAnswer] = await Promise.all([
      page.waitForResponse(calls('/miscellaneous/analysis')),
      view().getByText('按线路', { exact: true }).click(),
    ]);
    expect(beforeAnswer.request().postDataJSON()).toMatchObject({ groupBy: 'line' });
    const before = ((await beforeAnswer.json()) as ByLine).data;
    const waybills = await api<{ list: { id: number; truckId: number; lineName: string }[] }>(
      '/colliery/waybill/page',
      { pageNum: 1, pageSize: 1 },
    );
    const waybill = waybills.list[0] as { id: number; truckId: number; lineName: string };
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    await api('/miscellaneous/add', {
      truckId: waybill.truckId,
      costDate: today,
      costType: 4,
      amount: '88.88',
      waybillId: waybill.id,
      remark: '运单杂费',
    });
    const [byLineAnswer] = await Promise.all([
      page.waitForResponse(calls('/miscellaneous/analysis')),
      button(view(), '查询').click(),
    ]);
    const byLine = ((await byLineAnswer.json()) as ByLine).data;
    const lineTotal = (answer: ByLine['data']) =>
      fen(answer.byLine.find((r) => r.lineName === waybill.lineName)?.total);
    expect(lineTotal(byLine) - lineTotal(before)).toBe(8_888);
    const line = byLine.byLine.find((r) => r.lineName === waybill.lineName) as { total: string };
    const none = byLine.byLine.at(-1) as { lineId: number; total: string };
    expect(none.lineId).toBe(0);
    expect(byLine.byLine.reduce((s, r) => s + fen(r.total), 0)).toBe(fen(byLine.total.amount));
    await view().getByRole('columnheader', { name: '线路' }).waitFor();
    // each row's last cell is its 总成本(元)
    const totalOf = (name: string) => row(name).locator('td').last().textContent();
    await expect.poll(() => totalOf(waybill.lineName)).toBe(line.total);
    await expect.poll(() => totalOf('未关联线路')).toBe(none.total);
    await view().getByRole('img', { name: '各线路成本图' }).waitFor();
    await shot('analysis-by-line');

    await button(view(), '折旧设置').click();
    const settings = page.getByRole('dialog', { name: '车辆折旧设置' });
    await settings.getByRole('columnheader', { name: '本月折旧(元)' }).waitFor();
    await settings.locator('.ant-table-row').first().waitFor();
    await shot('depreciation');
    await settings.locator('.ant-modal-close').click();
  });

  it('shows the trip costs and the other cost pages', async () => {
    const [trips] = await Promise.all([
      page.waitForResponse(calls('/miscellaneous/trip/list')),
      page.goto('/car-cost/trip-cost'),
    ]);
    const answer = (await trips.json()) as {
      data: { total: number; list: { carNo: string; total: string }[] };
    };
    expect(answer.data.total).toBeGreaterThan(0);
    await view().locator('.ant-table-row').first().waitFor();
    await shot('trip-costs');
    await view().locator('.ant-table-row').first().getByText('费用明细').click();
    await page.locator('.ant-drawer').getByText('费用类型').waitFor();
    await shot('trip-costs-drawer');
    await page.locator('.ant-drawer-close').click();

    for (const [path, name] of [
      ['/car-cost/road-bridge', 'road-bridge'],
      ['/car-cost/maintenance', 'maintenance'],
      ['/car-cost/sundry', 'sundry'],
    ] as const) {
      const [listed] = await Promise.all([
        page.waitForResponse(calls('/miscellaneous/list/car')),
        page.goto(path),
      ]);
      expect(((await listed.json()) as CostList).data.total).toBeGreaterThan(0);
      await view().locator('.ant-table-row').first().waitFor();
      await shot(name);
    }
    // 杂费 lists the sundry costs and the merchant's own cost types, one of them picked by the filter
    await pick(view().locator('form[id="search"]'), '费用类型', '轮胎费');
    const [custom] = await Promise.all([
      page.waitForResponse(calls('/miscellaneous/list/car')),
      button(view(), '查询').click(),
    ]);
    expect(custom.request().postDataJSON()).toMatchObject({ costType: 5 });
    const tyres = (await custom.json()) as CostList;
    expect(tyres.data.total).toBeGreaterThan(0);
    expect(tyres.data.list.every((c) => c.costTypeName === '轮胎费')).toBe(true);
    await view().locator('.ant-table-row').first().getByText('轮胎费').waitFor();
    await shot('sundry-custom');
    await button(view(), '新增').click();
    const dialog = page.getByRole('dialog', { name: '新增费用' });
    await pick(dialog, '费用类型', '轮胎费（自定义）');
    await shot('sundry-add');
    await button(dialog, '取消').click();
  });
});
