import { ADDRESS_RECORD, CUSTOMER_RECORD, defineRecordMeta } from '@fleet/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordApi } from './records';
import { bindRequestUi, type RequestUi } from './request';

let calls: { url: string; init: RequestInit }[];

beforeEach(() => {
  calls = [];
  vi.stubGlobal('document', { cookie: 'Admin-Token=t1' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(JSON.stringify({ code: 200, msg: '', data: { list: [], total: 0, deleted: 1 } }), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  bindRequestUi({
    toast: vi.fn(),
    confirm: vi.fn(),
    forbidden: vi.fn(),
    reload: vi.fn(),
    navigateLogin: vi.fn(),
  } as RequestUi);
});

afterEach(() => {
  bindRequestUi(undefined);
  vi.unstubAllGlobals();
});

const sent = (i = 0) => ({
  url: calls[i]?.url,
  method: calls[i]?.init.method,
  body: JSON.parse(String(calls[i]?.init.body)) as unknown,
});

describe('recordApi', () => {
  it('posts each call to the path of the record meta', async () => {
    const customers = recordApi<unknown, { customerName: string }>(CUSTOMER_RECORD);
    const addresses = recordApi(ADDRESS_RECORD);
    await addresses.list({ keyword: '东胜', pageNum: 2, pageSize: 10 });
    await customers.setValid(7, 0);
    await addresses.remove([3, 4]);
    await customers.edit({ customerName: '甲', id: 7 });
    expect(calls.map((_, i) => sent(i))).toEqual([
      {
        url: '/api/common/address/list',
        method: 'POST',
        body: { keyword: '东胜', pageNum: 2, pageSize: 10 },
      },
      { url: '/api/colliery/customer/valid', method: 'POST', body: { id: 7, valid: 0 } },
      { url: '/api/common/address/del', method: 'POST', body: { ids: [3, 4] } },
      { url: '/api/colliery/customer/edit', method: 'POST', body: { customerName: '甲', id: 7 } },
    ]);
  });

  it('exports the search query without the paging', async () => {
    await recordApi(CUSTOMER_RECORD)
      .exportList({ customerType: 1, pageNum: 3, pageSize: 20 })
      .catch(() => undefined);
    expect(sent()).toEqual({
      url: '/api/colliery/customer/export',
      method: 'POST',
      body: { customerType: 1 },
    });
  });

  it('asks the one record, and a list by query with its export, by GET with a query string', async () => {
    const meta = defineRecordMeta({
      ...CUSTOMER_RECORD,
      paths: { page: '/station/list', info: '/station/info', export: '/station/export' },
    });
    const stations = recordApi(meta, { listByQuery: true });
    await stations.list({ name: '东胜', pageNum: 1, pageSize: 10 });
    await stations.info(5);
    await stations.exportList({ name: '东胜', pageNum: 1, pageSize: 10 }).catch(() => undefined);
    await recordApi(meta, { listByQuery: true, exportMethod: 'POST' })
      .exportList({ name: '东胜' })
      .catch(() => undefined);
    expect(calls.map((c) => [c.init.method, c.url, c.init.body])).toEqual([
      ['GET', '/api/station/list?name=%E4%B8%9C%E8%83%9C&pageNum=1&pageSize=10', undefined],
      ['GET', '/api/station/info?id=5', undefined],
      ['GET', '/api/station/export?name=%E4%B8%9C%E8%83%9C', undefined],
      ['POST', '/api/station/export', JSON.stringify({ name: '东胜' })],
    ]);
  });

  it('sends the search query as the list and export take it, and deletes one row by id when asked', async () => {
    const meta = defineRecordMeta({
      ...CUSTOMER_RECORD,
      paths: { page: '/terminal/list', delete: '/terminal/delete', export: '/terminal/export' },
    });
    const terminals = recordApi(meta, {
      toQuery: ({ teamCode, ...rest }) => ({ ...rest, ...(teamCode ? { teamCodeList: [teamCode] } : {}) }),
      deleteById: true,
    });
    await terminals.list({ tid: '138', teamCode: '1000001', pageNum: 1, pageSize: 10 });
    await terminals.exportList({ teamCode: '1000001', pageNum: 1, pageSize: 10 }).catch(() => undefined);
    await terminals.remove([9]);
    expect(calls.map((_, i) => sent(i))).toEqual([
      {
        url: '/api/terminal/list',
        method: 'POST',
        body: { tid: '138', pageNum: 1, pageSize: 10, teamCodeList: ['1000001'] },
      },
      { url: '/api/terminal/export', method: 'POST', body: { teamCodeList: ['1000001'] } },
      { url: '/api/terminal/delete', method: 'POST', body: { id: 9 } },
    ]);
    expect(() => terminals.remove([1, 2])).toThrow("The record 'customer' deletes one row at a time");
  });

  it('refuses a call the record has no path for, sending nothing', () => {
    expect(() => recordApi(CUSTOMER_RECORD).remove([1])).toThrow("The record 'customer' has no delete call");
    expect(() => recordApi(ADDRESS_RECORD).setValid(1, 1)).toThrow("The record 'address' has no valid call");
    expect(calls).toEqual([]);
  });

  it('gives the import and template URLs of the meta', () => {
    const customers = recordApi(CUSTOMER_RECORD);
    expect(customers.importUrl).toBe('/colliery/customer/import');
    expect(customers.templateUrl).toBe('/api/colliery/customer/import/template');
  });
});
