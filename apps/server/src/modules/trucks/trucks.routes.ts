import { normalizePlate, PICK_LIST_PAGE_SIZE, TRUCK_TYPES } from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { badInput, needsConfirm, notFound } from '../../http/envelope';
import { idField } from '../../http/form-fields';
import { pageOf, pageOffset, paging, route } from '../../http/route';
import { inScope } from '../../http/scope';
import { announceTerminals } from '../terminals/bindings';
import { TRUCK_CODES, TRUCK_LABELS, truckBody } from './truck-fields';
import {
  findTruckView,
  selectTruck,
  takenBy,
  truckFilterFields,
  truckQuery,
  truckView,
} from './trucks.repository';
import {
  checkTruck,
  deleteTruck,
  findOwnTruck,
  insertTruck,
  uniqueGuard,
  updateTruck,
} from './trucks.service';
import { registerTruckSheets } from './trucks.sheets';

/** Video pages also ask for a truck's channels. */
const CHANNEL_CODES = ['car090101', 'car050102', 'car050103', 'car050303', 'car050306'] as const;

const lookupQuery = z.object({
  id: idField('车辆不正确').optional(),
  vin: z.string().trim().max(17).optional(),
  carNo: z.string().trim().max(20).optional(),
});

export function registerTruckRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = '车辆管理';
  const { db } = ctx;
  const now = ctx.config.now;
  registerTruckSheets(app, ctx);

  route(app, tag, {
    method: 'POST',
    url: '/v2/web/base/list',
    summary: '车辆列表：车牌、车架号、车队、燃料类型、车辆性质、终端绑定、在线状态、证件到期筛选',
    access: TRUCK_CODES,
    list: true,
    labels: TRUCK_LABELS,
    body: z.object({ ...paging, ...truckFilterFields }),
    handler: async ({ auth, body }) => {
      const at = now();
      const q = truckQuery(db, auth.scope, body, at);
      const { rows, total } = await pageOf(q, (q) => selectTruck(q).orderBy('t.id', 'desc'), body);
      return { list: rows.map((r) => truckView(r, at)), total };
    },
  });

  route(app, tag, {
    method: 'GET',
    url: '/v2/web/base/info/:id',
    summary: '车辆详情（含终端、司机、在线状态与最后上报时间）',
    access: TRUCK_CODES,
    params: z.object({ id: idField('车辆不正确') }),
    handler: async ({ auth, params }) => {
      const truck = await findTruckView(db, auth.scope, params.id, now());
      if (!truck) throw notFound('车辆不存在或无权查看');
      return truck;
    },
  });

  route(app, tag, {
    method: 'GET',
    url: '/truck/info',
    summary: '按 id、车架号或车牌号查询一辆车',
    access: TRUCK_CODES,
    query: lookupQuery,
    handler: async ({ auth, query }) => {
      if (!query.id && !query.vin && !query.carNo) throw badInput('请指定车辆');
      const at = now();
      let q = truckQuery(db, auth.scope, {}, at);
      if (query.id) q = q.where('t.id', '=', query.id);
      if (query.vin) q = q.where('t.vin', '=', query.vin.toUpperCase());
      if (query.carNo) q = q.where('t.car_no', '=', normalizePlate(query.carNo));
      const row = await selectTruck(q).executeTakeFirst();
      if (!row) throw notFound('车辆不存在或无权查看');
      return truckView(row, at);
    },
  });

  route(app, tag, {
    method: 'GET',
    url: '/truck/existCheck',
    summary: '车牌号或车架号是否已被本商户的其他车辆使用（编辑时传 id 排除自己）',
    access: TRUCK_CODES,
    query: lookupQuery,
    handler: async ({ auth, query }) => {
      const carNo = query.carNo ? normalizePlate(query.carNo) : undefined;
      const vin = query.vin ? query.vin.toUpperCase() : undefined;
      if (!carNo && !vin) throw badInput('请输入车牌号或车架号');
      const taken = await takenBy(db, auth.merchantId, { carNo, vin, exceptId: query.id ?? null });
      const lines = [
        ...(taken.carNo ? [`车牌号 ${carNo} 已存在`] : []),
        ...(taken.vin ? [`车架号 ${vin} 已存在`] : []),
      ];
      return {
        exist: lines.length > 0,
        carNoExist: Boolean(taken.carNo),
        vinExist: Boolean(taken.vin),
        msg: lines.join('，'),
      };
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/truck/update',
    summary: '保存车辆：不带 id 为新增，带 id 为修改；可同时绑定终端和司机',
    access: TRUCK_CODES,
    labels: TRUCK_LABELS,
    body: truckBody,
    handler: async ({ auth, body }) => {
      const { id, ...values } = body;
      const before = id ? await findOwnTruck(db, auth.scope, id) : undefined;
      await checkTruck(db, auth, values, id);
      const at = now();
      if (!before) {
        const newId = await uniqueGuard(
          () => db.transaction().execute((tx) => insertTruck(tx, auth, values, at)),
          values,
        );
        if (values.terminalId !== null) await announceTerminals(ctx, [values.terminalId]);
        return { id: newId };
      }
      const touched = await uniqueGuard(
        () => db.transaction().execute((tx) => updateTruck(tx, auth, before, values, at)),
        values,
      );
      await announceTerminals(ctx, touched);
      return { id: before.id };
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/truck/delete',
    summary: '删除车辆（可批量）；行程未结束的车辆不能删除（409 列出原因）；删除后终端解绑',
    access: TRUCK_CODES,
    labels: { id: '车辆', ids: '车辆' },
    body: z
      .object({
        id: idField('车辆不正确').optional(),
        ids: z.array(idField('车辆不正确')).max(500, '一次最多删除500辆车').optional(),
      })
      .refine((b) => b.id !== undefined || (b.ids?.length ?? 0) > 0, '请选择要删除的车辆'),
    handler: async ({ auth, body }) => {
      const ids = [...new Set([...(body.id ? [body.id] : []), ...(body.ids ?? [])])];
      const rows: Awaited<ReturnType<typeof findOwnTruck>>[] = [];
      for (const id of ids) rows.push(await findOwnTruck(db, auth.scope, id));
      const running = await db
        .selectFrom('trip')
        .select('truck_id')
        .where('truck_id', 'in', ids)
        .where('end_time', 'is', null)
        .execute();
      if (running.length > 0) {
        const busy = new Set(running.map((r) => r.truck_id));
        const plates = rows.filter((r) => busy.has(r.id)).map((r) => r.car_no);
        throw needsConfirm([
          '以下车辆行程未结束，暂不能删除：',
          plates.join('、'),
          '请在车辆停驶、行程结束后再删除。',
        ]);
      }
      const at = now();
      await db.transaction().execute(async (tx) => {
        for (const row of rows) await deleteTruck(tx, auth, row, at);
      });
      await announceTerminals(
        ctx,
        rows.flatMap((r) => (r.terminal_id === null ? [] : [r.terminal_id])),
      );
      return { deleted: rows.length };
    },
  });

  route(app, tag, {
    method: 'GET',
    url: '/getDriveList',
    summary: '可为车辆选择的司机（本车队及下级车队，按姓名或手机号搜索），带其当前车辆',
    access: TRUCK_CODES,
    list: true,
    query: z.object({
      pageNum: paging.pageNum,
      pageSize: paging.pageSize.default(PICK_LIST_PAGE_SIZE),
      keyword: z.string().trim().max(30).optional(),
    }),
    handler: async ({ auth, query }) => {
      let q = db
        .selectFrom('driver as d')
        .leftJoin('truck as t', (j) => j.onRef('t.driver_id', '=', 'd.id').on('t.deleted_at', 'is', null))
        .where(inScope(auth.scope, 'd'))
        .where('d.deleted_at', 'is', null);
      const keyword = query.keyword?.replace(/[%_\\]/g, '');
      if (keyword)
        q = q.where((eb) =>
          eb.or([eb('d.name', 'like', `%${keyword}%`), eb('d.phone', 'like', `%${keyword}%`)]),
        );
      const [rows, total] = await Promise.all([
        q
          .select(['d.id', 'd.name', 'd.phone', 'd.team_code', 'd.license_class', 't.car_no'])
          .orderBy('d.name')
          .orderBy('d.id')
          .limit(query.pageSize)
          .offset(pageOffset(query))
          .execute(),
        q.select((eb) => eb.fn.count<number>('d.id').distinct().as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        list: rows.map((r) => ({
          id: r.id,
          driverName: r.name,
          phone: r.phone,
          teamCode: r.team_code,
          licenseClass: r.license_class ?? '',
          carNo: r.car_no ?? '',
        })),
        total: Number(total.n),
      };
    },
  });

  route(app, tag, {
    method: 'GET',
    url: '/getTypeList',
    summary: '车辆类型（CAR_TYPE 字典：GA 802 货车与挂车类型）',
    access: TRUCK_CODES,
    handler: async () => TRUCK_TYPES.map((t) => ({ code: t.code, name: t.name })),
  });

  route(app, tag, {
    method: 'GET',
    url: '/getCarChannel',
    summary: '车辆的视频通道（通道号与名称）及终端在线状态',
    access: CHANNEL_CODES,
    query: lookupQuery,
    handler: async ({ auth, query }) => {
      if (!query.id && !query.vin && !query.carNo) throw badInput('请指定车辆');
      let q = db
        .selectFrom('truck as t')
        .leftJoin('terminal as tm', 'tm.id', 't.terminal_id')
        .select([
          't.id',
          't.car_no',
          't.vin',
          't.video_channels',
          't.channel_names',
          'tm.phone',
          'tm.video_channels as terminal_channels',
        ])
        .where(inScope(auth.scope, 't'))
        .where('t.deleted_at', 'is', null);
      if (query.id) q = q.where('t.id', '=', query.id);
      if (query.vin) q = q.where('t.vin', '=', query.vin.toUpperCase());
      if (query.carNo) q = q.where('t.car_no', '=', normalizePlate(query.carNo));
      const row = await q.executeTakeFirst();
      if (!row) throw notFound('车辆不存在或无权查看');
      const count = row.video_channels > 0 ? row.video_channels : (row.terminal_channels ?? 0);
      const names = (row.channel_names ?? '').split(',').map((n) => n.trim());
      return {
        id: row.id,
        carNo: row.car_no,
        vin: row.vin,
        tid: row.phone ?? '',
        online: row.phone ? ctx.telematics.isOnline(row.phone) : false,
        channels: Array.from({ length: count }, (_, i) => ({
          channel: i + 1,
          name: names[i] || `通道${i + 1}`,
        })),
      };
    },
  });
}
