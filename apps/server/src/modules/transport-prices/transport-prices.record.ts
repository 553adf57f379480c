import {
  enumRecord,
  fenToYuan,
  formatDate,
  formatDateTime,
  MAX_ALLOWED_LOSS_PERMILLE,
  MONEY_MESSAGE,
  PRICE_TYPES as PRICE_TYPE_OPTIONS,
  PRICE_UNITS,
  SETTLE_WEIGHTS as SETTLE_WEIGHT_OPTIONS,
  TRANSPORT_PRICE_RECORD,
} from '@fleet/domain';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import { badInput } from '../../http/envelope';
import { DATE_MESSAGE, idField, isDateText, optionalText, teamCodeField } from '../../http/form-fields';
import { usableRecord } from '../../http/references';
import { inReferenceScope, type Scope } from '../../http/scope';
import { blank, enabledFilter, teamFilter, withTeamName } from '../../records/filters';
import { defineRecord, type ListedRow, type RecordQuery, type StoredRow } from '../../records/record';
import type { TransportPriceTable } from './transport-prices.table';

export const PRICE_TYPES = enumRecord(PRICE_TYPE_OPTIONS);
export const SETTLE_WEIGHTS = enumRecord(SETTLE_WEIGHT_OPTIONS);

/** The largest amount of the money rule (8 integer digits and 2 decimals of yuan), in fen. */
const MAX_FEN = 9_999_999_999;
const LOSS_MESSAGE = `合理损耗须为0-${MAX_ALLOWED_LOSS_PERMILLE}的整数（‰）`;

const emptyIsMissing = (value: unknown) => (value === '' || value === null ? undefined : value);

/** An amount in whole fen (the page sends yuan × 100), within the money rule. */
const fenField = (required: string) =>
  z.preprocess(
    emptyIsMissing,
    z.coerce.number({ error: required }).int(MONEY_MESSAGE).min(0, MONEY_MESSAGE).max(MAX_FEN, MONEY_MESSAGE),
  );

const enumField = (values: Readonly<Record<number, string>>, message: string) =>
  z.preprocess(
    emptyIsMissing,
    z.coerce.number({ error: message }).refine((n) => n in values, message),
  );

const dateField = (required: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || undefined : (v ?? undefined)),
    z.string({ error: required }).refine(isDateText, DATE_MESSAGE),
  );

const transportPriceForm = z
  .object({
    customerId: idField('请选择客户'),
    lineId: idField('请选择线路'),
    /** '' (or nothing): the price holds for any cargo of the customer on the line. */
    cargo: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim() : v === null || v === undefined ? '' : v),
      z.string({ error: '应为文本' }).max(30, '最多输入30个字符'),
    ),
    priceType: enumField(PRICE_TYPES, '请选择计价方式'),
    priceFen: fenField('请输入运价').refine((n) => n > 0, '运价须大于0'),
    settleWeight: enumField(SETTLE_WEIGHTS, '请选择结算重量'),
    allowedLossPermille: z.preprocess(
      (v) => emptyIsMissing(v) ?? 0,
      z.coerce
        .number({ error: LOSS_MESSAGE })
        .int(LOSS_MESSAGE)
        .min(0, LOSS_MESSAGE)
        .max(MAX_ALLOWED_LOSS_PERMILLE, LOSS_MESSAGE),
    ),
    deductionFen: z.preprocess((v) => emptyIsMissing(v) ?? 0, fenField('请输入亏吨扣款单价')),
    startDate: dateField('请选择生效日期'),
    endDate: dateField('请选择失效日期'),
    remark: optionalText(200),
    teamCode: teamCodeField.optional(),
  })
  .refine((f) => f.endDate >= f.startDate, { message: '失效日期不能早于生效日期', path: ['endDate'] });
type TransportPriceForm = z.output<typeof transportPriceForm>;

/** The filter of /colliery/transport/price/page, also the input of its export. */
const transportPriceFilter = z.object({
  customerId: z.preprocess(blank, idField('客户不正确').optional()),
  lineId: z.preprocess(blank, idField('线路不正确').optional()),
  cargo: z.preprocess(blank, z.string().max(30, '最多输入30个字符').optional()),
  priceType: z
    .preprocess(blank, enumField(PRICE_TYPES, '计价方式不正确').optional())
    .meta({ title: TRANSPORT_PRICE_RECORD.labels.priceType }),
  /** Prices valid on this day. */
  validDate: z
    .preprocess(blank, z.string().refine(isDateText, DATE_MESSAGE).optional())
    .meta({ title: '有效日期' }),
  valid: enabledFilter,
  teamCode: teamFilter,
});
type TransportPriceFilter = z.output<typeof transportPriceFilter>;

type TransportPriceRow = ListedRow<
  TransportPriceTable,
  { customer_name: string | null; line_name: string | null }
>;

/** A price as the API answers it: amounts in fen, and in yuan text for lists and sheets. */
function transportPriceView(row: TransportPriceRow) {
  return {
    id: row.id,
    customerId: row.customer_id,
    customerName: row.customer_name ?? '',
    lineId: row.line_id,
    lineName: row.line_name ?? '',
    cargo: row.cargo,
    priceType: row.price_type,
    priceTypeName: PRICE_TYPES[row.price_type] ?? '-',
    priceFen: row.price_fen,
    priceYuan: fenToYuan(row.price_fen),
    priceUnit: PRICE_UNITS[row.price_type] ?? '',
    settleWeight: row.settle_weight,
    settleWeightName: SETTLE_WEIGHTS[row.settle_weight] ?? '-',
    allowedLossPermille: row.allowed_loss_permille,
    deductionFen: row.deduction_fen,
    deductionYuan: fenToYuan(row.deduction_fen),
    startDate: row.start_date,
    endDate: row.end_date,
    teamCode: row.team_code,
    teamName: row.team_name ?? '',
    remark: row.remark ?? '',
    valid: row.valid,
    createTime: formatDateTime(new Date(row.created_at)),
    updateTime: formatDateTime(new Date(row.updated_at)),
  };
}
type TransportPriceView = ReturnType<typeof transportPriceView>;

/** '120.00元/吨' */
const priceText = (priceFen: unknown, priceType: unknown) =>
  `${fenToYuan(Number(priceFen))}${PRICE_UNITS[Number(priceType)] ?? '元'}`;

/** '120.00元/吨，2026-01-01至2026-12-31': a price in the log and in messages. */
const priceWords = (c: Record<string, unknown>) =>
  `${priceText(c.price_fen, c.price_type)}，${String(c.start_date)}至${String(c.end_date)}`;

/** What a price is for and when: the overlap rule's key. */
interface PriceKey {
  customerId: number;
  lineId: number;
  cargo: string;
  startDate: string;
  endDate: string;
}

/**
 * Refuses a price about to be enabled when another enabled price of the merchant for the same
 * customer, line and cargo is valid on any of its days, naming that price.
 */
async function refuseOverlap(db: Kysely<Database>, merchantId: number, key: PriceKey, exceptId?: number) {
  let q = db
    .selectFrom('transport_price')
    .select(['id', 'price_fen', 'price_type', 'start_date', 'end_date'])
    .where('merchant_id', '=', merchantId)
    .where('customer_id', '=', key.customerId)
    .where('line_id', '=', key.lineId)
    .where('cargo', '=', key.cargo)
    .where('valid', '=', 1)
    .where('deleted_at', 'is', null)
    .where('start_date', '<=', key.endDate)
    .where('end_date', '>=', key.startDate);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  const other = await q.orderBy('start_date').executeTakeFirst();
  if (other)
    throw badInput(
      `该客户、线路${key.cargo ? `和货物（${key.cargo}）` : ''}已有启用的运价（${priceWords(other)}），有效期不能重叠`,
    );
}

/** The price of a waybill: the one in force for its customer, line and cargo at a time. */
export interface PriceInForce {
  id: number;
  cargo: string;
  priceType: number;
  priceFen: number;
  settleWeight: number;
  allowedLossPermille: number;
  deductionFen: number;
  startDate: string;
  endDate: string;
}

/**
 * The enabled price the caller may use for `customerId`, `lineId` and `cargo` on the Shanghai day of
 * `at` (epoch ms), e.g. a waybill's loading: the price for that very cargo, else the one for any
 * cargo (''); undefined when there is none.
 */
export async function priceInForce(
  db: Kysely<Database>,
  scope: Scope,
  ask: { customerId: number; lineId: number; cargo?: string | null; at: number },
): Promise<PriceInForce | undefined> {
  const day = formatDate(new Date(ask.at));
  const cargo = ask.cargo?.trim() ?? '';
  const row = await db
    .selectFrom('transport_price')
    .select([
      'id',
      'cargo',
      'price_type',
      'price_fen',
      'settle_weight',
      'allowed_loss_permille',
      'deduction_fen',
      'start_date',
      'end_date',
    ])
    .where(inReferenceScope(scope, 'transport_price'))
    .where('customer_id', '=', ask.customerId)
    .where('line_id', '=', ask.lineId)
    .where('cargo', 'in', cargo ? [cargo, ''] : [''])
    .where('valid', '=', 1)
    .where('deleted_at', 'is', null)
    .where('start_date', '<=', day)
    .where('end_date', '>=', day)
    // the cargo's own price before the one for any cargo
    .orderBy('cargo', 'desc')
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    cargo: row.cargo,
    priceType: row.price_type,
    priceFen: row.price_fen,
    settleWeight: row.settle_weight,
    allowedLossPermille: row.allowed_loss_permille,
    deductionFen: row.deduction_fen,
    startDate: row.start_date,
    endDate: row.end_date,
  };
}

const joins = (q: RecordQuery) =>
  withTeamName('transport_price')(q)
    .leftJoin('customer', 'customer.id', 'transport_price.customer_id')
    .leftJoin('line', 'line.id', 'transport_price.line_id');

/**
 * 运价: a price is kept by a team and read by the teams below it (shared, like its customer and
 * line); its customer and line must be usable by the caller; two enabled prices of the merchant for
 * the same customer, line and cargo never overlap in time (add, edit, enabling). Every change of an
 * amount is in the log in yuan (old → new).
 */
export const transportPriceRecord = defineRecord<
  TransportPriceForm,
  TransportPriceFilter,
  TransportPriceView
>({
  meta: TRANSPORT_PRICE_RECORD,
  tag: '运价',
  summaries: {
    page: '运价分页：客户、线路、货物、计价方式、生效于某日（validDate）、状态（valid 1启用 0停用）、车队；金额为分（priceFen、deductionFen）',
    info: '运价详情（GET ?id）',
    add: '新增运价：金额为分（priceFen 运价、deductionFen 亏吨扣款单价/吨），合理损耗为整数‰（0-1000），有效期含首尾两日；同一客户、线路、货物的启用运价有效期不能重叠',
    edit: '修改运价（操作日志记录金额的新旧值，单位元）',
    valid: '启用（valid 1）或停用（valid 0）运价；启用时有效期不能与同一客户、线路、货物的其他启用运价重叠',
    delete: '删除运价（可批量，逻辑删除）',
    export: '导出运价（与列表相同的筛选）',
  },
  joins,
  selection: [
    'transport_price.id',
    'transport_price.team_code',
    'transport_price.customer_id',
    'customer.customer_name',
    'transport_price.line_id',
    'line.name as line_name',
    'transport_price.cargo',
    'transport_price.price_type',
    'transport_price.price_fen',
    'transport_price.settle_weight',
    'transport_price.allowed_loss_permille',
    'transport_price.deduction_fen',
    'transport_price.start_date',
    'transport_price.end_date',
    'transport_price.remark',
    'transport_price.valid',
    'transport_price.created_at',
    'transport_price.updated_at',
    'team.team_name',
  ],
  view: transportPriceView,
  filter: {
    schema: transportPriceFilter,
    apply: (q, f) => {
      if (f.customerId) q = q.where('transport_price.customer_id', '=', f.customerId);
      if (f.lineId) q = q.where('transport_price.line_id', '=', f.lineId);
      if (f.cargo) q = q.where('transport_price.cargo', 'like', `%${f.cargo}%`);
      if (f.priceType) q = q.where('transport_price.price_type', '=', f.priceType);
      if (f.validDate)
        q = q
          .where('transport_price.start_date', '<=', f.validDate)
          .where('transport_price.end_date', '>=', f.validDate);
      if (f.valid !== undefined) q = q.where('transport_price.valid', '=', f.valid);
      if (f.teamCode) q = q.where('transport_price.team_code', 'like', `${f.teamCode}%`);
      return q;
    },
  },
  form: {
    schema: transportPriceForm,
    columns: (form) => ({
      team_code: form.teamCode,
      customer_id: form.customerId,
      line_id: form.lineId,
      cargo: form.cargo,
      price_type: form.priceType,
      price_fen: form.priceFen,
      settle_weight: form.settleWeight,
      allowed_loss_permille: form.allowedLossPermille,
      deduction_fen: form.deductionFen,
      start_date: form.startDate,
      end_date: form.endDate,
      remark: form.remark,
    }),
    logFields: (c) => ({
      customerId: c.customer_id,
      lineId: c.line_id,
      cargo: c.cargo,
      priceType: PRICE_TYPES[c.price_type as number],
      priceFen: `${fenToYuan(Number(c.price_fen))}元`,
      settleWeight: SETTLE_WEIGHTS[c.settle_weight as number],
      allowedLossPermille: `${String(c.allowed_loss_permille)}‰`,
      deductionFen: `${fenToYuan(Number(c.deduction_fen))}元`,
      startDate: c.start_date,
      endDate: c.end_date,
      teamCode: c.team_code,
      remark: c.remark,
    }),
    // the ids say nothing to a reader; the change itself is named
    hiddenChanges: ['customerId', 'lineId'],
    addedText: priceWords,
    deletedText: (row: StoredRow) => priceWords(row),
  },
  check: async (db, auth, form, before) => {
    await usableRecord(db, auth.scope, 'customer', form.customerId, TRANSPORT_PRICE_RECORD.labels.customerId);
    await usableRecord(db, auth.scope, 'line', form.lineId, TRANSPORT_PRICE_RECORD.labels.lineId);
    // a new price is enabled; an edited one keeps its status
    if (!before || before.valid === 1) await refuseOverlap(db, auth.merchantId, form, before?.id);
  },
  validCheck: async (db, auth, row, valid) => {
    if (valid !== 1) return;
    await refuseOverlap(
      db,
      auth.merchantId,
      {
        customerId: Number(row.customer_id),
        lineId: Number(row.line_id),
        cargo: String(row.cargo ?? ''),
        startDate: String(row.start_date),
        endDate: String(row.end_date),
      },
      row.id,
    );
  },
  export: {
    title: '运价列表',
    columns: [
      { header: '客户', width: 24, value: (p) => p.customerName },
      { header: '线路', width: 24, value: (p) => p.lineName },
      { header: '货物名称', width: 14, value: (p) => p.cargo },
      { header: '计价方式', width: 10, value: (p) => p.priceTypeName },
      { header: '运价（元）', width: 14, value: (p) => p.priceYuan },
      { header: '单位', width: 8, value: (p) => p.priceUnit },
      { header: '结算重量', width: 12, value: (p) => p.settleWeightName },
      { header: '合理损耗（‰）', width: 14, value: (p) => p.allowedLossPermille },
      { header: '亏吨扣款单价（元/吨）', width: 20, value: (p) => p.deductionYuan },
      { header: '生效日期', width: 12, value: (p) => p.startDate },
      { header: '失效日期', width: 12, value: (p) => p.endDate },
      { header: '所属车队', width: 20, value: (p) => p.teamName },
      { header: '状态', width: 8, value: (p) => (p.valid === 1 ? '启用' : '停用') },
      { header: '备注', width: 24, value: (p) => p.remark },
      { header: '创建时间', width: 20, value: (p) => p.createTime },
    ],
  },
});
