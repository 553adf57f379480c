import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { button } from './support/browser';
import { chooseImportFile, exportDownload, readSheet, writeSheet } from './support/import';
import { calls, type Session, sessionPerFile, shownPageHelpers, tmpShot } from './support/session';

// 行程统计 and 行程数据报告 as the finance user of 干线二分队: the statistics by truck and by line with
// the reported trips beside the recorded ones, the demo's imported reports compared with the recorded
// trips, an import refused by row then imported, its rollback from 导入记录, and a rollback refused
// after a row of the batch was edited.

let page: Page;
let session: Session;
const { view, row, toast } = shownPageHelpers(() => page);
const shot = async (name: string) => {
  await tmpShot(page, `trip-reports-${name}`);
  await page.screenshot({ path: `/tmp/shots/trip-reports-${name}.png` });
};
const HEADERS = [
  '车牌号',
  '司机姓名',
  '线路名称',
  '出发时间',
  '到达时间',
  '上报里程(公里)',
  '上报油耗(升)',
  '载货吨数',
  '备注',
];

interface ReportRow {
  id: number;
  carNo: string;
  departTime: string;
  abnormal: boolean;
  abnormalName: string;
  importId: number | null;
}

sessionPerFile({ account: 'finance', name: 'trip-reports', tail: 2000 }, (opened) => {
  session = opened;
  ({ page } = opened);
});

/** Confirms the shown confirmation dialog with its OK button `ok`. */
async function confirm(ok: string): Promise<void> {
  const dialog = page.locator('.ant-modal-confirm:visible');
  await button(dialog, ok).click();
}

describe('行程统计 and 行程数据报告', () => {
  let carNo = '';
  let reports: ReportRow[] = [];
  let statisticsByLine: {
    total: number;
    list: Record<string, number | string | null>[];
    totalRow: Record<string, number | string | null>;
  };

  it('counts the recorded and reported trips by truck and by line', async () => {
    const [answer] = await Promise.all([
      page.waitForResponse(calls('/tripReport/statistics')),
      page.goto('/car-cost/trip-statistics'),
    ]);
    const data = (await answer.json()).data as {
      list: { name: string; trips: number; reportedTrips: number }[];
    };
    expect(data.list.length).toBeGreaterThan(0);
    const reported = data.list.find((r) => r.reportedTrips > 0);
    expect(reported).toBeDefined();
    await view()
      .locator('.ant-table-row', { hasText: reported?.name ?? '' })
      .waitFor();
    await view().getByText('合计', { exact: true }).waitFor();
    await shot('statistics-truck');
    const [byLine] = await Promise.all([
      page.waitForResponse(calls('/tripReport/statistics')),
      view().locator('.ant-segmented-item', { hasText: '按线路' }).click(),
    ]);
    expect(byLine.request().postDataJSON()).toMatchObject({ dimension: 'line' });
    statisticsByLine = (await byLine.json()).data;
    await view().getByRole('columnheader', { name: '线路' }).waitFor();
    await shot('statistics-line');
  });

  it('exports the statistics shown: the same rows and 合计, read back from the download', async () => {
    // the page shows the statistics by line (the previous test's choice)
    const data = statisticsByLine;
    const exporting = button(view(), '导出');
    const { download, file } = await exportDownload(page, exporting);
    expect(download.suggestedFilename()).toMatch(/^行程统计_\d{14}\.xlsx$/);
    await toast(`已导出 ${download.suggestedFilename()}`).waitFor();
    const rows = await readSheet(file);
    expect(rows[0]?.slice(0, 3)).toEqual(['统计维度', '统计对象', '记录趟数']);
    // every row of the period (the page shows the first 20) and the 合计 row last
    expect(rows.length).toBe(data.total + 2);
    const cells = (r: Record<string, number | string | null>) => [
      '线路',
      r.name,
      r.trips,
      r.mileageKm,
      r.fuelL,
      r.fuelPer100 ?? '-',
      r.durationHours,
      r.reportedTrips,
      r.reportedMileageKm,
      r.reportedFuelL,
    ];
    expect(rows.slice(1, 1 + data.list.length)).toEqual(data.list.map(cells));
    expect(rows[rows.length - 1]).toEqual(cells(data.totalRow));
    await shot('statistics-exported');
  });

  it('lists the imported reports against the recorded trips', async () => {
    const [listed] = await Promise.all([
      page.waitForResponse(calls('/tripReport/queryList')),
      button(view(), '行程数据报告').click(),
    ]);
    reports = (await listed.json()).data.list as ReportRow[];
    expect(reports.length).toBeGreaterThan(2);
    expect(reports.some((r) => r.abnormal)).toBe(true);
    carNo = reports[0]?.carNo ?? '';
    await view().getByText('差异超10%').first().waitFor();
    await view().getByText('一致', { exact: true }).first().waitFor();
    await shot('reports');
  });

  it('refuses an import with a wrong row, imports a good one and rolls it back', async () => {
    await button(view(), '导入').click();
    const dialog = page.getByRole('dialog', { name: '导入行程报告' });
    const bad = await writeSheet('trip-bad', '行程报告', [
      HEADERS,
      [carNo, '', '', '2026-11-20 08:00:00', '2026-11-20 12:00:00', '120', '38.5', '', ''],
      ['京X00000', '', '', '2026-11-20 08:00:00', '2026-11-20 12:00:00', '120', '38.5', '', ''],
    ]);
    await chooseImportFile(dialog, bad);
    await Promise.all([
      page.waitForResponse(calls('/excelTask/importExcel')),
      button(dialog, '上传').click(),
    ]);
    await dialog
      .getByText(/第\s?3\s?行：车牌号: 京X00000车辆不存在或无权操作/)
      .first()
      .waitFor();
    await shot('import-errors');
    const good = await writeSheet('trip-good', '行程报告', [
      HEADERS,
      [carNo, '', '', '2026-11-20 08:00:00', '2026-11-20 12:00:00', '120', '38.5', '31.5', '补录'],
      [carNo, '', '', '2026-11-21 08:00:00', '2026-11-21 12:00:00', '118', '37', '', '补录'],
    ]);
    await chooseImportFile(dialog, good);
    await Promise.all([
      page.waitForResponse(calls('/tripReport/queryList')),
      page.waitForResponse(calls('/excelTask/importExcel')),
      button(dialog, '上传').click(),
    ]);
    await dialog.waitFor({ state: 'hidden' });
    await row('2026-11-20 08:00:00').getByText('补录').waitFor();

    await button(view(), '导入记录').click();
    const records = page.getByRole('dialog', { name: '导入记录' });
    const batch = records.locator('.ant-table-row', { hasText: /trip-good/ });
    await batch.getByText('已导入').waitFor();
    await shot('import-records');
    await batch.getByRole('button', { name: '回滚' }).click();
    await Promise.all([page.waitForResponse(calls('/tripReport/rollback')), confirm('回滚')]);
    await toast('已回滚，删除2条行程报告').waitFor();
    await batch.getByText('已回滚').waitFor();
    await records.locator('.ant-modal-close').click();
    await records.waitFor({ state: 'hidden' });
    await expect.poll(() => row('2026-11-20 08:00:00').count()).toBe(0);
  });

  it('refuses to roll back the demo import once one of its reports was edited', async () => {
    const imported = reports.find((r) => r.importId !== null) as ReportRow;
    const target = view().locator('.ant-table-row', { hasText: imported.carNo }).first();
    await target.getByRole('button', { name: '编辑' }).click();
    const dialog = page.getByRole('dialog', { name: '编辑行程报告' });
    await expect.poll(() => dialog.getByLabel('上报里程(公里)').inputValue()).not.toBe('');
    await dialog.getByLabel('备注').fill('司机更正油耗');
    await Promise.all([
      page.waitForResponse(calls('/tripReport/saveOrUpdate')),
      button(dialog, '确定').click(),
    ]);
    await toast('行程报告已保存').waitFor();
    await button(view(), '导入记录').click();
    const records = page.getByRole('dialog', { name: '导入记录' });
    const batch = records.locator('.ant-table-row', { hasText: '司机行程上报.xlsx' });
    await batch.getByText('已导入').waitFor();
    await batch.getByRole('button', { name: '回滚' }).click();
    const [refused] = await Promise.all([
      page.waitForResponse(calls('/tripReport/rollback')),
      confirm('回滚'),
    ]);
    expect((await refused.json()).msg).toBe('该批导入中已有1条行程报告被修改，不能整批回滚');
    await page.getByText('该批导入中已有1条行程报告被修改，不能整批回滚').first().waitFor();
    await shot('rollback-refused');
    expect(session.pageErrors).toEqual([]);
  });

  it('closes the detail of a report deleted meanwhile and says why, without an endless spinner', async () => {
    const edited = reports.find((r) => r.importId !== null);
    const victim = reports.filter((r) => r !== edited).at(-1) as ReportRow;
    // another user's tab deletes it
    const deleted = await fetch(`${session.server.baseUrl}/api/tripReport/batchDelete`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'auth-token': session.login?.data.token ?? '' },
      body: JSON.stringify({ ids: [victim.id] }),
    });
    expect((await deleted.json()).code).toBe(200);
    await page.keyboard.press('Escape');
    const shown = row(victim.departTime).first();
    const [answer] = await Promise.all([
      page.waitForResponse(calls('/tripReport/detail')),
      shown.getByRole('button', { name: '详情' }).click(),
    ]);
    expect((await answer.json()).msg).toBe('行程报告不存在或无权操作');
    await page.getByText('行程报告不存在或无权操作').first().waitFor();
    await page.getByRole('dialog', { name: '行程报告详情' }).waitFor({ state: 'hidden' });
    // the list is read again without the deleted report
    await expect.poll(() => row(victim.departTime).count()).toBe(0);
    await shot('detail-gone');
    expect(session.pageErrors).toEqual([]);
  });
});

export type { Locator };
