import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';
import { sha256Hex } from '../auth/tokens';
import { makeVin, TEAM_1, TEAM_2 } from './trucks.fixture';

describe.each(TEST_DATABASES)('trucks on $name', (database) => {
  let t: TestApp;
  let admin: string;
  let clerk: string;
  beforeAll(async () => {
    t = await startTestApp(database);
    admin = await login(t.app, 'admin', DEMO.admin);
    const role = await call(t.app, 'POST', '/api/system/role/add', {
      token: admin,
      body: { name: '车辆管理员', codes: ['car09', 'car0901', 'car090101', 'car090102'] },
    });
    const user = await call(t.app, 'POST', '/api/system/user/add', {
      token: admin,
      body: {
        username: 'truck_clerk',
        password: sha256Hex('Clerk@123'),
        nickname: '车管员',
        teamCode: TEAM_1,
        roleIds: [role.body.data.id],
      },
    });
    expect(user.body.code).toBe(200);
    clerk = await login(t.app, 'truck_clerk', 'Clerk@123');
  });
  afterAll(() => t.close());

  const base = () => ({
    carNo: '京A9T001',
    vin: makeVin(9001),
    fuelType: 3,
    teamCode: TEAM_1,
    carType: '重型半挂牵引车',
    brand: '解放',
    series: 'J6P',
    tankCapacity: 600,
    speedLimit: 89,
    loadCapacity: 40000,
    insuranceExpiry: '2027-03-14',
  });
  const truckCount = async () =>
    Number(
      (
        await t.db.db
          .selectFrom('truck')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('deleted_at', 'is', null)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('answers 400 in Chinese naming the field, and saves nothing', async () => {
    const before = await truckCount();
    const cases: [Record<string, unknown>, string[]][] = [
      [{ ...base(), carNo: '京A123' }, ['车牌号', '车牌号不符合规范']],
      [{ ...base(), vin: 'LFWADRJF011002340' }, ['车架号', '校验位']],
      [{ ...base(), fuelType: 4 }, ['燃料类型', '请选择燃料类型']],
      [{ ...base(), carInfoType: 2 }, ['车辆性质']],
      [{ ...base(), carType: '拖拉机' }, ['车辆类型']],
      [{ ...base(), insuranceExpiry: '2027-02-30' }, ['保险到期日期', '日期格式应为YYYY-MM-DD']],
      [{ ...base(), tankCapacity: -1 }, ['油箱容积', '0到5000']],
      [{ ...base(), speedLimit: 'abc' }, ['限速']],
      [{ ...base(), ownerPhone: '12345' }, ['车主电话', '手机号码不符合规范']],
      [{ ...base(), engineNo: '发动机' }, ['发动机号', '只能填写英文或者数字']],
      [{ ...base(), teamCode: '20000010010001' }, ['所属车队', '不在您的管辖范围内']],
      [{ ...base(), driverId: 999999 }, ['司机']],
    ];
    for (const [body, words] of cases) {
      const res = await call(t.app, 'POST', '/api/truck/update', { token: admin, body });
      expect(res.body.code, JSON.stringify(body)).toBe(400);
      for (const w of words) expect(res.body.msg, JSON.stringify(body)).toContain(w);
    }
    expect(await truckCount()).toBe(before);
  });

  it('adds, reads, edits and deletes a truck, logging each change', async () => {
    const added = await call(t.app, 'POST', '/api/truck/update', {
      token: admin,
      body: { ...base(), carNo: '京a·9t001 ' },
    });
    expect(added.body).toMatchObject({ code: 200 });
    const id = added.body.data.id as number;
    const info = await call(t.app, 'GET', `/api/v2/web/base/info/${id}`, { token: admin });
    expect(info.body.data).toMatchObject({
      id,
      carNo: '京A9T001',
      vin: makeVin(9001),
      fuelType: 3,
      fuelTypeName: '燃油',
      carInfoType: 1,
      carInfoTypeName: '自有车',
      teamName: '干线一分队',
      plateColor: 2,
      plateColorName: '黄色',
      tid: '',
      online: false,
      insuranceExpiry: '2027-03-14',
    });
    const byVin = await call(t.app, 'GET', '/api/truck/info', {
      token: admin,
      query: { vin: makeVin(9001) },
    });
    expect(byVin.body.data.id).toBe(id);

    const taken = await call(t.app, 'GET', '/api/truck/existCheck', {
      token: admin,
      query: { carNo: '京A9T001', vin: makeVin(9002) },
    });
    expect(taken.body.data).toMatchObject({ exist: true, carNoExist: true, vinExist: false });
    const own = await call(t.app, 'GET', '/api/truck/existCheck', {
      token: admin,
      query: { carNo: '京A9T001', id: String(id) },
    });
    expect(own.body.data.exist).toBe(false);
    const dup = await call(t.app, 'POST', '/api/truck/update', {
      token: admin,
      body: { ...base(), vin: makeVin(9003) },
    });
    expect(dup.body).toMatchObject({ code: 400, msg: '车牌号: 京A9T001 已存在' });
    const dupVin = await call(t.app, 'POST', '/api/truck/update', {
      token: admin,
      body: { ...base(), carNo: '京A9T002' },
    });
    expect(dupVin.body.msg).toBe(`车架号: ${makeVin(9001)} 已存在`);

    const edited = await call(t.app, 'POST', '/api/truck/update', {
      token: admin,
      body: { ...base(), id, teamCode: TEAM_2, fuelType: 6, carInfoType: 3, ownerName: '王车主' },
    });
    expect(edited.body.code).toBe(200);
    const after = await call(t.app, 'GET', `/api/v2/web/base/info/${id}`, { token: admin });
    expect(after.body.data).toMatchObject({
      teamName: '干线二分队',
      fuelTypeName: '燃气',
      carInfoTypeName: '外协车',
    });

    const log = await call(t.app, 'POST', '/api/colliery/operate/log/tc/page', {
      token: admin,
      body: { dataId: id, pageEnum: 8 },
    });
    const contents = log.body.data.list.map((r: { content: string }) => r.content);
    expect(contents[0]).toContain('所属车队：干线一分队→干线二分队');
    expect(contents[0]).toContain('燃料类型：燃油→燃气');
    expect(contents[1]).toContain('新增车辆 京A9T001');

    const removed = await call(t.app, 'POST', '/api/truck/delete', { token: admin, body: { id } });
    expect(removed.body).toMatchObject({ code: 200, data: { deleted: 1 } });
    const gone = await call(t.app, 'GET', `/api/v2/web/base/info/${id}`, { token: admin });
    expect(gone.body.code).toBe(404);
    // a deleted truck's plate and VIN may be registered again
    const again = await call(t.app, 'POST', '/api/truck/update', { token: admin, body: base() });
    expect(again.body.code).toBe(200);
    const logAfter = await call(t.app, 'POST', '/api/colliery/operate/log/tc/page', {
      token: admin,
      body: { dataId: id, pageEnum: 8 },
    });
    expect(logAfter.body.data.list[0].content).toContain('删除车辆 京A9T001');
  });

  it('filters the list by plate, team, fuel type, ownership, terminal and online state', async () => {
    const all = await call(t.app, 'POST', '/api/v2/web/base/list', { token: admin, body: { pageSize: 500 } });
    expect(all.body.code).toBe(200);
    const rows = all.body.data.list as { carNo: string; teamCode: string; fuelType: number; tid: string }[];
    expect(all.body.data.total).toBe(rows.length);
    const plate = rows[0]?.carNo as string;
    const one = await call(t.app, 'POST', '/api/v2/web/base/list', {
      token: admin,
      body: { carNo: plate.slice(2) },
    });
    expect(one.body.data.list.map((r: { carNo: string }) => r.carNo)).toContain(plate);
    const team = await call(t.app, 'POST', '/api/v2/web/base/list', {
      token: admin,
      body: { teamCodeList: [TEAM_2], pageSize: 500 },
    });
    expect(team.body.data.total).toBeGreaterThan(0);
    for (const r of team.body.data.list) expect(r.teamCode.startsWith(TEAM_2)).toBe(true);
    const unbound = await call(t.app, 'POST', '/api/v2/web/base/list', {
      token: admin,
      body: { bindTerminal: 0, pageSize: 500 },
    });
    for (const r of unbound.body.data.list) expect(r.tid).toBe('');
    const bound = await call(t.app, 'POST', '/api/v2/web/base/list', {
      token: admin,
      body: { bindTerminal: 1 },
    });
    expect(bound.body.data.total + unbound.body.data.total).toBe(all.body.data.total);
    // a truck that reported a minute ago is online, the others offline
    const truck = await t.db.db
      .selectFrom('truck')
      .select(['id', 'terminal_id'])
      .where('car_no', '=', plate)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    await t.db.db
      .insertInto('vehicle_state')
      .values({
        truck_id: truck.id,
        terminal_id: truck.terminal_id ?? 0,
        time: t.now() - 60_000,
        received_at: t.now() - 60_000,
        lat: 39_900_000,
        lon: 116_400_000,
        online: 1,
      })
      .execute();
    const online = await call(t.app, 'POST', '/api/v2/web/base/list', {
      token: admin,
      body: { onlineState: 1 },
    });
    expect(online.body.data.list.map((r: { carNo: string }) => r.carNo)).toEqual([plate]);
    expect(online.body.data.list[0]).toMatchObject({ online: true, onlineState: 1 });
    const offline = await call(t.app, 'POST', '/api/v2/web/base/list', {
      token: admin,
      body: { onlineState: 0 },
    });
    expect(offline.body.data.total).toBe(all.body.data.total - 1);
    const gas = await call(t.app, 'POST', '/api/v2/web/base/list', {
      token: admin,
      body: { fuelType: 6, pageSize: 500 },
    });
    for (const r of gas.body.data.list) expect(r.fuelType).toBe(6);
    const hired = await call(t.app, 'POST', '/api/v2/web/base/list', {
      token: admin,
      body: { carInfoType: 3, pageSize: 500 },
    });
    for (const r of hired.body.data.list) expect(r.carInfoType).toBe(3);
  });

  it("keeps a user to their team's trucks", async () => {
    const mine = await call(t.app, 'POST', '/api/v2/web/base/list', {
      token: clerk,
      body: { pageSize: 500 },
    });
    expect(mine.body.data.total).toBeGreaterThan(0);
    for (const r of mine.body.data.list) expect(r.teamCode.startsWith(TEAM_1)).toBe(true);
    const other = await t.db.db
      .selectFrom('truck')
      .select(['id', 'car_no', 'vin'])
      .where('team_code', '=', TEAM_2)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect((await call(t.app, 'GET', `/api/v2/web/base/info/${other.id}`, { token: clerk })).body.code).toBe(
      404,
    );
    expect(
      (await call(t.app, 'POST', '/api/truck/delete', { token: clerk, body: { id: other.id } })).body.code,
    ).toBe(404);
    const edit = await call(t.app, 'POST', '/api/truck/update', {
      token: clerk,
      body: { ...base(), id: other.id, carNo: other.car_no, vin: other.vin },
    });
    expect(edit.body.code).toBe(404);
    const move = await call(t.app, 'POST', '/api/truck/update', {
      token: clerk,
      body: { ...base(), carNo: '京A9T077', vin: makeVin(9077), teamCode: TEAM_2 },
    });
    expect(move.body).toMatchObject({ code: 400 });
    expect(move.body.msg).toContain('所属车队');
    const drivers = await call(t.app, 'GET', '/api/getDriveList', {
      token: clerk,
      query: { pageSize: '500' },
    });
    for (const d of drivers.body.data.list) expect(d.teamCode.startsWith(TEAM_1)).toBe(true);
  });

  it('refuses to delete a truck whose trip is open, with the reason (409)', async () => {
    const truck = await t.db.db
      .selectFrom('truck')
      .select(['id', 'car_no', 'merchant_id', 'team_code'])
      .where('team_code', '=', TEAM_1)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    await t.db.db
      .insertInto('trip')
      .values({
        merchant_id: truck.merchant_id,
        team_code: truck.team_code,
        truck_id: truck.id,
        start_time: t.now() - 3_600_000,
        start_lat: 39_900_000,
        start_lon: 116_400_000,
      })
      .execute();
    const res = await call(t.app, 'POST', '/api/truck/delete', { token: admin, body: { ids: [truck.id] } });
    expect(res.body.code).toBe(409);
    expect(res.body.msg).toContain(truck.car_no);
    expect(res.body.msg).toContain('行程未结束');
    const still = await call(t.app, 'GET', `/api/v2/web/base/info/${truck.id}`, { token: admin });
    expect(still.body.code).toBe(200);
  });

  it('lists truck types and video channels', async () => {
    const types = await call(t.app, 'GET', '/api/getTypeList', { token: admin });
    expect(types.body.data).toEqual(expect.arrayContaining([{ code: 'Q11', name: '重型半挂牵引车' }]));
    const added = await call(t.app, 'POST', '/api/truck/update', {
      token: admin,
      body: {
        ...base(),
        carNo: '京A9T010',
        vin: makeVin(9010),
        videoChannels: 3,
        channelNames: '前向,驾驶员',
      },
    });
    const channels = await call(t.app, 'GET', '/api/getCarChannel', {
      token: admin,
      query: { id: String(added.body.data.id) },
    });
    expect(channels.body.data).toMatchObject({
      carNo: '京A9T010',
      online: false,
      channels: [
        { channel: 1, name: '前向' },
        { channel: 2, name: '驾驶员' },
        { channel: 3, name: '通道3' },
      ],
    });
  });
});
