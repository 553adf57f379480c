import {
  type FuelRate,
  fenToYuan,
  fuelPer100Km,
  OPERATE_LOG_PAGES,
  PLAN_RECORD,
  planCost,
  SALARY_SETTLE_TYPES,
  trimTons,
  yuanToFen,
} from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import { badInput } from '../../http/envelope';
import { idField } from '../../http/form-fields';
import { route } from '../../http/route';
import { changeableRow } from '../../records/repository';
import { recordOperation } from '../operate-log/operate-log.repository';

const CODES = PLAN_RECORD.readCodes;
const DAY_MS = 86_400_000;
/** Trips of the last this many days give a truck's fuel use. */
export const FUEL_DAYS = 30;
/** Closed trips shorter than this in total (0.1 km) say too little of the truck's fuel use. */
const MIN_TRIP_TENTHS_KM = 100;

/** The prices a merchant has not set: diesel 7.80 元/L, tolls 1.50 元/km. */
export const DEFAULT_COST_SETTING = { fuelPriceFen: 780, tollFenPerKm: 150, fuelPer100Km: null } as const;

interface CostSetting {
  fuelPriceFen: number;
  tollFenPerKm: number;
  /** 0.1 L per 100 km, null: the alarm rule's fuel limit. */
  fuelPer100Km: number | null;
  saved: boolean;
  updatedAt: number | null;
}

async function costSetting(db: Kysely<Database>, merchantId: number): Promise<CostSetting> {
  const row = await db
    .selectFrom('plan_cost_setting')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
  if (!row) return { ...DEFAULT_COST_SETTING, saved: false, updatedAt: null };
  return {
    fuelPriceFen: Number(row.fuel_price_fen),
    tollFenPerKm: Number(row.toll_fen_per_km),
    fuelPer100Km: row.fuel_per_100km === null ? null : Number(row.fuel_per_100km),
    saved: true,
    updatedAt: Number(row.updated_at),
  };
}

const tenths = (n: number) => (n / 10).toFixed(1);

function settingView(s: CostSetting) {
  return {
    fuelPrice: fenToYuan(s.fuelPriceFen),
    fuelPriceFen: s.fuelPriceFen,
    tollPerKm: fenToYuan(s.tollFenPerKm),
    tollFenPerKm: s.tollFenPerKm,
    fuelPer100Km: s.fuelPer100Km === null ? '' : tenths(s.fuelPer100Km),
    saved: s.saved,
  };
}

/** A litre figure given in 0.1 L as text: '' or up to 3 digits and one decimal. */
const fuelField = z.preprocess(
  (v) => (v === null || v === undefined ? '' : String(v).trim()),
  z
    .string()
    .regex(/^(\d{1,3}(\.\d)?)?$/, '须为0.1-999.9之间的数，最多一位小数')
    .transform((v) => (v === '' ? null : Math.round(Number(v) * 10)))
    .refine((v) => v === null || v > 0, '须为0.1-999.9之间的数，最多一位小数'),
);
const yuanField = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z
      .string({ error: `请填写${label}` })
      .trim()
      .regex(/^(0|[1-9]\d{0,5})(\.\d{1,2})?$/, '须为金额（元），最多两位小数'),
  );

/**
 * 成本估算 of a plan (GET /plan/costInfo) and the merchant's prices it uses (GET/POST
 * /plan/cost/settings). Fuel = the line's distance × the truck's fuel use × the fuel price; the fuel
 * use is that of the truck's closed trips of the last 30 days (fuel used over km), else the merchant's
 * set fuel use, else the fuel limit of the truck's alarm rule (油耗异常). Tolls = distance × toll per
 * km. Driver pay = the driver's salary settings (per trip, per ton of the planned weight, per ton-km).
 * All money whole fen, each part rounded once.
 */
export function registerPlanCostRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = '发车计划';
  const { db } = ctx;

  route(app, tag, {
    method: 'GET',
    url: '/plan/cost/settings',
    summary:
      '计划成本单价：油价（元/升）、路桥费（元/公里）、无近期行程时采用的百公里油耗（升，空为油耗报警规则的上限）',
    access: CODES,
    handler: async ({ auth }) => settingView(await costSetting(db, auth.merchantId)),
  });

  route(app, tag, {
    method: 'POST',
    url: '/plan/cost/settings',
    summary: '保存计划成本单价（本商户），变更记入操作日志',
    access: CODES,
    labels: { fuelPrice: '油价', tollPerKm: '路桥费单价', fuelPer100Km: '默认百公里油耗' },
    body: z.object({
      fuelPrice: yuanField('油价'),
      tollPerKm: yuanField('路桥费单价'),
      fuelPer100Km: fuelField.optional().default(null),
    }),
    handler: async ({ auth, body }) => {
      const before = await costSetting(db, auth.merchantId);
      const values = {
        fuel_price_fen: yuanToFen(body.fuelPrice),
        toll_fen_per_km: yuanToFen(body.tollPerKm),
        fuel_per_100km: body.fuelPer100Km ?? null,
        updated_by: auth.userId,
        updated_at: ctx.config.now(),
      };
      if (values.fuel_price_fen <= 0) throw badInput('油价: 须大于0');
      const after: CostSetting = {
        fuelPriceFen: values.fuel_price_fen,
        tollFenPerKm: values.toll_fen_per_km,
        fuelPer100Km: values.fuel_per_100km,
        saved: true,
        updatedAt: values.updated_at,
      };
      const a = settingView(before);
      const b = settingView(after);
      const changes = [
        a.fuelPrice !== b.fuelPrice ? `油价：${a.fuelPrice}→${b.fuelPrice}元/升` : '',
        a.tollPerKm !== b.tollPerKm ? `路桥费：${a.tollPerKm}→${b.tollPerKm}元/公里` : '',
        a.fuelPer100Km !== b.fuelPer100Km
          ? `默认百公里油耗：${a.fuelPer100Km || '按报警规则'}→${b.fuelPer100Km || '按报警规则'}升`
          : '',
      ].filter((c) => c !== '');
      await db.transaction().execute(async (tx) => {
        if (before.saved)
          await tx
            .updateTable('plan_cost_setting')
            .set(values)
            .where('merchant_id', '=', auth.merchantId)
            .execute();
        else
          await tx
            .insertInto('plan_cost_setting')
            .values({ merchant_id: auth.merchantId, ...values })
            .execute();
        await recordOperation(
          tx,
          auth,
          {
            pageEnum: OPERATE_LOG_PAGES.planCostSetting,
            dataId: auth.merchantId,
            teamCode: auth.teamCode,
            content: `修改计划成本单价：${changes.join('；') || '无变化'}`,
          },
          values.updated_at,
        );
      });
      return b;
    },
  });

  route(app, tag, {
    method: 'GET',
    url: '/plan/costInfo',
    summary:
      '计划成本估算（GET ?id）：燃油费（线路里程×车辆近30天行程的百公里油耗×油价，无行程时按默认油耗或油耗报警上限）、路桥费（里程×单价）、司机工资（按司机计薪方式）及合计，各项注明依据，金额单位分',
    access: CODES,
    labels: { id: PLAN_RECORD.labels.id },
    query: z.object({ id: idField('发车计划不正确') }),
    handler: async ({ auth, query }) => {
      const plan = await changeableRow(db, auth, PLAN_RECORD, query.id);
      const setting = await costSetting(db, auth.merchantId);
      const lineId = plan.line_id === null ? null : Number(plan.line_id);
      const truckId = plan.truck_id === null ? null : Number(plan.truck_id);
      const driverId = plan.driver_id === null ? null : Number(plan.driver_id);
      const plannedKg = plan.planned_kg === null ? 0 : Number(plan.planned_kg);
      const line = lineId
        ? await db.selectFrom('line').select(['name', 'distance']).where('id', '=', lineId).executeTakeFirst()
        : undefined;
      let distanceM = line ? Number(line.distance) : 0;
      if (!line) {
        const sum = await db
          .selectFrom('plan_station')
          .select((eb) => eb.fn.sum<number | string | null>('distance').as('m'))
          .where('plan_id', '=', plan.id)
          .executeTakeFirst();
        distanceM = Number(sum?.m ?? 0);
      }
      const km = (distanceM / 1000).toFixed(1);

      // the truck's fuel use: its closed trips of the last 30 days that measured fuel
      const since = ctx.config.now() - FUEL_DAYS * DAY_MS;
      const trips = truckId
        ? await db
            .selectFrom('trip')
            .select((eb) => [
              eb.fn.countAll<number | string>().as('n'),
              eb.fn.sum<number | string | null>('mileage').as('mileage'),
              eb.fn.sum<number | string | null>('fuel_used').as('fuel'),
            ])
            .where('truck_id', '=', truckId)
            .where('merchant_id', '=', auth.merchantId)
            .where('end_time', 'is not', null)
            .where('start_time', '>=', since)
            .where('fuel_used', 'is not', null)
            .where('mileage', '>', 0)
            .executeTakeFirst()
        : undefined;
      const tripCount = Number(trips?.n ?? 0);
      const tripTenthsKm = Number(trips?.mileage ?? 0);
      const tripTenthsL = Number(trips?.fuel ?? 0);
      let fuel: FuelRate;
      let basis: 'trips' | 'setting' | 'alarmRule';
      let basisText: string;
      if (tripCount > 0 && tripTenthsKm >= MIN_TRIP_TENTHS_KM && tripTenthsL > 0) {
        fuel = { num: tripTenthsL, den: tripTenthsKm };
        basis = 'trips';
        basisText = `车辆近${FUEL_DAYS}天${tripCount}个行程：共${tenths(tripTenthsKm)}公里、耗油${tenths(tripTenthsL)}升`;
      } else if (setting.fuelPer100Km !== null) {
        fuel = { num: setting.fuelPer100Km, den: 1000 };
        basis = 'setting';
        basisText = `车辆近${FUEL_DAYS}天无油耗行程，按商户设置的默认百公里油耗`;
      } else {
        const teamCode = String(plan.team_code);
        const rule = truckId
          ? ctx.telematics.alarmSettings.rulesFor(truckId, teamCode).rules.fuelUse.maxLPer100km
          : 0;
        fuel = { num: Math.round(rule * 10), den: 1000 };
        basis = 'alarmRule';
        basisText = `车辆近${FUEL_DAYS}天无油耗行程，按油耗异常报警规则的百公里油耗上限`;
      }

      const salary = driverId
        ? await db
            .selectFrom('driver_salary_info')
            .leftJoin('driver', 'driver.id', 'driver_salary_info.driver_id')
            .select(['driver_salary_info.settle_type', 'driver_salary_info.unit_price', 'driver.name'])
            .where('driver_salary_info.driver_id', '=', driverId)
            .where('driver_salary_info.merchant_id', '=', auth.merchantId)
            .executeTakeFirst()
        : undefined;
      const pay = salary
        ? { settleType: Number(salary.settle_type), unitPriceFen: Number(salary.unit_price) }
        : null;
      const figures = planCost({
        distanceM,
        plannedKg,
        fuel,
        fuelPriceFen: setting.fuelPriceFen,
        tollFenPerKm: setting.tollFenPerKm,
        pay,
      });
      const settleName = pay
        ? (SALARY_SETTLE_TYPES.find((s) => s.value === pay.settleType)?.label ?? '')
        : '';
      const unit = pay ? fenToYuan(pay.unitPriceFen) : '';
      const tons = trimTons(plannedKg) || '0';
      const payBasis = !driverId
        ? '计划未指定司机'
        : !pay
          ? '司机未设置工资信息，按0计'
          : pay.settleType === 1
            ? `${settleName}：${unit}元/趟 × 1趟`
            : pay.settleType === 2
              ? `${settleName}：${unit}元/吨 × 计划${tons}吨`
              : `${settleName}：${unit}元/吨公里 × 计划${tons}吨 × ${km}公里`;
      const per100 = fuelPer100Km(fuel);
      return {
        planId: plan.id,
        planNo: String(plan.plan_no),
        lineName: line?.name ?? '',
        distanceM,
        distanceKm: km,
        plannedTons: tons,
        fuel: {
          basis,
          basisText,
          per100Km: per100,
          litres: (figures.fuelCentilitres / 100).toFixed(2),
          priceFen: setting.fuelPriceFen,
          price: fenToYuan(setting.fuelPriceFen),
          amountFen: figures.fuelFen,
          amount: fenToYuan(figures.fuelFen),
          formula: `${km}公里 × ${per100}升/百公里 × ${fenToYuan(setting.fuelPriceFen)}元/升`,
        },
        toll: {
          perKmFen: setting.tollFenPerKm,
          perKm: fenToYuan(setting.tollFenPerKm),
          amountFen: figures.tollFen,
          amount: fenToYuan(figures.tollFen),
          formula: `${km}公里 × ${fenToYuan(setting.tollFenPerKm)}元/公里`,
        },
        driverPay: {
          driverName: salary?.name ?? '',
          settleType: pay?.settleType ?? null,
          settleTypeName: settleName,
          unitPriceFen: pay?.unitPriceFen ?? 0,
          amountFen: figures.driverPayFen,
          amount: fenToYuan(figures.driverPayFen),
          basisText: payBasis,
        },
        totalFen: figures.totalFen,
        total: fenToYuan(figures.totalFen),
        pricesSaved: setting.saved,
      };
    },
  });
}
