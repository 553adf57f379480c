import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { OPERATE_LOG_PAGES, WAYBILL_SOURCE } from '@fleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadFile } from '../../test/sheets';
import {
  call,
  DEMO,
  login,
  multipartBody,
  startTestApp,
  TEST_DATABASES,
  type TestApp,
} from '../../test/support';
import { waitFor } from '../../test/telematics';
import { readBack, sheetFile } from '../file-tasks/file-tasks.fixture';
import { createWaybill } from './waybill-flow';

// Waybills through the API: the whole way of a load from its bill number to the receipt with the
// freight to the fen, the moves refused, cancel, exceptions, fees, the change of line, the timeline,
// import and export, the tabulation review, and another team that sees and touches none of it.

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(120, 7),
]);
/** The demo's 干线一分队 (dispatch) and its first truck 京A10000 with its driver. */
const TRUNK_ONE = '10000010010001';
/** The demo's 京津塘 line: 北京十八里店物流园 → 天津开发区物流中心; 大兴 line: 北京大兴物流园 → 石家庄东物流园. */
const JINGJINTANG = '北京至天津京津塘干线';
const DAXING = '北京大兴至石家庄干线';
const CUSTOMER = '天津港散货物流有限公司';

describe.each(TEST_DATABASES)('waybills on $name', (database) => {
  let t: TestApp;
  let admin: string;
  let dispatch: string;
  let finance: string;
  let customerId: number;
  let jingjintang: number;
  let daxing: number;
  let truck: { id: number; car_no: string; driver_id: number | null };
  let otherTruck: { id: number; car_no: string };
  let driverName: string;
  const photos: string[] = [];

  const post = (token: string, url: string, body: unknown) =>
    call(t.app, 'POST', `/api/colliery/waybill/${url}`, { token, body });
  const ok = async (token: string, url: string, body: unknown) => {
    const res = await post(token, url, body);
    expect(res.body.code, `${url}: ${res.body.msg}`).toBe(200);
    // biome-ignore lint/suspicious/noExplicitAny: the answer's data
    return res.body.data as any;
  };
  const info = async (token: string, id: number) =>
    call(t.app, 'GET', '/api/colliery/waybill/info', { token, query: { id: String(id) } });
  const page = async (token: string, body: Record<string, unknown> = {}) =>
    (await ok(token, 'page', { pageSize: 100, ...body })) as { list: { id: number }[]; total: number };
  const logOf = async (token: string, id: number) =>
    (
      await call(t.app, 'POST', '/api/colliery/operate/log/tc/page', {
        token,
        body: { dataId: id, pageEnum: OPERATE_LOG_PAGES.waybill, pageSize: 50 },
      })
    ).body.data as { list: { content: string; accountName: string }[]; total: number };
  const form = (extra: Record<string, unknown> = {}) => ({
    customerId,
    lineId: jingjintang,
    cargo: '动力煤',
    truckId: truck.id,
    plannedLoadTime: '2026-11-20 12:00:00',
    plannedArriveTime: '2026-11-20 18:00:00',
    remark: '',
    ...extra,
  });
  const flowCount = async (id: number) =>
    Number(
      (
        await t.db.db
          .selectFrom('waybill_flow')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('waybill_id', '=', id)
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await startTestApp(database, { uploadDir: mkdtempSync(path.join(tmpdir(), 'fleet-waybill-')) });
    admin = await login(t.app, 'admin', DEMO.admin);
    dispatch = await login(t.app, 'dispatch', DEMO.dispatch);
    finance = await login(t.app, 'finance', DEMO.finance);
    const db = t.db.db;
    customerId = (
      await db
        .selectFrom('customer')
        .select('id')
        .where('customer_name', '=', CUSTOMER)
        .executeTakeFirstOrThrow()
    ).id;
    jingjintang = (
      await db.selectFrom('line').select('id').where('name', '=', JINGJINTANG).executeTakeFirstOrThrow()
    ).id;
    daxing = (await db.selectFrom('line').select('id').where('name', '=', DAXING).executeTakeFirstOrThrow())
      .id;
    truck = await db
      .selectFrom('truck')
      .select(['id', 'car_no', 'driver_id'])
      .where('team_code', '=', TRUNK_ONE)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    otherTruck = await db
      .selectFrom('truck')
      .select(['id', 'car_no'])
      .where('team_code', '=', '10000010010002')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    driverName = (
      await db
        .selectFrom('driver')
        .select('name')
        .where('id', '=', truck.driver_id as number)
        .executeTakeFirstOrThrow()
    ).name;
    // 123.45 元/吨 on the loading weight for 动力煤 of this customer on the line, 3‰ allowed loss,
    // 500.00 元 a ton of loss above it; kept by 干线运输车队 (above the dispatcher's team)
    const price = await call(t.app, 'POST', '/api/colliery/transport/price/add', {
      token: admin,
      body: {
        customerId,
        lineId: jingjintang,
        cargo: '动力煤',
        priceType: 1,
        priceFen: 12345,
        settleWeight: 1,
        allowedLossPermille: 3,
        deductionFen: 50000,
        startDate: '2026-01-01',
        endDate: '2026-12-31',
        teamCode: '1000001001',
      },
    });
    expect(price.body.code, price.body.msg).toBe(200);
    for (let i = 0; i < 3; i++) {
      const up = await t.app.inject({
        method: 'POST',
        url: '/api/file/upload',
        ...(() => {
          const { payload, headers } = multipartBody({ filename: `磅单${i}.png`, content: PNG });
          return { payload, headers: { ...headers, 'auth-token': dispatch } };
        })(),
      });
      photos.push(up.json().data.fullPath);
    }
  });
  afterAll(() => t.close());

  let firstId = 0;
  let firstBillNo = '';

  it("gives bill numbers of the day and creates a waybill at the line's stations, to be loaded", async () => {
    const billNo = (await call(t.app, 'GET', '/api/colliery/waybill/billNo', { token: dispatch })).body.data;
    expect(billNo).toMatch(/^YD20261120\d{4}$/);
    const ahead = `YD20261120${String(Number(billNo.slice(10)) + 5).padStart(4, '0')}`;
    expect((await post(dispatch, 'add', form({ billNo: ahead }))).body).toMatchObject({
      code: 400,
      msg: '运单号: 请使用系统生成的运单号',
    });
    const added = await ok(dispatch, 'add', form({ billNo }));
    expect(added).toEqual({ id: expect.any(Number), billNo });
    firstId = added.id;
    firstBillNo = billNo;
    expect((await post(dispatch, 'add', form({ billNo }))).body).toMatchObject({
      code: 400,
      msg: '运单号: 该运单号已存在',
    });
    const w = (await info(dispatch, firstId)).body.data;
    expect(w).toMatchObject({
      billNo,
      source: 1,
      sourceName: '调度',
      customerName: CUSTOMER,
      lineName: JINGJINTANG,
      loadingStationName: '北京十八里店物流园',
      unloadingStationName: '天津开发区物流中心',
      cargo: '动力煤',
      carNo: truck.car_no,
      driverId: truck.driver_id,
      driverName,
      plannedLoadTime: '2026-11-20 12:00:00',
      status: 1,
      statusName: '待装货',
      cancelled: 0,
      approvalState: 0,
      approvalStateName: '无需审核',
      loadingNetKg: null,
      loadingNetTons: '',
      priceFen: null,
      freightFen: null,
      freightYuan: '',
      teamCode: TRUNK_ONE,
      teamName: '干线一分队',
      createTime: '2026-11-20 10:00:00',
      fees: [],
      exceptions: [],
    });
    // the next number follows
    const next = (await call(t.app, 'GET', '/api/colliery/waybill/billNo', { token: dispatch })).body.data;
    expect(Number(next.slice(10))).toBe(Number(billNo.slice(10)) + 1);
  });

  it("checks the fields with Chinese messages and every id in the caller's scope", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [form({ customerId: undefined }), '客户: 请选择客户'],
      [form({ cargo: ' ' }), '货物名称: 请输入货物名称'],
      [form({ truckId: 'x' }), '车辆: 请选择车辆'],
      [form({ plannedLoadTime: '2026-11-31 08:00:00' }), '计划装货时间: 格式应为YYYY-MM-DD HH:mm:ss'],
      [form({ plannedArriveTime: '2026-11-20 11:00:00' }), '计划到达时间: 计划到达时间不能早于计划装货时间'],
      [form({ billNo: 'AB123' }), '运单号: 运单号格式应为YD+日期+序号，请使用系统生成的运单号'],
      [form({ truckId: otherTruck.id }), '车辆: 不存在或不在您的管辖范围内'],
      [form({ driverId: 16 }), '司机: 不存在或不在您的管辖范围内'],
      [form({ teamCode: '10000010010002' }), '所属车队: 不存在或不在您的管辖范围内'],
      [form({ lineId: 1 }), '线路: 不存在或不在您的管辖范围内'],
    ];
    for (const [body, msg] of cases) {
      const res = await post(dispatch, 'add', body);
      expect(res.body, JSON.stringify(body)).toMatchObject({ code: 400, msg });
    }
  });

  it('refuses illegal moves with their messages and changes nothing', async () => {
    const before = await flowCount(firstId);
    const refusals: [number, string][] = [
      [3, '请先录入装车磅单，再变更为“运输中”'],
      [6, '请先录入装车磅单，再变更为“已完成”'],
      [1, '运单当前为“待装货”，不能变更为“待装货”'],
      [5, '运单状态: 运单状态不正确'],
    ];
    for (const [status, msg] of refusals)
      expect((await post(dispatch, 'changeStatus', { id: firstId, status })).body).toMatchObject({
        code: 400,
        msg,
      });
    expect((await info(dispatch, firstId)).body.data).toMatchObject({ status: 1, loadingTime: '' });
    expect(await flowCount(firstId)).toBe(before);
  });

  it('refuses more than 6 photos and photos this platform did not upload', async () => {
    const slip = {
      waybillId: firstId,
      kind: 1,
      grossKg: 47_460,
      tareKg: 15_000,
      weighTime: '2026-11-20 09:50:00',
    };
    const seven = Array.from(
      { length: 7 },
      (_, i) => `/api/file/uploads/2026/11/${String(i).repeat(32)}.png`,
    );
    expect((await post(dispatch, 'pound/add', { ...slip, photos: seven.join(';') })).body).toMatchObject({
      code: 400,
      msg: '照片: 上传了7张图片，最多支持6张',
    });
    expect((await post(dispatch, 'pound/add', { ...slip, photos: seven[0] })).body).toMatchObject({
      code: 400,
      msg: '照片: 第1张图片不是本平台上传的文件，请重新上传',
    });
    expect(
      (await post(dispatch, 'pound/add', { ...slip, photos: 'http://evil.example/a.png' })).body,
    ).toMatchObject({
      code: 400,
      msg: '照片: 只支持本平台上传的JPG/PNG格式图片',
    });
    expect((await post(dispatch, 'pound/add', { ...slip, tareKg: 47_460, photos: '' })).body).toMatchObject({
      code: 400,
      msg: '皮重须小于毛重',
    });
    expect((await info(dispatch, firstId)).body.data.status).toBe(1);
  });

  it('goes from loading to the receipt, with the freight to the fen', async () => {
    // the loading slip: 47.460 − 15.000 = 32.460 t; 装货中, priced at 123.45 元/吨 → 4007.19 元
    const loaded = await ok(dispatch, 'pound/add', {
      waybillId: firstId,
      kind: 1,
      grossKg: 47_460,
      tareKg: 15_000,
      weighTime: '2026-11-20 09:50:00',
      photos: `${photos[0]};${photos[1]}`,
    });
    expect(loaded).toMatchObject({
      status: 2,
      statusName: '装货中',
      loadingNetKg: 32_460,
      loadingNetTons: '32.460',
      loadingWeighTime: '2026-11-20 09:50:00',
      loadingPhotos: `${photos[0]};${photos[1]}`,
      loadingTime: '2026-11-20 10:00:00',
      priceFen: 12_345,
      priceYuan: '123.45',
      priceUnit: '元/吨',
      priceTypeName: '按吨',
      settleWeightName: '装车重量',
      allowedLossPermille: 3,
      freightGrossFen: 400_719,
      freightYuan: '4007.19',
    });
    const pound = await ok(dispatch, 'pound/info', { waybillId: firstId });
    expect(pound).toEqual({
      loading: {
        grossKg: 47_460,
        tareKg: 15_000,
        netKg: 32_460,
        grossTons: '47.460',
        tareTons: '15.000',
        netTons: '32.460',
        weighTime: '2026-11-20 09:50:00',
        photos: `${photos[0]};${photos[1]}`,
      },
      unloading: null,
    });
    t.advance(30 * 60_000);
    expect(await ok(dispatch, 'changeStatus', { id: firstId, status: 3 })).toMatchObject({
      status: 3,
      statusName: '运输中',
      departTime: '2026-11-20 10:30:00',
    });
    expect((await post(dispatch, 'changeStatus', { id: firstId, status: 2 })).body.msg).toBe(
      '运单当前为“运输中”，不能变更为“装货中”',
    );
    expect((await post(dispatch, 'changeStatus', { id: firstId, status: 6 })).body.msg).toBe(
      '请先录入回单（卸车重量），再完成运单',
    );
    t.advance(4 * 3_600_000);
    // the unloading slip: 32.300 t, 已到达; loss 160 kg, 97.38 kg allowed (3‰ of 32.460 t)
    expect(
      await ok(dispatch, 'pound/add', {
        waybillId: firstId,
        kind: 2,
        grossKg: 47_300,
        tareKg: 15_000,
        weighTime: '2026-11-20 14:25:00',
        photos: photos[2],
      }),
    ).toMatchObject({
      status: 4,
      statusName: '已到达',
      unloadingNetKg: 32_300,
      arriveTime: '2026-11-20 14:30:00',
    });
    expect(
      (
        await post(dispatch, 'addBack', {
          waybillId: firstId,
          unloadingGrossKg: 47_300,
          unloadingTareKg: 15_000,
          unloadingWeighTime: '2026-11-20 14:25:00',
        })
      ).body.msg,
    ).toBe('回单照片: 请上传回单照片');
    t.advance(10 * 60_000);
    const done = await ok(dispatch, 'addBack', {
      waybillId: firstId,
      unloadingGrossKg: 47_300,
      unloadingTareKg: 15_000,
      unloadingWeighTime: '2026-11-20 14:25:00',
      unloadingPhotos: photos[2],
      backPhotos: photos[1],
      backRemark: '已签收',
    });
    // 123.45 × 32.460 = 4007.19 元; (160 − 97.38) kg × 500.00 元/吨 = 31.31 元 deducted → 3975.88 元
    expect(done).toMatchObject({
      status: 6,
      statusName: '已完成',
      completeTime: '2026-11-20 14:40:00',
      backPhotos: photos[1],
      backRemark: '已签收',
      backTime: '2026-11-20 14:40:00',
      settleKg: 32_460,
      settleTons: '32.460',
      lossKg: 160,
      lossTons: '0.160',
      freightGrossFen: 400_719,
      freightGrossYuan: '4007.19',
      lossDeductionFen: 3_131,
      lossDeductionYuan: '31.31',
      freightFen: 397_588,
      freightYuan: '3975.88',
    });
    const back = await ok(dispatch, 'backInfo', { waybillId: firstId });
    expect(back).toEqual({
      waybillId: firstId,
      billNo: firstBillNo,
      unloadingGrossKg: 47_300,
      unloadingTareKg: 15_000,
      unloadingNetKg: 32_300,
      unloadingWeighTime: '2026-11-20 14:25:00',
      unloadingPhotos: photos[2],
      backPhotos: photos[1],
      backRemark: '已签收',
      backTime: '2026-11-20 14:40:00',
    });
    // the receipt corrected: 32.400 t unloaded, 60 kg lost, within the allowed loss
    const edited = await ok(dispatch, 'addBack', {
      waybillId: firstId,
      unloadingGrossKg: 47_400,
      unloadingTareKg: 15_000,
      unloadingWeighTime: '2026-11-20 14:25:00',
      unloadingPhotos: photos[2],
      backPhotos: `${photos[1]};${photos[0]}`,
      backRemark: '已签收',
    });
    expect(edited).toMatchObject({
      status: 6,
      lossKg: 60,
      lossDeductionFen: 0,
      freightFen: 400_719,
      freightYuan: '4007.19',
    });
    for (const [url, body, msg] of [
      ['cancel', { id: firstId, reason: '不要了' }, '运单已完成，不能取消'],
      ['edit', { id: firstId, ...form() }, '运单已完成，不能修改'],
      [
        'pound/add',
        { waybillId: firstId, kind: 1, grossKg: 40_000, tareKg: 15_000, weighTime: '2026-11-20 09:50:00' },
        '运单已完成，不能录入磅单',
      ],
      ['changeStatus', { id: firstId, status: 6 }, '运单已完成，不能变更状态'],
    ] as const)
      expect((await post(dispatch, url, body)).body, url).toMatchObject({ code: 400, msg });
  });

  it('keeps the timeline of every change, naming who or what made it', async () => {
    const flow = await ok(dispatch, 'statusFlow', { id: firstId });
    expect(
      flow.map(
        (f: {
          actionName: string;
          fromStatusName: string;
          toStatusName: string;
          sourceName: string;
          actorName: string;
        }) => [f.actionName, f.fromStatusName, f.toStatusName, f.sourceName, f.actorName],
      ),
    ).toEqual([
      ['创建运单', '', '待装货', '调度', '张调度'],
      ['装车过磅', '', '', '调度', '张调度'],
      ['状态变更', '待装货', '装货中', '调度', '张调度'],
      ['状态变更', '装货中', '运输中', '调度', '张调度'],
      ['卸车过磅', '', '', '调度', '张调度'],
      ['状态变更', '运输中', '已到达', '调度', '张调度'],
      ['卸车过磅', '', '', '调度', '张调度'],
      ['回单录入', '', '', '调度', '张调度'],
      ['状态变更', '已到达', '已完成', '调度', '张调度'],
      ['回单录入', '', '', '调度', '张调度'],
    ]);
    expect(flow[0]).toMatchObject({ time: '2026-11-20 10:00:00', content: firstBillNo });
    expect(flow[9].content).toContain('修改回单：卸车毛重：47.300吨→47.400吨');
    const log = await logOf(dispatch, firstId);
    expect(log.list.map((l) => l.content).reverse()).toEqual([
      `新增运单 ${firstBillNo}：${CUSTOMER}，${JINGJINTANG}，${truck.car_no}`,
      '录入装车磅单：毛重47.460吨，皮重15.000吨，净重32.460吨，待装货→装货中',
      '变更运单状态：装货中→运输中',
      '录入卸车磅单：毛重47.300吨，皮重15.000吨，净重32.300吨，运输中→已到达',
      '录入回单：卸车毛重47.300吨，皮重15.000吨，净重32.300吨，运费3975.88元，运单已完成',
      '修改回单：卸车毛重：47.300吨→47.400吨，卸车净重：32.300吨→32.400吨，回单照片已修改，运费：3975.88元→4007.19元',
    ]);
    expect(log.list[0]?.accountName).toBe('张调度');
  });

  let secondId = 0;
  it('edits, changes the line with its reason, and cancels before completion', async () => {
    secondId = (await ok(dispatch, 'add', form({ remark: '夜间装车' }))).id;
    const edited = await post(dispatch, 'edit', {
      id: secondId,
      ...form({ driverId: 2, remark: '白天装车' }),
    });
    expect(edited.body.code, edited.body.msg).toBe(200);
    expect((await info(dispatch, secondId)).body.data).toMatchObject({ driverId: 2, remark: '白天装车' });
    const changed = await ok(dispatch, 'change/line', {
      id: secondId,
      lineId: daxing,
      reason: '客户改到石家庄',
    });
    expect(changed).toMatchObject({
      lineName: DAXING,
      loadingStationName: '北京大兴物流园',
      unloadingStationName: '石家庄东物流园',
    });
    expect(
      (await post(dispatch, 'change/line', { id: secondId, lineId: daxing, reason: 'x' })).body.msg,
    ).toBe('线路: 与当前线路相同');
    expect((await post(dispatch, 'change/line', { id: secondId, lineId: daxing })).body.msg).toBe(
      '原因: 请填写变更原因',
    );
    // once loading, customer, line and cargo stay (the line changes by change/line)
    await ok(dispatch, 'changeStatus', { id: secondId, status: 2 });
    expect(
      (await post(dispatch, 'edit', { id: secondId, ...form({ driverId: 2, cargo: '焦煤' }) })).body.msg,
    ).toBe('运单当前为“装货中”，客户、线路和货物名称不能再修改；线路请通过“变更线路”修改');
    expect((await post(dispatch, 'cancel', { id: secondId })).body.msg).toBe('原因: 请填写取消原因');
    expect(await ok(dispatch, 'cancel', { id: secondId, reason: '客户取消发货' })).toBeNull();
    expect((await info(dispatch, secondId)).body.data).toMatchObject({
      status: 2,
      statusName: '已取消',
      cancelled: 1,
      cancelReason: '客户取消发货',
      cancelTime: '2026-11-20 14:40:00',
    });
    expect((await post(dispatch, 'cancel', { id: secondId, reason: '再取消' })).body.msg).toBe('运单已取消');
    expect((await post(dispatch, 'changeStatus', { id: secondId, status: 3 })).body.msg).toBe(
      '运单已取消，不能变更状态',
    );
    const flow = await ok(dispatch, 'statusFlow', { id: secondId });
    expect(flow.map((f: { actionName: string }) => f.actionName)).toEqual([
      '创建运单',
      '变更线路',
      '状态变更',
      '取消运单',
    ]);
    expect(flow[1].content).toBe(`线路：${JINGJINTANG} → ${DAXING}，原因：客户改到石家庄`);
    const log = (await logOf(dispatch, secondId)).list.map((l) => l.content).reverse();
    expect(log[1]).toBe(
      `修改运单：司机：${driverName}→${(await t.db.db.selectFrom('driver').select('name').where('id', '=', 2).executeTakeFirstOrThrow()).name}，备注：夜间装车→白天装车`,
    );
    expect(log[2]).toBe(`变更线路：${JINGJINTANG}→${DAXING}，原因：客户改到石家庄`);
    expect(log.at(-1)).toBe('取消运单，原因：客户取消发货');
    // the list: cancelled ones by `cancelled`, states without them
    expect((await page(dispatch, { cancelled: 1 })).list.map((w) => w.id)).toEqual([secondId]);
    expect((await page(dispatch, { status: 2 })).list.map((w) => w.id)).toEqual([]);
    expect((await page(dispatch, { status: 6 })).list.map((w) => w.id)).toEqual([firstId]);
  });

  it('reports exceptions and adds fees by fee type, never the freight', async () => {
    const ex = await ok(dispatch, 'exception/add', {
      waybillId: firstId,
      exceptionType: 1,
      description: '左后轮爆胎，已更换',
      photos: photos[0],
      lat: 39.5,
      lng: 116.9,
      address: '京津塘高速泗村店附近',
    });
    expect(ex).toEqual({ id: expect.any(Number) });
    expect(
      (await post(dispatch, 'exception/add', { waybillId: firstId, exceptionType: 8, description: 'x' })).body
        .msg,
    ).toBe('异常类型: 请选择异常类型');
    expect(
      (await post(dispatch, 'exception/add', { waybillId: secondId, exceptionType: 1, description: 'x' }))
        .body.msg,
    ).toBe('运单已取消，不能上报异常');
    const feeTypes = await t.db.db
      .selectFrom('fee_type')
      .select(['id', 'fee_name'])
      .where('merchant_id', '=', 1)
      .execute();
    const typeId = (name: string) => feeTypes.find((f) => f.fee_name === name)?.id as number;
    const fee = await ok(dispatch, 'fee/add', {
      waybillId: firstId,
      feeTypeId: typeId('装车费'),
      amountFen: 30_000,
      remark: '铲车装车',
    });
    expect(fee).toEqual({ id: expect.any(Number) });
    expect(
      (await post(dispatch, 'fee/add', { waybillId: firstId, feeTypeId: typeId('运费'), amountFen: 100 }))
        .body.msg,
    ).toBe('费用类型: 运费由运价自动计算，不能手工添加');
    expect(
      (await post(dispatch, 'fee/add', { waybillId: firstId, feeTypeId: typeId('油费'), amountFen: 0 })).body
        .msg,
    ).toBe('金额: 金额须大于0');
    await call(t.app, 'POST', '/api/colliery/fee/type/changeStatus', {
      token: admin,
      body: { id: typeId('信息费'), valid: 0 },
    });
    expect(
      (await post(dispatch, 'fee/add', { waybillId: firstId, feeTypeId: typeId('信息费'), amountFen: 100 }))
        .body.msg,
    ).toBe('费用类型: 信息费已停用');
    const coalType = await t.db.db
      .selectFrom('fee_type')
      .select('id')
      .where('merchant_id', '=', 2)
      .where('fee_name', '=', '油费')
      .executeTakeFirstOrThrow();
    expect(
      (await post(dispatch, 'fee/add', { waybillId: firstId, feeTypeId: coalType.id, amountFen: 100 })).body
        .msg,
    ).toBe('费用类型: 不存在或不在您的管辖范围内');
    const detail = (await info(dispatch, firstId)).body.data;
    expect(detail.fees).toEqual([
      expect.objectContaining({
        feeTypeName: '装车费',
        feeKind: 2,
        feeKindName: '支出',
        amountFen: 30_000,
        amountYuan: '300.00',
        state: 1,
        stateName: '待审核',
        remark: '铲车装车',
      }),
    ]);
    expect(detail.exceptions).toEqual([
      expect.objectContaining({
        exceptionType: 1,
        exceptionTypeName: '车辆故障',
        description: '左后轮爆胎，已更换',
        photos: photos[0],
        lat: 39.5,
        lng: 116.9,
        address: '京津塘高速泗村店附近',
        sourceName: '调度',
      }),
    ]);
    const log = (await logOf(dispatch, firstId)).list.map((l) => l.content);
    expect(log.slice(0, 2)).toEqual([
      '添加费用：装车费 300.00元（铲车装车）',
      '上报异常：车辆故障：左后轮爆胎，已更换',
    ]);
  });

  it("shows another team's dispatcher none of it and lets it act on none of it", async () => {
    expect((await page(finance)).total).toBe(0);
    expect((await page(admin, { billNo: firstBillNo })).list.map((w) => w.id)).toEqual([firstId]);
    expect((await info(finance, firstId)).body).toMatchObject({ code: 404, msg: '运单不存在或无权操作' });
    const attempts: [string, Record<string, unknown>][] = [
      ['edit', { id: secondId, ...form() }],
      ['changeStatus', { id: firstId, status: 6 }],
      ['statusFlow', { id: firstId }],
      [
        'pound/add',
        { waybillId: firstId, kind: 1, grossKg: 40_000, tareKg: 15_000, weighTime: '2026-11-20 09:50:00' },
      ],
      ['pound/info', { waybillId: firstId }],
      [
        'addBack',
        {
          waybillId: firstId,
          unloadingGrossKg: 40_000,
          unloadingTareKg: 15_000,
          unloadingWeighTime: '2026-11-20 09:50:00',
          backPhotos: photos[0],
        },
      ],
      ['backInfo', { waybillId: firstId }],
      ['cancel', { id: firstId, reason: '越权' }],
      ['exception/add', { waybillId: firstId, exceptionType: 9, description: '越权' }],
      ['fee/add', { waybillId: firstId, feeTypeId: 2, amountFen: 100 }],
      ['change/line', { id: firstId, lineId: daxing, reason: '越权' }],
      ['approval', { id: firstId, approvalState: 2 }],
    ];
    for (const [url, body] of attempts)
      expect((await post(finance, url, body)).body, url).toMatchObject({
        code: 404,
        msg: '运单不存在或无权操作',
      });
    expect((await logOf(finance, firstId)).list).toEqual([]);
    expect(
      (await call(t.app, 'GET', '/api/colliery/waybill/taskOptions', { token: finance })).body.data,
    ).toEqual([]);
  });

  it('lists newest first with the filters, and exports exactly the filtered rows', async () => {
    const all = await page(dispatch);
    expect(all.list.map((w) => w.id)).toEqual([secondId, firstId]);
    expect(all.total).toBe(2);
    expect((await page(dispatch, { billNo: firstBillNo.slice(-4) })).list.map((w) => w.id)).toEqual([
      firstId,
    ]);
    expect((await page(dispatch, { billNo: firstBillNo.slice(0, 10) })).total).toBe(2);
    expect((await page(dispatch, { carNo: truck.car_no.slice(1) })).total).toBe(2);
    expect((await page(dispatch, { lineId: daxing })).list.map((w) => w.id)).toEqual([secondId]);
    expect(
      (await page(dispatch, { customerId, truckId: truck.id, driverId: 2 })).list.map((w) => w.id),
    ).toEqual([secondId]);
    expect((await page(dispatch, { source: 5 })).total).toBe(0);
    expect(
      (await page(dispatch, { startTime: '2026-11-20 10:00:01', endTime: '2026-11-20 23:59:59' })).list.map(
        (w) => w.id,
      ),
    ).toEqual([secondId]);
    expect((await post(dispatch, 'page', { status: 5 })).body.msg).toBe('运单状态: 运单状态不正确');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/colliery/waybill/export',
      payload: { status: 6 },
      headers: { 'auth-token': dispatch },
    });
    const rows = await readBack(res.rawPayload);
    expect(rows[0]?.slice(0, 4)).toEqual(['运单号', '来源', '客户', '线路']);
    expect(rows.length).toBe(2);
    const header = rows[0] as string[];
    const cell = (name: string) => rows[1]?.[header.indexOf(name)];
    expect(cell('运单号')).toBe(firstBillNo);
    expect(cell('应收运费（元）')).toBe('4007.19');
    expect(cell('装车净重（吨）')).toBe('32.460');
    expect(cell('运单状态')).toBe('已完成');
  });

  it('imports all rows or none, naming the row and the column, with bill numbers in one run', async () => {
    const header = [
      '客户名称',
      '线路名称',
      '货物名称',
      '车牌号',
      '司机',
      '计划装货时间',
      '计划到达时间',
      '所属车队',
      '备注',
    ];
    const good = [CUSTOMER, JINGJINTANG, '动力煤', truck.car_no, '', '2026-11-21 08:00:00', '', '', '导入'];
    const upload = async (rows: (string | number | null)[][]) =>
      uploadFile(t.app, '/api/colliery/waybill/import', dispatch, {
        filename: '运单.xlsx',
        content: await sheetFile([header, ...rows]),
      });
    const count = async () =>
      Number(
        (
          await t.db.db
            .selectFrom('waybill')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    // the form's rules first (each row named by its header), then the names looked up
    const malformed = await upload([
      good,
      [CUSTOMER, JINGJINTANG, '动力煤', truck.car_no, '', '2026-11-21 25:00:00', '', '', ''],
      [CUSTOMER, JINGJINTANG, '', truck.car_no, '', '', '', '', ''],
    ]);
    expect(malformed.code).toBe(400);
    expect(malformed.data.errors).toEqual([
      { row: 3, message: '计划装货时间: 格式应为YYYY-MM-DD HH:mm:ss' },
      { row: 4, message: '货物名称: 请填写货物名称' },
    ]);
    const unknown = await upload([
      good,
      ['不存在的客户', ...good.slice(1)],
      [CUSTOMER, JINGJINTANG, '动力煤', otherTruck.car_no, '', '', '', '', ''],
      [CUSTOMER, '不存在的线路', '动力煤', truck.car_no, '', '', '', '城配车队', ''],
    ]);
    expect(unknown.code).toBe(400);
    expect(unknown.msg).toContain('第3行：客户名称: “不存在的客户”不存在或不在您的管辖范围内');
    expect(unknown.data.errors).toEqual([
      { row: 3, message: '客户名称: “不存在的客户”不存在或不在您的管辖范围内' },
      { row: 4, message: `车牌号: “${otherTruck.car_no}”不存在或不在您的管辖范围内` },
      { row: 5, message: '线路名称: “不存在的线路”不存在或不在您的管辖范围内' },
      { row: 5, message: '所属车队: “城配车队”不存在或不在您的管辖范围内' },
    ]);
    expect(await count()).toBe(before);
    const driverRow = await upload([
      good,
      [CUSTOMER, JINGJINTANG, '动力煤', truck.car_no, '查无此人', '', '', '', ''],
    ]);
    expect(driverRow.data.errors).toEqual([
      { row: 3, message: '司机: “查无此人”不存在或不在您的管辖范围内' },
    ]);
    // the trucks' fence watch holds no open waybill of this truck before, and is told of the imported ones
    expect(t.app.telematics.waybills.size).toBe(0);
    const fine = await upload([
      good,
      good,
      [CUSTOMER, DAXING, '钢材', truck.car_no, driverName, '', '', '干线一分队', ''],
    ]);
    expect(fine).toMatchObject({ code: 200, msg: '成功导入3条数据' });
    await waitFor(async () => t.app.telematics.waybills.size === 1);
    const imported = await t.db.db
      .selectFrom('waybill')
      .select(['bill_no', 'source', 'driver_id', 'team_code', 'line_id', 'planned_load_at'])
      .where('source', '=', WAYBILL_SOURCE.import)
      .orderBy('id')
      .execute();
    expect(imported.map((w) => [w.source, w.driver_id, w.team_code])).toEqual([
      [5, truck.driver_id, TRUNK_ONE],
      [5, truck.driver_id, TRUNK_ONE],
      [5, truck.driver_id, TRUNK_ONE],
    ]);
    const seqs = imported.map((w) => Number(w.bill_no.slice(10)));
    expect(seqs).toEqual([seqs[0], (seqs[0] as number) + 1, (seqs[0] as number) + 2]);
    expect((await page(dispatch, { source: 5 })).total).toBe(3);
    const template = await t.app.inject({
      method: 'GET',
      url: '/api/colliery/waybill/import/template',
      headers: { 'auth-token': dispatch },
    });
    expect((await readBack(template.rawPayload))[0]).toEqual(expect.arrayContaining(['客户名称', '车牌号']));
  });

  it('reviews waybills a driver made: the task picker, pass, and edit-and-pass with the loading slip', async () => {
    const pending = await t.db.db.transaction().execute(async (tx) => {
      const make = (cargo: string) =>
        createWaybill(
          tx,
          {
            merchantId: 1,
            teamCode: TRUNK_ONE,
            customerId,
            lineId: jingjintang,
            loadingStationId: 17,
            unloadingStationId: 19,
            cargo,
            truckId: truck.id,
            driverId: truck.driver_id,
            approvalState: 1,
          },
          { source: WAYBILL_SOURCE.driver, name: driverName },
          t.now(),
        );
      return [await make('动力煤'), await make('焦煤')];
    });
    const [a, b] = pending as unknown as [{ id: number; bill_no: string }, { id: number; bill_no: string }];
    const tasks = (await call(t.app, 'GET', '/api/colliery/waybill/taskOptions', { token: dispatch })).body
      .data;
    expect(tasks.map((x: { taskCode: string }) => x.taskCode)).toEqual([b.bill_no, a.bill_no]);
    expect(tasks[0]).toMatchObject({ waybillId: b.id, truckId: truck.id, carNo: truck.car_no });
    // the truck's bound driver and the one who drove it in the last 30 days
    expect(tasks[0].drivers.map((d: { id: number }) => d.id).sort()).toEqual([truck.driver_id, 2].sort());
    const one = (
      await call(t.app, 'GET', '/api/colliery/waybill/taskOptions', {
        token: dispatch,
        query: { keyword: a.bill_no.slice(-4) },
      })
    ).body.data;
    expect(one.map((x: { waybillId: number }) => x.waybillId)).toEqual([a.id]);

    expect(
      await ok(dispatch, 'approval', { id: a.id, approvalState: 2, approvalRemark: '核对无误' }),
    ).toBeNull();
    expect((await info(dispatch, a.id)).body.data).toMatchObject({
      approvalState: 2,
      approvalStateName: '已审核',
      approvalRemark: '核对无误',
    });
    expect((await post(dispatch, 'approval', { id: a.id, approvalState: 3 })).body.msg).toBe(
      '运单为“已审核”，不是待审核状态',
    );
    expect((await post(dispatch, 'approval', { id: firstId, approvalState: 2 })).body.msg).toBe(
      '运单为“无需审核”，不是待审核状态',
    );
    expect((await post(dispatch, 'approval', { id: b.id, approvalState: 4 })).body.msg).toBe(
      '审核状态: 审核结果只能为2（通过）或3（驳回）',
    );

    const passed = await ok(dispatch, 'approval/edit', {
      id: b.id,
      ...form({ cargo: '动力煤', driverId: 2 }),
      loadingGrossKg: 45_000,
      loadingTareKg: 15_000,
      loadingWeighTime: '2026-11-20 14:00:00',
      loadingPhotos: photos[0],
    });
    expect(passed).toMatchObject({
      approvalState: 2,
      cargo: '动力煤',
      driverId: 2,
      status: 2,
      loadingNetKg: 30_000,
      priceFen: 12_345,
      freightFen: 370_350,
      sourceName: '司机',
    });
    const flow = await ok(dispatch, 'statusFlow', { id: b.id });
    expect(
      flow.map((f: { actionName: string; sourceName: string }) => `${f.actionName}/${f.sourceName}`),
    ).toEqual(['创建运单/司机', '装车过磅/调度', '状态变更/调度', '运单审核/调度']);
    const log = (await logOf(dispatch, b.id)).list[0]?.content;
    expect(log).toContain('运单审核：修改：货物名称：焦煤→动力煤');
    expect(log).toContain('装车磅单：毛重45.000吨，皮重15.000吨，净重30.000吨；已审核');
    expect(
      (await call(t.app, 'GET', '/api/colliery/waybill/taskOptions', { token: dispatch })).body.data,
    ).toEqual([]);
  });

  it('reminds the office again (8002) of a pending waybill completed by its receipt', async () => {
    const pending = await t.db.db.transaction().execute((tx) =>
      createWaybill(
        tx,
        {
          merchantId: 1,
          teamCode: TRUNK_ONE,
          customerId,
          lineId: jingjintang,
          loadingStationId: 17,
          unloadingStationId: 19,
          cargo: '动力煤',
          truckId: truck.id,
          driverId: truck.driver_id,
          approvalState: 1,
        },
        { source: WAYBILL_SOURCE.scan, name: driverName },
        t.now(),
      ),
    );
    await ok(dispatch, 'pound/add', {
      waybillId: pending.id,
      kind: 1,
      grossKg: 45_000,
      tareKg: 15_000,
      weighTime: '2026-11-20 14:00:00',
    });
    const done = await ok(dispatch, 'addBack', {
      waybillId: pending.id,
      unloadingGrossKg: 44_990,
      unloadingTareKg: 15_000,
      unloadingWeighTime: '2026-11-20 14:30:00',
      backPhotos: photos[1],
    });
    expect(done).toMatchObject({ status: 6, approvalState: 1 });
    const reminders = await t.db.db
      .selectFrom('message')
      .select(['content'])
      .where('code', '=', 8002)
      .where('content', 'like', `%${pending.bill_no}已完成，请审核%`)
      .execute();
    expect(reminders.length).toBeGreaterThan(0);
  });
});
