import { fenToYuan, formatDateTime, moneySchema, OPERATE_LOG_PAGES, yuanToFen } from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import { badInput } from '../../http/envelope';
import { idField } from '../../http/form-fields';
import { usableRecords } from '../../http/references';
import { route } from '../../http/route';
import { recordOperation } from '../operate-log/operate-log.repository';
import { CONFIG_CODES } from './salary-codes';

/** A line's own salary terms: fen per ton-km (null: the default), target fuel use in 0.1 L per 100 km. */
export interface LineRule {
  lineId: number;
  tonKmFen: number | null;
  fuelTarget: number | null;
}

/** A merchant's salary rules, money whole fen. */
export interface SalaryConfig {
  tripFen: number;
  tonFen: number;
  tonKmFen: number;
  baseFen: number;
  latePenaltyFen: number;
  fuelBonusFen: number;
  allowanceFen: number;
  lineRules: LineRule[];
  saved: boolean;
  updatedAt: number | null;
  updatedByName: string;
}

const EMPTY: SalaryConfig = {
  tripFen: 0,
  tonFen: 0,
  tonKmFen: 0,
  baseFen: 0,
  latePenaltyFen: 0,
  fuelBonusFen: 0,
  allowanceFen: 0,
  lineRules: [],
  saved: false,
  updatedAt: null,
  updatedByName: '',
};

function parseLineRules(text: string): LineRule[] {
  try {
    const value = JSON.parse(text) as unknown;
    if (!Array.isArray(value)) return [];
    return value.flatMap((r) =>
      r && typeof r === 'object' && Number.isSafeInteger((r as LineRule).lineId)
        ? [
            {
              lineId: (r as LineRule).lineId,
              tonKmFen: Number.isSafeInteger((r as LineRule).tonKmFen) ? (r as LineRule).tonKmFen : null,
              fuelTarget: Number.isSafeInteger((r as LineRule).fuelTarget)
                ? (r as LineRule).fuelTarget
                : null,
            },
          ]
        : [],
    );
  } catch {
    return [];
  }
}

export async function salaryConfig(db: Kysely<Database>, merchantId: number): Promise<SalaryConfig> {
  const row = await db
    .selectFrom('driver_salary_config')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
  if (!row) return { ...EMPTY, lineRules: [] };
  return {
    tripFen: Number(row.trip_fen),
    tonFen: Number(row.ton_fen),
    tonKmFen: Number(row.ton_km_fen),
    baseFen: Number(row.base_fen),
    latePenaltyFen: Number(row.late_penalty_fen),
    fuelBonusFen: Number(row.fuel_bonus_fen),
    allowanceFen: Number(row.allowance_fen),
    lineRules: parseLineRules(row.line_rules),
    saved: true,
    updatedAt: Number(row.updated_at),
    updatedByName: row.updated_by_name ?? '',
  };
}

/** 0.1 L as '32.0'. */
export const litres = (tenths: number) => `${Math.floor(tenths / 10)}.${tenths % 10}`;

const MONEY_FIELDS = [
  ['tripFen', 'perTrip', '每趟单价', '元/趟'],
  ['tonFen', 'perTon', '每吨单价', '元/吨'],
  ['tonKmFen', 'perTonKm', '默认吨公里单价', '元/吨公里'],
  ['baseFen', 'basePay', '月底薪', '元'],
  ['latePenaltyFen', 'latePenalty', '到达超时罚款', '元/次'],
  ['fuelBonusFen', 'fuelBonus', '节油奖励', '元/升'],
  ['allowanceFen', 'allowance', '固定补贴', '元/月'],
] as const;

export const CONFIG_LABELS: Record<string, string> = {
  perTrip: '每趟单价',
  perTon: '每吨单价',
  perTonKm: '默认吨公里单价',
  basePay: '月底薪',
  latePenalty: '到达超时罚款',
  fuelBonus: '节油奖励',
  allowance: '固定补贴',
  lineRules: '线路规则',
  lineId: '线路',
  fuelTarget: '目标百公里油耗',
};

/** The rules as the API answers them: yuan texts and the fen beside them. */
export async function configView(db: Kysely<Database>, c: SalaryConfig) {
  const names = new Map<number, string>();
  if (c.lineRules.length) {
    const lines = await db
      .selectFrom('line')
      .select(['id', 'name'])
      .where(
        'id',
        'in',
        c.lineRules.map((r) => r.lineId),
      )
      .execute();
    for (const l of lines) names.set(l.id, l.name);
  }
  const view: Record<string, unknown> = {};
  for (const [fen, yuan] of MONEY_FIELDS) {
    view[yuan] = fenToYuan(c[fen]);
    view[`${yuan}Fen`] = c[fen];
  }
  return {
    ...view,
    lineRules: c.lineRules.map((r) => ({
      lineId: r.lineId,
      lineName: names.get(r.lineId) ?? '（线路已删除）',
      perTonKm: r.tonKmFen === null ? '' : fenToYuan(r.tonKmFen),
      perTonKmFen: r.tonKmFen,
      fuelTarget: r.fuelTarget === null ? '' : litres(r.fuelTarget),
    })),
    saved: c.saved,
    updatedByName: c.updatedByName,
    updateTime: c.updatedAt === null ? '' : formatDateTime(new Date(c.updatedAt)),
  };
}

const optionalMoney = z.preprocess(
  (v) => (v === null || v === undefined || (typeof v === 'string' && v.trim() === '') ? undefined : v),
  moneySchema.optional(),
);
/** Litres per 100 km with at most one decimal, 0.1–999.9. */
const fuelTargetField = z.preprocess(
  (v) => (v === null || v === undefined ? '' : String(v).trim()),
  z
    .string()
    .regex(/^(\d{1,3}(\.\d)?)?$/, '须为0.1-999.9之间的数，最多一位小数')
    .transform((v) => (v === '' ? null : Math.round(Number(v) * 10)))
    .refine((v) => v === null || v > 0, '须为0.1-999.9之间的数，最多一位小数'),
);

export const configForm = z.object({
  perTrip: moneySchema.default('0'),
  perTon: moneySchema.default('0'),
  perTonKm: moneySchema.default('0'),
  basePay: moneySchema.default('0'),
  latePenalty: moneySchema.default('0'),
  fuelBonus: moneySchema.default('0'),
  allowance: moneySchema.default('0'),
  lineRules: z
    .array(
      z.object({
        lineId: idField('请选择线路'),
        perTonKm: optionalMoney,
        fuelTarget: fuelTargetField.optional().default(null),
      }),
    )
    .max(200, '最多200条线路规则')
    .default([]),
});

const ruleText = (r: LineRule, name: string) =>
  `${name}（吨公里单价${r.tonKmFen === null ? '默认' : `${fenToYuan(r.tonKmFen)}元`}，目标油耗${r.fuelTarget === null ? '无' : `${litres(r.fuelTarget)}升/百公里`}）`;

/**
 * 工资规则 (GET /colliery/driver/salary/config/detail, POST …/save): one row per merchant, every
 * change logged with the old and new values.
 */
export function registerSalaryConfigRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = '司机工资';
  const { db } = ctx;

  route(app, tag, {
    method: 'GET',
    url: '/colliery/driver/salary/config/detail',
    summary:
      '司机工资规则（本商户）：每趟、每吨、默认每吨公里单价，线路吨公里单价与目标百公里油耗，月底薪、到达超时罚款（每次）、节油奖励（每升）、固定补贴（每月）；金额为元（两位小数）并附分',
    access: CONFIG_CODES,
    handler: async ({ auth }) => configView(db, await salaryConfig(db, auth.merchantId)),
  });

  route(app, tag, {
    method: 'POST',
    url: '/colliery/driver/salary/config/save',
    summary:
      '保存司机工资规则（金额为元，最多两位小数；目标百公里油耗为升，一位小数）；变更前后的值记入操作日志',
    access: CONFIG_CODES,
    labels: CONFIG_LABELS,
    body: configForm,
    handler: async ({ auth, body }) => {
      const seen = new Set<number>();
      for (const r of body.lineRules) {
        if (seen.has(r.lineId)) throw badInput('线路规则: 同一线路只能设置一条');
        seen.add(r.lineId);
      }
      const lines = await usableRecords(db, auth.scope, 'line', [...seen]);
      for (const id of seen) if (!lines.has(id)) throw badInput('线路: 不存在或不在您的管辖范围内');
      const before = await salaryConfig(db, auth.merchantId);
      const at = ctx.config.now();
      const after: SalaryConfig = {
        tripFen: yuanToFen(body.perTrip),
        tonFen: yuanToFen(body.perTon),
        tonKmFen: yuanToFen(body.perTonKm),
        baseFen: yuanToFen(body.basePay),
        latePenaltyFen: yuanToFen(body.latePenalty),
        fuelBonusFen: yuanToFen(body.fuelBonus),
        allowanceFen: yuanToFen(body.allowance),
        lineRules: body.lineRules.map((r) => ({
          lineId: r.lineId,
          tonKmFen: r.perTonKm === undefined ? null : yuanToFen(r.perTonKm),
          fuelTarget: r.fuelTarget ?? null,
        })),
        saved: true,
        updatedAt: at,
        updatedByName: auth.nickname,
      };
      const changes: string[] = [];
      for (const [fen, , label, unit] of MONEY_FIELDS)
        if (before[fen] !== after[fen])
          changes.push(`${label}：${fenToYuan(before[fen])}→${fenToYuan(after[fen])}${unit}`);
      const names = new Map([...lines.values()].map((l) => [l.id, l.name]));
      const oldRules = before.lineRules.map((r) => ruleText(r, names.get(r.lineId) ?? `线路${r.lineId}`));
      const newRules = after.lineRules.map((r) => ruleText(r, names.get(r.lineId) ?? `线路${r.lineId}`));
      if (oldRules.join('、') !== newRules.join('、'))
        changes.push(`线路规则：${oldRules.join('、') || '无'}→${newRules.join('、') || '无'}`);
      const values = {
        trip_fen: after.tripFen,
        ton_fen: after.tonFen,
        ton_km_fen: after.tonKmFen,
        base_fen: after.baseFen,
        late_penalty_fen: after.latePenaltyFen,
        fuel_bonus_fen: after.fuelBonusFen,
        allowance_fen: after.allowanceFen,
        line_rules: JSON.stringify(after.lineRules),
        updated_by: auth.userId,
        updated_by_name: auth.nickname,
        updated_at: at,
      };
      await db.transaction().execute(async (tx) => {
        const exists = await tx
          .selectFrom('driver_salary_config')
          .select('merchant_id')
          .where('merchant_id', '=', auth.merchantId)
          .executeTakeFirst();
        if (exists)
          await tx
            .updateTable('driver_salary_config')
            .set(values)
            .where('merchant_id', '=', auth.merchantId)
            .execute();
        else
          await tx
            .insertInto('driver_salary_config')
            .values({ merchant_id: auth.merchantId, ...values })
            .execute();
        await recordOperation(
          tx,
          auth,
          {
            pageEnum: OPERATE_LOG_PAGES.driverSalary,
            dataId: auth.merchantId,
            teamCode: auth.teamCode,
            content: `修改司机工资规则：${changes.join('；') || '无变化'}`,
          },
          at,
        );
      });
      return configView(db, after);
    },
  });
}
