import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { button } from './support/browser';
import { exportDownload, readSheet } from './support/import';
import { calls, sessionPerFile, shownPageHelpers, tmpShot } from './support/session';

// 发车监控, 线路报警 and 发车统计 as the demo dispatcher: each page's Chinese headers, a filter sent
// and answered, the export downloaded, the empty state. The figures are compared with what the API
// answered on the same screen, never with the demo's counts.

let page: Page;

const { view } = shownPageHelpers(() => page);
const shot = (name: string) => tmpShot(page, `plan-monitor-${name}`);

interface Monitored {
  planNo: string;
  carNo: string;
  lat: number | null;
  lateState: number;
}
interface StatisticsRow {
  name: string;
  plans: number;
  onTimeDepartRate: number | null;
}
interface Statistics {
  list: StatisticsRow[];
  totalRow: StatisticsRow;
}

const query = (response: Response) => new URL(response.url()).searchParams;
const headers = async () =>
  (await view().locator('.ant-table-thead th').allTextContents()).map((h) => h.trim()).filter(Boolean);

/** Types a day into the range picker's start and end inputs of the shown page. */
async function pickDays(from: string, to: string): Promise<void> {
  const start = view().getByPlaceholder('开始日期');
  await start.click();
  await start.fill(from);
  await start.press('Enter');
  const end = view().getByPlaceholder('结束日期');
  await end.fill(to);
  await end.press('Enter');
  await page.keyboard.press('Escape');
}

sessionPerFile(
  {
    account: 'dispatch',
    name: 'plan-monitor',
    tail: 2000,
    acceptDownloads: true,
    // the demo trucks of today's plans drive their lines and report where they are
    env: { SIMULATOR_VEHICLES: '20', SIMULATOR_REPORT_SECONDS: '5' },
  },
  (opened) => {
    ({ page } = opened);
  },
);

describe('效能中心 › 发车统计', () => {
  it('shows the last seven days by team with a totals row that adds up the rows', async () => {
    const [answer] = await Promise.all([
      page.waitForResponse(calls('/plan/statistics/list')),
      page.goto('/car-dispatch/car-mileage'),
    ]);
    expect(query(answer).get('groupBy')).toBe('team');
    const body = (await answer.json()) as { code: number; data: Statistics };
    expect(body.code).toBe(200);
    expect(await headers()).toEqual([
      '车队',
      '计划数',
      '已发车',
      '准点发车',
      '发车准点率',
      '已到达',
      '准点到达',
      '到达准点率',
    ]);
    const { list, totalRow } = body.data;
    expect(totalRow.plans).toBe(list.reduce((sum, r) => sum + r.plans, 0));
    if (list.length > 0) {
      const total = view().locator('.ant-table-summary tr');
      await total.getByText('合计').waitFor();
      expect((await total.locator('td').nth(1).textContent())?.trim()).toBe(String(totalRow.plans));
      await view().getByRole('img', { name: '准点率图' }).waitFor();
    } else {
      await view().getByText('所选日期内没有计划').waitFor();
    }
    await shot('statistics-team');
  });

  it('groups by day, exports the same table with its total row', async () => {
    const [answer] = await Promise.all([
      page.waitForResponse(calls('/plan/statistics/list')),
      view().getByText('日期', { exact: true }).click(),
    ]);
    expect(query(answer).get('groupBy')).toBe('day');
    const data = ((await answer.json()) as { data: Statistics }).data;
    expect((await headers())[0]).toBe('日期');
    for (const r of data.list) expect(r.name).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await shot('statistics-day');

    const { download, file } = await exportDownload(page, button(view(), '导出'));
    expect(download.suggestedFilename()).toMatch(/^发车统计_\d{14}\.xlsx$/);
    const rows = await readSheet(file);
    expect(rows[0]).toEqual([
      '统计维度',
      '统计对象',
      '计划数',
      '已发车',
      '准点发车',
      '发车准点率',
      '已到达',
      '准点到达',
      '到达准点率',
    ]);
    expect(rows.slice(1).map((r) => r[1])).toEqual([...data.list.map((r) => r.name), '合计']);
    expect(rows.at(-1)?.[2]).toBe(data.totalRow.plans);
  });

  it('shows the empty state for days without plans', async () => {
    // Enter in the picker may submit the form already; 查询 then asks again
    const answer = page.waitForResponse(
      (r) => calls('/plan/statistics/list')(r) && query(r).get('startDate') === '2030-01-01',
    );
    await pickDays('2030-01-01', '2030-01-07');
    await button(view(), '查询').click();
    expect(query(await answer).get('endDate')).toBe('2030-01-07');
    await view().getByText('所选日期内没有计划').waitFor();
    expect(await view().locator('.ant-table-summary tr').count()).toBe(0);
    expect(await view().getByRole('img', { name: '准点率图' }).count()).toBe(0);
    await shot('statistics-empty');
  });
});

describe('效能中心 › 发车监控', () => {
  it('lists the monitored plans under the map of their trucks, refreshed by itself', async () => {
    const [answer] = await Promise.all([
      page.waitForResponse(calls('/plan/monitor/list')),
      page.goto('/car-dispatch/departure-monitor'),
    ]);
    let body = (await answer.json()) as { code: number; data: { list: Monitored[] } };
    expect(body.code).toBe(200);
    const shown = await headers();
    for (const h of ['计划编号', '车牌号', '计划状态', '到站进度', '剩余里程', '发车', '到达', '准点情况'])
      expect(shown).toContain(h);
    await view().locator('.leaflet-container').waitFor();
    await view().getByText('每15秒自动刷新').waitFor();
    // the next answer comes without a reload; once a truck has reported, it is on the map
    for (let i = 0; i < 3 && body.data.list.length > 0 && !body.data.list.some((p) => p.lat !== null); i++)
      body = await (await page.waitForResponse(calls('/plan/monitor/list'), { timeout: 20_000 })).json();
    const placed = body.data.list.find((p) => p.lat !== null);
    if (body.data.list.length > 0) {
      expect(placed, 'a monitored plan whose truck reported').toBeDefined();
      await view().locator(`.leaflet-marker-icon[title="${placed?.carNo}"]`).waitFor();
    } else await view().getByText('暂无监控中的计划').waitFor();
    await shot('monitor');
  });

  it('filters the late ones', async () => {
    const [late] = await Promise.all([
      page.waitForResponse((r) => calls('/plan/monitor/list')(r) && query(r).get('late') === '1'),
      view().getByText('只看晚点').click(),
    ]);
    expect(query(late).get('late')).toBe('1');
    const rows = ((await late.json()) as { data: { list: { lateState: number; planNo: string }[] } }).data
      .list;
    for (const r of rows) expect(r.lateState).toBeGreaterThan(0);
    if (rows.length === 0) await view().getByText('暂无监控中的计划').waitFor();
    await shot('monitor-late');
  });

  it("opens a plan's stations with planned and actual times and the fill-in action", async () => {
    const [answer] = await Promise.all([
      page.waitForResponse((r) => calls('/plan/monitor/list')(r) && query(r).get('late') === null),
      button(view(), '重置').click(),
    ]);
    const rows = ((await answer.json()) as { data: { list: { planNo: string }[] } }).data.list;
    if (rows.length === 0) {
      await view().getByText('暂无监控中的计划').waitFor();
      return;
    }
    const first = rows[0] as { planNo: string };
    const [stations] = await Promise.all([
      page.waitForResponse(calls('/plan/monitor/station')),
      view().getByText(first.planNo, { exact: true }).click(),
    ]);
    const start = ((await stations.json()) as { data: { stations: { seq: number; departTime: string }[] } })
      .data.stations[0];
    const drawer = page.locator('.ant-drawer-content-wrapper');
    await drawer.getByText(`计划 ${first.planNo} 的站点`).waitFor();
    const th = (await drawer.locator('.ant-table-thead th').allTextContents()).map((h) => h.trim());
    for (const h of ['站点', '计划到达', '实际到达', '计划出发', '实际出发', '晚点', '操作'])
      expect(th).toContain(h);
    await drawer.getByText('补录时间').first().waitFor();
    await drawer.locator('.leaflet-container').waitFor();
    await shot('monitor-drawer');

    // 补录时间 of the start: nothing filled is refused on the page; its departure recorded again is saved
    await drawer.locator('.ant-table-tbody tr.ant-table-row').first().getByText('补录时间').click();
    const dialog = page.getByRole('dialog', { name: /^补录时间：/ });
    await button(dialog, '保存').click();
    await dialog.getByText('请至少填写到达或出发时间').waitFor();
    if (start?.departTime) {
      const input = dialog.getByLabel('实际出发时间');
      await input.click();
      await input.fill(start.departTime);
      await input.press('Enter');
      const [saved] = await Promise.all([
        page.waitForResponse(calls('/plan/monitor/save')),
        button(dialog, '保存').click(),
      ]);
      expect(saved.request().postDataJSON()).toMatchObject({ seq: 1, departTime: start.departTime });
      expect(((await saved.json()) as { code: number; msg: string }).msg).toBe('success');
      await page.locator('.ant-message-notice', { hasText: '已补录' }).waitFor();
    } else await button(dialog, '取消').click();
    await drawer.locator('.ant-drawer-close').click();
  });
});

describe('效能中心 › 线路报警', () => {
  it('lists the line alarms, filters by type and exports them', async () => {
    const [answer] = await Promise.all([
      page.waitForResponse(calls('/plan/alarm/list')),
      page.goto('/car-dispatch/line-alarm'),
    ]);
    expect(((await answer.json()) as { code: number }).code).toBe(200);
    const shown = await headers();
    for (const h of ['报警类型', '车牌号', '司机', '线路', '计划编号', '开始时间', '报警详情'])
      expect(shown).toContain(h);
    const all = ((await answer.json()) as { data: { list: { alarmCode: number; carNo: string }[] } }).data
      .list;
    for (const r of all) expect(r.alarmCode >= 4001 && r.alarmCode <= 4006).toBe(true);
    await shot('line-alarm-list');
    const firstAlarm = all[0];
    if (firstAlarm) {
      // 查看 opens the alarm on its own page (时效报警) with the plate and type
      await view().locator('.ant-table-tbody tr.ant-table-row').first().getByText('查看').click();
      await page.waitForURL(
        (url) =>
          url.pathname === '/time/effect/alarm' &&
          url.searchParams.get('carNo') === firstAlarm.carNo &&
          url.searchParams.get('eventType') === String(firstAlarm.alarmCode),
      );
      await Promise.all([
        page.waitForResponse(calls('/plan/alarm/list')),
        page.goto('/car-dispatch/line-alarm'),
      ]);
    }

    await view().getByLabel('报警类型').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '迟发车预警' })
      .click();
    const [filtered] = await Promise.all([
      page.waitForResponse(calls('/plan/alarm/list')),
      button(view(), '查询').click(),
    ]);
    expect(query(filtered).get('alarmCode')).toBe('4001');
    const rows = ((await filtered.json()) as { data: { list: { alarmCode: number }[] } }).data.list;
    for (const r of rows) expect(r.alarmCode).toBe(4001);
    if (rows.length > 0) {
      // a row leads to the alarm's own page (时效报警)
      const link = view().locator('.ant-table-tbody tr.ant-table-row').first().getByText('查看');
      await link.waitFor();
    }
    await shot('line-alarm');

    const { download } = await exportDownload(page, button(view(), '导出'));
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  });
});
