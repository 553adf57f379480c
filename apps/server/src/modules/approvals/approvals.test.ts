import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WAYBILL_SOURCE, withAncestorCodes } from '@fleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, listen, open } from '../../realtime/test-sockets';
import {
  call,
  DEMO,
  login,
  multipartBody,
  startTestApp,
  TEST_DATABASES,
  type TestApp,
} from '../../test/support';
import { waybillRefs } from '../../test/waybill-refs';
import { sha256Hex } from '../auth/tokens';
import { readBack } from '../file-tasks/file-tasks.fixture';
import { TEAM_ONE, TEAM_TWO } from '../messages/test-fixtures';
import { createWaybill } from '../waybills/waybill-flow';
import { NO_CHAIN } from './fee-approval';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(120, 7),
]);

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const S = '/api/colliery/approveSetting';
const F = '/api/colliery/waybill/fee/tc';

describe.each(TEST_DATABASES)('approval settings and waybill fee approval on $name', (database) => {
  let t: TestApp;
  let port: number;
  let admin: string;
  let merchantId: number;
  const ids: Record<string, number> = {};
  const tokens: Record<string, string> = {};
  const clients: Record<string, Client> = {};
  const nodes: number[] = [];
  let fee: { load: number; toll: number };

  const post = (token: string, url: string, body: unknown) => call(t.app, 'POST', url, { token, body });
  const ok = async (token: string, url: string, body: unknown) => {
    const res = await post(token, url, body);
    expect(res.body.code, `${url} ${res.body.msg}`).toBe(200);
    return res.body.data;
  };
  const refused = async (token: string, url: string, body: unknown) => (await post(token, url, body)).body;

  const addUser = async (username: string, teamCode: string, codes: string[]) => {
    const role = await ok(admin, '/api/system/role/add', {
      name: `角色${username}`,
      codes: withAncestorCodes(codes),
    });
    await ok(admin, '/api/system/user/add', {
      username,
      password: sha256Hex('Approve@123'),
      nickname: `审批${username}`,
      teamCode,
      roleIds: [role.id],
    });
    tokens[username] = await login(t.app, username, 'Approve@123');
    const row = await t.db.db
      .selectFrom('app_user')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    ids[username] = row.id;
  };

  /** A waybill of TEAM_ONE's first truck with two fees added by the office (待审核). */
  const waybillWithFees = async (loadFen: number, tollFen: number) => {
    const db = t.db.db;
    const { truck, line, customer } = await waybillRefs(db, TEAM_ONE);
    const w = await db.transaction().execute((tx) =>
      createWaybill(
        tx,
        {
          merchantId: truck.merchant_id,
          teamCode: truck.team_code,
          customerId: customer.id,
          lineId: line.id,
          loadingStationId: line.loading as number,
          unloadingStationId: line.unloading as number,
          cargo: '动力煤',
          truckId: truck.id,
          driverId: truck.driver_id,
        },
        { source: WAYBILL_SOURCE.office, name: '调度' },
        t.now(),
      ),
    );
    await ok(admin, '/api/colliery/waybill/fee/add', {
      waybillId: w.id,
      feeTypeId: fee.load,
      amountFen: loadFen,
    });
    await ok(admin, '/api/colliery/waybill/fee/add', {
      waybillId: w.id,
      feeTypeId: fee.toll,
      amountFen: tollFen,
    });
    return w;
  };

  const feeStates = async (waybillId: number) =>
    (
      await t.db.db
        .selectFrom('waybill_fee')
        .select('state')
        .where('waybill_id', '=', waybillId)
        .orderBy('id')
        .execute()
    ).map((f) => f.state);

  /** Users who got reminder 8001 of a task code, in the messages table. */
  const remindedOf = async (taskCode: string) =>
    (
      await t.db.db
        .selectFrom('message')
        .select('user_id')
        .where('code', '=', 8001)
        .where('business_code', '=', taskCode)
        .orderBy('user_id')
        .execute()
    ).map((m) => m.user_id);

  const pushes = (name: string) =>
    (clients[name] as Client).received
      .filter((m) => m.type === 1)
      .map((m) => m.content as Record<string, unknown>)
      .filter((c) => c.alarmCode === 8001);

  beforeAll(async () => {
    t = await startTestApp(database, { uploadDir: mkdtempSync(path.join(tmpdir(), 'fleet-approvals-')) });
    port = await listen(t.app);
    admin = await login(t.app, 'admin', DEMO.admin);
    const team = await t.db.db
      .selectFrom('team')
      .select('merchant_id')
      .where('team_code', '=', TEAM_ONE)
      .executeTakeFirstOrThrow();
    merchantId = team.merchant_id;
    const types = await t.db.db
      .selectFrom('fee_type')
      .select(['id', 'fee_name'])
      .where('merchant_id', '=', merchantId)
      .where('fee_name', 'in', ['装车费', '过路过桥费'])
      .execute();
    fee = {
      load: types.find((x) => x.fee_name === '装车费')?.id as number,
      toll: types.find((x) => x.fee_name === '过路过桥费')?.id as number,
    };
    await addUser('ap_one', TEAM_ONE, ['car070207']);
    await addUser('ap_two', TEAM_ONE, ['tc010201']);
    await addUser('ap_boss', '1000001', ['car070207']);
    await addUser('ap_other', TEAM_ONE, ['car070207']);
    await addUser('ap_far', TEAM_TWO, ['car070207']);
    await addUser('ap_plain', TEAM_ONE, ['car090104']);
    for (const name of ['ap_one', 'ap_two', 'ap_boss', 'ap_other'])
      clients[name] = await open(port, tokens[name] as string);
  });
  afterAll(async () => {
    for (const c of Object.values(clients)) c.ws.close();
    await t.close();
  });

  it('refuses to submit fees while no chain is configured, telling to configure 审批设置', async () => {
    const w = await waybillWithFees(15_000, 8_800);
    expect(await refused(admin, `${F}/submit`, { waybillId: w.id })).toMatchObject({
      code: 400,
      msg: NO_CHAIN,
    });
    expect(NO_CHAIN).toContain('审批设置');
    expect(await feeStates(w.id)).toEqual([1, 1]);
  });

  it('builds a chain of two nodes: names checked, approvers once per node, only choosable users', async () => {
    expect((await refused(admin, `${S}/addNode`, { nodeName: '' })).msg).toBe('节点名称: 请输入节点名称');
    expect((await refused(admin, `${S}/addNode`, { nodeName: '部门#审核' })).msg).toBe(
      '节点名称: 请输入30个以内的中英文或者数字',
    );
    nodes.push((await ok(admin, `${S}/addNode`, { nodeName: '财务审核' })).id);
    // added before the first: the chain is 部门审核, 财务审核
    nodes.unshift((await ok(admin, `${S}/addNode`, { nodeName: '部门审核', seq: 1 })).id);
    expect((await refused(admin, `${S}/addNode`, { nodeName: '部门审核' })).msg).toBe(
      '节点名称: 该节点名称已存在',
    );
    const choosable = await call(t.app, 'GET', `${S}/queryNodeChooseApproveUser`, {
      token: admin,
      query: { nodeId: String(nodes[0]) },
    });
    const names = (choosable.body.data as { username: string }[]).map((u) => u.username);
    expect(names).toEqual(expect.arrayContaining(['ap_one', 'ap_two', 'ap_boss', 'ap_other', 'ap_far']));
    expect(names).not.toContain('ap_plain');
    expect(
      (await refused(admin, `${S}/addNodeUser`, { nodeId: nodes[0], userIds: [ids.ap_plain] })).msg,
    ).toBe('审批人: 审批人须为本商户启用且有运单费用审批权限的用户');
    await ok(admin, `${S}/addNodeUser`, { nodeId: nodes[0], userIds: [ids.ap_one, ids.ap_two] });
    expect((await refused(admin, `${S}/addNodeUser`, { nodeId: nodes[0], userIds: [ids.ap_one] })).msg).toBe(
      '审批人: 审批ap_one已是该节点的审批人',
    );
    await ok(admin, `${S}/addNodeUser`, { nodeId: nodes[1], userIds: [ids.ap_boss] });
    // moving 财务审核 up and back down
    await ok(admin, `${S}/moveNode`, { id: nodes[1], direction: 'up' });
    expect((await ok(admin, `${S}/list`, {})).map((n: { nodeName: string }) => n.nodeName)).toEqual([
      '财务审核',
      '部门审核',
    ]);
    expect((await refused(admin, `${S}/moveNode`, { id: nodes[1], direction: 'up' })).msg).toBe(
      '已是第一个节点，不能上移',
    );
    await ok(admin, `${S}/moveNode`, { id: nodes[1], direction: 'down' });
    const chain = await ok(admin, `${S}/list`, {});
    expect(chain).toMatchObject([
      { seq: 1, nodeName: '部门审核', users: [{ userId: ids.ap_one }, { userId: ids.ap_two }] },
      { seq: 2, nodeName: '财务审核', users: [{ userId: ids.ap_boss }] },
    ]);
    // another merchant's admin sees none of it and cannot touch it
    const other = await login(t.app, 'admin', DEMO.admin);
    const coal = await t.db.db
      .selectFrom('merchant')
      .select('id')
      .where('id', '<>', merchantId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await ok(other, '/api/auth/pickMerchant', { merchantId: coal.id });
    expect(await ok(other, `${S}/list`, {})).toEqual([]);
    expect((await refused(other, `${S}/delNode`, { id: nodes[0] })).msg).toBe('审批节点不存在或无权操作');
    // the settings are logged
    const logs = await t.db.db
      .selectFrom('operate_log')
      .select('content')
      .where('page_enum', '=', 40)
      .execute();
    expect(logs.map((l) => l.content)).toEqual(
      expect.arrayContaining(['新增审批节点：财务审核（第1个）', '添加审批人：财务审核：审批ap_boss']),
    );
  });

  let waybillId: number;
  let first: { id: number; taskCode: string };

  it('approves at the first node, rejects at the second, each step reminding exactly the next approvers', async () => {
    const w = await waybillWithFees(12_345, 6_000);
    waybillId = w.id;
    // the waybill's detail tells whether a round is under way (its 提交审批 offered or not)
    const pendingOf = async () =>
      (
        await call(t.app, 'GET', '/api/colliery/waybill/info', {
          token: admin,
          query: { id: String(waybillId) },
        })
      ).body.data.approvalPending;
    expect(await pendingOf()).toBe(false);
    first = await ok(admin, `${F}/submit`, { waybillId });
    expect(await pendingOf()).toBe(true);
    expect(first.taskCode).toBe(`${w.bill_no}-1`);
    expect(await remindedOf(first.taskCode)).toEqual(
      [ids.ap_one, ids.ap_two].sort((a, b) => (a as number) - (b as number)),
    );
    for (let waited = 0; waited < 5000 && pushes('ap_one').length === 0; waited += 20) await settle(20);
    await settle(200);
    const push = pushes('ap_one').find((p) => p.taskCode === first.taskCode);
    expect(push).toMatchObject({ alarmCode: 8001, taskCode: first.taskCode, title: '运单费用审批提醒' });
    expect(String(push?.content)).toContain('金额183.45元');
    expect(pushes('ap_boss').filter((p) => p.taskCode === first.taskCode)).toEqual([]);
    expect(pushes('ap_other')).toEqual([]);
    // submitting again while under way is refused
    expect((await refused(admin, `${F}/submit`, { waybillId })).msg).toBe(
      '该运单已有审批中的费用，请等待审批完成',
    );

    // a chain edit after submission does not change the round: ap_other added to 部门审核 may not act
    await ok(admin, `${S}/addNodeUser`, { nodeId: nodes[0], userIds: [ids.ap_other] });
    expect(
      (await refused(tokens.ap_other as string, `${F}/approval`, { id: first.id, pass: true })).msg,
    ).toBe('您不是当前审批节点的审批人，不能审批');
    await ok(admin, `${S}/delNodeUser`, { nodeId: nodes[0], userId: ids.ap_other });
    // the second node's approver may not act at the first
    expect((await refused(tokens.ap_boss as string, `${F}/approval`, { id: first.id, pass: true })).msg).toBe(
      '您不是当前审批节点的审批人，不能审批',
    );
    // someone outside the team subtree neither sees nor reaches it
    expect((await ok(tokens.ap_far as string, `${F}/page`, {})).list).toEqual([]);
    expect((await refused(tokens.ap_far as string, `${F}/approval`, { id: first.id, pass: true })).msg).toBe(
      '审批单不存在或无权操作',
    );

    // 待我审批 of ap_two lists it; ap_one approves
    const mine = await ok(tokens.ap_two as string, `${F}/approval/page`, {});
    expect(mine.list.map((r: { id: number }) => r.id)).toContain(first.id);
    t.advance(60_000);
    expect(
      await ok(tokens.ap_one as string, `${F}/approval`, { id: first.id, pass: true, comment: '同意' }),
    ).toMatchObject({
      result: 'approved',
      message: '已通过，待财务审核审批',
    });
    expect(await remindedOf(first.taskCode)).toEqual(
      [ids.ap_one, ids.ap_two, ids.ap_boss].sort((a, b) => (a as number) - (b as number)),
    );
    expect((await refused(tokens.ap_one as string, `${F}/approval`, { id: first.id, pass: true })).msg).toBe(
      '您已审批过该节点，不能重复审批',
    );
    expect((await refused(tokens.ap_two as string, `${F}/approval`, { id: first.id, pass: true })).msg).toBe(
      '您不是当前审批节点的审批人，不能审批',
    );
    expect(await feeStates(waybillId)).toEqual([1, 1]);

    t.advance(60_000);
    expect(
      (await refused(tokens.ap_boss as string, `${F}/approval`, { id: first.id, pass: false })).msg,
    ).toBe('请填写驳回意见');
    expect(
      await ok(tokens.ap_boss as string, `${F}/approval`, {
        id: first.id,
        pass: false,
        comment: '装车费过高',
      }),
    ).toMatchObject({ result: 'rejected', finished: true });
    expect(await feeStates(waybillId)).toEqual([3, 3]);
    expect(
      (
        await refused(tokens.ap_boss as string, `${F}/approval`, {
          id: first.id,
          pass: false,
          comment: '再驳',
        })
      ).msg,
    ).toBe('该审批已结束，不能重复操作');
    const info = await ok(tokens.ap_boss as string, `${F}/info`, { id: first.id });
    expect(info).toMatchObject({ status: 3, statusName: '已驳回', amountFen: 18_345, mayResubmit: false });
    expect(info.fees.map((f: { stateName: string }) => f.stateName)).toEqual(['已驳回', '已驳回']);
    expect(info.chain.map((n: { state: string }) => n.state)).toEqual(['已通过', '已驳回']);
  });

  it('lets the submitter edit the rejected fee and resubmit; the new round is approved', async () => {
    const [load] = await t.db.db
      .selectFrom('waybill_fee')
      .select('id')
      .where('waybill_id', '=', waybillId)
      .orderBy('id')
      .execute();
    expect(
      (await refused(tokens.ap_one as string, `${F}/feeEdit`, { feeId: load?.id, amountFen: 10_000 })).msg,
    ).toBe('只有提交人才能修改被驳回的费用');
    await ok(admin, `${F}/feeEdit`, { feeId: load?.id, amountFen: 10_000, remark: '按合同价' });
    const log = await t.db.db
      .selectFrom('operate_log')
      .select('content')
      .where('page_enum', '=', 6)
      .where('data_id', '=', String(waybillId))
      .execute();
    expect(log.map((l) => l.content)).toContain(
      '修改费用（装车费）：金额：123.45元→100.00元，备注：→按合同价',
    );
    expect((await refused(tokens.ap_one as string, `${F}/resubmit`, { id: first.id })).msg).toBe(
      '只有提交人才能重新提交',
    );
    const second = await ok(admin, `${F}/resubmit`, { id: first.id });
    expect((await refused(admin, `${F}/resubmit`, { id: first.id })).msg).toBe(
      '该运单的费用已重新提交，不能重复提交',
    );
    expect((await refused(admin, `${F}/resubmit`, { id: second.id })).msg).toBe(
      '只有已驳回的审批才能重新提交',
    );
    expect(await feeStates(waybillId)).toEqual([1, 1]);
    expect(await remindedOf(second.taskCode)).toEqual(
      [ids.ap_one, ids.ap_two].sort((a, b) => (a as number) - (b as number)),
    );
    await ok(tokens.ap_two as string, `${F}/approval`, { id: second.id, pass: true });
    expect(await ok(tokens.ap_boss as string, `${F}/approval`, { id: second.id, pass: true })).toMatchObject({
      result: 'approved',
      finished: true,
      message: '已通过，审批完成',
    });
    expect(await feeStates(waybillId)).toEqual([2, 2]);
    const track = await ok(admin, '/api/colliery/approveBusiness/tracking', { waybillId });
    expect(
      track.list.map((s: { actionName: string; userName: string; nodeName: string; comment: string }) => [
        s.actionName,
        s.nodeName,
        s.userName,
        s.comment,
      ]),
    ).toEqual([
      ['提交', '提交', '系统管理员', ''],
      ['通过', '部门审核', '审批ap_one', '同意'],
      ['驳回', '财务审核', '审批ap_boss', '装车费过高'],
      ['重新提交', '重新提交', '系统管理员', `上一轮：${first.taskCode}`],
      ['通过', '部门审核', '审批ap_two', ''],
      ['通过', '财务审核', '审批ap_boss', ''],
    ]);
    expect(track.waiting).toBeNull();
    const byCode = await ok(admin, '/api/colliery/approveBusiness/tracking', { taskCode: first.taskCode });
    expect(byCode.list).toHaveLength(3);
    // the list by task code and the reminder's time range finds the round
    // the export of the same filter: a sheet with the round, its amount in yuan
    const sheet = await t.app.inject({
      method: 'POST',
      url: `${F}/export`,
      headers: { 'auth-token': admin },
      payload: { taskCode: second.taskCode },
    });
    expect(sheet.statusCode).toBe(200);
    const rows = await readBack(sheet.rawPayload);
    expect(rows[0]).toContain('审批编号');
    expect(rows.slice(1).map((r) => [r[0], r[6], r[7]])).toEqual([[second.taskCode, '160.00', '已通过']]);
    const found = await ok(admin, `${F}/page`, {
      taskCode: second.taskCode,
      startTime: '2026-11-20 10:00:00',
    });
    expect(found.list.map((r: { id: number; statusName: string }) => [r.id, r.statusName])).toEqual([
      [second.id, '已通过'],
    ]);
  });

  it('approves a batch item by item: each its own result, a finished or foreign one refused with the reason', async () => {
    const rounds: { id: number; taskCode: string }[] = [];
    for (let i = 0; i < 3; i++) {
      const w = await waybillWithFees(1_000 + i, 500);
      rounds.push(await ok(admin, `${F}/submit`, { waybillId: w.id }));
    }
    const answer = await ok(tokens.ap_one as string, `${F}/batchApproval`, {
      ids: [rounds[0]?.id, first.id, rounds[1]?.id, 999_999, rounds[2]?.id],
      pass: true,
    });
    expect(answer).toMatchObject({ total: 5, succeeded: 3, refused: 2 });
    expect(answer.list.map((r: { result: string; message: string }) => [r.result, r.message])).toEqual([
      ['approved', '已通过，待财务审核审批'],
      ['refused', '该审批已结束，不能重复操作'],
      ['approved', '已通过，待财务审核审批'],
      ['refused', '审批单不存在或无权操作'],
      ['approved', '已通过，待财务审核审批'],
    ]);
    const again = await ok(tokens.ap_one as string, `${F}/batchApproval`, {
      ids: [rounds[0]?.id],
      pass: true,
    });
    expect(again.list[0]).toMatchObject({ result: 'refused', message: '您已审批过该节点，不能重复审批' });
    const rejected = await ok(tokens.ap_boss as string, `${F}/batchApproval`, {
      ids: rounds.map((r) => r.id),
      pass: false,
      comment: '单据不全',
    });
    expect(rejected.list.map((r: { result: string }) => r.result)).toEqual([
      'rejected',
      'rejected',
      'rejected',
    ]);
    expect(
      (await refused(tokens.ap_boss as string, `${F}/batchApproval`, { ids: [rounds[0]?.id], pass: false }))
        .msg,
    ).toBe('请填写驳回意见');
  });

  it('submits a completed waybill’s fees by itself when the merchant has a chain', async () => {
    const w = await waybillWithFees(2_000, 300);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/file/upload',
      ...(() => {
        const { payload, headers } = multipartBody({ filename: '回单.png', content: PNG });
        return { payload, headers: { ...headers, 'auth-token': admin } };
      })(),
    });
    const photo = up.json().data.fullPath as string;
    const slip = { waybillId: w.id, grossKg: 47_460, tareKg: 15_000, photos: photo };
    await ok(admin, '/api/colliery/waybill/pound/add', {
      ...slip,
      kind: 1,
      weighTime: '2026-11-20 09:50:00',
    });
    await ok(admin, '/api/colliery/waybill/pound/add', {
      ...slip,
      kind: 2,
      weighTime: '2026-11-20 09:55:00',
    });
    const done = await ok(admin, '/api/colliery/waybill/addBack', {
      waybillId: w.id,
      unloadingGrossKg: 47_460,
      unloadingTareKg: 15_000,
      unloadingWeighTime: '2026-11-20 09:55:00',
      unloadingPhotos: photo,
      backPhotos: photo,
    });
    expect(done.status).toBe(6);
    const track = await ok(admin, '/api/colliery/approveBusiness/tracking', { waybillId: w.id });
    expect(
      track.list.map((s: { actionName: string; userName: string }) => [s.actionName, s.userName]),
    ).toEqual([['提交', '系统管理员']]);
    expect(track.waiting).toMatchObject({ nodeName: '部门审核', approvers: ['审批ap_one', '审批ap_two'] });
    expect(await remindedOf(track.waiting.taskCode)).toEqual(
      [ids.ap_one, ids.ap_two].sort((a, b) => (a as number) - (b as number)),
    );
    expect(await feeStates(w.id)).toEqual([1, 1]);
  });
});
