import {
  formatDateTime,
  orderTonsToKg,
  PLAN_RECORD,
  PLAN_STATE,
  planStateName,
  trimTons,
  WAYBILL_RECORD,
  waybillStateName,
} from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { badInput } from '../../http/envelope';
import { idField, optionalText } from '../../http/form-fields';
import { usableRecord } from '../../http/references';
import { pageOf, paging, route } from '../../http/route';
import { inScope } from '../../http/scope';
import { blank } from '../../records/filters';
import { changeableRow, recordLog } from '../../records/repository';
import { recordOperations } from '../operate-log/changes';
import { recordOperation } from '../operate-log/operate-log.repository';
import { createWaybills } from '../waybills/waybill-flow';
import { officeActor, usableLine, waybillsChanged } from '../waybills/waybill-repository';

/** 运单调度 (car060104) and its 调度派单 page. */
export const WAYBILL_SCHEDULING_CODES = ['car060104'] as const;
/** Plans waybills are made for: published, handed to the driver, running. */
const SCHEDULED_STATES = [PLAN_STATE.published, PLAN_STATE.distributed, PLAN_STATE.running];
const MAX_LOADS = 50;
const TONS_MESSAGE = '须为大于0的吨数，最多三位小数';
const time = (ms: number | null | undefined) => (ms ? formatDateTime(new Date(Number(ms))) : '');

const tonsField = z.union([z.string(), z.number()], { error: TONS_MESSAGE }).transform((v, c) => {
  const kg = orderTonsToKg(v);
  if (kg === undefined || kg <= 0 || kg > 999_999) {
    c.addIssue({ code: 'custom', message: TONS_MESSAGE });
    return z.NEVER;
  }
  return kg;
});

/**
 * 运单调度: the plans waybills may be made for, with their planned tons and the waybills made so far
 * (GET /plan/waybill/page), a plan's waybills (GET /plan/waybill/list) and 调度派单 (POST
 * /plan/waybill/add): the waybills of a plan's loads in one transaction, each with its planned weight,
 * the plan's line (loading at its start station, unloading at its end station), truck, driver and
 * customer, linked to the plan so that its order's progress counts them.
 */
export function registerPlanWaybillRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = '运单调度';
  const { db } = ctx;

  route(app, tag, {
    method: 'GET',
    url: '/plan/waybill/page',
    summary:
      '运单调度列表：已发布、已下发、执行中的计划，含计划吨数、已派运单数与运单计划吨数；可按计划编号、车牌号、线路、车队筛选',
    access: WAYBILL_SCHEDULING_CODES,
    list: true,
    labels: { planNo: '计划编号', carNo: '车牌号', lineId: '线路', teamCode: '所属车队', planId: '发车计划' },
    query: z.object({
      ...paging,
      planNo: z.preprocess(blank, z.string().max(32, '最多输入32个字符').optional()),
      carNo: z.preprocess(blank, z.string().max(20, '最多输入20个字符').optional()),
      lineId: z.preprocess(blank, idField('线路不正确').optional()),
      teamCode: z.preprocess(blank, z.string().max(36).optional()),
      /** One plan (the 调度派单 page's). */
      planId: z.preprocess(blank, idField('发车计划不正确').optional()),
    }),
    handler: async ({ auth, query }) => {
      let q = db
        .selectFrom('plan')
        .leftJoin('line', 'line.id', 'plan.line_id')
        .leftJoin('truck', 'truck.id', 'plan.truck_id')
        .leftJoin('driver', 'driver.id', 'plan.driver_id')
        .leftJoin('customer', 'customer.id', 'plan.customer_id')
        .leftJoin('transport_order', 'transport_order.id', 'plan.order_id')
        .leftJoin('team', (j) =>
          j.onRef('team.team_code', '=', 'plan.team_code').onRef('team.merchant_id', '=', 'plan.merchant_id'),
        )
        .where(inScope(auth.scope, 'plan'))
        .where('plan.state', 'in', SCHEDULED_STATES);
      if (query.planId) q = q.where('plan.id', '=', query.planId);
      if (query.planNo) q = q.where('plan.plan_no', 'like', `%${query.planNo}%`);
      if (query.carNo) q = q.where('truck.car_no', 'like', `%${query.carNo}%`);
      if (query.lineId) q = q.where('plan.line_id', '=', query.lineId);
      if (query.teamCode) q = q.where('plan.team_code', 'like', `${query.teamCode}%`);
      const { rows, total } = await pageOf(
        q,
        (s) =>
          s
            .select([
              'plan.id',
              'plan.plan_no',
              'plan.state',
              'plan.team_code',
              'team.team_name',
              'plan.line_id',
              'line.name as line_name',
              'plan.truck_id',
              'truck.car_no',
              'plan.driver_id',
              'driver.name as driver_name',
              'customer.customer_name',
              'transport_order.order_no',
              'plan.cargo',
              'plan.planned_kg',
              'plan.planned_depart_at',
              'plan.planned_arrive_at',
            ])
            .orderBy('plan.planned_depart_at', 'desc')
            .orderBy('plan.id', 'desc'),
        query,
      );
      const ids = rows.map((r) => r.id);
      const made =
        ids.length === 0
          ? []
          : await db
              .selectFrom('waybill')
              .select((eb) => [
                'plan_id',
                eb.fn.countAll<number | string>().as('n'),
                eb.fn.sum<number | string | null>('planned_kg').as('kg'),
              ])
              .where('plan_id', 'in', ids)
              .where('cancelled', '=', 0)
              .groupBy('plan_id')
              .execute();
      const byPlan = new Map(made.map((m) => [Number(m.plan_id), m]));
      return {
        total,
        list: rows.map((r) => {
          const m = byPlan.get(r.id);
          return {
            id: r.id,
            planNo: r.plan_no,
            state: r.state,
            stateName: planStateName(r.state),
            teamCode: r.team_code,
            teamName: r.team_name ?? '',
            lineId: r.line_id,
            lineName: r.line_name ?? '',
            truckId: r.truck_id,
            carNo: r.car_no ?? '',
            driverId: r.driver_id,
            driverName: r.driver_name ?? '',
            customerName: r.customer_name ?? '',
            orderNo: r.order_no ?? '',
            cargo: r.cargo ?? '',
            plannedTons: r.planned_kg === null ? '' : trimTons(Number(r.planned_kg)),
            departTime: time(r.planned_depart_at),
            arriveTime: time(r.planned_arrive_at),
            waybillCount: Number(m?.n ?? 0),
            waybillTons: trimTons(Number(m?.kg ?? 0)) || '0',
          };
        }),
      };
    },
  });

  route(app, tag, {
    method: 'GET',
    url: '/plan/waybill/list',
    summary: '计划已派的运单（GET ?planId）：运单号、状态、计划重量、装卸站点、创建时间',
    access: WAYBILL_SCHEDULING_CODES,
    labels: { planId: PLAN_RECORD.labels.id },
    query: z.object({ planId: idField('发车计划不正确') }),
    handler: async ({ auth, query }) => {
      const plan = await changeableRow(db, auth, PLAN_RECORD, query.planId);
      const rows = await db
        .selectFrom('waybill')
        .leftJoin('station as ls', 'ls.id', 'waybill.loading_station_id')
        .leftJoin('station as us', 'us.id', 'waybill.unloading_station_id')
        .select([
          'waybill.id',
          'waybill.bill_no',
          'waybill.status',
          'waybill.cancelled',
          'waybill.planned_kg',
          'waybill.created_at',
          'ls.name as loading_name',
          'us.name as unloading_name',
        ])
        .where('waybill.plan_id', '=', plan.id)
        .where('waybill.merchant_id', '=', auth.merchantId)
        .orderBy('waybill.id')
        .execute();
      const list = rows.map((w) => ({
        id: w.id,
        billNo: w.bill_no,
        status: w.status,
        statusName: w.cancelled ? '已取消' : waybillStateName(w.status),
        plannedTons: w.planned_kg === null ? '' : trimTons(Number(w.planned_kg)),
        loadingStation: w.loading_name ?? '',
        unloadingStation: w.unloading_name ?? '',
        createTime: time(w.created_at),
      }));
      return { list, total: list.length };
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/plan/waybill/add',
    summary: `调度派单：按计划一次生成多车运单（每车一个计划重量，最多${MAX_LOADS}车），线路起点装货、终点卸货，车辆、司机、客户取自计划；全部成功或全部不生成`,
    access: WAYBILL_SCHEDULING_CODES,
    labels: {
      planId: PLAN_RECORD.labels.id,
      loads: '派车明细',
      plannedTons: '计划重量',
      customerId: '客户',
      remark: '备注',
    },
    body: z.object({
      planId: idField('发车计划不正确'),
      loads: z
        .array(z.object({ plannedTons: tonsField }))
        .min(1, '请至少添加一车')
        .max(MAX_LOADS, `一次最多派${MAX_LOADS}车`),
      customerId: z.preprocess(blank, idField('客户不正确').optional()),
      remark: optionalText(200),
    }),
    handler: async ({ auth, body, req }) => {
      const plan = await changeableRow(db, auth, PLAN_RECORD, body.planId);
      const state = Number(plan.state);
      if (!SCHEDULED_STATES.includes(state as 1 | 2 | 3))
        throw badInput(`计划当前为“${planStateName(state)}”，只有已发布、已下发、执行中的计划可以派单`);
      const planNo = String(plan.plan_no);
      if (plan.line_id === null || plan.truck_id === null) throw badInput('计划缺少线路或车辆，不能派单');
      const customerId = plan.customer_id === null ? body.customerId : Number(plan.customer_id);
      if (!customerId) throw badInput('客户: 计划未指定客户，请选择客户');
      if (plan.customer_id === null) await usableRecord(db, auth.scope, 'customer', customerId, '客户');
      const line = await usableLine(db, auth, Number(plan.line_id), '线路');
      const truck = await usableRecord(db, auth.scope, 'truck', Number(plan.truck_id), '车辆');
      const driverId = plan.driver_id === null ? null : Number(plan.driver_id);
      if (driverId) await usableRecord(db, auth.scope, 'driver', driverId, '司机');
      const at = ctx.config.now();
      const created = await db.transaction().execute(async (tx) => {
        const rows = await createWaybills(
          tx,
          body.loads.map(() => ({
            merchantId: auth.merchantId,
            teamCode: truck.teamCode,
            customerId,
            lineId: line.id,
            loadingStationId: line.loadingStationId,
            unloadingStationId: line.unloadingStationId,
            cargo: String(plan.cargo ?? ''),
            truckId: truck.id,
            driverId,
            planId: plan.id,
            plannedLoadAt: plan.planned_depart_at === null ? null : Number(plan.planned_depart_at),
            plannedArriveAt: plan.planned_arrive_at === null ? null : Number(plan.planned_arrive_at),
            remark: body.remark,
            createdBy: auth.userId,
          })),
          officeActor(auth),
          at,
        );
        for (const [i, w] of rows.entries())
          await tx
            .updateTable('waybill')
            .set({ planned_kg: body.loads[i]?.plannedTons ?? null })
            .where('id', '=', w.id)
            .execute();
        await recordOperations(
          tx,
          auth,
          rows.map((w, i) =>
            recordLog(
              WAYBILL_RECORD,
              w.id,
              w.team_code,
              `调度派单新增${WAYBILL_RECORD.entity} ${w.bill_no}：计划${planNo}，计划重量${trimTons(body.loads[i]?.plannedTons ?? 0)}吨`,
            ),
          ),
          at,
        );
        const total = body.loads.reduce((s, l) => s + l.plannedTons, 0);
        await recordOperation(
          tx,
          auth,
          recordLog(
            PLAN_RECORD,
            plan.id,
            String(plan.team_code),
            `调度派单 ${planNo}：生成运单${rows.length}张（${rows.map((w) => w.bill_no).join('、')}），计划共${trimTons(total)}吨`,
          ),
          at,
        );
        return rows;
      });
      await waybillsChanged(ctx, req.log, [truck.id]);
      return {
        planId: plan.id,
        count: created.length,
        waybills: created.map((w, i) => ({
          id: w.id,
          billNo: w.bill_no,
          plannedTons: trimTons(body.loads[i]?.plannedTons ?? 0),
        })),
      };
    },
  });
}
