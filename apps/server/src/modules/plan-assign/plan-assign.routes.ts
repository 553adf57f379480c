import {
  formatDateTime,
  ORDER_STATUSES,
  orderTonsToKg,
  PLAN_RECORD,
  PLAN_STATE,
  planEditable,
  planStateName,
  trimTons,
} from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { AppError, badInput } from '../../http/envelope';
import { DATE_TIME_MESSAGE, idField, optionalDateTime, teamCodeField } from '../../http/form-fields';
import { paging, route } from '../../http/route';
import { inScope, teamInScope } from '../../http/scope';
import { changeableRow } from '../../records/repository';
import type { PlanForm } from '../plans/plan-form';
import { planWords, planWriters } from '../plans/plans.routes';
import { leftText, loadFleet, openOrders } from './assign-data';
import { rankAssignments } from './rank';

/** 计划发车 (car060101): the page of assignment, auto-assignment and loading appointments. */
export const ASSIGN_CODES = ['car060101'] as const;
const time = (ms: number | null | undefined) => (ms ? formatDateTime(new Date(ms)) : '');
const TONS_MESSAGE = '计划装载量须为大于0的吨数，最多三位小数';

const tonsField = z
  .union([z.string(), z.number()])
  .optional()
  .nullable()
  .transform((v, ctx) => {
    if (v === null || v === undefined || v === '') return null;
    const kg = orderTonsToKg(v);
    if (kg === undefined || kg <= 0 || kg > 999_999) {
      ctx.addIssue({ code: 'custom', message: TONS_MESSAGE });
      return z.NEVER;
    }
    return kg;
  });

const requiredTime = optionalDateTime.refine((v) => v !== null, DATE_TIME_MESSAGE);

const LABELS = {
  planId: '发车计划',
  truckId: '车辆',
  driverId: '司机',
  orderId: '运输订单',
  orderIds: '运输订单',
  departTime: '计划发车时间',
  tons: '每车计划装载量',
  plannedTons: '计划装载量',
  proposals: '分配方案',
  type: '列表类型',
  teamCode: '所属车队',
};

/**
 * 计划发车: open orders with what is left to plan and plans waiting for a truck (`/plan/management/page`),
 * assigning a truck and driver to a plan by hand (published through the plans module's rules) and
 * taking them off again, proposals of the truck and driver that can serve each order soonest
 * (`/plan/assign/auto`, ranked in memory by rank.ts), and accepting proposals as published plans.
 */
export function registerPlanAssignRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = '计划发车';
  const { db } = ctx;
  const { log, publish } = planWriters(ctx);

  route(app, tag, {
    method: 'GET',
    url: '/plan/management/page',
    summary:
      '待分配列表（GET）：type=order 进行中的运输订单及剩余待计划量（数量减已计划量），type=plan 待分配车辆司机的草稿与已发布未下发的计划；按车队筛选',
    access: ASSIGN_CODES,
    list: true,
    labels: LABELS,
    query: z.object({
      ...paging,
      type: z.enum(['order', 'plan'], { error: '列表类型只能为order或plan' }).default('order'),
      teamCode: z.preprocess((v) => (v === '' ? undefined : v), teamCodeField.optional()),
    }),
    handler: async ({ auth, query }) => {
      if (query.teamCode && !teamInScope(auth.scope, query.teamCode))
        throw badInput('所属车队: 不存在或不在您的管辖范围内');
      const scope = query.teamCode ? { ...auth, scope: { ...auth.scope, teamCode: query.teamCode } } : auth;
      if (query.type === 'order') {
        const { list, total } = await openOrders(db, scope, undefined, query);
        return {
          total,
          list: list.map((o) => ({
            id: o.id,
            orderNo: o.orderNo,
            teamCode: o.teamCode,
            teamName: o.teamName,
            customerName: o.customerName,
            lineId: o.lineId,
            lineName: o.lineName,
            cargo: o.cargo,
            quantityUnit: o.quantityUnit,
            quantityText: o.quantityUnit === 1 ? `${trimTons(o.quantity)}吨` : `${o.quantity}车`,
            plannedText: o.quantityUnit === 1 ? `${trimTons(o.plannedKg)}吨` : `${o.plannedTrips}车`,
            plannedTrips: o.plannedTrips,
            leftText: leftText(o),
            left: o.left,
            startTime: time(o.startAt),
            endTime: time(o.endAt),
          })),
        };
      }
      const q = db
        .selectFrom('plan')
        .leftJoin('transport_order', 'transport_order.id', 'plan.order_id')
        .leftJoin('line', 'line.id', 'plan.line_id')
        .leftJoin('truck', 'truck.id', 'plan.truck_id')
        .leftJoin('driver', 'driver.id', 'plan.driver_id')
        .leftJoin('team', (j) =>
          j.onRef('team.merchant_id', '=', 'plan.merchant_id').onRef('team.team_code', '=', 'plan.team_code'),
        )
        .where(inScope(scope.scope, 'plan'))
        .where('plan.state', 'in', [PLAN_STATE.draft, PLAN_STATE.published]);
      const [rows, count] = await Promise.all([
        q
          .select([
            'plan.id',
            'plan.plan_no',
            'plan.state',
            'plan.team_code',
            'team.team_name',
            'plan.order_id',
            'transport_order.order_no',
            'plan.line_id',
            'line.name as line_name',
            'plan.truck_id',
            'truck.car_no',
            'plan.driver_id',
            'driver.name as driver_name',
            'plan.cargo',
            'plan.planned_kg',
            'plan.planned_depart_at',
            'plan.planned_arrive_at',
          ])
          .orderBy('plan.state')
          .orderBy('plan.planned_depart_at')
          .orderBy('plan.id', 'desc')
          .limit(query.pageSize)
          .offset((query.pageNum - 1) * query.pageSize)
          .execute(),
        q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
      ]);
      return {
        total: Number(count?.n ?? 0),
        list: rows.map((r) => ({
          id: r.id,
          planNo: r.plan_no,
          state: r.state,
          stateName: planStateName(r.state),
          assigned: r.truck_id !== null && r.driver_id !== null,
          teamCode: r.team_code,
          teamName: r.team_name ?? '',
          orderId: r.order_id,
          orderNo: r.order_no ?? '',
          lineId: r.line_id,
          lineName: r.line_name ?? '',
          truckId: r.truck_id,
          carNo: r.car_no ?? '',
          driverId: r.driver_id,
          driverName: r.driver_name ?? '',
          cargo: r.cargo ?? '',
          plannedTons: r.planned_kg === null ? '' : trimTons(Number(r.planned_kg)),
          departTime: time(r.planned_depart_at),
          arriveTime: time(r.planned_arrive_at),
        })),
      };
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/plan/assign',
    summary:
      '手动分配：给草稿（或已发布未下发的计划）指定车辆和司机并发布；按发车计划的发布规则校验（车辆、司机时段空闲，证件有效，订单进行中）',
    access: ASSIGN_CODES,
    labels: LABELS,
    body: z.object({
      planId: idField('发车计划不正确'),
      truckId: idField('请选择车辆'),
      driverId: idField('请选择司机'),
      departTime: optionalDateTime.optional(),
    }),
    handler: async ({ auth, body }) => {
      const row = await changeableRow(db, auth, PLAN_RECORD, body.planId);
      const state = Number(row.state);
      if (!planEditable(state)) throw badInput(`计划当前为“${planStateName(state)}”，不能分配车辆`);
      const stations = await db
        .selectFrom('plan_station')
        .selectAll()
        .where('plan_id', '=', row.id)
        .orderBy('seq')
        .execute();
      const departTime = body.departTime ?? (row.planned_depart_at as number | null);
      // a new departure moves the station times with it; otherwise the plan keeps its own
      const moved = body.departTime && body.departTime !== Number(row.planned_depart_at);
      const form: PlanForm = {
        orderId: (row.order_id as number | null) ?? null,
        customerId: (row.customer_id as number | null) ?? null,
        lineId: (row.line_id as number | null) ?? null,
        truckId: body.truckId,
        driverId: body.driverId,
        cargo: (row.cargo as string | null) ?? null,
        plannedTons: row.planned_kg === null ? null : Number(row.planned_kg),
        departTime: departTime === null ? null : Number(departTime),
        stations: moved
          ? []
          : stations.map((s) => ({
              seq: s.seq,
              stationType: s.station_type,
              stationId: s.station_id,
              address: s.address,
              distance: Number(s.distance),
              arriveTime: s.planned_arrive_at === null ? null : Number(s.planned_arrive_at),
              departTime: s.planned_depart_at === null ? null : Number(s.planned_depart_at),
            })),
        remark: (row.remark as string | null) ?? null,
        teamCode: String(row.team_code),
      };
      const verb = state === PLAN_STATE.draft ? '分配车辆并发布计划' : '重新分配车辆';
      const saved = await publish(auth, form, row, verb);
      return { id: saved.id, planNo: saved.planNo, state: PLAN_STATE.published };
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/plan/assign/cancel',
    summary: '取消分配：已发布未下发的计划撤下车辆和司机，退回草稿',
    access: ASSIGN_CODES,
    labels: LABELS,
    body: z.object({ planId: idField('发车计划不正确') }),
    handler: async ({ auth, body }) => {
      const row = await changeableRow(db, auth, PLAN_RECORD, body.planId);
      const state = Number(row.state);
      if (state !== PLAN_STATE.published)
        throw badInput(
          state === PLAN_STATE.draft
            ? '计划当前为“草稿”，尚未分配车辆'
            : `计划当前为“${planStateName(state)}”，不能取消分配`,
        );
      const words = await planWords(db, {
        truckId: row.truck_id as number | null,
        driverId: row.driver_id as number | null,
      } as PlanForm);
      const at = ctx.config.now();
      await db.transaction().execute(async (tx) => {
        await tx
          .updateTable('plan')
          .set({
            state: PLAN_STATE.draft,
            truck_id: null,
            driver_id: null,
            published_at: null,
            updated_at: at,
          })
          .where('id', '=', row.id)
          .execute();
        await log(
          tx,
          auth,
          row.id,
          String(row.team_code),
          `取消分配 ${String(row.plan_no)}：撤下${words}，退回草稿`,
          at,
        );
      });
      return { id: row.id, state: PLAN_STATE.draft };
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/plan/assign/auto',
    summary:
      '智能分配：为进行中的运输订单（或所选订单）各推荐一辆最快可到的车辆和司机（时段空闲、距线路起点最近、核定载重足够、证件有效、司机驾驶时长未超疲劳限制），附中文理由；无车可派时说明各规则排除的车辆数',
    access: ASSIGN_CODES,
    labels: LABELS,
    body: z.object({
      orderIds: z.array(idField('运输订单不正确')).max(500, '一次最多选择500个订单').optional(),
      departTime: optionalDateTime.optional(),
      tons: tonsField,
    }),
    handler: async ({ auth, body }) => {
      const at = ctx.config.now();
      const closed: { orderId: number; orderNo: string; lineName: string; reason: string }[] = [];
      if (body.orderIds) {
        const ids = [...new Set(body.orderIds)];
        const rows = await db
          .selectFrom('transport_order')
          .select(['id', 'order_no', 'status'])
          .where(inScope(auth.scope, 'transport_order'))
          .where('deleted_at', 'is', null)
          .where('id', 'in', ids.length > 0 ? ids : [0])
          .execute();
        if (rows.length < ids.length) throw badInput('运输订单: 不存在或不在您的管辖范围内');
        for (const r of rows)
          if (r.status !== 1)
            closed.push({
              orderId: r.id,
              orderNo: r.order_no,
              lineName: '',
              reason: `订单${ORDER_STATUSES.find((s) => s.value === r.status)?.label ?? ''}，不能再安排计划`,
            });
      }
      const fleet = await loadFleet(db, auth, ctx.telematics, {
        orderIds: body.orderIds,
        departAt: body.departTime ?? null,
        tripKg: body.tons,
        now: at,
      });
      const started = performance.now();
      const ranked = rankAssignments(fleet.orders, fleet.trucks, fleet.drivers);
      const rankMs = performance.now() - started;
      const named = (orderId: number) => {
        const o = fleet.openById.get(orderId);
        return {
          lineName: o?.lineName ?? '',
          customerName: o?.customerName ?? '',
          cargo: o?.cargo ?? '',
          leftText: o ? leftText(o) : '',
          teamName: o?.teamName ?? '',
        };
      };
      return {
        proposals: ranked.proposals.map((p) => ({
          orderId: p.orderId,
          orderNo: p.orderNo,
          ...named(p.orderId),
          truckId: p.truckId,
          carNo: p.carNo,
          driverId: p.driverId,
          driverName: p.driverName,
          departTime: time(p.departAt),
          plannedTons: p.plannedKg === null ? '' : trimTons(p.plannedKg),
          distanceKm: p.distanceMeters === null ? null : Math.round(p.distanceMeters / 100) / 10,
          reasons: p.reasons,
        })),
        unassigned: [
          ...ranked.unassigned.map((u) => ({ ...u, lineName: named(u.orderId).lineName })),
          ...closed,
        ],
        trucks: fleet.trucks.length,
        rankMs: Math.round(rankMs * 10) / 10,
      };
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/plan/assign/accept',
    summary:
      '采纳分配方案：每条方案按发车计划的发布规则各自在一个事务中发布计划（线路、客户、货物取自运输订单，站点时间按线路运行时长），逐条返回计划编号或中文拒绝原因',
    access: ASSIGN_CODES,
    labels: LABELS,
    body: z.object({
      proposals: z
        .array(
          z.object({
            orderId: idField('运输订单不正确'),
            truckId: idField('请选择车辆'),
            driverId: idField('请选择司机'),
            departTime: requiredTime,
            plannedTons: tonsField,
          }),
        )
        .min(1, '请选择分配方案')
        .max(200, '一次最多采纳200条分配方案'),
    }),
    handler: async ({ auth, body }) => {
      const ids = [...new Set(body.proposals.map((p) => p.orderId))];
      const orders = await db
        .selectFrom('transport_order')
        .select(['id', 'order_no', 'team_code', 'line_id', 'customer_id', 'cargo'])
        .where(inScope(auth.scope, 'transport_order'))
        .where('deleted_at', 'is', null)
        .where('id', 'in', ids)
        .execute();
      const byId = new Map(orders.map((o) => [o.id, o]));
      const results: {
        orderId: number;
        orderNo: string;
        ok: boolean;
        planId?: number;
        planNo?: string;
        message: string;
      }[] = [];
      for (const p of body.proposals) {
        const order = byId.get(p.orderId);
        if (!order) {
          results.push({
            orderId: p.orderId,
            orderNo: '',
            ok: false,
            message: '运输订单: 不存在或不在您的管辖范围内',
          });
          continue;
        }
        const form: PlanForm = {
          orderId: order.id,
          customerId: order.customer_id,
          lineId: order.line_id,
          truckId: p.truckId,
          driverId: p.driverId,
          cargo: order.cargo,
          plannedTons: p.plannedTons,
          departTime: p.departTime,
          stations: [],
          remark: null,
          teamCode: order.team_code,
        };
        try {
          const saved = await publish(auth, form, undefined, '智能分配发布计划');
          results.push({
            orderId: order.id,
            orderNo: order.order_no,
            ok: true,
            planId: saved.id,
            planNo: saved.planNo,
            message: `已发布计划${saved.planNo}`,
          });
        } catch (e) {
          if (!(e instanceof AppError)) throw e;
          results.push({ orderId: order.id, orderNo: order.order_no, ok: false, message: e.message });
        }
      }
      return { results, created: results.filter((r) => r.ok).length };
    },
  });
}
