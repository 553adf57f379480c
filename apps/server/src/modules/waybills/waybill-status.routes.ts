import {
  kgToTons,
  POUND_KINDS,
  WAYBILL_PATHS,
  WAYBILL_RECORD,
  WAYBILL_STATES,
  waybillStateName,
} from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { badInput } from '../../http/envelope';
import { idField } from '../../http/form-fields';
import { route } from '../../http/route';
import { checkUploadedPhotos, photosField, requiredDateTime, weightField } from './waybill-fields';
import { lockedWaybill, moveWaybill, recordPound } from './waybill-flow';
import {
  logWaybill,
  officeActor,
  READ_CODES,
  reachableWaybill,
  WAYBILL_MISSING,
  WRITE_CODES,
  waybillsChanged,
} from './waybill-repository';
import { flowRows, slipView, waybillViewOf } from './waybill-view';

// Moves of state by the office, the timeline (状态流转) and the weighbridge slips (磅单).

const { labels } = WAYBILL_RECORD;
const TAG = '运单';

/** A slip's time may be a few minutes ahead of the server's clock (the weighbridge's own clock). */
const WEIGH_AHEAD_MS = 10 * 60_000;

export function registerWaybillStatusRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const now = () => ctx.config.now();

  route(app, TAG, {
    method: 'POST',
    url: WAYBILL_PATHS.changeStatus,
    summary:
      '变更运单状态（只能向后：1待装货→2装货中→3运输中→4已到达→6已完成，可跳过；运输中及以后须有装车磅单，完成须有卸车重量；已取消、已完成的不能变更）',
    access: WRITE_CODES,
    labels,
    body: z.object({
      id: idField('运单不正确'),
      status: z.coerce
        .number({ error: '请选择运单状态' })
        .refine((n) => WAYBILL_STATES.some((s) => s.value === n), '运单状态不正确'),
    }),
    handler: async ({ auth, body, req }) => {
      const found = await reachableWaybill(db, auth, body.id);
      const at = now();
      await db.transaction().execute(async (tx) => {
        const w = await lockedWaybill(tx, auth.merchantId, found.id);
        if (!w) throw badInput(WAYBILL_MISSING);
        await moveWaybill(tx, w, body.status, officeActor(auth), at);
        await logWaybill(
          tx,
          auth,
          w,
          `变更运单状态：${waybillStateName(w.status)}→${waybillStateName(body.status)}`,
          at,
        );
      });
      await waybillsChanged(ctx, req.log, [found.truck_id]);
      return waybillViewOf(db, found.id);
    },
  });

  route(app, TAG, {
    method: 'POST',
    url: WAYBILL_PATHS.statusFlow,
    summary:
      '运单状态流转（时间正序）：每次创建、状态变更、过磅、回单、取消、异常、变更线路、审核，及其来源（调度、司机、车辆定位含站点和位置、扫码、导入）和操作人',
    access: READ_CODES,
    labels,
    body: z.object({ id: idField('运单不正确') }),
    handler: async ({ auth, body }) => {
      const w = await reachableWaybill(db, auth, body.id);
      return flowRows(db, w.id);
    },
  });

  route(app, TAG, {
    method: 'POST',
    url: WAYBILL_PATHS.poundAdd,
    summary:
      '录入磅单（kind 1装车 2卸车）：毛重、皮重为千克整数，净重=毛重−皮重；照片为本平台上传的图片，最多6张，以;分隔；装车磅单使待装货的运单进入装货中，卸车磅单使装货中、运输中的运单进入已到达；可重录更正，已完成、已取消的不能录入',
    access: WRITE_CODES,
    labels,
    body: z.object({
      waybillId: idField('运单不正确'),
      kind: z.coerce
        .number({ error: '请选择磅单类型' })
        .refine((n) => POUND_KINDS.some((k) => k.value === n), '请选择磅单类型'),
      grossKg: weightField('请输入毛重'),
      tareKg: weightField('请输入皮重'),
      weighTime: requiredDateTime('请选择过磅时间'),
      photos: photosField,
    }),
    handler: async ({ auth, body, req }) => {
      const found = await reachableWaybill(db, auth, body.waybillId);
      if (body.weighTime > now() + WEIGH_AHEAD_MS) throw badInput(`${labels.weighTime}: 不能晚于当前时间`);
      await checkUploadedPhotos(db, auth.merchantId, body.photos, labels.photos);
      const at = now();
      const kind = body.kind as 1 | 2;
      await db.transaction().execute(async (tx) => {
        const w = await lockedWaybill(tx, auth.merchantId, found.id);
        if (!w) throw badInput(WAYBILL_MISSING);
        const slip = {
          grossKg: body.grossKg,
          tareKg: body.tareKg,
          weighedAt: body.weighTime,
          photos: body.photos,
        };
        const row = await recordPound(tx, w, kind, slip, officeActor(auth), at);
        const name = kind === 1 ? '装车磅单' : '卸车磅单';
        const again = (kind === 1 ? w.loading_net_kg : w.unloading_net_kg) !== null ? '更正' : '录入';
        const moved =
          row.status !== w.status ? `，${waybillStateName(w.status)}→${waybillStateName(row.status)}` : '';
        await logWaybill(
          tx,
          auth,
          w,
          `${again}${name}：毛重${kgToTons(body.grossKg)}吨，皮重${kgToTons(body.tareKg)}吨，净重${kgToTons(body.grossKg - body.tareKg)}吨${moved}`,
          at,
        );
      });
      await waybillsChanged(ctx, req.log, [found.truck_id]);
      return waybillViewOf(db, found.id);
    },
  });

  route(app, TAG, {
    method: 'POST',
    url: WAYBILL_PATHS.poundInfo,
    summary: '运单的装车、卸车磅单（未录入为 null）：千克与吨、过磅时间、照片',
    access: READ_CODES,
    labels,
    body: z.object({ waybillId: idField('运单不正确') }),
    handler: async ({ auth, body }) => {
      const w = await reachableWaybill(db, auth, body.waybillId);
      return {
        loading: slipView(
          w.loading_gross_kg,
          w.loading_tare_kg,
          w.loading_net_kg,
          w.loading_weighed_at,
          w.loading_photos,
        ),
        unloading: slipView(
          w.unloading_gross_kg,
          w.unloading_tare_kg,
          w.unloading_net_kg,
          w.unloading_weighed_at,
          w.unloading_photos,
        ),
      };
    },
  });
}
