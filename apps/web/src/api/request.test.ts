import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiUrl,
  bindRequestUi,
  contentDispositionFilename,
  downloadBlob,
  isLongMessage,
  REQUEST_TIMEOUT_MS,
  RequestError,
  type RequestUi,
  request,
  requestEnvelope,
} from './request';

/** A document whose cookie jar understands `name=value` and `max-age=0`. */
function fakeDocument(initial: Record<string, string>) {
  const jar = new Map(Object.entries(initial));
  return {
    get cookie() {
      return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    set cookie(text: string) {
      const [pair = '', ...attributes] = text.split(';');
      const [name = '', value = ''] = pair.split('=');
      if (attributes.some((a) => a.trim() === 'max-age=0')) jar.delete(name.trim());
      else jar.set(name.trim(), value);
    },
    jar,
  };
}

interface Call {
  url: string;
  init: RequestInit;
}

/** fetch that answers each call with `answer(call)`, and honours the abort signal like the real one. */
function fakeFetch(answer: (call: Call) => Response | Promise<Response> | 'hang' | 'network') {
  const calls: Call[] = [];
  const fetch = vi.fn((url: string, init: RequestInit) => {
    const call = { url, init };
    calls.push(call);
    return new Promise<Response>((resolve, reject) => {
      const signal = init.signal;
      signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      const result = answer(call);
      if (result === 'hang') return;
      if (result === 'network') return reject(new TypeError('Failed to fetch'));
      void Promise.resolve(result).then(resolve, reject);
    });
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const envelope = (code: number, msg = '', data: unknown = null) => json({ code, msg, data });

function fakeUi() {
  let confirmed: () => void = () => {};
  const ui = {
    toast: vi.fn<RequestUi['toast']>(),
    confirm: vi.fn<RequestUi['confirm']>(
      () =>
        new Promise<void>((resolve) => {
          confirmed = resolve;
        }),
    ),
    forbidden: vi.fn<RequestUi['forbidden']>(),
    reload: vi.fn<RequestUi['reload']>(),
    navigateLogin: vi.fn<RequestUi['navigateLogin']>(),
  };
  return { ui, confirm: () => confirmed() };
}

const TOAST_MS = 5000;
let doc: ReturnType<typeof fakeDocument>;
let ui: ReturnType<typeof fakeUi>['ui'];
let confirm: () => void;

beforeEach(() => {
  doc = fakeDocument({ 'Admin-Token': 'token-1' });
  vi.stubGlobal('document', doc);
  ({ ui, confirm } = fakeUi());
  bindRequestUi(ui);
});

afterEach(() => {
  bindRequestUi(undefined);
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

async function rejection(promise: Promise<unknown>): Promise<RequestError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RequestError);
  return error as RequestError;
}

const noScreenEffect = () => {
  expect(ui.toast).not.toHaveBeenCalled();
  expect(ui.confirm).not.toHaveBeenCalled();
  expect(ui.forbidden).not.toHaveBeenCalled();
  expect(ui.reload).not.toHaveBeenCalled();
  expect(ui.navigateLogin).not.toHaveBeenCalled();
};

describe('body code 200', () => {
  it('resolves with the data, sending the token and a JSON body', async () => {
    const calls = fakeFetch(() => envelope(200, 'success', { id: 7 }));
    await expect(request('POST', '/system/user/add', { body: { name: '张三' } })).resolves.toEqual({ id: 7 });
    const [call] = calls;
    expect(call?.url).toBe('/api/system/user/add');
    expect(call?.init.method).toBe('POST');
    const headers = call?.init.headers as Record<string, string>;
    expect(headers['Auth-Token']).toBe('token-1');
    expect(headers['Content-Type']).toBe('application/json');
    expect(call?.init.body).toBe('{"name":"张三"}');
    noScreenEffect();
  });

  it('resolves with the whole envelope through requestEnvelope', async () => {
    fakeFetch(() => envelope(200, 'success', [1]));
    await expect(requestEnvelope('GET', '/x')).resolves.toEqual({ code: 200, msg: 'success', data: [1] });
  });

  it('sends multipart forms as they are, without a JSON content type', async () => {
    const calls = fakeFetch(() => envelope(200, 'success', { fullPath: '/a.png' }));
    const form = new FormData();
    form.append('name', 'a.png');
    await request('POST', '/file/upload', { form });
    expect(calls[0]?.init.body).toBe(form);
    expect((calls[0]?.init.headers ?? {}) as Record<string, string>).not.toHaveProperty('Content-Type');
  });
});

describe('body codes 510 and 513', () => {
  it.each([510, 513])('%i is handed to the caller silently', async (code) => {
    fakeFetch(() => envelope(code, '需要处理', { x: 1 }));
    await expect(requestEnvelope('POST', '/x')).resolves.toEqual({ code, msg: '需要处理', data: { x: 1 } });
    noScreenEffect();
  });

  it('request() rejects with the envelope attached and still shows nothing', async () => {
    fakeFetch(() => envelope(513, '需要处理', { x: 1 }));
    const error = await rejection(request('POST', '/x'));
    expect(error.code).toBe(513);
    expect(error.envelope?.data).toEqual({ x: 1 });
    noScreenEffect();
  });
});

describe('body code 511', () => {
  it('toasts 终端设备不在线 and returns the result', async () => {
    fakeFetch(() => envelope(511, 'offline', { tid: '1' }));
    await expect(requestEnvelope('POST', '/media/subscribe')).resolves.toMatchObject({ code: 511 });
    expect(ui.toast).toHaveBeenCalledWith('warning', '终端设备不在线', TOAST_MS);
  });
});

describe('body code 409', () => {
  it('shows a 提示 confirm with the message lines, then rejects once confirmed', async () => {
    fakeFetch(() => envelope(409, '车辆 京A12345 已在运输中\n继续将覆盖原计划'));
    let settled = false;
    const call = request('POST', '/plan/add').finally(() => {
      settled = true;
    });
    await vi.waitFor(() => expect(ui.confirm).toHaveBeenCalled());
    expect(ui.confirm).toHaveBeenCalledWith('提示', ['车辆 京A12345 已在运输中', '继续将覆盖原计划']);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(settled).toBe(false);
    confirm();
    const error = await rejection(call);
    expect(error.code).toBe(409);
    expect(ui.toast).not.toHaveBeenCalled();
  });
});

describe('body codes 401 and 404', () => {
  it.each([401, 404])('%i on the login call shows the message and keeps the token', async (code) => {
    fakeFetch(() => envelope(code, '用户名或密码错误'));
    const error = await rejection(request('POST', '/auth/login', { signIn: true }));
    expect(error.code).toBe(code);
    expect(ui.toast).toHaveBeenCalledWith('error', '用户名或密码错误', TOAST_MS, false);
    expect(ui.navigateLogin).not.toHaveBeenCalled();
    expect(doc.jar.get('Admin-Token')).toBe('token-1');
  });

  it.each([401, 404])(
    '%i elsewhere clears the token and goes to the login page with the message',
    async (code) => {
      fakeFetch(() => envelope(code, '登录已过期'));
      const error = await rejection(request('GET', '/user/info'));
      expect(error.code).toBe(code);
      expect(doc.jar.has('Admin-Token')).toBe(false);
      expect(ui.navigateLogin).toHaveBeenCalledWith('登录已过期');
      expect(ui.toast).not.toHaveBeenCalled();
    },
  );
});

describe('body codes 400, 512, 505 and 411', () => {
  it.each([400, 512, 505, 411])('%i shows the message for 5 s and rejects', async (code) => {
    fakeFetch(() => envelope(code, '手机号: 手机号码不符合规范'));
    const error = await rejection(request('POST', '/x'));
    expect(error).toMatchObject({ kind: 'body', code, message: '手机号: 手机号码不符合规范' });
    expect(ui.toast).toHaveBeenCalledWith('error', '手机号: 手机号码不符合规范', TOAST_MS, false);
  });
});

describe('body code 406', () => {
  it("replaces the server's message with 系统异常，请稍后再试", async () => {
    fakeFetch(() => envelope(406, 'NullPointerException at line 42'));
    const error = await rejection(request('POST', '/x'));
    expect(error.message).toBe('系统异常，请稍后再试');
    expect(ui.toast).toHaveBeenCalledWith('error', '系统异常，请稍后再试', TOAST_MS, false);
  });
});

describe('any other body code', () => {
  it('shows the message and rejects', async () => {
    fakeFetch(() => envelope(429, '操作过于频繁，请稍后再试', null));
    const error = await rejection(request('POST', '/x'));
    expect(error.code).toBe(429);
    expect(ui.toast).toHaveBeenCalledWith('error', '操作过于频繁，请稍后再试', TOAST_MS, false);
  });

  it('shows 系统异常，请稍后再试 when there is no message', async () => {
    fakeFetch(() => envelope(500, ''));
    const error = await rejection(request('POST', '/x'));
    expect(error.message).toBe('系统异常，请稍后再试');
    expect(ui.toast).toHaveBeenCalledWith('error', '系统异常，请稍后再试', TOAST_MS, false);
  });

  it('treats an answer that is no envelope as a system fault', async () => {
    fakeFetch(() => new Response('<html>Bad Gateway</html>', { status: 502 }));
    const error = await rejection(request('GET', '/x'));
    expect(error).toMatchObject({ kind: 'http', code: 502, message: '系统异常，请稍后再试' });
    expect(ui.toast).toHaveBeenCalledWith('error', '系统异常，请稍后再试', TOAST_MS, false);
  });
});

describe('HTTP 403', () => {
  it('shows Forbidden (5 s) and rejects', async () => {
    fakeFetch(() => json({ code: 403, msg: '无权限访问', data: null }, 403));
    const error = await rejection(request('POST', '/system/user/page'));
    expect(error).toMatchObject({ kind: 'http', code: 403, message: 'Forbidden' });
    expect(ui.forbidden).toHaveBeenCalledOnce();
    expect(ui.toast).not.toHaveBeenCalled();
  });
});

describe('HTTP 401', () => {
  it('clears the token and reloads with 登录失效，请重新登录', async () => {
    fakeFetch(() => new Response('', { status: 401 }));
    const error = await rejection(request('GET', '/user/info'));
    expect(error).toMatchObject({ kind: 'http', code: 401, message: '登录失效，请重新登录' });
    expect(doc.jar.has('Admin-Token')).toBe(false);
    expect(ui.reload).toHaveBeenCalledWith('登录失效，请重新登录');
  });
});

describe('timeout and network failure', () => {
  it('gives up after 60 s by default with 系统繁忙，请稍后再试', async () => {
    vi.useFakeTimers();
    fakeFetch(() => 'hang');
    const call = rejection(request('GET', '/slow'));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(ui.toast).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const error = await call;
    expect(REQUEST_TIMEOUT_MS).toBe(60_000);
    expect(error).toMatchObject({ kind: 'timeout', message: '系统繁忙，请稍后再试' });
    expect(ui.toast).toHaveBeenCalledWith('error', '系统繁忙，请稍后再试', TOAST_MS, false);
  });

  it('takes a timeout of its own (uploads: 5 s)', async () => {
    vi.useFakeTimers();
    fakeFetch(() => 'hang');
    const call = rejection(request('POST', '/file/upload', { timeoutMs: 5000 }));
    await vi.advanceTimersByTimeAsync(5000);
    expect((await call).kind).toBe('timeout');
  });

  it('shows 网络异常，请检查网络后再试 when the network fails', async () => {
    fakeFetch(() => 'network');
    const error = await rejection(request('GET', '/x'));
    expect(error).toMatchObject({ kind: 'network', message: '网络异常，请检查网络后再试' });
    expect(ui.toast).toHaveBeenCalledWith('error', '网络异常，请检查网络后再试', TOAST_MS, false);
  });
});

describe('long messages', () => {
  it('offer 查看更多 above 1600 px (100 Chinese characters)', async () => {
    const long = '车'.repeat(101);
    fakeFetch(() => envelope(400, long));
    await rejection(request('POST', '/x'));
    expect(ui.toast).toHaveBeenCalledWith('error', long, TOAST_MS, true);
    expect(isLongMessage('车'.repeat(100))).toBe(false);
    expect(isLongMessage('a'.repeat(200))).toBe(false);
    expect(isLongMessage('a'.repeat(201))).toBe(true);
  });
});

describe('duplicate list calls', () => {
  it('cancel the earlier call in flight, quietly', async () => {
    let first = true;
    fakeFetch(() => {
      if (first) {
        first = false;
        return 'hang';
      }
      return envelope(200, 'success', { list: [2], total: 1 });
    });
    const older = rejection(request('POST', '/system/user/page', { body: { pageNum: 1 }, dedupe: true }));
    const newer = request('POST', '/system/user/page', { body: { pageNum: 2 }, dedupe: true });
    await expect(newer).resolves.toEqual({ list: [2], total: 1 });
    expect((await older).kind).toBe('cancel');
    noScreenEffect();
  });

  it('leave calls alone that are not marked, or go elsewhere', async () => {
    const resolvers: Array<() => void> = [];
    fakeFetch(
      (call) =>
        new Promise<Response>((resolve) => {
          resolvers.push(() => resolve(envelope(200, 'success', call.url)));
        }),
    );
    const a = request('POST', '/a', { dedupe: true });
    const b = request('POST', '/b', { dedupe: true });
    const c = request('POST', '/a');
    const d = request('POST', '/a');
    await vi.waitFor(() => expect(resolvers).toHaveLength(4));
    for (const resolve of resolvers) resolve();
    await expect(Promise.all([a, b, c, d])).resolves.toEqual(['/api/a', '/api/b', '/api/a', '/api/a']);
  });

  it("are cancelled quietly by the caller's signal", async () => {
    fakeFetch(() => 'hang');
    const controller = new AbortController();
    const call = rejection(request('GET', '/x', { signal: controller.signal }));
    controller.abort();
    expect((await call).kind).toBe('cancel');
    noScreenEffect();
  });
});

describe('GET query strings', () => {
  it('repeat the key for arrays and leave out empty values', async () => {
    const calls = fakeFetch(() => envelope(200, 'success', null));
    await request('GET', '/plan/alarm/list', {
      query: { teamCodeList: ['1000001', '1000002'], carNo: '京A 1', vin: undefined, tid: null, page: 1 },
      body: { ignored: true },
    });
    expect(calls[0]?.url).toBe(
      '/api/plan/alarm/list?teamCodeList=1000001&teamCodeList=1000002&carNo=%E4%BA%ACA+1&page=1',
    );
    expect(calls[0]?.init.body).toBeUndefined();
    expect(apiUrl('/x')).toBe('/api/x');
  });
});

describe('quiet calls', () => {
  it.each([400, 401, 404, 406, 409, 511])('show nothing for body code %i', async (code) => {
    fakeFetch(() => envelope(code, 'msg'));
    await requestEnvelope('POST', '/x', { quiet: true }).catch(() => undefined);
    noScreenEffect();
    expect(doc.jar.get('Admin-Token')).toBe('token-1');
  });

  it('show nothing for network failures', async () => {
    fakeFetch(() => 'network');
    expect((await rejection(request('GET', '/x', { quiet: true }))).kind).toBe('network');
    noScreenEffect();
  });
});

describe('downloads', () => {
  const file = (bytes: string, disposition?: string) =>
    new Response(bytes, {
      headers: {
        'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        ...(disposition ? { 'content-disposition': disposition } : {}),
      },
    });

  it("read the file name from Content-Disposition's filename*", async () => {
    fakeFetch(() =>
      file('xlsx', `attachment; filename="x.xlsx"; filename*=UTF-8''${encodeURIComponent('用户列表.xlsx')}`),
    );
    const { blob, filename } = await downloadBlob('POST', '/system/user/export');
    expect(filename).toBe('用户列表.xlsx');
    expect(await blob.text()).toBe('xlsx');
  });

  it('fall back to the given name', async () => {
    fakeFetch(() => file('xlsx'));
    expect((await downloadBlob('GET', '/x', { filename: '模板.xlsx' })).filename).toBe('模板.xlsx');
  });

  it('show 下载文件有误 for an empty file', async () => {
    fakeFetch(() => file('', 'attachment; filename="a.xlsx"'));
    const error = await rejection(downloadBlob('GET', '/x'));
    expect(error).toMatchObject({ kind: 'download', message: '下载文件有误' });
    expect(ui.toast).toHaveBeenCalledWith('error', '下载文件有误', TOAST_MS, false);
  });

  it('follow the body rules when the answer is an envelope', async () => {
    fakeFetch(() => envelope(400, '导出条数超过限制'));
    expect((await rejection(downloadBlob('POST', '/x'))).code).toBe(400);
    expect(ui.toast).toHaveBeenCalledWith('error', '导出条数超过限制', TOAST_MS, false);
  });
});

describe('contentDispositionFilename', () => {
  it('reads the forms servers send', () => {
    expect(contentDispositionFilename("attachment; filename*=UTF-8''%E8%BD%A6%E8%BE%86.xlsx")).toBe(
      '车辆.xlsx',
    );
    expect(contentDispositionFilename("attachment; filename*=utf-8'zh'%E8%BD%A6.xlsx")).toBe('车.xlsx');
    expect(contentDispositionFilename('attachment; filename="report 1.xlsx"')).toBe('report 1.xlsx');
    expect(contentDispositionFilename('attachment; filename=%E8%BD%A6.xlsx')).toBe('车.xlsx');
    expect(contentDispositionFilename('attachment; filename=a%ZZ.xlsx')).toBe('a%ZZ.xlsx');
    expect(contentDispositionFilename('attachment')).toBeUndefined();
    expect(contentDispositionFilename(null)).toBeUndefined();
  });
});
