import { alarmName, FAULT_CODE_MAX, FAULT_CODE_MIN, formatDateTime, OPERATE_LOG_PAGES } from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { badInput, notFound } from '../../http/envelope';
import { idField, optionalDateTime, teamCodeField } from '../../http/form-fields';
import { usableRecord } from '../../http/references';
import { paging, route } from '../../http/route';
import { blank } from '../../records/filters';
import { recordOperations } from '../operate-log/changes';
import { fleetHealth, type TruckHealth } from './health';
import { pageOf, reachOf, registerMemoryExport } from './list-helpers';
import { intervalText, leftText } from './plan-due';

const CHECK_CODES = ['car050207'];
const CLEAR_CODES = ['car050208'];

const healthFilter = z.object({
  state: z.preprocess(
    blank,
    z.coerce.number().int().min(1, '健康状态不正确').max(3, '健康状态不正确').optional(),
  ),
  truckId: z.preprocess(blank, idField('车辆不正确').optional()),
  teamCode: z.preprocess(blank, teamCodeField.optional()),
});
type HealthFilter = z.output<typeof healthFilter>;

async function healthRows(db: Kysely<Database>, auth: AuthContext, f: HealthFilter, now: number) {
  const { trucks } = await fleetHealth(db, { ...reachOf(auth, f.teamCode), truckId: f.truckId }, now);
  return trucks
    .filter((t) => !f.state || t.state === f.state)
    .sort((a, b) => a.score - b.score || a.carNo.localeCompare(b.carNo));
}

const clearFilter = z.object({
  truckId: z.preprocess(blank, idField('车辆不正确').optional()),
  code: z.preprocess(
    blank,
    z.coerce
      .number()
      .int()
      .min(FAULT_CODE_MIN, '故障类型不正确')
      .max(FAULT_CODE_MAX, '故障类型不正确')
      .optional(),
  ),
  startTime: optionalDateTime,
  endTime: optionalDateTime,
  teamCode: z.preprocess(blank, teamCodeField.optional()),
});
type ClearFilter = z.output<typeof clearFilter>;

function clearQuery(db: Kysely<Database>, auth: AuthContext, f: ClearFilter) {
  const reach = reachOf(auth, f.teamCode);
  let q = db
    .selectFrom('fault_clear as fc')
    .leftJoin('truck as t', 't.id', 'fc.truck_id')
    .leftJoin('team', (j) =>
      j.onRef('team.team_code', '=', 'fc.team_code').onRef('team.merchant_id', '=', 'fc.merchant_id'),
    )
    .where('fc.merchant_id', '=', reach.merchantId)
    .where('fc.team_code', 'like', `${reach.teamCode}%`);
  if (f.truckId) q = q.where('fc.truck_id', '=', f.truckId);
  if (f.code) {
    const code = String(f.code);
    q = q.where((eb) =>
      eb.or([
        eb('fc.codes', '=', code),
        eb('fc.codes', 'like', `${code},%`),
        eb('fc.codes', 'like', `%,${code}`),
        eb('fc.codes', 'like', `%,${code},%`),
      ]),
    );
  }
  if (f.startTime) q = q.where('fc.cleared_at', '>=', f.startTime);
  if (f.endTime) q = q.where('fc.cleared_at', '<=', f.endTime);
  return q;
}

async function clearRows(
  db: Kysely<Database>,
  auth: AuthContext,
  f: ClearFilter,
  limit?: { pageNum: number; pageSize: number },
) {
  let q = clearQuery(db, auth, f)
    .select([
      'fc.id',
      'fc.truck_id',
      't.car_no',
      'team.team_name',
      'fc.codes',
      'fc.alarm_ids',
      'fc.reason',
      'fc.cleared_by_name',
      'fc.cleared_at',
    ])
    .orderBy('fc.cleared_at', 'desc')
    .orderBy('fc.id', 'desc');
  if (limit) q = q.limit(limit.pageSize).offset((limit.pageNum - 1) * limit.pageSize);
  const rows = await q.execute();
  return rows.map((r) => {
    const codes = r.codes.split(',').filter(Boolean).map(Number);
    return {
      id: r.id,
      truckId: r.truck_id,
      carNo: r.car_no ?? '',
      teamName: r.team_name ?? '',
      codes,
      codeNames: codes.map((c) => `${alarmName(c)}（${c}）`).join('、'),
      alarmCount: r.alarm_ids.split(',').filter(Boolean).length,
      reason: r.reason,
      clearedByName: r.cleared_by_name,
      clearTime: formatDateTime(new Date(r.cleared_at)),
    };
  });
}
type ClearView = Awaited<ReturnType<typeof clearRows>>[number];

/**
 * 车队体检 (car050207): per truck a score from its open faults, terminal silence and maintenance
 * due, a truck's detail and clearing its faults; 清码记录 (car050208): the faults cleared.
 */
export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext): void {
  const now = () => ctx.config.now();
  const tag = '车队体检';

  route(app, tag, {
    method: 'POST',
    url: '/intellect-repair/fleet-check/page',
    summary:
      '车队体检：每辆车的健康分（100分起，扣分：未排除的故障报警10001–10022、终端长时间离线、保养到期）、健康状态（1健康 2亚健康 3异常）与扣分原因；附各状态车辆数与平均分',
    access: CHECK_CODES,
    list: true,
    labels: { state: '健康状态', truckId: '车辆', teamCode: '所属车队' },
    body: healthFilter.extend(paging),
    handler: async ({ auth, body }) => {
      const all = await healthRows(ctx.db, auth, { ...body, state: undefined }, now());
      const rows = body.state ? all.filter((t) => t.state === body.state) : all;
      const count = (s: number) => all.filter((t) => t.state === s).length;
      return {
        ...pageOf(rows, body),
        summary: {
          truckCount: all.length,
          healthyCount: count(1),
          subHealthyCount: count(2),
          abnormalCount: count(3),
          faultCount: all.reduce((s, t) => s + t.faultCount, 0),
          averageScore: all.length ? Math.round(all.reduce((s, t) => s + t.score, 0) / all.length) : 0,
        },
      };
    },
  });

  registerMemoryExport<HealthFilter, TruckHealth>(app, tag, {
    url: '/intellect-repair/fleet-check/export',
    summary: '导出车队体检（与列表相同的筛选）',
    access: CHECK_CODES,
    input: healthFilter,
    title: '车队体检',
    all: (db, auth, f) => healthRows(db, auth, f, now()),
    columns: [
      { header: '车牌号', width: 12, value: (r) => r.carNo },
      { header: '所属车队', width: 16, value: (r) => r.teamName },
      { header: '健康分', width: 8, value: (r) => r.score },
      { header: '健康状态', width: 10, value: (r) => r.stateName },
      { header: '未排除故障', width: 10, value: (r) => r.faultCount },
      { header: '最后通讯时间', width: 20, value: (r) => r.lastSeen },
      { header: '保养已到期', width: 10, value: (r) => r.overdueCount },
      { header: '扣分原因', width: 60, value: (r) => r.deductionText },
    ],
  });

  route(app, tag, {
    method: 'GET',
    url: '/intellect-repair/fleet-check/detail',
    summary: '车队体检详情：一辆车的健康分与扣分、未排除的故障报警、保养计划到期情况、终端最后通讯时间',
    access: CHECK_CODES,
    labels: { truckId: '车辆' },
    query: z.object({ truckId: idField('请指定车辆') }),
    handler: async ({ auth, query }) => {
      await usableRecord(ctx.db, auth.scope, 'truck', query.truckId, '车辆');
      const { trucks, faults, due } = await fleetHealth(
        ctx.db,
        { merchantId: auth.merchantId, teamCode: auth.scope.teamCode, truckId: query.truckId },
        now(),
      );
      const truck = trucks[0];
      if (!truck) throw notFound('车辆不存在或无权操作');
      return {
        ...truck,
        faults: faults.get(truck.truckId) ?? [],
        plans: due.map((d) => ({
          planId: d.planId,
          planName: d.planName,
          intervalText: intervalText(d),
          nextDate: d.nextDate ?? '',
          nextKm: d.nextKm,
          leftText: leftText(d),
          state: d.state,
          stateName: d.stateName,
        })),
      };
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/intellect-repair/fleet-check/clear',
    summary:
      '清码：关闭一辆车未排除的故障报警（alarmIds，须为该车的故障报警），填写原因；记入清码记录与报警的操作日志',
    access: CHECK_CODES,
    labels: { truckId: '车辆', alarmIds: '故障报警', reason: '清码原因' },
    body: z.object({
      truckId: idField('请指定车辆'),
      alarmIds: z
        .array(idField('故障报警不正确'), { error: '请选择要清除的故障' })
        .min(1, '请选择要清除的故障')
        .max(100, '一次最多清除100条故障'),
      reason: z.preprocess(
        (v) => (typeof v === 'string' ? v.trim() : v),
        z.string({ error: '请输入清码原因' }).min(1, '请输入清码原因').max(200, '最多输入200个字符'),
      ),
    }),
    handler: async ({ auth, body }) => {
      const truck = await usableRecord(ctx.db, auth.scope, 'truck', body.truckId, '车辆');
      const ids = [...new Set(body.alarmIds)];
      const open = await ctx.db
        .selectFrom('alarm')
        .select(['id', 'code', 'team_code'])
        .where('merchant_id', '=', auth.merchantId)
        .where('truck_id', '=', truck.id)
        .where('id', 'in', ids)
        .where('code', '>=', FAULT_CODE_MIN)
        .where('code', '<=', FAULT_CODE_MAX)
        .where('end_time', 'is', null)
        .where('handle_status', '=', 0)
        .execute();
      if (open.length !== ids.length) throw badInput('故障报警不存在、已清除或无权操作');
      const at = now();
      const codes = [...new Set(open.map((a) => a.code))].sort((a, b) => a - b);
      return ctx.db.transaction().execute(async (tx) => {
        await tx
          .updateTable('alarm')
          .set({
            end_time: at,
            handle_status: 1,
            handle_remark: `清码：${body.reason}`,
            handler_id: auth.userId,
            handled_at: at,
            updated_at: at,
          })
          .where('id', 'in', ids)
          .execute();
        const row = await tx
          .insertInto('fault_clear')
          .values({
            merchant_id: auth.merchantId,
            team_code: truck.teamCode,
            truck_id: truck.id,
            alarm_ids: ids.join(','),
            codes: codes.join(','),
            reason: body.reason,
            cleared_by: auth.userId,
            cleared_by_name: auth.nickname,
            cleared_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await recordOperations(
          tx,
          auth,
          open.map((a) => ({
            pageEnum: OPERATE_LOG_PAGES.alarm,
            dataId: a.id,
            teamCode: a.team_code,
            content: `清码 ${alarmName(a.code)}：${body.reason}`,
          })),
          at,
        );
        return { id: row.id, cleared: ids.length };
      });
    },
  });

  route(app, '清码记录', {
    method: 'POST',
    url: '/intellect-repair/clear-code/page',
    summary: '清码记录：谁在何时清除了哪辆车的哪些故障（故障码）及原因；按车辆、故障类型、清码时间、车队筛选',
    access: CLEAR_CODES,
    list: true,
    labels: {
      truckId: '车辆',
      code: '故障类型',
      startTime: '开始时间',
      endTime: '结束时间',
      teamCode: '所属车队',
    },
    body: clearFilter.extend(paging),
    handler: async ({ auth, body }) => {
      const [list, total] = await Promise.all([
        clearRows(ctx.db, auth, body, body),
        clearQuery(ctx.db, auth, body)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { list, total: Number(total.n) };
    },
  });

  registerMemoryExport<ClearFilter, ClearView>(app, '清码记录', {
    url: '/intellect-repair/clear-code/export',
    summary: '导出清码记录（与列表相同的筛选）',
    access: CLEAR_CODES,
    input: clearFilter,
    title: '清码记录',
    all: (db, auth, f) => clearRows(db, auth, f),
    columns: [
      { header: '车牌号', width: 12, value: (r) => r.carNo },
      { header: '所属车队', width: 16, value: (r) => r.teamName },
      { header: '清除的故障', width: 40, value: (r) => r.codeNames },
      { header: '故障条数', width: 10, value: (r) => r.alarmCount },
      { header: '清码原因', width: 30, value: (r) => r.reason },
      { header: '操作人', width: 12, value: (r) => r.clearedByName },
      { header: '清码时间', width: 20, value: (r) => r.clearTime },
    ],
  });
}
