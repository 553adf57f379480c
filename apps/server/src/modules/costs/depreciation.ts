import {
  DAY_MS,
  DEPRECIATION_LABELS,
  type DepreciationTerms,
  depreciationFen,
  fenToYuan,
  formatDateTime,
  OPERATE_LOG_PAGES,
  yuanToFen,
} from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { badInput } from '../../http/envelope';
import { DATE_MESSAGE, idField, isDateText } from '../../http/form-fields';
import { paging, route } from '../../http/route';
import { inScope } from '../../http/scope';
import { blank, teamFilter } from '../../records/filters';
import { writeCostLog } from './cost-write';

// 车辆折旧 (成本分析's settings): each truck's purchase price, date, life in months and residual
// value; its monthly depreciation is depreciationFen (@fleet/domain), spread over the days of each
// month so that any period's share adds up, and a whole month's days to the month's figure.

const TAG = '成本中心';
const CODES = ['car080201'];
const L = DEPRECIATION_LABELS;
type Db = Kysely<Database>;

const dayStart = (date: string) => Date.parse(`${date}T00:00:00Z`) - 8 * 3_600_000;
const shanghaiDate = (ms: number) => formatDateTime(new Date(ms)).slice(0, 10);
const daysIn = (month: string) =>
  new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();

/** The share (fen) of day `day` (1…) of a month of `days` days in its month's `monthly` fen. */
export const dayShare = (monthly: number, day: number, days: number) =>
  Math.floor((day * monthly) / days) - Math.floor(((day - 1) * monthly) / days);

function termsOf(r: {
  purchase_price: number;
  purchase_date: string;
  life_months: number;
  residual: number;
}): DepreciationTerms {
  return {
    purchasePrice: Number(r.purchase_price),
    purchaseDate: r.purchase_date,
    lifeMonths: Number(r.life_months),
    residual: Number(r.residual),
  };
}

/**
 * The depreciation of the caller's trucks with terms over a period, by period key (day YYYYMMDD or
 * month YYYYMM), each day taking its share of its month's figure.
 */
export async function truckDepreciation(
  db: Db,
  auth: AuthContext,
  f: { startDate: string; endDate: string; periodType: 'day' | 'month'; teamCode?: string; truckId?: number },
) {
  let q = db
    .selectFrom('truck_depreciation as d')
    .innerJoin('truck', 'truck.id', 'd.truck_id')
    .select([
      'd.truck_id',
      'truck.team_code',
      'd.purchase_price',
      'd.purchase_date',
      'd.life_months',
      'd.residual',
    ])
    .where(inScope(auth.scope, 'truck'))
    .where('truck.deleted_at', 'is', null);
  if (f.teamCode) q = q.where('truck.team_code', 'like', `${f.teamCode}%`);
  if (f.truckId) q = q.where('d.truck_id', '=', f.truckId);
  const rows = await q.execute();
  // the months of the period with the days of each it covers
  const months: { month: string; days: number; first: number; last: number }[] = [];
  for (let d = dayStart(f.startDate); d <= dayStart(f.endDate); d += DAY_MS) {
    const date = shanghaiDate(d);
    const month = date.slice(0, 7);
    const day = Number(date.slice(8, 10));
    const current = months[months.length - 1];
    if (current?.month === month) current.last = day;
    else months.push({ month, days: daysIn(month), first: day, last: day });
  }
  return rows.map((r) => {
    const terms = termsOf(r);
    const byPeriod = new Map<number, number>();
    for (const m of months) {
      const monthly = depreciationFen(terms, m.month);
      if (monthly === 0) continue;
      const monthKey = Number(m.month.replace('-', ''));
      if (f.periodType === 'month') {
        const fen = Math.floor((m.last * monthly) / m.days) - Math.floor(((m.first - 1) * monthly) / m.days);
        byPeriod.set(monthKey, (byPeriod.get(monthKey) ?? 0) + fen);
      } else
        for (let day = m.first; day <= m.last; day++)
          byPeriod.set(monthKey * 100 + day, dayShare(monthly, day, m.days));
    }
    return { truckId: r.truck_id, teamCode: r.team_code, byPeriod };
  });
}

const moneyField = (label: string, min: number) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? '' : String(v).trim()),
    z.string().transform((text, ctx) => {
      if (!/^\d{1,10}(\.\d{1,2})?$/.test(text)) {
        ctx.addIssue({
          code: 'custom',
          message: text === '' ? `请填写${label}` : `${label}应为金额，最多两位小数`,
        });
        return z.NEVER;
      }
      const fen = Number(yuanToFen(text));
      if (fen < min) {
        ctx.addIssue({ code: 'custom', message: `${label}应大于0` });
        return z.NEVER;
      }
      return fen;
    }),
  );

const saveBody = z
  .object({
    truckId: idField(`请选择${L.truckId}`),
    purchasePrice: moneyField(L.purchasePrice, 1),
    purchaseDate: z.preprocess(
      blank,
      z.string({ error: `请选择${L.purchaseDate}` }).refine(isDateText, DATE_MESSAGE),
    ),
    lifeMonths: z.coerce
      .number({ error: `请填写${L.lifeMonths}` })
      .int(`${L.lifeMonths}应为1-600的整数`)
      .min(1, `${L.lifeMonths}应为1-600的整数`)
      .max(600, `${L.lifeMonths}应为1-600的整数`),
    residual: moneyField(L.residual, 0),
  })
  .refine((b) => b.residual < b.purchasePrice, {
    message: `${L.residual}应小于${L.purchasePrice}`,
    path: ['residual'],
  });

const listBody = z.object({
  teamCode: teamFilter,
  truckId: z.preprocess(blank, idField(`${L.truckId}不正确`).optional()),
  /** 1: trucks with terms only, 0: without, empty: all. */
  set: z.preprocess(
    blank,
    z.coerce
      .number()
      .pipe(z.union([z.literal(0), z.literal(1)]))
      .optional(),
  ),
  ...paging,
});

const termsText = (t: DepreciationTerms) =>
  `${L.purchasePrice}${fenToYuan(t.purchasePrice)}，${L.purchaseDate}${t.purchaseDate}，${L.lifeMonths}${t.lifeMonths}，${L.residual}${fenToYuan(t.residual)}`;

export function registerDepreciationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  route(app, TAG, {
    method: 'POST',
    url: '/miscellaneous/depreciation/list',
    summary: '车辆折旧设置：管辖内车辆及其购置价格、购置日期、折旧月数、残值，本月折旧、累计折旧与净值（元）',
    access: CODES,
    list: true,
    labels: L,
    body: listBody,
    handler: async ({ auth, body }) => {
      let q = db
        .selectFrom('truck')
        .leftJoin('truck_depreciation as d', 'd.truck_id', 'truck.id')
        .leftJoin('team', (j) =>
          j
            .onRef('team.merchant_id', '=', 'truck.merchant_id')
            .onRef('team.team_code', '=', 'truck.team_code'),
        )
        .where(inScope(auth.scope, 'truck'))
        .where('truck.deleted_at', 'is', null);
      if (body.teamCode) q = q.where('truck.team_code', 'like', `${body.teamCode}%`);
      if (body.truckId) q = q.where('truck.id', '=', body.truckId);
      if (body.set === 1) q = q.where('d.truck_id', 'is not', null);
      if (body.set === 0) q = q.where('d.truck_id', 'is', null);
      const [rows, count] = await Promise.all([
        q
          .select([
            'truck.id',
            'truck.car_no',
            'truck.car_info_type',
            'team.team_name',
            'd.purchase_price',
            'd.purchase_date',
            'd.life_months',
            'd.residual',
            'd.updated_at',
          ])
          .orderBy('truck.car_no')
          .limit(body.pageSize)
          .offset((body.pageNum - 1) * body.pageSize)
          .execute(),
        q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
      ]);
      const month = formatDateTime(new Date(ctx.config.now())).slice(0, 7);
      const list = rows.map((r) => {
        const set = r.purchase_date != null;
        const terms = set
          ? termsOf({
              purchase_price: Number(r.purchase_price),
              purchase_date: r.purchase_date as string,
              life_months: Number(r.life_months),
              residual: Number(r.residual),
            })
          : null;
        let accumulated = 0;
        if (terms) {
          const [y, m] = terms.purchaseDate.split('-').map(Number) as [number, number];
          for (let k = 0; k < terms.lifeMonths; k++) {
            const at = `${y + Math.floor((m - 1 + k) / 12)}-${String(((m - 1 + k) % 12) + 1).padStart(2, '0')}`;
            if (at > month) break;
            accumulated += depreciationFen(terms, at);
          }
        }
        return {
          truckId: r.id,
          carNo: r.car_no,
          teamName: r.team_name ?? '',
          hired: Number(r.car_info_type) === 3,
          set,
          purchasePrice: terms ? fenToYuan(terms.purchasePrice) : '',
          purchaseDate: terms?.purchaseDate ?? '',
          lifeMonths: terms?.lifeMonths ?? null,
          residual: terms ? fenToYuan(terms.residual) : '',
          monthly: terms ? fenToYuan(depreciationFen(terms, month)) : '',
          accumulated: terms ? fenToYuan(accumulated) : '',
          netValue: terms ? fenToYuan(terms.purchasePrice - accumulated) : '',
          updatedAt: r.updated_at ? formatDateTime(new Date(Number(r.updated_at))) : '',
        };
      });
      return { list, total: Number(count.n) };
    },
  });

  route(app, TAG, {
    method: 'POST',
    url: '/miscellaneous/depreciation/save',
    summary: '保存车辆折旧：购置价格(元)、购置日期、折旧月数、残值(元)；月折旧=(价格−残值)/月数',
    access: CODES,
    labels: L,
    body: saveBody,
    handler: async ({ auth, body }) => {
      const truck = await db
        .selectFrom('truck')
        .select(['id', 'team_code', 'car_no'])
        .where(inScope(auth.scope, 'truck'))
        .where('deleted_at', 'is', null)
        .where('id', '=', body.truckId)
        .executeTakeFirst();
      if (!truck) throw badInput(`${L.truckId}: 车辆不存在或无权操作`);
      const before = await db
        .selectFrom('truck_depreciation')
        .selectAll()
        .where('truck_id', '=', body.truckId)
        .executeTakeFirst();
      const now = ctx.config.now();
      const values = {
        merchant_id: auth.merchantId,
        team_code: truck.team_code,
        purchase_price: body.purchasePrice,
        purchase_date: body.purchaseDate,
        life_months: body.lifeMonths,
        residual: body.residual,
        updated_by: auth.userId,
        updated_at: now,
      };
      const terms = termsOf(values);
      await db.transaction().execute(async (tx) => {
        if (before)
          await tx
            .updateTable('truck_depreciation')
            .set(values)
            .where('truck_id', '=', body.truckId)
            .execute();
        else
          await tx
            .insertInto('truck_depreciation')
            .values({ truck_id: body.truckId, ...values })
            .execute();
        await writeCostLog(tx, auth, {
          dataId: body.truckId,
          teamCode: truck.team_code,
          page: OPERATE_LOG_PAGES.truckDepreciation,
          content: before
            ? `修改车辆折旧 ${truck.car_no}：${termsText(termsOf(before))} → ${termsText(terms)}`
            : `设置车辆折旧 ${truck.car_no}：${termsText(terms)}`,
          now,
        });
      });
      return { truckId: body.truckId, monthly: fenToYuan(depreciationFen(terms, terms.purchaseDate)) };
    },
  });

  route(app, TAG, {
    method: 'POST',
    url: '/miscellaneous/depreciation/delete',
    summary: '清除车辆折旧设置（此后成本分析不再计入该车折旧）',
    access: CODES,
    labels: L,
    body: z.object({ truckId: idField(`请选择${L.truckId}`) }),
    handler: async ({ auth, body }) => {
      const row = await db
        .selectFrom('truck_depreciation as d')
        .innerJoin('truck', 'truck.id', 'd.truck_id')
        .select([
          'truck.team_code',
          'truck.car_no',
          'd.purchase_price',
          'd.purchase_date',
          'd.life_months',
          'd.residual',
        ])
        .where(inScope(auth.scope, 'truck'))
        .where('d.truck_id', '=', body.truckId)
        .executeTakeFirst();
      if (!row) throw badInput(`${L.truckId}: 车辆折旧设置不存在或无权操作`);
      const now = ctx.config.now();
      await db.transaction().execute(async (tx) => {
        await tx.deleteFrom('truck_depreciation').where('truck_id', '=', body.truckId).execute();
        await writeCostLog(tx, auth, {
          dataId: body.truckId,
          teamCode: row.team_code,
          page: OPERATE_LOG_PAGES.truckDepreciation,
          content: `清除车辆折旧 ${row.car_no}：${termsText(termsOf(row))}`,
          now,
        });
      });
    },
  });
}
