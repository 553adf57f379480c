import { OPERATE_LOG_PAGES } from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { AuthContext } from '../../http/auth';
import { badInput } from '../../http/envelope';
import { idField } from '../../http/form-fields';
import { pageOf, route } from '../../http/route';
import { registerExport, registerImport } from '../file-tasks/file-tasks.register';
import { describeChanges } from '../operate-log/changes';
import { recordOperation } from '../operate-log/operate-log.repository';
import { findTeam } from '../teams/teams.repository';
import {
  STATION_CODES,
  STATION_LABELS,
  STATION_READ_CODES,
  stationBody,
  stationColumns,
  stationLogForm,
  stationUpdateBody,
  stationView,
} from './stations.fields';
import { filteredStations, findStation, nameTaken, stationFilter } from './stations.repository';
import { stationExport, stationImport } from './stations.sheets';

const log = (id: number, teamCode: string, content: string) => ({
  pageEnum: OPERATE_LOG_PAGES.station,
  dataId: id,
  teamCode,
  content,
});

/** 站点围栏管理: stations with a circle or polygon fence (spec business section 7). */
export function registerStationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = '站点围栏';
  const { db } = ctx;
  const now = ctx.config.now;

  async function checkTeam(auth: AuthContext, teamCode: string | undefined): Promise<string> {
    const code = teamCode ?? auth.teamCode;
    if (!(await findTeam(db, auth.scope, code))) throw badInput('所属车队: 不存在或不在您的管辖范围内');
    return code;
  }

  route(app, tag, {
    method: 'GET',
    url: '/station/list',
    summary: '站点列表：name 模糊、type 站点类型、fenceType circle/polygon、teamCode 车队（含下级）',
    access: STATION_READ_CODES,
    list: true,
    labels: STATION_LABELS,
    query: stationFilter,
    handler: async ({ auth, query }) => {
      const q = filteredStations(db, auth, query);
      const { rows, total } = await pageOf(
        q,
        (q) => q.selectAll('station').select('team.team_name as teamName').orderBy('station.id', 'desc'),
        query,
      );
      return { list: rows.map(stationView), total };
    },
  });

  route(app, tag, {
    method: 'GET',
    url: '/station/box',
    summary:
      '站点下拉选项（最多500个）：{id, name, value, type, address, longitude, latitude}；keyword 按名称或地址筛选',
    access: STATION_READ_CODES,
    list: true,
    query: z.object({ keyword: z.string().trim().max(30).optional() }),
    handler: async ({ auth, query }) => {
      let q = filteredStations(db, auth, {});
      if (query.keyword) {
        const like = `%${query.keyword}%`;
        q = q.where((eb) => eb.or([eb('station.name', 'like', like), eb('station.address', 'like', like)]));
      }
      const rows = await q
        .select([
          'station.id',
          'station.name',
          'station.type',
          'station.address',
          'station.lat',
          'station.lon',
          'station.fence_type',
          'station.radius',
        ])
        .orderBy('station.name')
        .limit(500)
        .execute();
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        value: r.name,
        type: r.type,
        address: r.address ?? '',
        longitude: r.lon / 1e6,
        latitude: r.lat / 1e6,
        fenceType: r.fence_type,
        radius: r.radius,
      }));
    },
  });

  route(app, tag, {
    method: 'GET',
    url: '/station/info',
    summary: '站点详情（含围栏：圆心与半径，或多边形顶点）',
    access: STATION_READ_CODES,
    labels: STATION_LABELS,
    query: z.object({ id: idField('站点不正确') }),
    handler: async ({ auth, query }) => stationView(await findStation(db, auth, query.id)),
  });

  route(app, tag, {
    method: 'POST',
    url: '/station/add',
    summary:
      '新增站点：圆形围栏（圆心 longitude/latitude，半径50-5000米）或多边形围栏（3-100个不自交的顶点 points）',
    access: STATION_CODES,
    labels: STATION_LABELS,
    body: stationBody,
    handler: async ({ auth, body }) => {
      const teamCode = await checkTeam(auth, body.teamCode);
      if (await nameTaken(db, auth.merchantId, body.name)) throw badInput('站点名称: 已存在');
      const at = now();
      const columns = stationColumns(body);
      return db.transaction().execute(async (tx) => {
        const row = await tx
          .insertInto('station')
          .values({
            ...columns,
            merchant_id: auth.merchantId,
            team_code: teamCode,
            created_by: auth.userId,
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const fence = columns.fence_type === 'circle' ? `圆形，半径${columns.radius}米` : '多边形';
        await recordOperation(tx, auth, log(row.id, teamCode, `新增站点 ${body.name}（${fence}）`), at);
        return { id: row.id };
      });
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/station/update',
    summary: '修改站点及其围栏',
    access: STATION_CODES,
    labels: STATION_LABELS,
    body: stationUpdateBody,
    handler: async ({ auth, body }) => {
      const before = await findStation(db, auth, body.id, 'write');
      const teamCode = await checkTeam(auth, body.teamCode ?? before.team_code);
      if (await nameTaken(db, auth.merchantId, body.name, body.id)) throw badInput('站点名称: 已存在');
      const columns = stationColumns(body);
      const changes = describeChanges(
        STATION_LABELS,
        stationLogForm(before),
        stationLogForm({ ...columns, team_code: teamCode }),
      );
      const at = now();
      await db.transaction().execute(async (tx) => {
        await tx
          .updateTable('station')
          .set({ ...columns, team_code: teamCode, updated_at: at })
          .where('id', '=', body.id)
          .execute();
        const content = `修改站点 ${before.name}：${changes.length ? changes.join('，') : '无变化'}`;
        await recordOperation(tx, auth, log(body.id, teamCode, content), at);
      });
      return null;
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/station/delete',
    summary: '删除站点：id 或 ids（已用于线路的站点，线路保留各自的地址与坐标）',
    access: STATION_CODES,
    labels: STATION_LABELS,
    body: z
      .object({
        id: idField('站点不正确').optional(),
        ids: z.array(idField('站点不正确')).max(500, '一次最多删除500个站点').optional(),
      })
      .refine((b) => b.id !== undefined || (b.ids?.length ?? 0) > 0, { message: '请选择站点', path: ['id'] }),
    handler: async ({ auth, body }) => {
      const ids = [...new Set([...(body.ids ?? []), ...(body.id !== undefined ? [body.id] : [])])];
      const rows = await Promise.all(ids.map((id) => findStation(db, auth, id, 'write')));
      const at = now();
      await db.transaction().execute(async (tx) => {
        await tx
          .updateTable('station')
          .set({ deleted_at: at, updated_at: at })
          .where('id', 'in', ids)
          .execute();
        for (const row of rows)
          await recordOperation(tx, auth, log(row.id, row.team_code, `删除站点 ${row.name}`), at);
      });
      return { deleted: ids.length };
    },
  });

  registerExport(app, tag, stationExport);
  registerImport(app, tag, stationImport);
}
