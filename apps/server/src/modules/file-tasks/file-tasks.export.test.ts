import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';
import {
  createDemoTable,
  type DemoItem,
  insertDemoItems,
  readBack,
  registerDemoSpreadsheets,
} from './file-tasks.fixture';
import { EXPORT_TASK_CREATED } from './file-tasks.register';
import { DIRECT_EXPORT_MAX_ROWS, FileTaskService } from './file-tasks.service';

const DISPATCH_TEAM = '10000010010001';

function items(count: number, team: string, merchant = 1, prefix = '钢材'): Omit<DemoItem, 'id'>[] {
  return Array.from({ length: count }, (_, i) => ({
    merchant_id: merchant,
    team_code: team,
    name: `${prefix}${i + 1}`,
    amount: i + 1,
    remark: i % 2 ? '' : '备注',
  }));
}

describe.each(TEST_DATABASES)('spreadsheet export on $name', (database) => {
  let t: TestApp;
  let dispatch: string;
  let admin: string;
  let uploadDir: string;
  beforeAll(async () => {
    uploadDir = mkdtempSync(path.join(tmpdir(), 'fleet-file-tasks-'));
    t = await startTestApp(database, { uploadDir }, { features: [registerDemoSpreadsheets] });
    await createDemoTable(t.db.db);
    dispatch = await login(t.app, 'dispatch', DEMO.dispatch);
    admin = await login(t.app, 'admin', DEMO.admin);
  });
  afterAll(() => t.close());

  const exportCall = (token: string, body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/test/demo/export',
      payload: body,
      headers: { 'auth-token': token },
    });
  const tasks = async (token: string, body: Record<string, unknown> = {}) =>
    (await call(t.app, 'POST', '/api/file/task/page', { token, body })).body.data;

  it('answers a small export as an .xlsx of exactly the filtered rows in scope, and lists it', async () => {
    await insertDemoItems(t.db.db, [
      ...items(3, DISPATCH_TEAM, 1, '钢材'),
      ...items(2, DISPATCH_TEAM, 1, '煤炭'),
      ...items(2, '10000010020001', 1, '钢材外队'), // another team of the merchant
      ...items(2, '20000010010001', 2, '钢材外商'), // another merchant
    ]);
    const res = await exportCall(dispatch, { name: '钢材', pageNum: 3, pageSize: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toMatch(
      /attachment; filename\*=UTF-8''演示列表_\d{14}\.xlsx/,
    );
    expect(await readBack(res.rawPayload)).toEqual([
      ['名称', '数量', '班组', '备注'],
      ['钢材1', 1, DISPATCH_TEAM, '备注'],
      ['钢材2', 2, DISPATCH_TEAM],
      ['钢材3', 3, DISPATCH_TEAM, '备注'],
    ]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]?.name).toBe('演示列表');
    expect(book.worksheets[0]?.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(book.worksheets[0]?.getColumn(1).width).toBe(20);
    const list = await tasks(dispatch);
    expect(list.total).toBe(1);
    expect(list.list[0]).toMatchObject({
      kind: 'export',
      kindName: '导出',
      title: '演示列表',
      status: 'done',
      statusName: '已完成',
      progress: 100,
      totalRows: 3,
      doneRows: 3,
      downloadable: true,
      createTime: '2026-11-20 10:00:00',
      finishTime: '2026-11-20 10:00:00',
    });
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/file/task/download/${list.list[0].id}`,
      headers: { 'auth-token': dispatch },
    });
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
  });

  it('answers an empty export with the header row only', async () => {
    const res = await exportCall(dispatch, { name: '没有这种货' });
    expect(await readBack(res.rawPayload)).toEqual([['名称', '数量', '班组', '备注']]);
  });

  it('runs a large export as a background task with progress, downloadable by its owner only', async () => {
    const count = DIRECT_EXPORT_MAX_ROWS + 1500;
    await insertDemoItems(t.db.db, items(count, DISPATCH_TEAM, 1, '大批'));
    const res = await call(t.app, 'POST', '/api/test/demo/export', {
      token: dispatch,
      body: { name: '大批' },
    });
    expect(res.body).toMatchObject({
      code: 200,
      msg: EXPORT_TASK_CREATED,
      data: { taskId: expect.any(Number) },
    });
    const taskId = res.body.data.taskId;
    let task: Record<string, unknown> | undefined;
    for (let i = 0; i < 200; i++) {
      task = (await tasks(dispatch, { kind: 'export' })).list.find((x: { id: number }) => x.id === taskId);
      if (task?.status === 'done' || task?.status === 'failed') break;
      expect(['waiting', 'running']).toContain(task?.status);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(task).toMatchObject({
      status: 'done',
      progress: 100,
      totalRows: count,
      doneRows: count,
      downloadable: true,
    });
    expect(task?.fileName).toMatch(/^演示列表_\d{14}\.xlsx$/);

    const url = `/api/file/task/download/${taskId}`;
    const mine = await t.app.inject({ method: 'GET', url, headers: { 'auth-token': dispatch } });
    expect(mine.statusCode).toBe(200);
    const rows = await readBack(mine.rawPayload);
    expect(rows).toHaveLength(count + 1);
    expect(rows[1]).toEqual(['大批1', 1, DISPATCH_TEAM, '备注']);
    expect(rows[count]).toEqual([`大批${count}`, count, DISPATCH_TEAM]);

    // another user of the same merchant (who sees more teams) can neither list nor download it
    const other = await call(t.app, 'GET', url, { token: admin });
    expect(other.body).toMatchObject({ code: 404, msg: '文件不存在或无权下载' });
    expect((await tasks(admin)).list.map((x: { id: number }) => x.id)).not.toContain(taskId);
    const anonymous = await call(t.app, 'GET', url);
    expect(anonymous.body.code).toBe(401);
    const deleted = await call(t.app, 'POST', '/api/file/task/delete', {
      token: admin,
      body: { id: taskId },
    });
    expect(deleted.body.code).toBe(404);
  });

  it('filters the task list and deletes a finished task with its file', async () => {
    const all = await tasks(dispatch, { pageSize: 500 });
    expect(all.list.map((x: { createTime: string }) => x.createTime)).toEqual(
      [...all.list.map((x: { createTime: string }) => x.createTime)].sort().reverse(),
    );
    expect((await tasks(dispatch, { kind: 'import' })).total).toBe(0);
    expect((await tasks(dispatch, { status: 'failed' })).total).toBe(0);
    const bad = await call(t.app, 'POST', '/api/file/task/page', {
      token: dispatch,
      body: { status: 'gone' },
    });
    expect(bad.body).toMatchObject({ code: 400, msg: expect.stringContaining('状态') });

    const files = () =>
      readdirSync(uploadDir, { recursive: true }).filter((f) => String(f).endsWith('.xlsx'));
    const before = files().length;
    const id = all.list[0].id;
    const res = await call(t.app, 'POST', '/api/file/task/delete', { token: dispatch, body: { id } });
    expect(res.body.code).toBe(200);
    expect(files()).toHaveLength(before - 1);
    expect((await tasks(dispatch)).total).toBe(all.total - 1);
    const gone = await t.app.inject({
      method: 'GET',
      url: `/api/file/task/download/${id}`,
      headers: { 'auth-token': dispatch },
    });
    expect(gone.json()).toMatchObject({ code: 404 });
  });
  it('deletes the files of exports older than the keeping period, and says so on the task', async () => {
    await insertDemoItems(t.db.db, items(DIRECT_EXPORT_MAX_ROWS + 10, DISPATCH_TEAM, 1, '过期'));
    const res = await call(t.app, 'POST', '/api/test/demo/export', {
      token: dispatch,
      body: { name: '过期' },
    });
    const taskId = res.body.data.taskId as number;
    let task: Record<string, unknown> | undefined;
    for (let i = 0; i < 200 && task?.status !== 'done'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      task = (await tasks(dispatch)).list.find((x: { id: number }) => x.id === taskId);
    }
    expect(task).toMatchObject({ status: 'done', downloadable: true, error: null });
    const files = () =>
      readdirSync(uploadDir, { recursive: true }).filter((f) => String(f).endsWith('.xlsx')).length;
    const before = files();

    // Six days later the file stays; past seven (the default) it goes, and the task says why.
    const service = new FileTaskService(t.db.db, { ...loadConfig({}), uploadDir, now: t.now }, t.app.log);
    t.advance(6 * 86_400_000);
    expect(await service.expireFiles()).toBe(0);
    t.advance(86_400_000 + 1000);
    expect(await service.expireFiles()).toBeGreaterThanOrEqual(1);
    expect(files()).toBeLessThan(before);
    dispatch = await login(t.app, 'dispatch', DEMO.dispatch); // the old session idled out meanwhile
    task = (await tasks(dispatch)).list.find((x: { id: number }) => x.id === taskId);
    expect(task).toMatchObject({
      status: 'done',
      downloadable: false,
      error: '文件已超过保留期（7天）并已删除，请重新导出',
    });
    const gone = await t.app.inject({
      method: 'GET',
      url: `/api/file/task/download/${taskId}`,
      headers: { 'auth-token': dispatch },
    });
    expect(gone.json()).toMatchObject({ code: 404 });
  });
});
