import { menuCodesUnder, WAYBILL_APPROVAL, WAYBILL_SOURCE, withAncestorCodes } from '@fleet/domain';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, listen, open } from '../../realtime/test-sockets';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';
import { sha256Hex } from '../auth/tokens';
import { TEAM_ONE, TEAM_TWO } from '../messages/test-fixtures';
import { createWaybill } from './waybill-flow';
import { remindTabulation, tabulationRecipients } from './waybill-reminder';

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(TEST_DATABASES)('reminder 8002 of waybills to tabulate on $name', (database) => {
  let t: TestApp;
  let port: number;
  let admin: string;
  const ids: Record<string, number> = {};
  const tokens: Record<string, string> = {};
  const clients: Client[] = [];

  const addUser = async (username: string, teamCode: string, codes: string[]) => {
    const role = await call(t.app, 'POST', '/api/system/role/add', {
      token: admin,
      body: { name: `角色${username}`, codes: withAncestorCodes(codes) },
    });
    expect(role.body.code, role.body.msg).toBe(200);
    const user = await call(t.app, 'POST', '/api/system/user/add', {
      token: admin,
      body: {
        username,
        password: sha256Hex('Remind@123'),
        nickname: username,
        teamCode,
        roleIds: [role.body.data.id],
      },
    });
    expect(user.body.code, user.body.msg).toBe(200);
    tokens[username] = await login(t.app, username, 'Remind@123');
    const row = await t.db.db
      .selectFrom('app_user')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    ids[username] = row.id;
  };

  beforeAll(async () => {
    t = await startTestApp(database);
    port = await listen(t.app);
    admin = await login(t.app, 'admin', DEMO.admin);
    const waybillPages = [...menuCodesUnder('car11')];
    await addUser('r_one', TEAM_ONE, waybillPages);
    await addUser('r_tc', TEAM_ONE, ['tc010102']);
    await addUser('r_head', '1000001', waybillPages);
    await addUser('r_two', TEAM_TWO, waybillPages);
    await addUser('r_unsub', TEAM_ONE, waybillPages);
    await addUser('r_none', TEAM_ONE, ['car090104']);
    const unsub = await call(t.app, 'POST', '/api/message/alarmSubscription/config/edit', {
      token: tokens.r_unsub,
      body: { codes: [] },
    });
    expect(unsub.body.code, unsub.body.msg).toBe(200);
  });
  afterAll(async () => {
    for (const c of clients) c.ws.close();
    await t.close();
  });

  it('chooses the users in scope of the truck who hold a tabulation code and did not turn 8002 off', async () => {
    const merchant = await t.db.db
      .selectFrom('team')
      .select('merchant_id')
      .where('team_code', '=', TEAM_ONE)
      .executeTakeFirstOrThrow();
    const chosen = await tabulationRecipients(t.db.db, merchant.merchant_id, TEAM_ONE, t.now());
    expect(chosen).toContain(ids.r_one);
    expect(chosen).toContain(ids.r_tc);
    expect(chosen).toContain(ids.r_head);
    for (const name of ['r_two', 'r_unsub', 'r_none']) expect(chosen, name).not.toContain(ids[name]);
  });

  it('pushes a completed scan waybill to the office sockets after the commit, with its bill number as taskCode', async () => {
    const one = await open(port, tokens.r_one as string);
    const two = await open(port, tokens.r_two as string);
    const unsub = await open(port, tokens.r_unsub as string);
    clients.push(one, two, unsub);
    const db = t.db.db;
    const truck = await db
      .selectFrom('truck')
      .select(['id', 'merchant_id', 'team_code', 'car_no', 'driver_id'])
      .where('team_code', '=', TEAM_ONE)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const line = await db
      .selectFrom('line')
      .innerJoin('line_station as s', (j) =>
        j.onRef('s.line_id', '=', 'line.id').on('s.station_type', '=', 1),
      )
      .innerJoin('line_station as e', (j) =>
        j.onRef('e.line_id', '=', 'line.id').on('e.station_type', '=', 3),
      )
      .select(['line.id', 'line.name', 's.station_id as loading', 'e.station_id as unloading'])
      .where('line.merchant_id', '=', truck.merchant_id)
      .where('s.station_id', 'is not', null)
      .where('e.station_id', 'is not', null)
      .orderBy('line.id')
      .executeTakeFirstOrThrow();
    const customer = await db
      .selectFrom('customer')
      .select(['id', 'customer_name'])
      .where('merchant_id', '=', truck.merchant_id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const now = t.now();
    let publish: () => void = () => undefined;
    const waybill = await db.transaction().execute(async (tx) => {
      const row = await createWaybill(
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
          approvalState: WAYBILL_APPROVAL.pending,
        },
        { source: WAYBILL_SOURCE.scan, name: '测试司机' },
        now,
      );
      publish = await remindTabulation(
        tx,
        { bus: t.bus, log: pino({ level: 'silent' }) },
        [row.id],
        'completed',
        now,
      );
      // nothing is pushed before the commit
      await settle(200);
      expect(one.received.filter((m) => m.type === 1)).toEqual([]);
      return row;
    });
    publish();
    const pushes = (c: Client) =>
      c.received.filter((m) => m.type === 1).map((m) => m.content as Record<string, unknown>);
    for (let waited = 0; waited < 5000 && pushes(one).length === 0; waited += 20) await settle(20);
    await settle(300);
    expect(pushes(one)).toHaveLength(1);
    expect(pushes(one)[0]).toMatchObject({
      alarmCode: 8002,
      taskCode: waybill.bill_no,
      carNo: truck.car_no,
      title: '运单审批提醒',
      content: `扫码运单${waybill.bill_no}已完成，请审核：车辆${truck.car_no}，客户${customer.customer_name}，线路${line.name}`,
    });
    expect(typeof pushes(one)[0]?.id).toBe('number');
    expect(pushes(two)).toEqual([]);
    expect(pushes(unsub)).toEqual([]);
    // the message list keeps the bill number, which its 去处理 passes as taskCode
    const listed = await call(t.app, 'POST', '/api/message/list2.0', {
      token: tokens.r_one as string,
      body: { pageNum: 1, pageSize: 10 },
    });
    expect(listed.body.code, listed.body.msg).toBe(200);
    const rows = (listed.body.data as { list: { alarmCode: number; businessCode: string }[] }).list;
    expect(rows.find((r) => r.alarmCode === 8002)?.businessCode).toBe(waybill.bill_no);
  });
});
