import { alarmJump, MAINTENANCE_COST_MESSAGE, OPERATE_LOG_PAGES, withAncestorCodes } from '@fleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';
import { sha256Hex } from '../auth/tokens';
import { sendDueReminders } from './reminders';

const TEAM_ONE = '10000010010001';

describe.each(TEST_DATABASES)(
  'maintenance records edited and deleted, reminders and their jump on $name',
  (database) => {
    let t: TestApp;
    let admin: string;
    let dispatch: string;
    const tokens: Record<string, string> = {};
    const token = (name: string) => tokens[name] ?? '';
    let truck: { id: number; car_no: string };
    let planId: number;

    const post = (token: string, url: string, body: unknown) => call(t.app, 'POST', url, { token, body });
    const ok = async (token: string, url: string, body: unknown) => {
      const res = await post(token, url, body);
      expect(res.body.code, `${url} ${res.body.msg}`).toBe(200);
      return res.body.data;
    };
    const costOf = (id: number) =>
      t.db.db.selectFrom('cost').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const costLogs = async (id: number) =>
      (
        await t.db.db
          .selectFrom('operate_log')
          .select('content')
          .where('data_id', '=', String(id))
          .where('page_enum', '=', OPERATE_LOG_PAGES.cost)
          .orderBy('id')
          .execute()
      ).map((l) => l.content);
    const planOf = () =>
      t.db.db
        .selectFrom('maintenance_plan')
        .select(['last_date', 'last_km'])
        .where('id', '=', planId)
        .executeTakeFirstOrThrow();
    /** The truck's 保养 sums of the cost analysis (the day sums the cost triggers keep). */
    const daySum = async () => {
      const rows = await t.db.db
        .selectFrom('cost_day')
        .select(['amount'])
        .where('truck_id', '=', truck.id)
        .where('cost_type', '=', 3)
        .execute();
      return rows.reduce((sum, r) => sum + Number(r.amount), 0);
    };
    const addUser = async (username: string, codes: string[]) => {
      const role = await ok(admin, '/api/system/role/add', {
        name: `角色${username}`,
        codes: withAncestorCodes(codes),
      });
      await ok(admin, '/api/system/user/add', {
        username,
        password: sha256Hex('Remind@123'),
        nickname: username,
        teamCode: TEAM_ONE,
        roleIds: [role.id],
      });
      tokens[username] = await login(t.app, username, 'Remind@123');
    };

    beforeAll(async () => {
      t = await startTestApp(database);
      admin = await login(t.app, 'admin', DEMO.admin);
      dispatch = await login(t.app, 'dispatch', DEMO.dispatch);
      truck = await t.db.db
        .selectFrom('truck')
        .select(['id', 'car_no'])
        .where('team_code', '=', TEAM_ONE)
        .where('deleted_at', 'is', null)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      planId = (
        await ok(dispatch, '/api/maintenance/plan/add', {
          planName: '季度保养',
          targetType: 1,
          truckId: truck.id,
          intervalMonths: 3,
          lastDate: '2026-08-01',
          remindDays: 15,
          items: '机油、机滤',
        })
      ).id;
    });
    afterAll(() => t.close());

    const record = {
      maintainDate: '2026-11-18',
      mileageKm: 120_000,
      items: '更换机油、机滤',
      workshop: '东胜汽修厂',
      amountFen: 128_050,
    };

    it('edits a record with its 保养 cost in one transaction, logging the money change on the cost', async () => {
      const added = await ok(dispatch, '/api/maintenance/record/add', {
        truckId: truck.id,
        planId,
        ...record,
      });
      expect(await planOf()).toMatchObject({ last_date: '2026-11-18', last_km: 120_000 });
      const sumBefore = await daySum();
      await ok(dispatch, '/api/maintenance/record/update', {
        id: added.id,
        truckId: truck.id,
        planId,
        ...record,
        maintainDate: '2026-11-19',
        amountFen: 150_000,
        workshop: '包头重卡服务站',
      });
      expect(await costOf(added.costId)).toMatchObject({
        amount: 150_000,
        cost_date: '2026-11-19',
        place: '包头重卡服务站',
        cost_type: 3,
        source: 3,
        deleted_at: null,
      });
      expect(await daySum()).toBe(sumBefore - 128_050 + 150_000);
      expect((await costLogs(added.costId)).at(-1)).toBe(
        '修改保养记录费用：保养，日期2026-11-18，金额(元)1280.50 → 保养，日期2026-11-19，金额(元)1500.00',
      );
      const records = await ok(admin, '/api/maintenance/record/page', { truckId: truck.id });
      expect(records.list[0]).toMatchObject({
        id: added.id,
        amountYuan: '1500.00',
        maintainDate: '2026-11-19',
      });
      expect(await planOf()).toMatchObject({ last_date: '2026-11-19' });
      // bad input changes nothing and names the field
      const bad = await post(dispatch, '/api/maintenance/record/update', {
        id: added.id,
        truckId: truck.id,
        ...record,
        amountFen: 0,
      });
      expect(bad.body).toMatchObject({ code: 400, msg: '保养费用: 保养费用应大于0' });
      const missing = await post(dispatch, '/api/maintenance/record/update', {
        id: 999_999,
        truckId: truck.id,
        ...record,
      });
      expect(missing.body).toMatchObject({ code: 404, msg: '保养记录不存在或无权操作' });
      expect((await costOf(added.costId)).amount).toBe(150_000);
    });

    it('refuses to change or delete a record’s cost on the cost pages, pointing to 保养记录', async () => {
      const records = await ok(admin, '/api/maintenance/record/page', { truckId: truck.id });
      const costId = records.list[0].costId as number;
      const edit = await post(admin, '/api/miscellaneous/update', {
        id: costId,
        truckId: truck.id,
        costType: 3,
        costDate: '2026-11-19',
        amount: '1.00',
      });
      expect(edit.body).toMatchObject({ code: 400, msg: MAINTENANCE_COST_MESSAGE });
      const remove = await post(admin, '/api/miscellaneous/deleteBatch', { ids: [costId] });
      expect(remove.body).toMatchObject({ code: 400, msg: MAINTENANCE_COST_MESSAGE });
      expect(await costOf(costId)).toMatchObject({ amount: 150_000, deleted_at: null });
      // an ordinary cost is still changed there
      const own = await ok(admin, '/api/miscellaneous/add', {
        truckId: truck.id,
        costType: 4,
        costDate: '2026-11-19',
        amount: '20.00',
      });
      const ownId = typeof own === 'object' && own ? (own.id as number) : Number(own);
      await ok(admin, '/api/miscellaneous/deleteBatch', { ids: [ownId] });
    });

    it('deletes a record with its cost and puts the plan back on the latest record left', async () => {
      const older = await ok(dispatch, '/api/maintenance/record/add', {
        truckId: truck.id,
        planId,
        ...record,
        maintainDate: '2026-10-01',
        mileageKm: 110_000,
        amountFen: 50_000,
      });
      const records = await ok(admin, '/api/maintenance/record/page', { truckId: truck.id });
      const latest = records.list[0] as { id: number; costId: number };
      const sumBefore = await daySum();
      await ok(dispatch, '/api/maintenance/record/delete', { id: latest.id });
      expect((await costOf(latest.costId)).deleted_at).not.toBeNull();
      expect(await daySum()).toBe(sumBefore - 150_000);
      expect((await costLogs(latest.costId)).at(-1)).toBe(
        '删除保养记录费用：保养，日期2026-11-19，金额(元)1500.00',
      );
      expect(await planOf()).toMatchObject({ last_date: '2026-10-01', last_km: 110_000 });
      const left = await ok(admin, '/api/maintenance/record/page', { truckId: truck.id });
      expect(left.list.map((r: { id: number }) => r.id)).toEqual([older.id]);
      const costs = await ok(admin, '/api/miscellaneous/list/car', { truckId: truck.id, costType: 3 });
      expect(JSON.stringify(costs.list)).not.toContain(`"id":${latest.costId},`);
      const again = await post(dispatch, '/api/maintenance/record/delete', { id: latest.id });
      expect(again.body).toMatchObject({ code: 404, msg: '保养记录不存在或无权操作' });
      const finance = await login(t.app, 'finance', DEMO.finance);
      const outside = await post(finance, '/api/maintenance/record/delete', { id: older.id });
      expect(outside.status).toBe(403);
    });

    it('reminds only the subscribed holders of each page, and 去处理 opens the page on the item', async () => {
      await addUser('m_both', ['car050206', 'car050205']);
      await addUser('m_unsub', ['car050206', 'car050205']);
      await addUser('m_cert', ['car050205']);
      await addUser('m_none', ['car090104']);
      // m_unsub keeps 证件到期提醒 and turns 保养到期提醒 off
      const offered = await call(t.app, 'GET', '/api/message/alarmSubscription/config/info', {
        token: token('m_unsub'),
      });
      expect(offered.body.data.types).toContainEqual({
        kind: 'expiry',
        kindName: '到期提醒',
        list: [
          { code: 8101, name: '保养到期提醒' },
          { code: 8102, name: '证件到期提醒' },
        ],
      });
      await ok(token('m_unsub'), '/api/message/alarmSubscription/config/edit', { codes: [8102] });
      const certOffered = await call(t.app, 'GET', '/api/message/alarmSubscription/config/info', {
        token: token('m_cert'),
      });
      expect(certOffered.body.data.types).toContainEqual({
        kind: 'expiry',
        kindName: '到期提醒',
        list: [{ code: 8102, name: '证件到期提醒' }],
      });
      // the plan falls due (three months after 2026-10-01, reminded 15 days before) and the insurance expires
      t.advance(30 * 86_400_000);
      await t.db.db
        .updateTable('truck')
        .set({ insurance_expiry: '2027-01-01' })
        .where('id', '=', truck.id)
        .execute();
      await t.db.db.deleteFrom('message').execute();
      await sendDueReminders(t.db.db, t.now());
      const users = await t.db.db
        .selectFrom('message')
        .innerJoin('app_user', 'app_user.id', 'message.user_id')
        .select(['app_user.username', 'message.code'])
        .where('app_user.username', 'in', ['m_both', 'm_unsub', 'm_cert', 'm_none'])
        .execute();
      const got = [...new Set(users.map((u) => `${u.username}:${u.code}`))].sort();
      expect(got).toEqual(['m_both:8101', 'm_both:8102', 'm_cert:8102', 'm_unsub:8102']);

      // a month on, the session is signed in again
      tokens.m_both = await login(t.app, 'm_both', 'Remind@123');
      const inbox = await ok(token('m_both'), '/api/message/list2.0', { pageNum: 1, pageSize: 20 });
      type Message = { alarmCode: number; carNo: string; content: string };
      const service = inbox.list.find((m: Message) => m.alarmCode === 8101 && m.content.includes('季度保养'));
      const certificate = inbox.list.find(
        (m: Message) => m.alarmCode === 8102 && m.carNo === truck.car_no && m.content.includes('车辆保险'),
      );
      expect(service).toMatchObject({ categoryCode: 'expiry', carNo: truck.car_no });
      const codes = ['car050206', 'car050205'];
      const toService = alarmJump(service, codes);
      expect(toService).toEqual({
        path: '/reminder/maintenance',
        query: { carNo: truck.car_no, truckId: String(truck.id), planId: String(planId) },
      });
      const toCertificate = alarmJump(certificate, codes);
      expect(toCertificate).toEqual({
        path: '/reminder/certificate-expiry',
        query: { owner: 'truck', truckId: String(truck.id), kind: 'insurance' },
      });
      expect(alarmJump(service, ['car050205'])).toEqual({ denied: true, message: '暂无权限' });
      // the pages given that query list exactly the item
      const due = await ok(token('m_both'), '/api/maintenance/remind/page', {
        ...(toService as { query: Record<string, string> }).query,
      });
      expect(due.list.map((r: { planId: number; truckId: number }) => [r.planId, r.truckId])).toEqual([
        [planId, truck.id],
      ]);
      const expiring = await ok(token('m_both'), '/api/reminder/certificate/page', {
        ...(toCertificate as { query: Record<string, string> }).query,
      });
      expect(
        expiring.list.map((c: { carNo: string; kindName: string }) => `${c.carNo}${c.kindName}`),
      ).toEqual([`${truck.car_no}车辆保险`]);
    });
  },
);
