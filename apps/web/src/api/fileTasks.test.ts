import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { exportFile, importFile } from './fileTasks';
import { showSuccess } from './notify';
import { bindRequestUi, type RequestUi, saveBlob } from './request';

vi.mock('./notify', async (original) => ({ ...(await original<object>()), showSuccess: vi.fn() }));
vi.mock('./request', async (original) => ({ ...(await original<object>()), saveBlob: vi.fn() }));

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

let calls: { url: string; init: RequestInit }[];
let ui: { toast: ReturnType<typeof vi.fn> };

function answer(response: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return response();
    }),
  );
}

beforeEach(() => {
  calls = [];
  vi.stubGlobal('document', { cookie: 'Admin-Token=t1' });
  ui = { toast: vi.fn() };
  bindRequestUi({
    ...ui,
    confirm: vi.fn(),
    forbidden: vi.fn(),
    reload: vi.fn(),
    navigateLogin: vi.fn(),
  } as RequestUi);
});

afterEach(() => {
  bindRequestUi(undefined);
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('exportFile', () => {
  it('saves a direct answer under the name the server gives', async () => {
    answer(
      () =>
        new Response(new Uint8Array([0x50, 0x4b, 3, 4]), {
          headers: {
            'content-type': XLSX,
            'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent('车辆列表_20261120100000.xlsx')}`,
          },
        }),
    );
    const outcome = await exportFile('/v2/web/base/export', { carNo: '京A', pageNum: 2 });
    expect(outcome).toEqual({ kind: 'file', filename: '车辆列表_20261120100000.xlsx' });
    expect(calls[0]?.url).toBe('/api/v2/web/base/export');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ carNo: '京A', pageNum: 2 });
    expect(saveBlob).toHaveBeenCalledWith(expect.any(Blob), '车辆列表_20261120100000.xlsx');
    expect(showSuccess).not.toHaveBeenCalled();
  });

  it('announces a background task with a link to the task page, without an error toast', async () => {
    answer(() => json({ code: 200, msg: '导出任务已创建，请到导入导出查询查看', data: { taskId: 7 } }));
    expect(await exportFile('/driver/export', {}, undefined, { method: 'GET' })).toEqual({
      kind: 'task',
      taskId: 7,
    });
    expect(calls[0]?.init.method).toBe('GET');
    expect(showSuccess).toHaveBeenCalledTimes(1);
    expect(ui.toast).not.toHaveBeenCalled();
    expect(saveBlob).not.toHaveBeenCalled();
  });

  it('lets the request client show a refusal and rejects', async () => {
    answer(() => json({ code: 400, msg: '开始时间不能晚于结束时间', data: null }));
    await expect(exportFile('/driver/export', {})).rejects.toMatchObject({ kind: 'body', code: 400 });
    expect(ui.toast).toHaveBeenCalledWith('error', '开始时间不能晚于结束时间', 5000, false);
  });
});

describe('importFile', () => {
  const file = new File([new Uint8Array([0x50, 0x4b, 3, 4])], '车辆.xlsx');

  it('uploads the file as multipart and answers the success message', async () => {
    answer(() => json({ code: 200, msg: '成功导入2条数据', data: { total: 2, success: 2, errors: [] } }));
    const outcome = await importFile('/truck/import', file, { teamCode: '1000001' });
    expect(outcome).toEqual({
      ok: true,
      message: '成功导入2条数据',
      data: { total: 2, success: 2, errors: [] },
    });
    const form = calls[0]?.init.body as FormData;
    expect((form.get('file') as File).name).toBe('车辆.xlsx');
    expect(form.get('name')).toBe('车辆.xlsx');
    expect(form.get('teamCode')).toBe('1000001');
  });

  it('answers the row errors of a refused import after the first lines were shown', async () => {
    const errors = [{ row: 3, message: '车牌号: 车牌号不符合规范' }];
    answer(() =>
      json({ code: 400, msg: '第3行：车牌号: 车牌号不符合规范', data: { errors, errorCount: 1 } }),
    );
    expect(await importFile('/truck/import', file)).toEqual({ ok: false, errors, count: 1 });
    expect(ui.toast).toHaveBeenCalledWith('error', '第3行：车牌号: 车牌号不符合规范', 5000, false);
  });

  it('rejects other failures as the request client does', async () => {
    answer(() => json({ code: 400, msg: '只支持.xlsx格式的Excel文件，请选择正确的文件', data: null }));
    await expect(importFile('/truck/import', file)).rejects.toMatchObject({ code: 400 });
  });
});
