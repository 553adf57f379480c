import {
  fenToYuan,
  kgToTons,
  netWeightKg,
  WAYBILL_APPROVAL,
  WAYBILL_FLOW_ACTION,
  WAYBILL_PATHS,
  WAYBILL_RECORD,
  WAYBILL_STATE,
} from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { badInput } from '../../http/envelope';
import { idField, optionalText } from '../../http/form-fields';
import { route } from '../../http/route';
import { autoSubmitFees } from '../approvals/fee-approval';
import { describeChanges } from '../operate-log/changes';
import { checkUploadedPhotos, photosField, requiredDateTime, weightField } from './waybill-fields';
import {
  addFlow,
  freightColumns,
  lockedWaybill,
  moveWaybill,
  recordPound,
  type WaybillRow,
} from './waybill-flow';
import { remindTabulation } from './waybill-reminder';
import {
  logWaybill,
  officeActor,
  READ_CODES,
  reachableWaybill,
  WAYBILL_MISSING,
  WRITE_CODES,
  waybillsChanged,
} from './waybill-repository';
import { timeText, waybillViewOf } from './waybill-view';

// The receipt (回单): the unloading slip and the signed receipt's photos complete a waybill; on a
// completed one they are corrected (edit-back) and the freight is computed again.

const { labels } = WAYBILL_RECORD;
const TAG = '运单';
const WEIGH_AHEAD_MS = 10 * 60_000;

const backForm = z.object({
  waybillId: idField('运单不正确'),
  unloadingGrossKg: weightField('请输入卸车毛重'),
  unloadingTareKg: weightField('请输入卸车皮重'),
  unloadingWeighTime: requiredDateTime('请选择卸车过磅时间'),
  unloadingPhotos: photosField,
  backPhotos: photosField.refine((photos) => photos !== null, '请上传回单照片'),
  backRemark: optionalText(200),
});
type BackForm = z.output<typeof backForm>;

const yuanOf = (w: WaybillRow) =>
  w.price_type === null ? '' : `，运费${fenToYuan(Number(w.freight_fen))}元`;

/** Corrects the receipt of a completed waybill: the unloading slip, the photos, the freight. */
async function editBack(tx: Kysely<Database>, auth: AuthContext, w: WaybillRow, form: BackForm, at: number) {
  const net = netWeightKg(form.unloadingGrossKg, form.unloadingTareKg);
  if (net === undefined) throw badInput('皮重须小于毛重');
  const changes: Partial<WaybillRow> = {
    unloading_gross_kg: form.unloadingGrossKg,
    unloading_tare_kg: form.unloadingTareKg,
    unloading_net_kg: net,
    unloading_weighed_at: form.unloadingWeighTime,
    unloading_photos: form.unloadingPhotos,
    back_photos: form.backPhotos,
    back_remark: form.backRemark ?? null,
    updated_at: at,
  };
  Object.assign(changes, freightColumns({ ...w, ...changes }));
  await tx.updateTable('waybill').set(changes).where('id', '=', w.id).execute();
  const after = { ...w, ...changes } as WaybillRow;
  const shown = (r: WaybillRow) => ({
    unloadingGrossKg: `${kgToTons(r.unloading_gross_kg)}吨`,
    unloadingTareKg: `${kgToTons(r.unloading_tare_kg)}吨`,
    unloadingNetKg: `${kgToTons(r.unloading_net_kg)}吨`,
    unloadingWeighTime: timeText(r.unloading_weighed_at),
    unloadingPhotos: r.unloading_photos,
    backPhotos: r.back_photos,
    backRemark: r.back_remark,
    freightFen: r.price_type === null ? '' : `${fenToYuan(Number(r.freight_fen))}元`,
  });
  const changed = describeChanges({ ...labels, freightFen: '运费' }, shown(w), shown(after), [
    'unloadingPhotos',
    'backPhotos',
  ]);
  const words = `修改回单：${changed.length ? changed.join('，') : '无变化'}`;
  await addFlow(tx, w, officeActor(auth), { action: WAYBILL_FLOW_ACTION.back, content: words }, at);
  await logWaybill(tx, auth, w, words, at);
}

/** Records the receipt of a waybill on its way: the unloading slip, the photos, then 已完成. */
async function addBack(tx: Kysely<Database>, auth: AuthContext, w: WaybillRow, form: BackForm, at: number) {
  if (w.loading_net_kg === null) throw badInput('请先录入装车磅单，再录入回单');
  const actor = officeActor(auth);
  const slip = {
    grossKg: form.unloadingGrossKg,
    tareKg: form.unloadingTareKg,
    weighedAt: form.unloadingWeighTime,
    photos: form.unloadingPhotos,
  };
  let row = await recordPound(tx, w, 2, slip, actor, at);
  const back = {
    back_photos: form.backPhotos,
    back_remark: form.backRemark ?? null,
    back_at: at,
    updated_at: at,
  };
  await tx.updateTable('waybill').set(back).where('id', '=', w.id).execute();
  row = { ...row, ...back };
  await addFlow(tx, row, actor, { action: WAYBILL_FLOW_ACTION.back, content: '录入回单（签收单）' }, at);
  row = await moveWaybill(tx, row, WAYBILL_STATE.completed, actor, at);
  await logWaybill(
    tx,
    auth,
    w,
    `录入回单：卸车毛重${kgToTons(form.unloadingGrossKg)}吨，皮重${kgToTons(form.unloadingTareKg)}吨，净重${kgToTons(row.unloading_net_kg)}吨${yuanOf(row)}，运单已完成`,
    at,
  );
}

export function registerWaybillReceiptRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const now = () => ctx.config.now();

  route(app, TAG, {
    method: 'POST',
    url: WAYBILL_PATHS.addBack,
    summary:
      '录入回单：卸车磅单（毛重、皮重为千克整数）与签收回单照片（至少1张，最多6张），运单完成（6），按运价计算运费（分）；尚待制表审核的司机、扫码运单完成时再次提醒（8002）；已完成的运单再次提交为修改回单，重新计算运费',
    access: WRITE_CODES,
    labels,
    body: backForm,
    handler: async ({ auth, body, req }) => {
      const found = await reachableWaybill(db, auth, body.waybillId);
      if (body.unloadingWeighTime > now() + WEIGH_AHEAD_MS)
        throw badInput(`${labels.unloadingWeighTime}: 不能晚于当前时间`);
      await checkUploadedPhotos(db, auth.merchantId, body.unloadingPhotos, labels.unloadingPhotos);
      await checkUploadedPhotos(db, auth.merchantId, body.backPhotos, labels.backPhotos);
      const at = now();
      let publish: () => void = () => undefined;
      let submitted: () => void = () => undefined;
      await db.transaction().execute(async (tx) => {
        const w = await lockedWaybill(tx, auth.merchantId, found.id);
        if (!w) throw badInput(WAYBILL_MISSING);
        if (w.cancelled === 1) throw badInput('运单已取消，不能录入回单');
        if (w.status === WAYBILL_STATE.completed) await editBack(tx, auth, w, body, at);
        else {
          await addBack(tx, auth, w, body, at);
          // its fees go into approval by themselves when the merchant has an approval chain (8001)
          submitted = await autoSubmitFees(
            tx,
            { bus: ctx.bus, log: req.log },
            w.merchant_id,
            w.id,
            { userId: auth.userId, name: auth.nickname, auth },
            at,
          );
          // a driver's or scan-code waybill completed before its tabulation: reminder 8002 again
          if (w.approval_state === WAYBILL_APPROVAL.pending)
            publish = await remindTabulation(tx, { bus: ctx.bus, log: req.log }, [w.id], 'completed', at);
        }
      });
      publish();
      submitted();
      await waybillsChanged(ctx, req.log, [found.truck_id]);
      return waybillViewOf(db, found.id);
    },
  });

  route(app, TAG, {
    method: 'POST',
    url: WAYBILL_PATHS.backInfo,
    summary: '运单的回单：卸车磅单（千克）、卸车过磅时间、照片、回单照片、备注、录入时间',
    access: READ_CODES,
    labels,
    body: z.object({ waybillId: idField('运单不正确') }),
    handler: async ({ auth, body }) => {
      const w = await reachableWaybill(db, auth, body.waybillId);
      const kg = (v: number | null) => (v === null ? null : Number(v));
      return {
        waybillId: w.id,
        billNo: w.bill_no,
        unloadingGrossKg: kg(w.unloading_gross_kg),
        unloadingTareKg: kg(w.unloading_tare_kg),
        unloadingNetKg: kg(w.unloading_net_kg),
        unloadingWeighTime: timeText(w.unloading_weighed_at),
        unloadingPhotos: w.unloading_photos ?? '',
        backPhotos: w.back_photos ?? '',
        backRemark: w.back_remark ?? '',
        backTime: timeText(w.back_at),
      };
    },
  });
}
