import {
  formatDateTime,
  kgToTons,
  ORDER_STATUS,
  ORDER_STATUSES,
  orderMoveRefusal,
  orderQuantityText,
  PLAN_STATE,
  TRANSPORT_ORDER_RECORD,
} from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { badInput } from '../../http/envelope';
import { idField } from '../../http/form-fields';
import { route } from '../../http/route';
import { inScope } from '../../http/scope';
import { changeableRow, recordLog } from '../../records/repository';
import { recordOperation } from '../operate-log/operate-log.repository';

const CODES = TRANSPORT_ORDER_RECORD.readCodes;
const statusName = (s: number) => ORDER_STATUSES.find((o) => o.value === s)?.label ?? String(s);

/** The words of a move in the log: 完成订单, 取消订单, 重新打开订单. */
const MOVE_WORDS: Record<number, string> = {
  [ORDER_STATUS.open]: '重新打开订单',
  [ORDER_STATUS.finished]: '完成订单',
  [ORDER_STATUS.cancelled]: '取消订单',
};

/**
 * An order's own routes: finishing, cancelling and opening it again (`/transport/order/status`), and
 * the open orders a plan may serve (`/transport/order/options`, the plan form's picker).
 */
export function registerOrderStatusRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = '运输订单';
  const { db } = ctx;

  route(app, tag, {
    method: 'POST',
    url: '/transport/order/status',
    summary:
      '变更运输订单状态：status 2完成、3取消（进行中的订单）、1重新打开（已完成的订单）；取消时订单不能还有未完成的计划',
    access: CODES,
    labels: { id: '运输订单', status: '订单状态' },
    body: z.object({
      id: idField('运输订单不正确'),
      status: z.coerce
        .number({ error: '请选择订单状态' })
        .refine((n) => ORDER_STATUSES.some((o) => o.value === n), '订单状态不正确'),
    }),
    handler: async ({ auth, body }) => {
      const row = await changeableRow(db, auth, TRANSPORT_ORDER_RECORD, body.id);
      const from = Number(row.status);
      const refusal = orderMoveRefusal(from, body.status);
      if (refusal) throw badInput(refusal);
      if (body.status === ORDER_STATUS.cancelled) {
        const open = await db
          .selectFrom('plan')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('order_id', '=', row.id)
          .where('state', 'in', [
            PLAN_STATE.draft,
            PLAN_STATE.published,
            PLAN_STATE.distributed,
            PLAN_STATE.running,
          ])
          .executeTakeFirst();
        if (Number(open?.n ?? 0) > 0)
          throw badInput(`订单还有${Number(open?.n)}个未完成的发车计划，请先取消计划再取消订单`);
      }
      const at = ctx.config.now();
      await db.transaction().execute(async (tx) => {
        await tx
          .updateTable('transport_order')
          .set({ status: body.status, updated_at: at })
          .where('id', '=', row.id)
          .execute();
        await recordOperation(
          tx,
          auth,
          recordLog(
            TRANSPORT_ORDER_RECORD,
            row.id,
            row.team_code,
            `${MOVE_WORDS[body.status]} ${String(row.order_no)}：${statusName(from)}→${statusName(body.status)}`,
          ),
          at,
        );
      });
      return { id: row.id, status: body.status };
    },
  });

  route(app, tag, {
    method: 'GET',
    url: '/transport/order/options',
    summary: '可供发车计划选择的运输订单：进行中、调用者车队范围内，可按客户和线路筛选，最多100条',
    access: [...CODES],
    list: true,
    query: z.object({
      customerId: z.coerce.number().int().positive().optional(),
      lineId: z.coerce.number().int().positive().optional(),
    }),
    handler: async ({ auth, query }) => {
      let q = db
        .selectFrom('transport_order')
        .leftJoin('customer', 'customer.id', 'transport_order.customer_id')
        .leftJoin('line', 'line.id', 'transport_order.line_id')
        .select([
          'transport_order.id',
          'transport_order.order_no',
          'transport_order.customer_id',
          'customer.customer_name',
          'transport_order.line_id',
          'line.name as line_name',
          'transport_order.cargo',
          'transport_order.quantity_unit',
          'transport_order.quantity',
          'transport_order.start_at',
          'transport_order.end_at',
        ])
        .where(inScope(auth.scope, 'transport_order'))
        .where('transport_order.deleted_at', 'is', null)
        .where('transport_order.status', '=', ORDER_STATUS.open);
      if (query.customerId) q = q.where('transport_order.customer_id', '=', query.customerId);
      if (query.lineId) q = q.where('transport_order.line_id', '=', query.lineId);
      const rows = await q.orderBy('transport_order.start_at').limit(100).execute();
      return rows.map((r) => ({
        id: r.id,
        orderNo: r.order_no,
        customerId: r.customer_id,
        customerName: r.customer_name ?? '',
        lineId: r.line_id,
        lineName: r.line_name ?? '',
        cargo: r.cargo,
        quantityText: orderQuantityText(r.quantity_unit, Number(r.quantity)),
        /** Tons of the order when counted in tons ('' for truckloads): a plan's load proposed from it. */
        quantityTons: r.quantity_unit === 1 ? kgToTons(Number(r.quantity)) : '',
        startTime: formatDateTime(new Date(Number(r.start_at))),
        endTime: formatDateTime(new Date(Number(r.end_at))),
      }));
    },
  });
}
