import { formatDateTime, OPERATE_LOG_PAGES } from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { badInput, notFound } from '../../http/envelope';
import { usableRecords } from '../../http/references';
import { pageOf, paging, route } from '../../http/route';
import { inReferenceScope, inScope } from '../../http/scope';
import { splitList } from '../../telematics/alarms/settings-cache';
import { recordOperation } from '../operate-log/operate-log.repository';
import type { FenceSetRow } from './alarm-settings.table';
import { settingsChanged } from './settings-bus';

/** 站点围栏报警设置 (/car-dispatch/stationFenceAlarm). */
export const FENCE_SET_CODES = ['car050111'] as const;

const flag = (message: string) => z.union([z.literal(0), z.literal(1)], { error: message });

const fenceSetFields = {
  name: z.string({ error: '请输入名称' }).trim().min(1, '请输入名称').max(30, '名称最多30个字符'),
  stationIds: z
    .array(z.number().int().positive(), { error: '请选择站点' })
    .min(1, '请选择站点')
    .max(200, '最多选择200个站点'),
  carIds: z.array(z.number().int().positive()).max(2000, '最多选择2000辆车').default([]),
  teamCodes: z
    .array(z.string().regex(/^[0-9A-Za-z]{7,36}$/, '车队不正确'))
    .max(200, '最多选择200个车队')
    .default([]),
  notifyEnter: flag('进站提醒只能为0或1').default(1),
  notifyExit: flag('出站提醒只能为0或1').default(1),
  status: flag('状态只能为0或1').default(1),
  remark: z.string().trim().max(200, '备注最多200个字符').optional(),
};
const needsTargets = (b: { carIds: number[]; teamCodes: string[] }) =>
  b.carIds.length + b.teamCodes.length > 0;
const targetsMessage = { message: '请选择车辆或车队', path: ['carIds'] };

const labels = {
  name: '名称',
  stationIds: '站点',
  carIds: '车辆',
  teamCodes: '车队',
  notifyEnter: '进站提醒',
  notifyExit: '出站提醒',
  status: '状态',
  remark: '备注',
  id: '围栏设置',
};

type FenceSetInput = z.output<z.ZodObject<typeof fenceSetFields>>;

/**
 * Stations and trucks named by a fence set must be the caller's to use (stations also those of the
 * teams above: they are reference data), and its teams in the caller's subtree.
 */
async function checkTargets(db: Kysely<Database>, auth: AuthContext, body: FenceSetInput): Promise<void> {
  const stationIds = [...new Set(body.stationIds)];
  const stations = await usableRecords(db, auth.scope, 'station', stationIds);
  if (stations.size !== stationIds.length) throw badInput('站点: 不存在或不在您的管辖范围内');
  const carIds = [...new Set(body.carIds)];
  const trucks = await usableRecords(db, auth.scope, 'truck', carIds);
  if (trucks.size !== carIds.length) throw badInput('车辆: 不存在或不在您的管辖范围内');
  const teamCodes = [...new Set(body.teamCodes)];
  if (teamCodes.length > 0) {
    const teams = await db
      .selectFrom('team')
      .select('team_code')
      .where(inScope(auth.scope, 'team'))
      .where('team_code', 'in', teamCodes)
      .execute();
    if (teams.length !== teamCodes.length) throw badInput('车队: 不存在或不在您的管辖范围内');
  }
}

function columns(body: FenceSetInput) {
  return {
    name: body.name,
    station_ids: [...new Set(body.stationIds)].join(','),
    truck_ids: [...new Set(body.carIds)].join(','),
    team_codes: [...new Set(body.teamCodes)].join(','),
    notify_enter: body.notifyEnter,
    notify_exit: body.notifyExit,
    status: body.status,
    remark: body.remark ?? null,
  };
}

export function registerFenceSetRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = '站点围栏报警设置';
  const { db } = ctx;
  const bus = settingsChanged(app, ctx);

  async function findSet(auth: AuthContext, id: number): Promise<FenceSetRow> {
    const row = await db
      .selectFrom('fence_set')
      .selectAll()
      .where(inScope(auth.scope, 'fence_set'))
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!row) throw notFound('围栏设置不存在或无权操作');
    return row;
  }

  route(app, tag, {
    method: 'POST',
    url: '/electricFence/fenceSet/list',
    summary: '站点围栏报警设置列表：哪些站点、对哪些车辆和车队、进站或出站提醒',
    access: FENCE_SET_CODES,
    list: true,
    labels,
    body: z.object({
      ...paging,
      name: z.string().trim().max(30).optional(),
      status: flag('状态只能为0或1').optional(),
    }),
    handler: async ({ auth, body }) => {
      let q = db
        .selectFrom('fence_set')
        .where(inScope(auth.scope, 'fence_set'))
        .where('deleted_at', 'is', null);
      if (body.name) q = q.where('name', 'like', `%${body.name.replace(/[%_\\]/g, '')}%`);
      if (body.status !== undefined) q = q.where('status', '=', body.status);
      const { rows, total } = await pageOf(q, (q) => q.selectAll().orderBy('id', 'desc'), body);
      const stationIds = [...new Set(rows.flatMap((r) => splitList(r.station_ids).map(Number)))];
      const truckIds = [...new Set(rows.flatMap((r) => splitList(r.truck_ids).map(Number)))];
      const teamCodes = [...new Set(rows.flatMap((r) => splitList(r.team_codes)))];
      const [stations, trucks, teams] = await Promise.all([
        stationIds.length
          ? db.selectFrom('station').select(['id', 'name']).where('id', 'in', stationIds).execute()
          : [],
        truckIds.length
          ? db.selectFrom('truck').select(['id', 'car_no', 'vin']).where('id', 'in', truckIds).execute()
          : [],
        teamCodes.length
          ? db
              .selectFrom('team')
              .select(['team_code', 'team_name'])
              .where('merchant_id', '=', auth.merchantId)
              .where('team_code', 'in', teamCodes)
              .execute()
          : [],
      ]);
      const stationName = new Map(stations.map((s) => [s.id, s.name]));
      const truckOf = new Map(trucks.map((t) => [t.id, t]));
      const teamName = new Map(teams.map((t) => [t.team_code, t.team_name]));
      return {
        list: rows.map((r) => {
          const sIds = splitList(r.station_ids).map(Number);
          const cIds = splitList(r.truck_ids).map(Number);
          const tCodes = splitList(r.team_codes);
          return {
            id: r.id,
            name: r.name,
            teamCode: r.team_code,
            stationIds: sIds,
            stations: sIds.map((id) => ({ stationId: id, stationName: stationName.get(id) ?? '' })),
            carIds: cIds,
            cars: cIds.map((id) => ({
              carId: id,
              carNo: truckOf.get(id)?.car_no ?? '',
              vin: truckOf.get(id)?.vin ?? '',
            })),
            teamCodes: tCodes,
            teams: tCodes.map((code) => ({ teamCode: code, teamName: teamName.get(code) ?? '' })),
            notifyEnter: r.notify_enter,
            notifyExit: r.notify_exit,
            status: r.status,
            remark: r.remark ?? '',
            createTime: formatDateTime(new Date(Number(r.created_at))),
            updateTime: formatDateTime(new Date(Number(r.updated_at))),
          };
        }),
        total,
      };
    },
  });

  route(app, tag, {
    method: 'GET',
    url: '/electricFence/fenceSet/options',
    summary: '围栏设置可选的站点（本车队、下级车队及上级车队的站点，最多1000个）',
    access: FENCE_SET_CODES,
    handler: async ({ auth }) => ({
      stations: await db
        .selectFrom('station')
        .select(['id', 'name', 'address'])
        .where(inReferenceScope(auth.scope, 'station'))
        .where('deleted_at', 'is', null)
        .orderBy('name')
        .limit(1000)
        .execute(),
    }),
  });

  route(app, tag, {
    method: 'POST',
    url: '/electricFence/fenceSet/add',
    summary: '新增站点围栏报警设置',
    access: FENCE_SET_CODES,
    labels,
    body: z.object(fenceSetFields).refine(needsTargets, targetsMessage),
    handler: async ({ auth, body }) => {
      await checkTargets(db, auth, body);
      const now = ctx.config.now();
      const id = await db.transaction().execute(async (tx) => {
        const row = await tx
          .insertInto('fence_set')
          .values({
            merchant_id: auth.merchantId,
            team_code: auth.teamCode,
            ...columns(body),
            created_by: auth.userId,
            deleted_at: null,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await recordOperation(
          tx,
          auth,
          {
            pageEnum: OPERATE_LOG_PAGES.fenceSet,
            dataId: row.id,
            teamCode: auth.teamCode,
            content: `新增围栏设置：${body.name}`,
          },
          now,
        );
        return row.id;
      });
      await bus.changed(auth.merchantId);
      return { id };
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/electricFence/fenceSet/update',
    summary: '修改站点围栏报警设置',
    access: FENCE_SET_CODES,
    labels,
    body: z
      .object({ id: z.number({ error: '请选择围栏设置' }).int().positive(), ...fenceSetFields })
      .refine(needsTargets, targetsMessage),
    handler: async ({ auth, body }) => {
      const before = await findSet(auth, body.id);
      await checkTargets(db, auth, body);
      const now = ctx.config.now();
      await db.transaction().execute(async (tx) => {
        await tx
          .updateTable('fence_set')
          .set({ ...columns(body), updated_at: now })
          .where('id', '=', before.id)
          .execute();
        const status = before.status === body.status ? '' : body.status === 1 ? '，启用' : '，停用';
        await recordOperation(
          tx,
          auth,
          {
            pageEnum: OPERATE_LOG_PAGES.fenceSet,
            dataId: before.id,
            teamCode: before.team_code,
            content: `修改围栏设置：${body.name}${status}`,
          },
          now,
        );
      });
      await bus.changed(auth.merchantId);
      return null;
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/electricFence/fenceSet/delete',
    summary: '删除站点围栏报警设置',
    access: FENCE_SET_CODES,
    labels,
    body: z.object({ id: z.number({ error: '请选择围栏设置' }).int().positive() }),
    handler: async ({ auth, body }) => {
      const before = await findSet(auth, body.id);
      const now = ctx.config.now();
      await db.transaction().execute(async (tx) => {
        await tx
          .updateTable('fence_set')
          .set({ deleted_at: now, updated_at: now })
          .where('id', '=', before.id)
          .execute();
        await recordOperation(
          tx,
          auth,
          {
            pageEnum: OPERATE_LOG_PAGES.fenceSet,
            dataId: before.id,
            teamCode: before.team_code,
            content: `删除围栏设置：${before.name}`,
          },
          now,
        );
      });
      await bus.changed(auth.merchantId);
      return null;
    },
  });
}
