import {
  BATCH_PAY_MAX,
  enumLabel,
  FEE_DETAIL_CODES,
  type FeeDetailRow,
  formatDateTime,
  PAY_METHODS,
  PAYABLE_CODES,
  PAYEE_TYPES,
  PAYMENT_PATHS,
  type PayableRow,
  parseDateTime,
} from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { AppError, badInput, notFound } from '../../http/envelope';
import { DATE_TIME_MESSAGE, idField, optionalText, requiredText } from '../../http/form-fields';
import { paging, route } from '../../http/route';
import { inScope } from '../../http/scope';
import type { ExportColumn } from '../file-tasks/file-tasks.contract';
import { registerExport } from '../file-tasks/file-tasks.register';
import { checkInvoiceImages, invoiceImagesField } from '../files/invoice-images';
import { WAYBILL_MISSING } from '../waybills/waybill-repository';
import { payInTx } from './payments.pay';
import {
  type FeeDetailFilter,
  feeDetailFilter,
  feeDetailReport,
  feeDetailRows,
  feeDetailTotals,
  LABELS,
  type PayableFilter,
  payableFilter,
  payableReport,
  payableRows,
  payableStatistics,
  payableTotals,
  statisticsFilter,
  yuanText,
} from './payments.repository';

// 付款 (payBillFee, batchPayBillFee): a waybill's approved cost fees (state 2) paid to its payee,
// the driver of an own truck or the owner of a hired one. The fees move 2 → 4 by a conditional
// update whose affected rows are counted, so two concurrent payments of a fee pay it once; the
// client's request key is unique per merchant, so a repeated request answers the first payment.

const TAG = '付款与应付';
const PAY_CODES = [...PAYABLE_CODES];
const DETAIL_CODES = [...FEE_DETAIL_CODES];

type Db = Kysely<Database>;

/** The payment fields a single and a batch payment share. */
const paymentFields = {
  paidAt: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: '请选择付款时间' })
      .min(1, '请选择付款时间')
      .refine((t) => parseDateTime(t) !== null, DATE_TIME_MESSAGE),
  ),
  payMethod: z.coerce
    .number({ error: '请选择付款方式' })
    .refine((n) => PAY_METHODS.some((m) => m.value === n), '请选择付款方式'),
  payer: requiredText(30, '请填写付款人'),
  remark: optionalText(200),
  photos: invoiceImagesField,
};

const requestKeyField = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z
    .string({ error: '缺少请求标识，请刷新页面后重试' })
    .min(8, '请求标识应为8-64个字母、数字或-')
    .max(64, '请求标识应为8-64个字母、数字或-')
    .regex(/^[A-Za-z0-9-]+$/, '请求标识应为8-64个字母、数字或-'),
);

const payBody = z.object({
  waybillId: idField('运单不正确'),
  feeIds: z.array(idField('费用不正确')).max(200, '一次最多选择200条费用').optional(),
  requestKey: requestKeyField,
  ...paymentFields,
});
type PayInput = z.output<typeof payBody>;

const batchBody = z.object({
  waybillIds: z
    .array(idField('运单不正确'), { error: '请选择运单' })
    .min(1, '请选择运单')
    .max(BATCH_PAY_MAX, `一次最多选择${BATCH_PAY_MAX}条运单`),
  requestKey: requestKeyField,
  ...paymentFields,
});

export interface PaymentView {
  id: number;
  waybillId: number;
  billNo: string;
  payeeType: number;
  payeeTypeName: string;
  payeeName: string;
  payeePhone: string;
  amountFen: number;
  paidAt: string;
  payMethod: number;
  payMethodName: string;
  payer: string;
  photos: string[];
  remark: string;
  requestKey: string;
  createdBy: number | null;
  createdAt: string;
  items: { feeId: number; feeTypeName: string; amountFen: number }[];
}

/** Payments of the merchant by id (in order), with their items. */
async function paymentViews(db: Db, merchantId: number, ids: readonly number[]): Promise<PaymentView[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('fee_payment as p')
    .innerJoin('waybill as w', 'w.id', 'p.waybill_id')
    .selectAll('p')
    .select('w.bill_no')
    .where('p.merchant_id', '=', merchantId)
    .where('p.id', 'in', ids)
    .execute();
  const items = await db
    .selectFrom('fee_payment_item as i')
    .innerJoin('waybill_fee as f', 'f.id', 'i.fee_id')
    .innerJoin('fee_type as t', 't.id', 'f.fee_type_id')
    .select(['i.payment_id', 'i.fee_id', 'i.amount_fen', 't.fee_name'])
    .where('i.payment_id', 'in', ids)
    .orderBy('i.fee_id')
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const p = byId.get(id);
    if (!p) return [];
    return [
      {
        id: p.id,
        waybillId: p.waybill_id,
        billNo: p.bill_no,
        payeeType: p.payee_type,
        payeeTypeName: enumLabel(PAYEE_TYPES, p.payee_type, '--'),
        payeeName: p.payee_name,
        payeePhone: p.payee_phone ?? '',
        amountFen: Number(p.amount_fen),
        paidAt: formatDateTime(new Date(Number(p.paid_at))),
        payMethod: p.pay_method,
        payMethodName: enumLabel(PAY_METHODS, p.pay_method, '--'),
        payer: p.payer,
        photos: p.photos ? p.photos.split(';') : [],
        remark: p.remark ?? '',
        requestKey: p.request_key,
        createdBy: p.created_by,
        createdAt: formatDateTime(new Date(Number(p.created_at))),
        items: items
          .filter((i) => i.payment_id === id)
          .map((i) => ({ feeId: i.fee_id, feeTypeName: i.fee_name, amountFen: Number(i.amount_fen) })),
      },
    ];
  });
}

async function paymentByKey(db: Db, merchantId: number, key: string): Promise<PaymentView | undefined> {
  const row = await db
    .selectFrom('fee_payment')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('request_key', '=', key)
    .executeTakeFirst();
  return row ? (await paymentViews(db, merchantId, [row.id]))[0] : undefined;
}

/**
 * Pays one waybill's approved cost fees (all of them, or `feeIds`) under request key `key`, in one
 * transaction (payInTx): refused with the bill number and the fee when a fee is not approved or
 * already paid; a key used before answers its payment; a concurrent payment of the same fees pays
 * once.
 */
async function payWaybill(
  db: Db,
  auth: AuthContext,
  input: Omit<PayInput, 'requestKey'> & { requestKey: string },
  at: number,
): Promise<PaymentView> {
  const first = await paymentByKey(db, auth.merchantId, input.requestKey);
  if (first) {
    if (first.waybillId !== input.waybillId) throw badInput('请求标识已被另一笔付款使用，请刷新页面后重试');
    return first;
  }
  try {
    const id = await db.transaction().execute((tx) => payInTx(tx, auth, input, at));
    const [view] = await paymentViews(db, auth.merchantId, [id]);
    if (!view) throw new Error('payment just written not found');
    return view;
  } catch (err) {
    // a concurrent request with the same key won: answer its payment
    const again = await paymentByKey(db, auth.merchantId, input.requestKey);
    if (again && again.waybillId === input.waybillId) return again;
    throw err;
  }
}

export function registerPaymentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const now = () => ctx.config.now();

  route(app, TAG, {
    method: 'POST',
    url: PAYMENT_PATHS.payBillFee,
    summary:
      '付款：支付一条运单的已审核支出费用（全部，或 feeIds 所选），自有车付给司机、外协车付给车主；付款时间、付款方式（1银行转账 2现金 3微信 4支付宝 5其他）、付款人、备注、发票图片（JPG/PNG，20MB以内，最多6张）；requestKey 为请求标识，重复请求只付一次并返回第一次的付款；未审核或已支付的费用不能付款；记入运单操作日志',
    access: PAY_CODES,
    labels: LABELS,
    body: payBody,
    handler: async ({ auth, body }) => {
      await checkInvoiceImages(db, auth.merchantId, body.photos, LABELS.photos);
      return payWaybill(db, auth, body, now());
    },
  });

  route(app, TAG, {
    method: 'POST',
    url: PAYMENT_PATHS.batchPayBillFee,
    summary: `批量付款：所选运单（最多${BATCH_PAY_MAX}条）各自的已审核支出费用分别付给各自的收款方，每条运单一个事务；逐条返回结果（成功的付款或失败原因）；各运单的请求标识为 requestKey:运单ID，重复请求只付一次`,
    access: PAY_CODES,
    labels: LABELS,
    body: batchBody,
    handler: async ({ auth, body }) => {
      await checkInvoiceImages(db, auth.merchantId, body.photos, LABELS.photos);
      const at = now();
      const ids = [...new Set(body.waybillIds)];
      const results: {
        waybillId: number;
        billNo: string;
        success: boolean;
        message: string;
        payment: PaymentView | null;
      }[] = [];
      for (const waybillId of ids) {
        try {
          const payment = await payWaybill(
            db,
            auth,
            { ...body, waybillId, feeIds: undefined, requestKey: `${body.requestKey}:${waybillId}` },
            at,
          );
          results.push({ waybillId, billNo: payment.billNo, success: true, message: '付款成功', payment });
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          const bill = await db
            .selectFrom('waybill')
            .select('bill_no')
            .where(inScope(auth.scope, 'waybill'))
            .where('id', '=', waybillId)
            .executeTakeFirst();
          results.push({
            waybillId,
            billNo: bill?.bill_no ?? '',
            success: false,
            message: err.message,
            payment: null,
          });
        }
      }
      const paid = results.filter((r) => r.success);
      return {
        total: results.length,
        succeeded: paid.length,
        failed: results.length - paid.length,
        amountFen: paid.reduce((s, r) => s + (r.payment?.amountFen ?? 0), 0),
        results,
      };
    },
  });

  route(app, TAG, {
    method: 'POST',
    url: PAYMENT_PATHS.payments,
    summary: '付款记录：一条运单的付款（收款方、金额、付款时间、方式、付款人、发票图片、所付费用），新的在前',
    access: [...PAY_CODES, ...DETAIL_CODES],
    labels: LABELS,
    body: z.object({ waybillId: idField('运单不正确') }),
    handler: async ({ auth, body }) => {
      const w = await db
        .selectFrom('waybill')
        .select('id')
        .where(inScope(auth.scope, 'waybill'))
        .where('id', '=', body.waybillId)
        .executeTakeFirst();
      if (!w) throw notFound(WAYBILL_MISSING);
      const rows = await db
        .selectFrom('fee_payment')
        .select('id')
        .where('waybill_id', '=', w.id)
        .where('merchant_id', '=', auth.merchantId)
        .orderBy('id', 'desc')
        .execute();
      return paymentViews(
        db,
        auth.merchantId,
        rows.map((r) => r.id),
      );
    },
  });

  route(app, TAG, {
    method: 'POST',
    url: PAYMENT_PATHS.report,
    summary:
      '应付对账：按收款方和运单列出已审核的支出费用（分）：应付（已审核及已支付）、已付、未付，付款状态（1未付清 2已付清）；筛选收款方类型（1司机 2车主）、收款方、运单日期、付款状态、运单号、车辆、车队；totalRow 为全部筛选行的合计',
    access: PAY_CODES,
    list: true,
    labels: LABELS,
    body: payableFilter.and(z.object(paging)),
    handler: ({ auth, body }) => payableReport(db, auth, body),
  });

  route(app, TAG, {
    method: 'POST',
    url: PAYMENT_PATHS.statistics,
    summary:
      '应付统计：开始日期至结束日期（最长366天）的运单的已审核支出费用按收款方和运单的日或月（periodType day|month）统计运单数、应付、已付、未付（分），另有合计行 totalRow',
    access: PAY_CODES,
    labels: LABELS,
    body: statisticsFilter,
    handler: ({ auth, body }) => payableStatistics(db, auth, body),
  });

  registerExport<PayableFilter, PayableExportRow>(app, TAG, {
    url: PAYMENT_PATHS.reportExport,
    method: 'POST',
    summary: '导出应付对账（与列表相同的筛选，末行为合计）',
    access: PAY_CODES,
    input: payableFilter as unknown as z.ZodType<PayableFilter>,
    title: '应付对账',
    columns: PAYABLE_COLUMNS,
    count: async (db2, auth, f) => (await payableTotals(db2, auth, f)).waybills + 1,
    rows: async function* (db2, auth, f, pageSize) {
      for (let offset = 0; ; offset += pageSize) {
        const rows = await payableRows(db2, auth, f, pageSize, offset);
        if (rows.length > 0) yield rows;
        if (rows.length < pageSize) break;
      }
      const t = await payableTotals(db2, auth, f);
      yield [{ ...t, billNo: '合计' }];
    },
  });

  route(app, TAG, {
    method: 'POST',
    url: PAYMENT_PATHS.feeDetails,
    summary:
      '运单费用明细（路桥费台账为 roadBridge=true，只含过路过桥费）：每条费用的运单、车辆、司机、客户、费用类型、性质、金额（分）、状态、审核及付款信息；筛选费用日期、费用类型、性质、状态、运单号、车辆、司机、客户、车队；totalRow 为合计（金额、收入、支出及各状态金额）',
    access: DETAIL_CODES,
    list: true,
    labels: LABELS,
    body: feeDetailFilter.and(z.object(paging)),
    handler: ({ auth, body }) => feeDetailReport(db, auth, body),
  });

  registerExport<FeeDetailFilter, FeeExportRow>(app, TAG, {
    url: PAYMENT_PATHS.feeDetailsExport,
    method: 'POST',
    summary: '导出运单费用明细或路桥费台账（与列表相同的筛选，末行为合计）',
    access: DETAIL_CODES,
    input: feeDetailFilter as unknown as z.ZodType<FeeDetailFilter>,
    title: '运单费用明细',
    columns: FEE_COLUMNS,
    count: async (db2, auth, f) => (await feeDetailTotals(db2, auth, f)).fees + 1,
    rows: async function* (db2, auth, f, pageSize) {
      for (let offset = 0; ; offset += pageSize) {
        const rows = await feeDetailRows(db2, auth, f, pageSize, offset);
        if (rows.length > 0) yield rows;
        if (rows.length < pageSize) break;
      }
      const t = await feeDetailTotals(db2, auth, f);
      yield [{ billNo: '合计', amountFen: t.amountFen }];
    },
  });
}

type PayableExportRow = Partial<PayableRow> & {
  billNo: string;
  approvedFen: number;
  paidFen: number;
  unpaidFen: number;
};
type FeeExportRow = Partial<FeeDetailRow> & { billNo: string; amountFen: number };

const PAYABLE_COLUMNS: ExportColumn<PayableExportRow>[] = [
  { header: '收款方类型', width: 10, value: (r) => r.payeeTypeName ?? '' },
  { header: '收款方', width: 16, value: (r) => r.payeeName ?? '' },
  { header: '收款方电话', width: 14, value: (r) => r.payeePhone ?? '' },
  { header: '运单号', width: 18, value: (r) => r.billNo },
  { header: '车牌号', width: 12, value: (r) => r.carNo ?? '' },
  { header: '司机', width: 10, value: (r) => r.driverName ?? '' },
  { header: '运单创建时间', width: 20, value: (r) => r.waybillCreatedAt ?? '' },
  { header: '应付（元）', width: 12, value: (r) => yuanText(r.approvedFen) },
  { header: '已付（元）', width: 12, value: (r) => yuanText(r.paidFen) },
  { header: '未付（元）', width: 12, value: (r) => yuanText(r.unpaidFen) },
  { header: '付款状态', width: 10, value: (r) => r.payStateName ?? '' },
];

const FEE_COLUMNS: ExportColumn<FeeExportRow>[] = [
  { header: '运单号', width: 18, value: (r) => r.billNo },
  { header: '车牌号', width: 12, value: (r) => r.carNo ?? '' },
  { header: '司机', width: 10, value: (r) => r.driverName ?? '' },
  { header: '客户', width: 20, value: (r) => r.customerName ?? '' },
  { header: '费用类型', width: 12, value: (r) => r.feeTypeName ?? '' },
  { header: '费用性质', width: 8, value: (r) => r.feeKindName ?? '' },
  { header: '金额（元）', width: 12, value: (r) => yuanText(r.amountFen) },
  { header: '状态', width: 8, value: (r) => r.stateName ?? '' },
  { header: '费用时间', width: 20, value: (r) => r.createdAt ?? '' },
  { header: '审核/更新时间', width: 20, value: (r) => r.updatedAt ?? '' },
  { header: '付款时间', width: 20, value: (r) => r.paidAt ?? '' },
  { header: '付款方式', width: 10, value: (r) => r.payMethodName ?? '' },
  { header: '付款人', width: 10, value: (r) => r.payer ?? '' },
  { header: '收款方', width: 12, value: (r) => r.payeeName ?? '' },
  { header: '备注', width: 20, value: (r) => r.remark ?? '' },
];
