import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { pageOffset, paging, route } from '../../http/route';
import { VEHICLE_TREE_CODES } from './access';
import { filterLabels, stateFilter, teamCodeList } from './filters';
import type { FleetSnapshots } from './fleet-snapshot';
import { treeCar, vehicleTree } from './team-tree';
import { matchesFilter } from './vehicle-status';
import { safeView } from './vehicle-view';
import { vehicleRows } from './vehicles.repository';

const TREE_SHAPE =
  '节点 {teamId, teamCode, teamName, parentCode, children, cars: [{vin, carNo, tid, online, state, stateCode, alarm, speed, direction, driverName, reportTime}], onlineCount, total}（onlineCount、total 含下级车队）';

/** The team and vehicle trees of the monitoring, video and replay pages. */
export function registerTreeRoutes(app: FastifyInstance, ctx: AppContext, snapshots: FleetSnapshots): void {
  const treeBody = z.object({
    keyword: z.string().trim().max(50).optional(),
    teamCodeList,
    state: stateFilter,
  });

  route(app, '车队车辆树', {
    method: 'POST',
    url: '/monitor/carTree',
    summary: `全图监控的车队车辆树，可按车牌/VIN keyword、车队、状态过滤车辆。${TREE_SHAPE}`,
    access: VEHICLE_TREE_CODES,
    list: true,
    labels: filterLabels,
    body: treeBody,
    handler: ({ body, auth }) =>
      vehicleTree(ctx.db, auth.scope, ctx.config.now(), {
        keyword: body.keyword,
        teamCodeList: body.teamCodeList,
        state: body.state,
      }),
  });

  route(app, '车队车辆树', {
    method: 'GET',
    url: '/local/team/truckTree',
    summary: `本车队及下级车队的车辆树。${TREE_SHAPE}`,
    access: VEHICLE_TREE_CODES,
    list: true,
    handler: ({ auth }) => vehicleTree(ctx.db, auth.scope, ctx.config.now()),
  });

  route(app, '车队车辆树', {
    method: 'GET',
    url: '/local/team/truckAdasTree',
    summary: `装有主动安全/视频终端（车辆或终端登记了视频通道）的车辆树。${TREE_SHAPE}`,
    access: VEHICLE_TREE_CODES,
    list: true,
    handler: ({ auth }) => vehicleTree(ctx.db, auth.scope, ctx.config.now(), { adasOnly: true }),
  });

  route(app, '车队车辆树', {
    method: 'POST',
    url: '/local/team/cars',
    summary:
      '某车队（teamCode，含下级车队）或多个车队的车辆，可按 keyword、状态过滤，分页：{list: [树上的车辆], total}',
    access: VEHICLE_TREE_CODES,
    list: true,
    labels: { ...filterLabels, teamCode: '车队' },
    body: z.object({
      teamCode: z
        .string()
        .regex(/^[0-9A-Za-z]{1,36}$/, '车队编码格式不正确')
        .optional(),
      teamCodeList,
      keyword: z.string().trim().max(50).optional(),
      state: stateFilter,
      ...paging,
      pageSize: paging.pageSize.default(500),
    }),
    handler: async ({ body, auth }) => {
      const now = ctx.config.now();
      const teams = [...(body.teamCodeList ?? []), ...(body.teamCode ? [body.teamCode] : [])];
      const rows = await vehicleRows(ctx.db, auth.scope, {
        teamCodeList: teams,
        keyword: body.keyword,
      }).execute();
      const cars = rows
        .map((row) => safeView(row, now))
        .filter((v) => matchesFilter(body.state, v.stateCode, v.alarm))
        .map(treeCar);
      const start = pageOffset(body);
      return { list: cars.slice(start, start + body.pageSize), total: cars.length };
    },
  });

  route(app, '车队车辆树', {
    method: 'POST',
    url: '/local/team/tree/flush',
    summary: `刷新车队车辆树：丢弃本商户的车辆快照与聚合索引，重新读取后返回整棵树。${TREE_SHAPE}`,
    access: VEHICLE_TREE_CODES,
    list: true,
    handler: ({ auth }) => {
      snapshots.invalidate(auth.merchantId);
      return vehicleTree(ctx.db, auth.scope, ctx.config.now());
    },
  });
}
