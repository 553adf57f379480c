import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { button } from './support/browser';
import { calls, type Session, sessionPerFile, shownPageHelpers, tmpShot } from './support/session';

// 线路节油计划, its add page, 监控车辆, 线路节油监控 and 线路节油分析 as the admin: a plan on a
// trunk line with the target taken from the analysis of the line's history, a truck that ran it put
// under monitoring, its runs against the target with the flags, and the analysis page.

let page: Page;
let session: Session;
const { view, row, toast } = shownPageHelpers(() => page);
const shot = async (name: string) => {
  await tmpShot(page, `oil-saving-${name}`);
  await page.screenshot({ path: `/tmp/shots/oil-saving-${name}.png` });
};
const LINE = '北京大兴至石家庄干线';
const DEMO_LINE = '北京至天津京津塘干线';

/** Chooses an option of a select: a click, the text typed, then the option. */
async function choose(select: Locator, option: string, type = true): Promise<void> {
  await select.click();
  if (type) await select.pressSequentially(option.slice(0, 4), { delay: 30 });
  const item = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option });
  await item.first().waitFor();
  await page.waitForTimeout(300);
  await item.first().click();
}

/** Types the days into a range picker inside `scope`. */
async function pickDays(scope: Locator, from: string, to: string): Promise<void> {
  const start = scope.getByPlaceholder('开始日期');
  await start.click();
  await start.fill(from);
  await start.press('Enter');
  const end = scope.getByPlaceholder('结束日期');
  await end.fill(to);
  await end.press('Enter');
  await page.keyboard.press('Escape');
}

const day = (offset: number) =>
  new Date(Date.now() + 8 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);

sessionPerFile({ account: 'admin', name: 'oil-saving', tail: 2000 }, (opened) => {
  session = opened;
  ({ page } = opened);
});

describe('线路节油', () => {
  let carNo = '';
  let suggested = 0;

  it('lists the demo plan, shows 暂无数据 for a search without plans, then adds a plan with the target the analysis suggests', async () => {
    await Promise.all([page.waitForResponse(calls('/fuel/efficient/list')), page.goto('/oil-saving/plan')]);
    await row(DEMO_LINE).getByText('干线一分队京津塘节油试点').waitFor();
    await shot('plans');
    await view().getByLabel('车系', { exact: true }).fill('不存在的车系');
    await Promise.all([page.waitForResponse(calls('/fuel/efficient/list')), button(view(), '查询').click()]);
    await view().locator('.ant-empty-description', { hasText: '暂无数据' }).waitFor();
    await shot('plans-empty');
    await Promise.all([page.waitForResponse(calls('/fuel/efficient/list')), button(view(), '重置').click()]);
    await row(DEMO_LINE).waitFor();

    await button(view(), '新增节油计划').click();
    const editor = page.getByTestId('oil-saving-editor');
    await editor.waitFor();
    await button(editor, '保存').click();
    await editor.locator('.ant-form-item-explain-error', { hasText: '请选择线路' }).waitFor();
    await editor.locator('.ant-form-item-explain-error', { hasText: '请输入目标油耗' }).waitFor();

    await choose(editor.getByLabel('线路', { exact: true }), LINE);
    // the line's stations fill the table
    await editor.getByText('起点').first().waitFor();
    const [analysed] = await Promise.all([
      page.waitForResponse(calls('/fuel/efficient/route/analysis')),
      button(editor, '分析历史油耗').click(),
    ]);
    const analysis = (await analysed.json()) as {
      data: { summary: { runs: number; suggested: number }; trucks: { carNo: string }[] };
    };
    expect(analysis.data.summary.runs).toBeGreaterThan(0);
    suggested = analysis.data.summary.suggested;
    carNo = analysis.data.trucks[0]?.carNo ?? '';
    await editor.getByRole('img', { name: '各车百公里油耗' }).waitFor();
    await button(editor, `采用建议目标 ${suggested}`).click();
    await expect.poll(() => editor.getByLabel('目标油耗(L/100km)').inputValue()).toBe(String(suggested));
    await pickDays(editor.locator('.ant-form-item', { hasText: '计划周期' }), day(-20), day(30));
    await editor.getByLabel('备注').fill('干线节油试点');
    await shot('add');
    const [saved] = await Promise.all([
      page.waitForResponse(calls('/fuel/efficient/add')),
      button(editor, '保存').click(),
    ]);
    expect(saved.request().postDataJSON()).toMatchObject({
      targetFuel: suggested,
      tolerance: 5,
      remark: '干线节油试点',
    });
    await toast('节油计划已保存').waitFor();
    await row(LINE).getByText('进行中').waitFor();
    await row(LINE).getByText(suggested.toFixed(1)).waitFor();
  });

  it('puts a truck that ran the line under monitoring and lists its runs against the target', async () => {
    await row(LINE).getByText('监控车辆', { exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `监控车辆：${LINE}` });
    await dialog.getByText('暂无监控车辆').waitFor();
    await choose(dialog.locator('.ant-select'), carNo);
    await page.keyboard.press('Escape');
    await Promise.all([
      page.waitForResponse(calls('/fuel/efficient/car/monitor')),
      button(dialog, '加入监控').click(),
    ]);
    await toast('已监控1辆车').waitFor();
    await dialog
      .getByRole('row', { name: new RegExp(carNo) })
      .getByText('监控中')
      .waitFor();
    await shot('monitor-dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await row(LINE).getByText('1辆', { exact: true }).waitFor();

    const [listed] = await Promise.all([
      page.waitForResponse(calls('/fuel/efficient/monitor/list')),
      row(LINE).getByText('监控明细').click(),
    ]);
    const answer = (await listed.json()) as {
      data: {
        total: number;
        list: { carNo: string; over: boolean }[];
        totalRow: { runs: number; overRuns: number };
      };
    };
    expect(answer.data.total).toBeGreaterThan(0);
    expect(answer.data.list.every((r) => r.carNo === carNo)).toBe(true);
    await view()
      .getByText(`共1辆车 ${answer.data.totalRow.runs}趟，超标${answer.data.totalRow.overRuns}趟`)
      .waitFor();
    const first = answer.data.list[0];
    await view()
      .locator('.ant-table-row')
      .first()
      .getByText(first?.over ? '超标' : '正常', { exact: true })
      .waitFor();
    // the page names the plan it shows; closing the name shows every plan's runs
    const planTag = view().locator('.ant-tag', { hasText: `节油计划：${LINE}` });
    await planTag.waitFor();
    await shot('monitor');
    const [all] = await Promise.all([
      page.waitForResponse(calls('/fuel/efficient/monitor/list')),
      planTag.locator('.ant-tag-close-icon').click(),
    ]);
    expect(all.request().postDataJSON()).not.toHaveProperty('planId');
    const everyPlan = (await all.json()).data as { total: number; list: { lineName: string }[] };
    expect(everyPlan.total).toBeGreaterThan(answer.data.total);
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await planTag.waitFor({ state: 'detached' });
    await view().locator('.ant-table-row', { hasText: DEMO_LINE }).first().waitFor();
  });

  it('says where the runs come from when a line has no monitored runs', async () => {
    const select = view().locator('.ant-form-item', { hasText: '线路' }).locator('.ant-select').first();
    await select.click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await options.first().waitFor();
    const names = await options.allInnerTexts();
    const quiet = names.find((n) => n !== LINE && n !== DEMO_LINE) as string;
    await page.keyboard.press('Escape');
    await choose(select, quiet);
    const [listed] = await Promise.all([
      page.waitForResponse(calls('/fuel/efficient/monitor/list')),
      button(view(), '查询').click(),
    ]);
    expect((await listed.json()).data.total).toBe(0);
    await view()
      .getByText(/暂无监控数据：在线路节油计划中为计划加入监控车辆后/)
      .waitFor();
    await shot('monitor-empty');
    await button(view(), '前往线路节油计划').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/oil-saving/plan');
    await row(LINE).waitFor();
  });

  it('edits the plan on its edit page', async () => {
    await Promise.all([page.waitForResponse(calls('/fuel/efficient/list')), page.goto('/oil-saving/plan')]);
    const [found] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/fuel/efficient/find/')),
      row(LINE).getByRole('button', { name: '编辑' }).click(),
    ]);
    const id = (await found.json()).data.id as number;
    const editor = page.getByTestId('oil-saving-editor');
    await editor.getByText('编辑节油计划').waitFor();
    await expect.poll(() => editor.getByLabel('目标油耗(L/100km)').inputValue()).toBe(String(suggested));
    await editor.getByLabel('允许偏差(%)').fill('10');
    await shot('edit');
    const [saved] = await Promise.all([
      page.waitForResponse(calls('/fuel/efficient/update')),
      button(editor, '保存').click(),
    ]);
    expect(saved.request().postDataJSON()).toMatchObject({ id, tolerance: 10, targetFuel: suggested });
    await toast('节油计划已保存').waitFor();
    await row(LINE).getByText('10', { exact: true }).waitFor();
  });

  it('analyses a line on 线路节油分析', async () => {
    await Promise.all([
      page.waitForResponse(calls('/fuel/efficient/route/analysis')),
      page.goto('/oil-saving/analysis'),
    ]);
    await choose(view().getByLabel('线路', { exact: true }), LINE);
    const [analysed] = await Promise.all([
      page.waitForResponse(calls('/fuel/efficient/route/analysis')),
      button(view(), '查询').click(),
    ]);
    const data = (await analysed.json()).data as { lineName: string; summary: { runs: number } };
    expect(data.lineName).toBe(LINE);
    await view().getByText(`总体：${LINE}`).waitFor();
    await view().getByText('建议目标(L/100km)').first().waitFor();
    await view().getByRole('img', { name: '各车百公里油耗' }).waitFor();
    await shot('analysis');
    // a period without finished runs names the line it read
    // (Enter in the range picker may already search, with the period it held before: wait for the new one)
    const answered = page.waitForResponse(
      (r) =>
        calls('/fuel/efficient/route/analysis')(r) &&
        (r.request().postDataJSON() as { startDate?: string } | null)?.startDate === '2020-01-01',
    );
    await pickDays(view().locator('.ant-form-item', { hasText: '分析周期' }), '2020-01-01', '2020-01-31');
    await button(view(), '查询').click();
    const quiet = await answered;
    expect((await quiet.json()).data.summary.runs).toBe(0);
    await view().getByText(`${LINE}在分析周期内没有已完成的计划`, { exact: false }).waitFor();
    await shot('analysis-empty');
    expect(session.pageErrors).toEqual([]);
  });
});
