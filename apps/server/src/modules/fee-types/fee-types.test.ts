import { BUILT_IN_FEE_TYPES, OPERATE_LOG_PAGES, ROLE_PRESETS } from '@fleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';
import { sha256Hex } from '../auth/tokens';

interface Listed {
  id: number;
  feeName: string;
  feeKind: number;
  feeTypeApp: number;
  builtIn: number;
  teamName: string;
  valid: number;
}

describe.each(TEST_DATABASES)('fee types on $name', (database) => {
  let t: TestApp;
  let admin: string;
  let coal: string;
  let inner: string;
  let sibling: string;
  let ownId: number;
  const night = { feeName: '夜间补贴', feeKind: 2, feeTypeApp: 1, remark: '夜间卸车' };

  const page = async (token: string, body: Record<string, unknown> = {}) =>
    (await call(t.app, 'POST', '/api/colliery/fee/type/page', { token, body: { pageSize: 50, ...body } }))
      .body.data as { list: Listed[]; total: number };
  const picker = async (token: string, body: Record<string, unknown> = {}) =>
    (await call(t.app, 'POST', '/api/colliery/fee/type/list', { token, body })).body.data as {
      id: number;
      feeName: string;
    }[];
  const builtIn = async (name: string) =>
    (await page(admin, { feeName: name })).list.find((f) => f.feeName === name) as Listed;
  const logOf = async (token: string, id: number) =>
    call(t.app, 'POST', '/api/colliery/operate/log/tc/page', {
      token,
      body: { dataId: id, pageEnum: OPERATE_LOG_PAGES.feeType },
    });

  beforeAll(async () => {
    t = await startTestApp(database);
    admin = await login(t.app, 'admin', DEMO.admin);
    coal = await login(t.app, 'admin', DEMO.admin);
    const merchants = await call(t.app, 'GET', '/api/auth/getMerchantList', { token: coal });
    const coalId = Number(Object.keys(merchants.body.data)[1]);
    await call(t.app, 'POST', '/api/auth/pickMerchant', { token: coal, body: { merchantId: coalId } });
    const role = await call(t.app, 'POST', '/api/system/role/add', {
      token: admin,
      body: { name: '费用类型管理员', codes: [...ROLE_PRESETS.admin] },
    });
    for (const [username, teamCode] of [
      ['fee_a1', '10000010010001'],
      ['fee_c1', '10000010020001'],
    ])
      await call(t.app, 'POST', '/api/system/user/add', {
        token: admin,
        body: {
          username,
          password: sha256Hex('FeeType@1'),
          nickname: username,
          teamCode,
          roleIds: [role.body.data.id],
        },
      });
    inner = await login(t.app, 'fee_a1', 'FeeType@1');
    sibling = await login(t.app, 'fee_c1', 'FeeType@1');
  });
  afterAll(() => t.close());

  it('gives each merchant the built-in types at its headquarters, seen by every team', async () => {
    const names = BUILT_IN_FEE_TYPES.map((f) => f.feeName);
    const own = await page(admin);
    expect(own.total).toBe(8);
    // in their order (sort 1…8)
    expect(own.list.map((f) => f.feeName)).toEqual(names);
    expect(own.list.every((f) => f.builtIn === 1 && f.valid === 1)).toBe(true);
    expect(own.list.find((f) => f.feeName === '运费')).toMatchObject({
      feeKind: 1,
      feeKindName: '收入',
      feeTypeApp: 1,
      feeTypeAppName: '管理端',
      teamName: '示例物流有限公司',
    });
    expect((await page(inner)).total).toBe(8);
    expect((await picker(sibling)).map((f) => f.feeName)).toEqual(names);
    const other = await page(coal);
    expect(other.list.map((f) => f.feeName).sort()).toEqual([...names].sort());
    const ids = new Set(own.list.map((f) => f.id));
    expect(other.list.some((f) => ids.has(f.id))).toBe(false);
  });

  it('checks the fields and the name with Chinese messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...night, feeName: '' }, '费用名称: 请输入30个以内的中英文或者数字'],
      [{ ...night, feeKind: 3 }, '收支类型: 请选择收支类型'],
      [{ ...night, feeTypeApp: undefined }, '录入端: 请选择录入端'],
      [{ ...night, sort: -1 }, '排序: 排序须为0-9999的整数'],
      [{ ...night, remark: 'x'.repeat(201) }, '备注: 最多输入200个字符'],
      [{ ...night, feeName: '运费' }, '费用名称: 该费用类型名称已存在'],
    ];
    for (const [body, msg] of cases) {
      const res = await call(t.app, 'POST', '/api/colliery/fee/type/add', { token: admin, body });
      expect(res.body, JSON.stringify(body)).toMatchObject({ code: 400, msg });
    }
    expect((await page(admin)).total).toBe(8);
  });

  it("adds, shows, edits and disables a merchant's own type, logging each change", async () => {
    const added = await call(t.app, 'POST', '/api/colliery/fee/type/add', { token: inner, body: night });
    expect(added.body.code).toBe(200);
    ownId = added.body.data.id;
    const info = await call(t.app, 'GET', '/api/colliery/fee/type/info', {
      token: inner,
      query: { id: String(ownId) },
    });
    expect(info.body.data).toMatchObject({
      feeName: '夜间补贴',
      feeKindName: '支出',
      feeTypeAppName: '管理端',
      builtIn: 0,
      sort: 99,
      teamName: '干线一分队',
      remark: '夜间卸车',
      valid: 1,
    });
    // the name is the merchant's: the headquarters may not take it either
    const dup = await call(t.app, 'POST', '/api/colliery/fee/type/add', {
      token: admin,
      body: { ...night, feeName: ' 夜间补贴 ' },
    });
    expect(dup.body).toMatchObject({ code: 400, msg: '费用名称: 该费用类型名称已存在' });
    const renamedToBuiltIn = await call(t.app, 'POST', '/api/colliery/fee/type/edit', {
      token: inner,
      body: { ...night, id: ownId, feeName: '油费' },
    });
    expect(renamedToBuiltIn.body).toMatchObject({ code: 400, msg: '费用名称: 该费用类型名称已存在' });

    const edited = await call(t.app, 'POST', '/api/colliery/fee/type/edit', {
      token: inner,
      body: { ...night, id: ownId, feeName: '夜班补贴', feeTypeApp: 3, sort: 20, remark: '' },
    });
    expect(edited.body.code).toBe(200);
    const off = await call(t.app, 'POST', '/api/colliery/fee/type/changeStatus', {
      token: inner,
      body: { id: ownId, valid: 0 },
    });
    expect(off.body.code).toBe(200);
    const again = await call(t.app, 'POST', '/api/colliery/fee/type/changeStatus', {
      token: inner,
      body: { id: ownId, valid: 0 },
    });
    expect(again.body).toMatchObject({ code: 400, msg: '费用类型已是停用状态' });
    expect((await picker(inner)).map((f) => f.feeName)).not.toContain('夜班补贴');
    expect((await page(inner, { valid: 0 })).list.map((f) => f.feeName)).toEqual(['夜班补贴']);
    const on = await call(t.app, 'POST', '/api/colliery/fee/type/changeStatus', {
      token: inner,
      body: { id: ownId, valid: 1 },
    });
    expect(on.body.code).toBe(200);
    // after the built-in types (sort 1…8)
    expect((await picker(inner)).map((f) => f.feeName).slice(-2)).toEqual(['时效罚款', '夜班补贴']);

    const log = await logOf(admin, ownId);
    expect(log.body.data.list.map((r: { content: string }) => r.content)).toEqual([
      '启用费用类型',
      '停用费用类型',
      '修改费用类型：费用名称：夜间补贴→夜班补贴，录入端：管理端→管理端及司机端，排序：99→20，备注：夜间卸车→空',
      '新增费用类型 夜间补贴',
    ]);
  });

  it('keeps the name and kind of a built-in type; it can still be disabled and enabled', async () => {
    const freight = await builtIn('运费');
    const base = { feeName: '运费', feeKind: 1, feeTypeApp: 1, id: freight.id };
    for (const body of [
      { ...base, feeName: '主运费' },
      { ...base, feeKind: 2 },
    ]) {
      const res = await call(t.app, 'POST', '/api/colliery/fee/type/edit', { token: admin, body });
      expect(res.body, JSON.stringify(body)).toMatchObject({
        code: 400,
        msg: '内置费用类型不能修改费用名称和收支类型',
      });
    }
    const entry = await call(t.app, 'POST', '/api/colliery/fee/type/edit', {
      token: admin,
      body: { ...base, feeTypeApp: 3, remark: '按运价计算' },
    });
    expect(entry.body.code).toBe(200);
    const off = await call(t.app, 'POST', '/api/colliery/fee/type/changeStatus', {
      token: admin,
      body: { id: freight.id, valid: 0 },
    });
    expect(off.body.code).toBe(200);
    expect(await builtIn('运费')).toMatchObject({ builtIn: 1, feeKind: 1, feeTypeApp: 3, valid: 0 });
    expect((await picker(admin)).map((f) => f.feeName)).not.toContain('运费');
    await call(t.app, 'POST', '/api/colliery/fee/type/changeStatus', {
      token: admin,
      body: { id: freight.id, valid: 1 },
    });
    const log = await logOf(admin, freight.id);
    expect(log.body.data.list.map((r: { content: string }) => r.content)).toEqual([
      '启用费用类型',
      '停用费用类型',
      '修改费用类型：录入端：管理端→管理端及司机端，备注：空→按运价计算',
    ]);
  });

  it('picks the enabled types by kind and by who enters them', async () => {
    expect((await picker(admin, { feeKind: 1 })).map((f) => f.feeName)).toEqual(['运费', '时效罚款']);
    const byDriver = await picker(admin, { feeTypeApp: 2 });
    expect(byDriver.map((f) => f.feeName)).toEqual([
      '运费',
      '装车费',
      '卸车费',
      '过路过桥费',
      '油费',
      '借支',
      '夜班补贴',
    ]);
    expect(byDriver[0]).toEqual({
      id: expect.any(Number),
      feeName: '运费',
      feeKind: 1,
      feeTypeApp: 3,
    });
    expect((await page(admin, { feeTypeApp: 3, feeKind: 2 })).total).toBe(6);
    const bad = await call(t.app, 'POST', '/api/colliery/fee/type/list', {
      token: admin,
      body: { feeKind: 5 },
    });
    expect(bad.body).toMatchObject({ code: 400, msg: '收支类型: 请选择收支类型' });
  });

  it("keeps a team's own types from sibling teams and other merchants; the headquarters' from the teams below", async () => {
    const own = (await page(sibling)).list.map((f) => f.feeName);
    expect(own).not.toContain('夜班补贴');
    expect((await picker(sibling)).map((f) => f.feeName)).not.toContain('夜班补贴');
    expect((await picker(coal)).map((f) => f.feeName)).not.toContain('夜班补贴');
    const freight = await builtIn('运费');
    const cases: [string, string, Record<string, unknown>][] = [
      [sibling, 'edit', { ...night, id: ownId }],
      [sibling, 'changeStatus', { id: ownId, valid: 0 }],
      [coal, 'edit', { ...night, id: ownId }],
      [inner, 'changeStatus', { id: freight.id, valid: 0 }],
      [inner, 'edit', { feeName: '运费', feeKind: 1, feeTypeApp: 1, id: freight.id }],
    ];
    for (const [token, call_, body] of cases) {
      const res = await call(t.app, 'POST', `/api/colliery/fee/type/${call_}`, { token, body });
      expect(res.body, `${call_} ${JSON.stringify(body)}`).toMatchObject({
        code: 404,
        msg: '费用类型不存在或无权操作',
      });
    }
    const info = await call(t.app, 'GET', '/api/colliery/fee/type/info', {
      token: sibling,
      query: { id: String(ownId) },
    });
    expect(info.body.code).toBe(404);
    expect((await logOf(sibling, ownId)).body.data?.total ?? 0).toBe(0);
    expect((await logOf(coal, ownId)).body.data?.total ?? 0).toBe(0);
    // another merchant has its own names
    const coalOwn = await call(t.app, 'POST', '/api/colliery/fee/type/add', {
      token: coal,
      body: { ...night, feeName: '夜班补贴' },
    });
    expect(coalOwn.body.code).toBe(200);
    // the headquarters' types are read below, and their log with them
    expect((await logOf(inner, freight.id)).body.data.total).toBe(3);
  });
});
