import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { button, screenshot, settled as settle } from './support/browser';
import { chooseImportFile, exportDownload, firstSheet, sheetBuffer } from './support/import';
import type { RunningServer } from './support/server';
import { openSession, type Session, tableRow } from './support/session';

const TASKS = '/information/file-task';
/** More drivers than a direct download holds, so the export runs as a background task. */
const DRIVERS = 6000;

let session: Session;
let server: RunningServer;
let uploadDir: string;
let page: Page;
let pageErrors: string[];

const row = (text: string) => tableRow(page, text);

function settled(): Promise<void> {
  return settle(page, 200);
}

const sheet = (rows: string[][]) => sheetBuffer('站点', rows);

/** An API call from inside the signed-in page, as the app makes it. */
async function api(pathname: string, body: unknown): Promise<{ code: number; msg: string; data: unknown }> {
  return page.evaluate(
    async ([url, payload]) => {
      const token = decodeURIComponent(/Admin-Token=([^;]+)/.exec(document.cookie)?.[1] ?? '');
      const init: RequestInit = { method: 'POST', headers: { 'Auth-Token': token } };
      if (Array.isArray(payload)) {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(payload as number[])]), '司机.csv');
        init.body = form;
      } else {
        (init.headers as Record<string, string>)['Content-Type'] = 'application/json';
        init.body = JSON.stringify(payload);
      }
      return (await fetch(url as string, init)).json();
    },
    [`/api${pathname}`, body] as const,
  );
}

/** Drivers straight into the server's database, as an office with a large fleet has them. */
function insertDrivers(count: number): void {
  const db = new Database(server.databaseUrl.slice('sqlite:'.length));
  const now = Date.now();
  const insert = db.prepare(
    `insert into driver (merchant_id, team_code, name, phone, status, created_at, updated_at)
     values (1, '10000010010001', ?, ?, 1, ?, ?)`,
  );
  db.transaction(() => {
    for (let i = 0; i < count; i++)
      insert.run(`批量司机${i + 1}`, `199${String(i).padStart(8, '0')}`, now, now);
  })();
  db.close();
}

beforeAll(async () => {
  uploadDir = await mkdtemp(path.join(tmpdir(), 'fleet-e2e-uploads-'));
  session = await openSession({ account: 'admin', acceptDownloads: true, env: { UPLOAD_DIR: uploadDir } });
  ({ server, page, pageErrors } = session);
});

afterAll(async () => {
  await session?.close();
  await rm(uploadDir, { recursive: true, force: true });
});

beforeEach(({ task, onTestFailed }) => {
  onTestFailed(async () => {
    await screenshot(page, `file-tasks-failed-${task.name.slice(0, 40)}`).catch(() => undefined);
    console.log(server.output().slice(-3000), pageErrors);
  });
});

describe('导入导出查询', () => {
  it('shows the empty state before any export or import', async () => {
    await page.goto(TASKS);
    await page.locator('.ant-table .ant-empty-description', { hasText: '暂无数据' }).waitFor();
    await settled();
    await screenshot(page, 'file-tasks-empty', '/tmp/file-tasks-empty.png');
  });

  it('lists a large export with a progress bar that refreshes by itself, and downloads the file', async () => {
    insertDrivers(DRIVERS);
    const created = await api('/driver/export', {});
    expect(created).toMatchObject({ code: 200, msg: '导出任务已创建，请到导入导出查询查看' });
    await page.goto(TASKS);
    const task = row('司机列表');
    await task.waitFor();
    expect(await task.locator('.ant-progress').count()).toBe(1);
    // no reload: the page refreshes itself while the task waits or runs
    await task.getByText('已完成').waitFor({ timeout: 30_000 });
    await expect.poll(() => task.locator('.ant-progress').getAttribute('aria-valuenow')).toBe('100');
    expect(await task.textContent()).toContain('导出');
    const { download, file } = await exportDownload(page, task.getByText('下载'));
    expect(download.suggestedFilename()).toMatch(/^司机列表_\d{14}\.xlsx$/);
    const sheet = await firstSheet(file);
    expect(sheet?.getRow(1).getCell(1).value).toBe('司机姓名');
    expect(sheet?.actualRowCount).toBeGreaterThan(DRIVERS);
  });

  it('refreshes the progress of a running task without a reload', async () => {
    const db = new Database(server.databaseUrl.slice('sqlite:'.length));
    const admin = db.prepare("select id from app_user where username = 'admin'").get() as { id: number };
    const now = Date.now();
    const { lastInsertRowid } = db
      .prepare(
        `insert into file_task (merchant_id, team_code, user_id, kind, title, file_name, status, progress,
           total_rows, done_rows, created_at, updated_at)
         values (1, '1000001', ?, 'export', '车辆列表', '车辆列表_20261120100000.xlsx', 'running', 40, 100000, 40000, ?, ?)`,
      )
      .run(admin.id, now, now);
    await page.reload();
    const task = row('车辆列表');
    await task.getByText('进行中').waitFor();
    expect(await task.locator('.ant-progress').textContent()).toContain('40%');
    await page.getByText('有任务进行中，列表每2秒自动刷新').waitFor();
    await settled();
    await screenshot(page, 'file-tasks-running', '/tmp/file-tasks-running.png');
    db.prepare(
      "update file_task set status = 'failed', error = '服务重启，任务已中断，请重新导出' where id = ?",
    ).run(lastInsertRowid);
    db.close();
    await task.getByText('失败').waitFor({ timeout: 10_000 });
    expect(await task.textContent()).toContain('服务重启');
    await page.getByText('有任务进行中').waitFor({ state: 'detached' });
  });

  it('imports through the dialog: template, row errors listed, nothing written, then a good file', async () => {
    await page.goto('/information/station');
    await button(page, '导入').click();
    const dialog = page.getByRole('dialog', { name: '批量导入站点' });
    const [template] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByText('上传模板').click(),
    ]);
    expect(template.suggestedFilename()).toBe('站点导入模板.xlsx');
    const header = ['站点名称', '站点类型', '地址', '经度', '纬度', '围栏半径(米)'];
    const good = ['东胜一号装货点', '装货地', '内蒙古自治区鄂尔多斯市东胜区', '109.963', '39.817', '500'];
    await chooseImportFile(dialog, {
      name: '站点.xlsx',
      mimeType: 'application/octet-stream',
      buffer: await sheet([header, good, [...good.slice(0, 3), '经度', '39.8', '500']]),
    });
    await button(dialog, '上传').click();
    const errors = dialog.getByTestId('import-row-errors');
    await errors.waitFor();
    expect(await errors.textContent()).toContain('第 3 行：');
    await dialog.getByText('共 1 处错误，未导入任何数据').waitFor();
    await settled();
    await screenshot(page, 'file-tasks-import-errors', '/tmp/file-tasks-import-errors.png');
    await chooseImportFile(dialog, {
      name: '站点.xlsx',
      mimeType: 'application/octet-stream',
      buffer: await sheet([header, good]),
    });
    await button(dialog, '上传').click();
    await page.locator('.ant-message-notice', { hasText: '成功导入1条数据' }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await row('东胜一号装货点').waitFor();
    await page.goto(TASKS);
    await row('站点.xlsx').first().waitFor();
    expect(await page.locator('.ant-table-tbody tr', { hasText: '站点.xlsx' }).allTextContents()).toEqual([
      expect.stringContaining('已完成'),
      expect.stringContaining('第3行'),
    ]);
  });

  it('lists a refused import with its reason, and deletes it', async () => {
    const refused = await api('/driver/import', [...Buffer.from('司机姓名,手机号\n张三,13800000000\n')]);
    expect(refused).toMatchObject({ code: 400, msg: '只支持.xlsx格式的Excel文件，请选择正确的文件' });
    await page.reload();
    const task = row('司机.csv');
    await task.waitFor();
    expect(await task.textContent()).toContain('失败');
    expect(await task.textContent()).toContain('只支持.xlsx格式');
    await settled();
    await screenshot(page, 'file-tasks', '/tmp/file-tasks.png');

    await task.getByText('删除').click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.getByText('导出的文件将一并删除').waitFor();
    await button(confirm, '确定').click();
    await task.waitFor({ state: 'detached' });
    expect(await row('司机列表').count()).toBe(1);
    expect(await row('车辆列表').count()).toBe(1);
    expect(await row('站点.xlsx').count()).toBe(2);

    await page.locator('.ant-select', { hasText: '请选择' }).first().click();
    await page.locator('.ant-select-item-option', { hasText: '导入' }).click();
    await button(page, '查询').click();
    await row('司机列表').waitFor({ state: 'detached' });
    expect(await row('站点.xlsx').count()).toBe(2);
    expect(await row('导出').count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });
});
