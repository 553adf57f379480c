import {
  FREIGHT_FEE_NAME,
  fenToYuan,
  WAYBILL_EXCEPTION_TYPES,
  WAYBILL_FLOW_ACTION,
  WAYBILL_PATHS,
  WAYBILL_RECORD,
  WAYBILL_SOURCE,
  waybillExceptionTypeName,
} from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { badInput } from '../../http/envelope';
import { idField, optionalText, requiredText } from '../../http/form-fields';
import { usableRecord } from '../../http/references';
import { route } from '../../http/route';
import { amountFenField, checkUploadedPhotos, photosField } from './waybill-fields';
import { addFlow, lockedWaybill } from './waybill-flow';
import {
  logWaybill,
  officeActor,
  reachableWaybill,
  WAYBILL_MISSING,
  WRITE_CODES,
} from './waybill-repository';

// Exceptions (运单异常) reported on a waybill, and its fees (运单费用) other than the freight.

const { labels } = WAYBILL_RECORD;
const TAG = '运单';

const emptyIsMissing = (value: unknown) =>
  value === '' || value === null ? undefined : typeof value === 'string' ? value.trim() || undefined : value;

/** A coordinate in degrees within ±`max`, optional. */
const degrees = (max: number, message: string) =>
  z.preprocess(
    emptyIsMissing,
    z.coerce.number({ error: message }).min(-max, message).max(max, message).optional(),
  );

export function registerWaybillExceptionFeeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const now = () => ctx.config.now();

  route(app, TAG, {
    method: 'POST',
    url: WAYBILL_PATHS.exceptionAdd,
    summary:
      '上报运单异常：异常类型（1车辆故障 2交通事故 3道路拥堵 4货物异常 5装卸延误 9其他）、描述、照片（最多6张）、位置（纬度、经度为度，地址）；记入状态流转和操作日志',
    access: WRITE_CODES,
    labels,
    body: z.object({
      waybillId: idField('运单不正确'),
      exceptionType: z.coerce
        .number({ error: '请选择异常类型' })
        .refine((n) => WAYBILL_EXCEPTION_TYPES.some((t) => t.value === n), '请选择异常类型'),
      description: requiredText(500, '请填写异常描述'),
      photos: photosField,
      lat: degrees(90, '纬度须为-90到90之间的数字'),
      lng: degrees(180, '经度须为-180到180之间的数字'),
      address: optionalText(200),
    }),
    handler: async ({ auth, body }) => {
      const found = await reachableWaybill(db, auth, body.waybillId);
      await checkUploadedPhotos(db, auth.merchantId, body.photos, labels.photos);
      const at = now();
      return db.transaction().execute(async (tx) => {
        const w = await lockedWaybill(tx, auth.merchantId, found.id);
        if (!w) throw badInput(WAYBILL_MISSING);
        if (w.cancelled === 1) throw badInput('运单已取消，不能上报异常');
        const row = await tx
          .insertInto('waybill_exception')
          .values({
            merchant_id: w.merchant_id,
            waybill_id: w.id,
            exception_type: body.exceptionType,
            description: body.description,
            photos: body.photos,
            lat: body.lat ?? null,
            lng: body.lng ?? null,
            address: body.address ?? null,
            source: WAYBILL_SOURCE.office,
            created_by: auth.userId,
            created_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const words = `${waybillExceptionTypeName(body.exceptionType)}：${body.description}`;
        await addFlow(
          tx,
          w,
          { ...officeActor(auth), lat: body.lat ?? null, lng: body.lng ?? null },
          {
            action: WAYBILL_FLOW_ACTION.exception,
            content: body.address ? `${words}（${body.address}）` : words,
          },
          at,
        );
        await logWaybill(tx, auth, w, `上报异常：${words}`, at);
        return { id: row.id };
      });
    },
  });

  route(app, TAG, {
    method: 'POST',
    url: WAYBILL_PATHS.feeAdd,
    summary:
      '添加运单费用（运费以外）：费用类型须为本商户启用的类型，运费由运价计算不能手工添加；金额为分（大于0）；新费用为待审核（state 1）',
    access: WRITE_CODES,
    labels,
    body: z.object({
      waybillId: idField('运单不正确'),
      feeTypeId: idField('请选择费用类型'),
      amountFen: amountFenField('请输入金额'),
      remark: optionalText(200),
      photos: photosField,
    }),
    handler: async ({ auth, body }) => {
      const found = await reachableWaybill(db, auth, body.waybillId);
      await usableRecord(db, auth.scope, 'feeType', body.feeTypeId, labels.feeTypeId);
      const type = await db
        .selectFrom('fee_type')
        .select(['fee_name', 'built_in', 'valid'])
        .where('id', '=', body.feeTypeId)
        .executeTakeFirstOrThrow();
      if (type.built_in === 1 && type.fee_name === FREIGHT_FEE_NAME)
        throw badInput(`${labels.feeTypeId}: 运费由运价自动计算，不能手工添加`);
      if (type.valid !== 1) throw badInput(`${labels.feeTypeId}: ${type.fee_name}已停用`);
      await checkUploadedPhotos(db, auth.merchantId, body.photos, labels.photos);
      const at = now();
      return db.transaction().execute(async (tx) => {
        const w = await lockedWaybill(tx, auth.merchantId, found.id);
        if (!w) throw badInput(WAYBILL_MISSING);
        if (w.cancelled === 1) throw badInput('运单已取消，不能添加费用');
        const row = await tx
          .insertInto('waybill_fee')
          .values({
            merchant_id: w.merchant_id,
            team_code: w.team_code,
            waybill_id: w.id,
            fee_type_id: body.feeTypeId,
            amount_fen: body.amountFen,
            state: 1,
            source: WAYBILL_SOURCE.office,
            photos: body.photos,
            remark: body.remark ?? null,
            created_by: auth.userId,
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const remark = body.remark ? `（${body.remark}）` : '';
        await logWaybill(
          tx,
          auth,
          w,
          `添加费用：${type.fee_name} ${fenToYuan(body.amountFen)}元${remark}`,
          at,
        );
        return { id: row.id };
      });
    },
  });
}
