import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Answer,
  call,
  DEMO,
  login,
  startTestApp,
  TEST_DATABASES,
  type TestApp,
} from '../../test/support';

/**
 * Each kind of demo record: where its list is, where one record is read as its edit form loads it, and
 * where that form saves. Saving a record unchanged must pass the form's own rules.
 */
const KINDS = [
  {
    kind: '车辆',
    list: { method: 'POST', url: '/api/v2/web/base/list', body: { pageNum: 1, pageSize: 500 } },
    info: (id: number) => ({ url: '/api/truck/info', query: { id: String(id) } }),
    save: '/api/truck/update',
  },
  {
    kind: '司机',
    list: { method: 'GET', url: '/api/driver/list', query: { pageNum: '1', pageSize: '500' } },
    info: (id: number) => ({ url: '/api/driver/info', query: { id: String(id) } }),
    save: '/api/driver/update',
  },
  {
    kind: '终端',
    list: { method: 'POST', url: '/api/terminal/list', body: { pageNum: 1, pageSize: 500 } },
    info: (id: number) => ({ url: '/api/terminal/info', query: { id: String(id) } }),
    save: '/api/terminal/update',
  },
  {
    kind: '客户',
    list: { method: 'POST', url: '/api/colliery/customer/page', body: { pageNum: 1, pageSize: 500 } },
    info: (id: number) => ({ url: '/api/colliery/customer/info', query: { id: String(id) } }),
    save: '/api/colliery/customer/edit',
  },
  {
    kind: '常用地址',
    list: { method: 'POST', url: '/api/common/address/list', body: { pageNum: 1, pageSize: 500 } },
    info: null,
    save: '/api/common/address/edit',
  },
  {
    kind: '站点',
    list: { method: 'GET', url: '/api/station/list', query: { pageNum: '1', pageSize: '500' } },
    info: (id: number) => ({ url: '/api/station/info', query: { id: String(id) } }),
    save: '/api/station/update',
  },
  {
    kind: '线路',
    list: { method: 'POST', url: '/api/colliery/line/page', body: { pageNum: 1, pageSize: 500 } },
    info: (id: number) => ({ url: '/api/colliery/line/info', query: { id: String(id) } }),
    save: '/api/colliery/line/edit',
  },
  {
    kind: '运输订单',
    list: { method: 'POST', url: '/api/transport/order/page', body: { pageNum: 1, pageSize: 500 } },
    info: (id: number) => ({ url: '/api/transport/order/info', query: { id: String(id) } }),
    save: '/api/transport/order/edit',
  },
  {
    // the plans whose form may still be saved: published ones (the others have been handed out)
    kind: '发车计划',
    list: { method: 'GET', url: '/api/plan/list', query: { pageNum: '1', pageSize: '500', state: '1' } },
    info: (id: number) => ({ url: '/api/plan/info', query: { id: String(id) } }),
    save: '/api/plan/update',
  },
] as const;

describe.each(TEST_DATABASES)('demo data on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(database);
  });
  afterAll(() => t.close());

  it("finding 17: every demo record of both merchants saves unchanged under its form's rules", async () => {
    const admin = await login(t.app, 'admin', DEMO.admin);
    const merchants = await call(t.app, 'GET', '/api/auth/getMerchantList', { token: admin });
    const refused: string[] = [];
    for (const merchantId of Object.keys(merchants.body.data)) {
      const picked = await call(t.app, 'POST', '/api/auth/pickMerchant', {
        token: admin,
        body: { merchantId },
      });
      expect(picked.body.code).toBe(200);
      for (const k of KINDS) {
        const list: Answer = await call(t.app, k.list.method, k.list.url, { token: admin, ...k.list });
        expect(list.body, `${k.kind} list`).toMatchObject({ code: 200 });
        const rows = list.body.data.list as { id: number }[];
        expect(rows.length, `${k.kind} of merchant ${merchantId}`).toBeGreaterThan(0);
        for (const row of rows) {
          const form = k.info
            ? (await call(t.app, 'GET', k.info(row.id).url, { token: admin, ...k.info(row.id) })).body.data
            : row;
          const saved = await call(t.app, 'POST', k.save, { token: admin, body: { ...form, id: row.id } });
          if (saved.body.code !== 200) refused.push(`${k.kind} ${row.id}: ${saved.body.msg}`);
        }
      }
    }
    expect(refused).toEqual([]);
  });
});
