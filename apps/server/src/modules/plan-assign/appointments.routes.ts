import {
  APPOINTMENT_STATUS,
  APPOINTMENT_STATUSES,
  appointmentMoveRefusal,
  appointmentStatusName,
  formatDateTime,
  OPERATE_LOG_PAGES,
} from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { badInput } from '../../http/envelope';
import {
  DATE_TIME_MESSAGE,
  idField,
  optionalDateTime,
  optionalText,
  teamCodeField,
} from '../../http/form-fields';
import { usableRecord } from '../../http/references';
import { paging, route } from '../../http/route';
import { inScope } from '../../http/scope';
import { recordOperation } from '../operate-log/operate-log.repository';
import { checkTeam } from '../teams/check-team';
import { ASSIGN_CODES } from './plan-assign.routes';

const time = (ms: number | null | undefined) => (ms ? formatDateTime(new Date(ms)) : '');
const requiredTime = (message: string) => optionalDateTime.refine((v) => v !== null, message);

const LABELS = {
  id: '装车预约',
  truckId: '车辆',
  driverId: '司机',
  stationId: '装车站点',
  planId: '发车计划',
  orderId: '运输订单',
  appointStart: '预约开始时间',
  appointEnd: '预约结束时间',
  status: '预约状态',
  reason: '驳回原因',
  carNo: '车牌号',
  teamCode: '所属车队',
};

const log = (
  tx: Kysely<Database>,
  auth: AuthContext,
  id: number,
  teamCode: string,
  content: string,
  at: number,
) =>
  recordOperation(
    tx,
    auth,
    { pageEnum: OPERATE_LOG_PAGES.loadingAppointment, dataId: id, teamCode, content },
    at,
  );

/**
 * 装车预约 (`/appointment/examine/*`): the office enters a slot at a loading station for a truck and
 * its driver, then approves, rejects (with the reason) or cancels it. A station loads one truck at a
 * time, so approved slots of a station never overlap, nor do two approved slots of one truck.
 */
export function registerAppointmentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = '装车预约';
  const { db } = ctx;

  const rowOf = async (auth: AuthContext, id: number) => {
    const row = await db
      .selectFrom('loading_appointment as a')
      .innerJoin('truck', 'truck.id', 'a.truck_id')
      .innerJoin('station', 'station.id', 'a.station_id')
      .select([
        'a.id',
        'a.team_code',
        'a.status',
        'a.truck_id',
        'a.station_id',
        'a.appoint_start',
        'a.appoint_end',
        'truck.car_no',
        'station.name as station_name',
      ])
      .where(inScope(auth.scope, 'a'))
      .where('a.id', '=', id)
      .executeTakeFirst();
    if (!row) throw badInput('装车预约不存在或无权操作');
    return { ...row, appoint_start: Number(row.appoint_start), appoint_end: Number(row.appoint_end) };
  };
  const slot = (r: { appoint_start: number; appoint_end: number }) =>
    `${time(r.appoint_start)}至${time(r.appoint_end).slice(11)}`;

  route(app, tag, {
    method: 'POST',
    url: '/appointment/examine/page',
    summary:
      '装车预约分页：按状态（1待审核 2已通过 3已驳回 4已取消）、车牌号、装车站点、预约时间段筛选，按预约开始时间倒序',
    access: ASSIGN_CODES,
    list: true,
    labels: LABELS,
    body: z.object({
      ...paging,
      status: z.preprocess(
        (v) => (v === '' || v === null ? undefined : v),
        z.coerce
          .number()
          .refine((n) => APPOINTMENT_STATUSES.some((s) => s.value === n), '预约状态不正确')
          .optional(),
      ),
      carNo: optionalText(20),
      stationId: z.preprocess(
        (v) => (v === '' || v === null ? undefined : v),
        idField('装车站点不正确').optional(),
      ),
      startTime: optionalDateTime.optional(),
      endTime: optionalDateTime.optional(),
    }),
    handler: async ({ auth, body }) => {
      let q = db
        .selectFrom('loading_appointment as a')
        .innerJoin('truck', 'truck.id', 'a.truck_id')
        .innerJoin('driver', 'driver.id', 'a.driver_id')
        .innerJoin('station', 'station.id', 'a.station_id')
        .leftJoin('plan', 'plan.id', 'a.plan_id')
        .leftJoin('transport_order', 'transport_order.id', 'a.order_id')
        .leftJoin('team', (j) =>
          j.onRef('team.merchant_id', '=', 'a.merchant_id').onRef('team.team_code', '=', 'a.team_code'),
        )
        .leftJoin('app_user as reviewer', 'reviewer.id', 'a.reviewed_by')
        .where(inScope(auth.scope, 'a'));
      if (body.status) q = q.where('a.status', '=', body.status);
      if (body.carNo) q = q.where('truck.car_no', 'like', `%${body.carNo.replace(/[%_]/g, '')}%`);
      if (body.stationId) q = q.where('a.station_id', '=', body.stationId);
      if (body.startTime) q = q.where('a.appoint_end', '>=', body.startTime);
      if (body.endTime) q = q.where('a.appoint_start', '<=', body.endTime);
      const [rows, count] = await Promise.all([
        q
          .select([
            'a.id',
            'a.team_code',
            'team.team_name',
            'a.status',
            'a.truck_id',
            'truck.car_no',
            'a.driver_id',
            'driver.name as driver_name',
            'driver.phone as driver_phone',
            'a.station_id',
            'station.name as station_name',
            'a.plan_id',
            'plan.plan_no',
            'a.order_id',
            'transport_order.order_no',
            'a.appoint_start',
            'a.appoint_end',
            'a.reason',
            'reviewer.nickname as reviewer_name',
            'a.reviewed_at',
            'a.created_at',
          ])
          .orderBy('a.appoint_start', 'desc')
          .orderBy('a.id', 'desc')
          .limit(body.pageSize)
          .offset((body.pageNum - 1) * body.pageSize)
          .execute(),
        q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
      ]);
      return {
        total: Number(count?.n ?? 0),
        list: rows.map((r) => ({
          id: r.id,
          teamCode: r.team_code,
          teamName: r.team_name ?? '',
          status: r.status,
          statusName: appointmentStatusName(r.status),
          truckId: r.truck_id,
          carNo: r.car_no,
          driverId: r.driver_id,
          driverName: r.driver_name,
          driverPhone: r.driver_phone,
          stationId: r.station_id,
          stationName: r.station_name,
          planId: r.plan_id,
          planNo: r.plan_no ?? '',
          orderId: r.order_id,
          orderNo: r.order_no ?? '',
          appointStart: time(Number(r.appoint_start)),
          appointEnd: time(Number(r.appoint_end)),
          reason: r.reason ?? '',
          reviewerName: r.reviewer_name ?? '',
          reviewedAt: time(r.reviewed_at === null ? null : Number(r.reviewed_at)),
          createdAt: time(Number(r.created_at)),
        })),
      };
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/appointment/examine/add',
    summary:
      '新增装车预约（调度代司机登记）：车辆、司机、装车站点、预约时间段，可关联发车计划或运输订单；新增后待审核',
    access: ASSIGN_CODES,
    labels: LABELS,
    body: z.object({
      truckId: idField('请选择车辆'),
      driverId: idField('请选择司机'),
      stationId: idField('请选择装车站点'),
      planId: z.preprocess((v) => (v === '' ? null : v), idField('发车计划不正确').nullable().optional()),
      orderId: z.preprocess((v) => (v === '' ? null : v), idField('运输订单不正确').nullable().optional()),
      appointStart: requiredTime(`请选择预约开始时间（${DATE_TIME_MESSAGE}）`),
      appointEnd: requiredTime(`请选择预约结束时间（${DATE_TIME_MESSAGE}）`),
      teamCode: teamCodeField.optional(),
    }),
    handler: async ({ auth, body }) => {
      const start = body.appointStart as number;
      const end = body.appointEnd as number;
      if (end <= start) throw badInput('预约结束时间: 须晚于预约开始时间');
      if (end - start > 24 * 3600_000) throw badInput('预约结束时间: 一次预约最长24小时');
      const truck = await usableRecord(db, auth.scope, 'truck', body.truckId, LABELS.truckId);
      const driver = await usableRecord(db, auth.scope, 'driver', body.driverId, LABELS.driverId);
      const station = await usableRecord(db, auth.scope, 'station', body.stationId, LABELS.stationId);
      if (body.planId) await usableRecord(db, auth.scope, 'plan', body.planId, LABELS.planId);
      if (body.orderId) await usableRecord(db, auth.scope, 'transportOrder', body.orderId, LABELS.orderId);
      const teamCode = body.teamCode ?? truck.teamCode;
      await checkTeam(db, auth, teamCode);
      const at = ctx.config.now();
      return db.transaction().execute(async (tx) => {
        const { id } = await tx
          .insertInto('loading_appointment')
          .values({
            merchant_id: auth.merchantId,
            team_code: teamCode,
            plan_id: body.planId ?? null,
            order_id: body.orderId ?? null,
            truck_id: body.truckId,
            driver_id: body.driverId,
            station_id: body.stationId,
            appoint_start: start,
            appoint_end: end,
            status: APPOINTMENT_STATUS.pending,
            created_by: auth.userId,
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await log(
          tx,
          auth,
          id,
          teamCode,
          `新增装车预约：${truck.name} ${driver.name}，${station.name} ${slot({ appoint_start: start, appoint_end: end })}`,
          at,
        );
        return { id, status: APPOINTMENT_STATUS.pending };
      });
    },
  });

  /** Moves an appointment to `to` (approve, reject, cancel), checked and logged. */
  const move = async (auth: AuthContext, id: number, to: number, reason: string | null) => {
    const row = await rowOf(auth, id);
    const refusal = appointmentMoveRefusal(row.status, to);
    if (refusal) throw badInput(refusal);
    if (to === APPOINTMENT_STATUS.approved) {
      const clash = (column: 'station_id' | 'truck_id', value: number) =>
        db
          .selectFrom('loading_appointment as a')
          .innerJoin('truck', 'truck.id', 'a.truck_id')
          .innerJoin('station', 'station.id', 'a.station_id')
          .select(['a.appoint_start', 'a.appoint_end', 'truck.car_no', 'station.name as station_name'])
          .where('a.merchant_id', '=', auth.merchantId)
          .where(`a.${column}`, '=', value)
          .where('a.status', '=', APPOINTMENT_STATUS.approved)
          .where('a.id', '!=', row.id)
          .where('a.appoint_start', '<', row.appoint_end)
          .where('a.appoint_end', '>', row.appoint_start)
          .orderBy('a.appoint_start')
          .executeTakeFirst();
      const atStation = await clash('station_id', row.station_id);
      if (atStation)
        throw badInput(
          `${row.station_name}在该时段已有通过的预约（${atStation.car_no} ${slot({ appoint_start: Number(atStation.appoint_start), appoint_end: Number(atStation.appoint_end) })}），每个站点同一时间只能装一辆车`,
        );
      const ofTruck = await clash('truck_id', row.truck_id);
      if (ofTruck)
        throw badInput(
          `车辆${row.car_no}在该时段已有通过的预约（${ofTruck.station_name} ${slot({ appoint_start: Number(ofTruck.appoint_start), appoint_end: Number(ofTruck.appoint_end) })}），时间不能重叠`,
        );
    }
    const at = ctx.config.now();
    const verb = {
      [APPOINTMENT_STATUS.approved]: '通过',
      [APPOINTMENT_STATUS.rejected]: '驳回',
      [APPOINTMENT_STATUS.cancelled]: '取消',
    }[to];
    await db.transaction().execute(async (tx) => {
      const reviewed = to === APPOINTMENT_STATUS.approved || to === APPOINTMENT_STATUS.rejected;
      const changed = await tx
        .updateTable('loading_appointment')
        .set({
          status: to,
          updated_at: at,
          ...(reviewed ? { reviewed_by: auth.userId, reviewed_at: at } : {}),
          ...(reason !== null ? { reason } : {}),
        })
        .where('id', '=', row.id)
        .where('status', '=', row.status)
        .executeTakeFirst();
      // another reviewer moved it meanwhile: the second act is refused as acting twice
      if (Number(changed.numUpdatedRows) !== 1) throw badInput('预约状态已变化，请刷新后重试');
      await log(
        tx,
        auth,
        row.id,
        row.team_code,
        `${verb}装车预约：${row.car_no}，${row.station_name} ${slot(row)}${reason ? `，原因：${reason}` : ''}`,
        at,
      );
    });
    return { id: row.id, status: to };
  };

  const idBody = z.object({ id: idField('装车预约不正确') });
  route(app, tag, {
    method: 'POST',
    url: '/appointment/examine/approve',
    summary:
      '通过装车预约：仅待审核的预约；同一站点同一时间只能有一辆车的通过预约，同一车辆的通过预约不能重叠',
    access: ASSIGN_CODES,
    labels: LABELS,
    body: idBody,
    handler: ({ auth, body }) => move(auth, body.id, APPOINTMENT_STATUS.approved, null),
  });
  route(app, tag, {
    method: 'POST',
    url: '/appointment/examine/reject',
    summary: '驳回装车预约：仅待审核的预约，须填写驳回原因',
    access: ASSIGN_CODES,
    labels: LABELS,
    body: idBody.extend({
      reason: z.preprocess(
        (v) => (typeof v === 'string' ? v.trim() : v),
        z.string({ error: '请填写驳回原因' }).min(1, '请填写驳回原因').max(200, '最多输入200个字符'),
      ),
    }),
    handler: ({ auth, body }) => move(auth, body.id, APPOINTMENT_STATUS.rejected, body.reason),
  });
  route(app, tag, {
    method: 'POST',
    url: '/appointment/examine/cancel',
    summary: '取消装车预约：待审核或已通过的预约',
    access: ASSIGN_CODES,
    labels: LABELS,
    body: idBody,
    handler: ({ auth, body }) => move(auth, body.id, APPOINTMENT_STATUS.cancelled, null),
  });
}
