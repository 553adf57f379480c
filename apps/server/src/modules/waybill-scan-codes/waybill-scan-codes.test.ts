import {
  menuCodesUnder,
  OPERATE_LOG_PAGES,
  SCAN_TOKEN_PATTERN,
  WAYBILL_APPROVAL,
  WAYBILL_SOURCE,
  WAYBILL_STATE,
  withAncestorCodes,
} from '@fleet/domain';
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
import { sha256Hex } from '../auth/tokens';
import { TEAM_ONE, TEAM_TWO } from '../messages/test-fixtures';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);
const ROOT = '/api/public/scan-waybill';

const station = (name: string, longitude: number, latitude: number) => ({
  name,
  type: 1,
  address: name,
  longitude,
  latitude,
  fenceType: 'circle',
  radius: 500,
});
const stop = (
  seq: number,
  stationType: 1 | 3,
  stationId: number | null,
  address: string,
  lng: number,
  lat: number,
) => ({
  seq,
  stationType,
  stationId,
  address,
  longitude: lng,
  latitude: lat,
  distance: 0,
  runningHours: 0,
  runningMins: 0,
  baiduMapProduce: false,
});
const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface ListedCode {
  id: number;
  token: string;
  path: string;
  customerName: string;
  lineName: string;
  loadingStationName: string;
  unloadingStationName: string;
  cargo: string;
  valid: number;
  teamName: string;
}

describe.each(TEST_DATABASES)('scan-code waybills on $name', (database) => {
  let t: TestApp;
  let port: number;
  let admin: string;
  let tabOne: string;
  let tabTwo: string;
  let tcOne: string;
  let dispatch: string;
  let customerId: number;
  let lineId: number;
  let bareLineId: number;
  let codeId: number;
  let token: string;
  /** A driver of 干线一分队 with his bound truck. */
  let driver: { id: number; name: string; phone: string };
  let truck: { id: number; car_no: string };
  let otherTruck: { id: number; car_no: string };
  let foreignTruckId: number;
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
        password: sha256Hex('Scan@1234'),
        nickname: username,
        teamCode,
        roleIds: [role.body.data.id],
      },
    });
    expect(user.body.code, user.body.msg).toBe(200);
    return login(t.app, username, 'Scan@1234');
  };
  const codesPage = async (tokenOf: string, body: Record<string, unknown> = {}) => {
    const res = await call(t.app, 'POST', '/api/colliery/waybill/scanCode/page', {
      token: tokenOf,
      body: { pageSize: 50, ...body },
    });
    expect(res.body.code, res.body.msg).toBe(200);
    return res.body.data as { list: ListedCode[]; total: number };
  };
  /** Asks for an SMS code on the public page and reads it from the message the server sent. */
  const smsCode = async (codeToken: string, phone: string) => {
    t.advance(61_000);
    const sent = await call(t.app, 'POST', `${ROOT}/sms`, { body: { token: codeToken, phone } });
    if (sent.body.code !== 200) return { sent, code: '' };
    const text = t.sms.filter((m) => m.phone === phone).at(-1)?.text ?? '';
    return { sent, code: /(\d{6})/.exec(text)?.[1] ?? '' };
  };
  const verify = async (codeToken = token, phone = driver.phone) => {
    const { code } = await smsCode(codeToken, phone);
    return call(t.app, 'POST', `${ROOT}/verify`, { body: { token: codeToken, phone, smsCode: code } });
  };
  const upload = async (ticket: string, filename: string, content: Buffer) => {
    const { payload, headers } = multipartBody({ filename, content }, { ticket });
    const res = await t.app.inject({ method: 'POST', url: `${ROOT}/upload`, payload, headers });
    return res.json() as { code: number; msg: string; data: { fullPath: string } | null };
  };

  beforeAll(async () => {
    t = await startTestApp(database);
    port = await listen(t.app);
    admin = await login(t.app, 'admin', DEMO.admin);
    dispatch = await login(t.app, 'dispatch', DEMO.dispatch);
    const waybillPages = [...menuCodesUnder('car11')];
    tabOne = await addUser('tab_one', TEAM_ONE, [...waybillPages, 'car090104']);
    tabTwo = await addUser('tab_two', TEAM_TWO, [...waybillPages, 'car090104']);
    tcOne = await addUser('tc_one', TEAM_ONE, ['tc010102', 'tc010503']);

    const customer = await call(t.app, 'POST', '/api/colliery/customer/add', {
      token: admin,
      body: { customerName: '扫码测试煤业', customerType: 1, settlementType: 2, teamCode: '1000001' },
    });
    expect(customer.body.code, customer.body.msg).toBe(200);
    customerId = customer.body.data.id;
    const loading = await call(t.app, 'POST', '/api/station/add', {
      token: admin,
      body: station('扫码东胜装货站', 109.963, 39.817),
    });
    const unloading = await call(t.app, 'POST', '/api/station/add', {
      token: admin,
      body: station('扫码天津港卸货站', 117.78, 38.98),
    });
    expect(unloading.body.code, unloading.body.msg).toBe(200);
    const line = await call(t.app, 'POST', '/api/route/add', {
      token: admin,
      body: {
        routeName: '扫码东胜至天津港',
        routeType: 1,
        stationList: [
          stop(1, 1, loading.body.data.id, '扫码东胜装货站', 109.963, 39.817),
          stop(2, 3, unloading.body.data.id, '扫码天津港卸货站', 117.78, 38.98),
        ],
      },
    });
    expect(line.body.code, line.body.msg).toBe(200);
    lineId = line.body.data.id;
    const bare = await call(t.app, 'POST', '/api/route/add', {
      token: admin,
      body: {
        routeName: '扫码无站点线路',
        routeType: 1,
        stationList: [
          stop(1, 1, null, '东胜区某地', 109.96, 39.81),
          stop(2, 3, null, '天津某地', 117.7, 38.9),
        ],
      },
    });
    expect(bare.body.code, bare.body.msg).toBe(200);
    bareLineId = bare.body.data.id;

    const db = t.db.db;
    const bound = await db
      .selectFrom('truck')
      .innerJoin('driver', 'driver.id', 'truck.driver_id')
      .select(['truck.id', 'truck.car_no', 'driver.id as driverId', 'driver.name', 'driver.phone'])
      .where('truck.team_code', '=', TEAM_ONE)
      .where('truck.deleted_at', 'is', null)
      .where('driver.status', '=', 1)
      .orderBy('truck.id')
      .executeTakeFirstOrThrow();
    driver = { id: bound.driverId, name: bound.name, phone: bound.phone };
    truck = { id: bound.id, car_no: bound.car_no };
    otherTruck = await db
      .selectFrom('truck')
      .select(['id', 'car_no'])
      .where('team_code', '=', TEAM_ONE)
      .where('id', '!=', truck.id)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    foreignTruckId = (
      await db
        .selectFrom('truck')
        .select('id')
        .where('team_code', '=', TEAM_TWO)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    for (const c of clients) c.ws.close();
    await t.close();
  });

  it('adds a code for a customer and line with a random token made by the server, listed with the stations', async () => {
    const refused = await call(t.app, 'POST', '/api/colliery/waybill/scanCode/add', {
      token: tabOne,
      body: { customerId, lineId: bareLineId, cargo: '动力煤' },
    });
    expect(refused.body).toMatchObject({
      code: 400,
      msg: '线路: 线路的起点和终点须为站点，才能用于扫码运单',
    });
    const missing = await call(t.app, 'POST', '/api/colliery/waybill/scanCode/add', {
      token: tabOne,
      body: { lineId, cargo: '动力煤' },
    });
    expect(missing.body.code).toBe(400);
    expect(missing.body.msg).toContain('客户');
    expect(missing.body.msg).not.toContain('customerId');

    const added = await call(t.app, 'POST', '/api/colliery/waybill/scanCode/add', {
      token: tabOne,
      body: { customerId, lineId, cargo: '动力煤', remark: '东胜矿口', token: 'A'.repeat(32) },
    });
    expect(added.body.code, added.body.msg).toBe(200);
    codeId = added.body.data.id;
    const { list } = await codesPage(tabOne);
    const code = list.find((c) => c.id === codeId) as ListedCode;
    expect(code).toMatchObject({
      customerName: '扫码测试煤业',
      lineName: '扫码东胜至天津港',
      loadingStationName: '扫码东胜装货站',
      unloadingStationName: '扫码天津港卸货站',
      cargo: '动力煤',
      valid: 1,
      teamName: '干线一分队',
    });
    // the server's own token, not the one sent
    expect(code.token).toMatch(SCAN_TOKEN_PATTERN);
    expect(code.token).not.toBe('A'.repeat(32));
    expect(code.path).toBe(`/scan-waybill?token=${code.token}`);
    token = code.token;

    const second = await call(t.app, 'POST', '/api/colliery/waybill/scanCode/add', {
      token: tabOne,
      body: { customerId, lineId, cargo: '' },
    });
    const tokens = (await codesPage(tabOne)).list.map((c) => c.token);
    expect(new Set(tokens).size).toBe(tokens.length);
    expect(second.body.code).toBe(200);

    // search by cargo
    expect((await codesPage(tabOne, { cargo: '动力' })).list.map((c) => c.id)).toEqual([codeId]);
  });

  it('keeps codes in their team: another team neither lists nor changes them, nor uses another branch customer', async () => {
    expect((await codesPage(tabTwo)).list.map((c) => c.id)).not.toContain(codeId);
    const edit = await call(t.app, 'POST', '/api/colliery/waybill/scanCode/edit', {
      token: tabTwo,
      body: { id: codeId, customerId, lineId, cargo: '块煤' },
    });
    expect(edit.body).toMatchObject({ code: 404, msg: '扫码运单码不存在或无权操作' });
    const foreignCustomer = await call(t.app, 'POST', '/api/colliery/customer/add', {
      token: admin,
      body: { customerName: '二分队自有客户', customerType: 1, settlementType: 2, teamCode: TEAM_TWO },
    });
    expect(foreignCustomer.body.code, foreignCustomer.body.msg).toBe(200);
    const borrowed = await call(t.app, 'POST', '/api/colliery/waybill/scanCode/add', {
      token: tabOne,
      body: { customerId: foreignCustomer.body.data.id, lineId, cargo: '' },
    });
    expect(borrowed.body.code).toBe(400);
    expect(borrowed.body.msg).toContain('客户');
    // no code of the page: refused
    const denied = await call(t.app, 'POST', '/api/colliery/waybill/scanCode/page', {
      token: dispatch,
      body: {},
    });
    expect(denied.body.code).toBe(403);
    // tc010503 (capacity menu) lists the same codes
    expect((await codesPage(tcOne)).list.map((c) => c.id)).toContain(codeId);
  });

  it('edits a code keeping its token, and logs add and edit', async () => {
    const edit = await call(t.app, 'POST', '/api/colliery/waybill/scanCode/edit', {
      token: tabOne,
      body: { id: codeId, customerId, lineId, cargo: '块煤', remark: '东胜矿口' },
    });
    expect(edit.body.code, edit.body.msg).toBe(200);
    const info = await call(t.app, 'GET', '/api/colliery/waybill/scanCode/info', {
      token: tabOne,
      query: { id: String(codeId) },
    });
    expect(info.body.data).toMatchObject({ cargo: '块煤', token });
    const log = await call(t.app, 'POST', '/api/colliery/operate/log/tc/page', {
      token: tabOne,
      body: { dataId: codeId, pageEnum: OPERATE_LOG_PAGES.waybillScanCode },
    });
    const contents = log.body.data.list.map((r: { content: string }) => r.content);
    expect(contents).toContain('新增扫码运单码 动力煤');
    expect(contents).toContain('修改扫码运单码：货物名称：动力煤→块煤');
  });

  it('shows the code publicly; an unknown or disabled code says so in Chinese', async () => {
    const shown = await call(t.app, 'GET', `${ROOT}/code`, { query: { token } });
    expect(shown.body.data).toEqual({
      merchantName: '示例物流有限公司',
      customerName: '扫码测试煤业',
      lineName: '扫码东胜至天津港',
      loadingStationName: '扫码东胜装货站',
      unloadingStationName: '扫码天津港卸货站',
      cargo: '块煤',
    });
    const unknown = await call(t.app, 'GET', `${ROOT}/code`, { query: { token: 'B'.repeat(32) } });
    expect(unknown.body).toMatchObject({ code: 404, msg: '二维码无效，请联系车队获取新的二维码' });
    const malformed = await call(t.app, 'GET', `${ROOT}/code`, { query: { token: 'x' } });
    expect(malformed.body.code).toBe(400);

    const off = await call(t.app, 'POST', '/api/colliery/waybill/scanCode/changeStatus', {
      token: tabOne,
      body: { id: codeId, valid: 0 },
    });
    expect(off.body.code, off.body.msg).toBe(200);
    const disabled = await call(t.app, 'GET', `${ROOT}/code`, { query: { token } });
    expect(disabled.body).toMatchObject({ code: 400, msg: '该二维码已停用，请联系车队' });
    const { sent } = await smsCode(token, driver.phone);
    expect(sent.body).toMatchObject({ code: 400, msg: '该二维码已停用，请联系车队' });
    await call(t.app, 'POST', '/api/colliery/waybill/scanCode/changeStatus', {
      token: tabOne,
      body: { id: codeId, valid: 1 },
    });
  });

  it('sends SMS codes only to enabled drivers of the code merchant, and refuses a wrong code', async () => {
    const stranger = await smsCode(token, '13912345678');
    expect(stranger.sent.body).toMatchObject({
      code: 400,
      msg: '手机号: 该手机号不是本车队登记的司机，不能扫码开单，请联系车队',
    });
    expect(t.sms.some((m) => m.phone === '13912345678')).toBe(false);
    const db = t.db.db;
    const admins = await db.selectFrom('merchant').select('id').orderBy('id').execute();
    const foreign = await db
      .selectFrom('driver')
      .select(['phone'])
      .where('merchant_id', '!=', admins[0]?.id ?? 0)
      .where('status', '=', 1)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const other = await smsCode(token, foreign.phone);
    expect(other.sent.body.msg).toBe('手机号: 该手机号不是本车队登记的司机，不能扫码开单，请联系车队');

    const left = await db
      .selectFrom('driver')
      .select(['id', 'phone'])
      .where('team_code', '=', TEAM_ONE)
      .where('id', '!=', driver.id)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await db.updateTable('driver').set({ status: 0 }).where('id', '=', left.id).execute();
    const disabled = await smsCode(token, left.phone);
    expect(disabled.sent.body.msg).toBe('手机号: 该司机已停用，不能扫码开单，请联系车队');
    await db.updateTable('driver').set({ status: 1 }).where('id', '=', left.id).execute();

    const { sent } = await smsCode(token, driver.phone);
    expect(sent.body.code, sent.body.msg).toBe(200);
    const right = /(\d{6})/.exec(t.sms.at(-1)?.text ?? '')?.[1];
    const wrong = await call(t.app, 'POST', `${ROOT}/verify`, {
      body: { token, phone: driver.phone, smsCode: right === '000000' ? '111111' : '000000' },
    });
    expect(wrong.body).toMatchObject({ code: 400, msg: '验证码: 验证码错误或已过期' });
    const missing = await call(t.app, 'POST', `${ROOT}/verify`, { body: { token, phone: driver.phone } });
    expect(missing.body).toMatchObject({ code: 400, msg: '验证码: 请输入验证码' });
  });

  it('checks slip photos by content, size and count, for the verified session only', async () => {
    const verified = await verify();
    expect(verified.body.code, verified.body.msg).toBe(200);
    const { ticket } = verified.body.data as { ticket: string };
    expect(verified.body.data.driverName).toBe(driver.name);
    const stored = await t.db.db.selectFrom('waybill_scan_session').select('ticket_hash').execute();
    expect(stored.map((s) => s.ticket_hash)).not.toContain(ticket);

    const noTicket = await upload('0'.repeat(64), '磅单.png', PNG);
    expect(noTicket).toMatchObject({ code: 400, msg: '验证已过期，请重新获取验证码' });
    const renamed = await upload(ticket, '磅单.png', Buffer.from('GIF89a not a png at all'));
    expect(renamed).toMatchObject({ code: 400, msg: '磅单图片只能是 JPG/PNG 格式!' });
    const pdf = await upload(ticket, '磅单.pdf', Buffer.from('%PDF-1.4 something'));
    expect(pdf.msg).toBe('磅单图片只能是 JPG/PNG 格式!');
    const big = await upload(ticket, '磅单.png', Buffer.concat([PNG, Buffer.alloc(20 * 1024 * 1000)]));
    expect(big).toMatchObject({ code: 400, msg: '磅单图片: 大小不能超过20MB' });
    const urls: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await upload(ticket, i % 2 ? `磅单${i}.jpg` : `磅单${i}.png`, i % 2 ? JPEG : PNG);
      expect(res.code, res.msg).toBe(200);
      urls.push(res.data?.fullPath ?? '');
    }
    const seventh = await upload(ticket, '磅单7.png', PNG);
    expect(seventh).toMatchObject({ code: 400, msg: '磅单图片: 上传了7张图片，最多支持6张' });
    const served = await t.app.inject({ method: 'GET', url: urls[0] as string });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('creates a pending scan waybill, loading with its slip, seen by the team office and reminded to it', async () => {
    const one = await open(port, tabOne);
    const two = await open(port, tabTwo);
    const tc = await open(port, tcOne);
    const disp = await open(port, dispatch);
    clients.push(one, two, tc, disp);

    const verified = await verify();
    const { ticket } = verified.body.data as { ticket: string };
    const trucks = await call(t.app, 'POST', `${ROOT}/trucks`, { body: { ticket, keyword: '' } });
    expect(trucks.body.code, trucks.body.msg).toBe(200);
    const listed = trucks.body.data as { id: number; carNo: string; bound: boolean }[];
    expect(listed[0]).toEqual({ id: truck.id, carNo: truck.car_no, bound: true });
    expect(listed.map((x) => x.id)).toContain(otherTruck.id);
    expect(listed.map((x) => x.id)).not.toContain(foreignTruckId);
    const searched = await call(t.app, 'POST', `${ROOT}/trucks`, {
      body: { ticket, keyword: otherTruck.car_no.slice(-4) },
    });
    expect(searched.body.data.map((x: { id: number }) => x.id)).toContain(otherTruck.id);

    const photo = await upload(ticket, '磅单.jpg', JPEG);
    const photos = [photo.data?.fullPath];
    const submit = (body: Record<string, unknown>) =>
      call(t.app, 'POST', `${ROOT}/submit`, {
        body: { ticket, truckId: truck.id, grossKg: 49_000, tareKg: 15_500, photos, ...body },
      });
    expect((await submit({ truckId: foreignTruckId })).body).toMatchObject({
      code: 400,
      msg: '车辆: 车辆不存在或不属于本车队',
    });
    expect((await submit({ tareKg: 49_000 })).body).toMatchObject({
      code: 400,
      msg: '装货皮重: 皮重须小于毛重',
    });
    expect((await submit({ photos: [] })).body).toMatchObject({
      code: 400,
      msg: '磅单图片: 请拍摄或上传磅单图片',
    });
    expect((await submit({ grossKg: '' })).body).toMatchObject({
      code: 400,
      msg: '装货毛重: 请输入装货毛重',
    });
    const done = await submit({});
    expect(done.body.code, done.body.msg).toBe(200);
    expect(done.body.data).toMatchObject({
      carNo: truck.car_no,
      statusName: '装货中',
      loadingNetTons: '33.500',
    });
    const billNo = done.body.data.billNo as string;
    expect(billNo).toMatch(/^YD\d{12}$/);
    // one waybill a scan session
    expect((await submit({})).body).toMatchObject({ code: 400, msg: '本次扫码已开单，如需再开单请重新扫码' });

    const row = await t.db.db
      .selectFrom('waybill')
      .selectAll()
      .where('bill_no', '=', billNo)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      source: WAYBILL_SOURCE.scan,
      approval_state: WAYBILL_APPROVAL.pending,
      status: WAYBILL_STATE.loading,
      team_code: TEAM_ONE,
      truck_id: truck.id,
      driver_id: driver.id,
      customer_id: customerId,
      line_id: lineId,
      cargo: '块煤',
      loading_gross_kg: 49_000,
      loading_tare_kg: 15_500,
      loading_net_kg: 33_500,
      loading_photos: photos.join(';'),
    });
    // the office's waybill list: the dispatcher of the truck's team sees it, waiting for tabulation
    const officeList = async (tokenOf: string) => {
      const res = await call(t.app, 'POST', '/api/colliery/waybill/page', {
        token: tokenOf,
        body: { billNo, pageNum: 1, pageSize: 10 },
      });
      expect(res.body.code, res.body.msg).toBe(200);
      return res.body.data as { list: Record<string, unknown>[]; total: number };
    };
    expect((await officeList(tabOne)).list).toEqual([
      expect.objectContaining({
        billNo,
        source: WAYBILL_SOURCE.scan,
        approvalState: WAYBILL_APPROVAL.pending,
        status: WAYBILL_STATE.loading,
        statusName: '装货中',
        carNo: truck.car_no,
        driverName: driver.name,
        customerName: '扫码测试煤业',
        loadingNetTons: '33.500',
      }),
    ]);
    expect(await officeList(tabTwo)).toMatchObject({ list: [], total: 0 });
    const flow = await t.db.db
      .selectFrom('waybill_flow')
      .select(['source', 'actor_name', 'to_status'])
      .where('waybill_id', '=', row.id)
      .orderBy('id')
      .execute();
    expect(flow.map((f) => f.source)).toEqual([4, 4, 4]);
    expect(flow.at(-1)).toMatchObject({ actor_name: driver.name, to_status: WAYBILL_STATE.loading });

    // the reminder reaches the team's tabulation users (both menus) and no one else
    const reminders = (c: Client) =>
      c.received
        .filter((m) => m.type === 1)
        .map((m) => m.content as { alarmCode: number; taskCode: string; carNo: string; content: string });
    for (
      let waited = 0;
      waited < 5000 && (reminders(one).length === 0 || reminders(tc).length === 0);
      waited += 20
    )
      await settle(20);
    await settle(300);
    expect(reminders(one)).toHaveLength(1);
    expect(reminders(one)[0]).toMatchObject({ alarmCode: 8002, taskCode: billNo, carNo: truck.car_no });
    expect(reminders(one)[0]?.content).toBe(
      `扫码运单${billNo}待制表审核：车辆${truck.car_no}，客户扫码测试煤业，线路扫码东胜至天津港`,
    );
    expect(reminders(tc).map((r) => r.taskCode)).toEqual([billNo]);
    expect(reminders(two)).toEqual([]);
    expect(reminders(disp)).toEqual([]);
    // kept as a message of the user: the list of messages shows it
    const stored = await call(t.app, 'POST', '/api/message/list2.0', {
      token: tabOne,
      body: { pageNum: 1, pageSize: 10, alarmCode: 8002 },
    });
    expect(stored.body.code, stored.body.msg).toBe(200);
    expect(stored.body.data.list.map((m: { content: string }) => m.content)).toEqual([
      reminders(one)[0]?.content,
    ]);
  });
});

describe.each(TEST_DATABASES)('scan-code page limits on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(database, { loginRateLimit: 3, smsRateLimit: 2 });
  });
  afterAll(() => t.close());

  const from = async (method: 'GET' | 'POST', url: string, address: string, body?: unknown) =>
    (
      await t.app.inject({
        method,
        url,
        remoteAddress: address,
        ...(body ? { payload: body as Record<string, unknown> } : {}),
      })
    ).statusCode;

  it('limits every public call per client address: the page per minute, SMS codes per hour', async () => {
    const code: number[] = [];
    for (let i = 0; i < 4; i++)
      code.push(await from('GET', `${ROOT}/code?token=${'C'.repeat(32)}`, '203.0.113.7'));
    expect(code).toEqual([200, 200, 200, 429]);
    const sms: number[] = [];
    for (const phone of ['13900000001', '13900000002', '13900000003'])
      sms.push(await from('POST', `${ROOT}/sms`, '203.0.113.7', { token: 'C'.repeat(32), phone }));
    expect(sms).toEqual([200, 200, 429]);
    for (const path of ['verify', 'trucks', 'submit']) {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push(await from('POST', `${ROOT}/${path}`, '203.0.113.7', {}));
      expect(statuses.at(-1), path).toBe(429);
    }
    // another address still gets its own allowance
    expect(await from('GET', `${ROOT}/code?token=${'C'.repeat(32)}`, '203.0.113.8')).toBe(200);
  });
});
