import {
  COST_PAY_METHOD_LABELS,
  COST_RECORD,
  COST_TYPE,
  COST_TYPE_LABELS,
  type CostType,
  formatDateTime,
  yuanToFen,
} from '@fleet/domain';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { badInput } from '../../http/envelope';
import { DATE_MESSAGE, idField, isDateText, optionalDateTime, optionalText } from '../../http/form-fields';
import { usableRecord } from '../../http/references';
import { inReferenceScope, inScope } from '../../http/scope';
import { blank } from '../../records/filters';
import { checkInvoiceImages, invoiceImagesField } from '../files/invoice-images';
import { type CostInsert, costRuleError } from './cost-write';

// The add and edit form of a cost (费用管理, car0801): its fields in yuan and hundredths, its own
// rules (costRuleError) and the references it names, each checked in the caller's scope: the truck
// (whose team the cost takes), driver, custom fee type, the waybill and the trip (of the same truck).

const L = COST_RECORD.labels;
type Db = Kysely<Database>;

/** Yuan with at most two decimals → fen; `label` names the field in the messages. */
export const yuanField = (label: string, required: boolean) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? '' : String(v).trim()),
    z.string().transform((text, ctx) => {
      if (text === '') {
        if (required) ctx.addIssue({ code: 'custom', message: `请填写${label}` });
        return null;
      }
      if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) {
        ctx.addIssue({ code: 'custom', message: `${label}应为大于0的金额，最多两位小数` });
        return z.NEVER;
      }
      const fen = Number(yuanToFen(text));
      if (fen <= 0) {
        ctx.addIssue({ code: 'custom', message: `${label}应大于0` });
        return z.NEVER;
      }
      return fen;
    }),
  );

/** A quantity with at most two decimals → hundredths. */
export const quantityField = z.preprocess(
  (v) => (v === undefined || v === null ? '' : String(v).trim()),
  z.string().transform((text, ctx) => {
    if (text === '') return null;
    if (!/^\d{1,7}(\.\d{1,2})?$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: `${L.quantity}应为大于0的数字，最多两位小数` });
      return z.NEVER;
    }
    const n = Math.round(Number(text) * 100);
    if (n <= 0) {
      ctx.addIssue({ code: 'custom', message: `${L.quantity}应大于0` });
      return z.NEVER;
    }
    return n;
  }),
);

export const optionalId = (message: string) => z.preprocess(blank, idField(message).optional().nullable());

export const costTypeField = z.coerce
  .number({ error: `请选择${L.costType}` })
  .refine((n) => n in COST_TYPE_LABELS, `请选择${L.costType}`);

export const costForm = z
  .object({
    truckId: idField(`请选择${L.truckId}`),
    costDate: z.preprocess(
      blank,
      z.string({ error: `请选择${L.costDate}` }).refine(isDateText, DATE_MESSAGE),
    ),
    costType: costTypeField,
    feeTypeId: optionalId(`请选择${L.feeTypeId}`),
    occurredAt: optionalDateTime,
    amount: yuanField(L.amount, true),
    quantity: quantityField,
    unitPrice: yuanField(L.unitPrice, false),
    driverId: optionalId(`${L.driverId}不正确`),
    waybillId: optionalId(`${L.waybillId}不正确`),
    tripId: optionalId(`${L.tripId}不正确`),
    payMethod: z.preprocess(
      blank,
      z.coerce
        .number({ error: `请选择${L.payMethod}` })
        .refine((n) => n in COST_PAY_METHOD_LABELS, `请选择${L.payMethod}`)
        .optional()
        .nullable(),
    ),
    place: optionalText(100),
    invoiceImages: invoiceImagesField,
    remark: optionalText(200),
    teamCode: z.string().optional(),
  })
  .transform((f, ctx) => {
    const row = toInsert(f, 0, '');
    const error = costRuleError(row);
    if (error) {
      ctx.addIssue({ code: 'custom', message: error, path: [] });
      return z.NEVER;
    }
    if (f.occurredAt !== null && formatDateTime(new Date(f.occurredAt)).slice(0, 10) !== f.costDate) {
      ctx.addIssue({ code: 'custom', message: `${L.occurredAt}应在${L.costDate}当天`, path: [] });
      return z.NEVER;
    }
    return { ...f, teamCode: undefined as string | undefined, amount: f.amount as number };
  });

export type CostForm = z.output<typeof costForm>;

export function toInsert(
  f: Omit<CostForm, 'teamCode' | 'amount'> & { amount: number | null },
  merchantId: number,
  teamCode: string,
): CostInsert {
  return {
    merchantId,
    teamCode,
    truckId: f.truckId,
    driverId: f.driverId ?? null,
    costType: f.costType as CostType,
    feeTypeId: f.costType === COST_TYPE.custom ? (f.feeTypeId ?? null) : null,
    costDate: f.costDate,
    occurredAt: f.occurredAt,
    amount: f.amount ?? 0,
    quantity: f.quantity,
    unitPrice: f.unitPrice,
    waybillId: f.waybillId ?? null,
    tripId: f.tripId ?? null,
    payMethod: f.payMethod ?? null,
    place: f.place,
    invoiceImages: f.invoiceImages,
    remark: f.remark,
  };
}

/** The merchant's enabled own cost fee types the caller may use, by id. */
export async function customCostTypes(db: Db, auth: AuthContext) {
  return db
    .selectFrom('fee_type')
    .select(['id', 'fee_name'])
    .where(inReferenceScope(auth.scope, 'fee_type'))
    .where('fee_kind', '=', 2)
    .where('valid', '=', 1)
    .where('built_in', '=', 0)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/**
 * The references of a cost in the caller's scope: the truck (whose team the cost takes), driver,
 * custom fee type, the waybill (of the same truck) and the trip (of the same truck).
 */
export async function checkReferences(db: Db, auth: AuthContext, f: CostForm): Promise<string> {
  const truck = await usableRecord(db, auth.scope, 'truck', f.truckId, L.truckId);
  if (f.driverId) await usableRecord(db, auth.scope, 'driver', f.driverId, L.driverId);
  if (f.costType === COST_TYPE.custom && f.feeTypeId) {
    const types = await customCostTypes(db, auth);
    if (!types.some((t) => t.id === f.feeTypeId))
      throw badInput(`${L.feeTypeId}: 不存在或不在您的管辖范围内`);
  }
  if (f.waybillId) {
    const w = await db
      .selectFrom('waybill')
      .select(['truck_id', 'bill_no'])
      .where(inScope(auth.scope, 'waybill'))
      .where('id', '=', f.waybillId)
      .executeTakeFirst();
    if (!w) throw badInput(`${L.waybillId}: 运单不存在或无权操作`);
    if (w.truck_id !== f.truckId) throw badInput(`${L.waybillId}: 运单${w.bill_no}的车辆不是该费用的车辆`);
  }
  if (f.tripId) {
    const trip = await db
      .selectFrom('trip')
      .select(['truck_id'])
      .where(inScope(auth.scope, 'trip'))
      .where('id', '=', f.tripId)
      .executeTakeFirst();
    if (!trip) throw badInput(`${L.tripId}: 行程不存在或无权操作`);
    if (trip.truck_id !== f.truckId) throw badInput(`${L.tripId}: 该行程不是该费用车辆的行程`);
  }
  await checkInvoiceImages(db, auth.merchantId, f.invoiceImages, L.invoiceImages);
  return truck.teamCode;
}
