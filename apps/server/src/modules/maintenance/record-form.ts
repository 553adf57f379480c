import {
  COST_TYPE,
  MAINTENANCE_PLAN_RECORD,
  MAINTENANCE_RECORD_RECORD,
  MAINTENANCE_TARGET,
} from '@fleet/domain';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { badInput } from '../../http/envelope';
import { DATE_MESSAGE, idField, isDateText, optionalText } from '../../http/form-fields';
import { blank } from '../../records/filters';
import { recordLog } from '../../records/repository';
import type { CostInsert } from '../costs/cost-write';
import { invoiceImagesField } from '../files/invoice-images';
import type { Operation } from '../operate-log/operate-log.repository';

// The form of a maintenance record (add and edit), the plan it is made under, the 保养 cost it keeps
// in the cost centre and how it moves its plan's last service.

const L = MAINTENANCE_RECORD_RECORD.labels;

/** The largest amount of the money rule, in fen (10,000,000 yuan). */
const MAX_FEN = 1_000_000_000;

export const recordForm = z.object({
  truckId: idField('请选择车辆'),
  planId: z.preprocess(blank, idField('保养计划不正确').optional()),
  maintainDate: z.preprocess(blank, z.string({ error: '请选择保养日期' }).refine(isDateText, DATE_MESSAGE)),
  mileageKm: z.preprocess(
    blank,
    z.coerce
      .number({ error: '保养里程应为0-9999999的整数（公里）' })
      .int('保养里程应为0-9999999的整数（公里）')
      .min(0, '保养里程应为0-9999999的整数（公里）')
      .max(9_999_999, '保养里程应为0-9999999的整数（公里）')
      .optional(),
  ),
  items: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.string({ error: '请输入保养项目' }).min(1, '请输入保养项目').max(200, '最多输入200个字符'),
  ),
  workshop: optionalText(50),
  amountFen: z.coerce
    .number({ error: '请输入保养费用' })
    .int('保养费用最多两位小数')
    .min(1, '保养费用应大于0')
    .max(MAX_FEN, '保养费用不能超过10000000元'),
  invoiceImages: invoiceImagesField,
  remark: optionalText(200),
});
export type RecordForm = z.output<typeof recordForm>;

export /** The plan a record is made under: in scope and covering the truck. */
async function planFor(db: Kysely<Database>, auth: AuthContext, planId: number, truckId: number) {
  const plan = await db
    .selectFrom('maintenance_plan')
    .selectAll()
    .where('id', '=', planId)
    .where('merchant_id', '=', auth.merchantId)
    .where('team_code', 'like', `${auth.scope.teamCode}%`)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  const truck = await db
    .selectFrom('truck')
    .select(['brand', 'series', 'team_code'])
    .where('id', '=', truckId)
    .executeTakeFirst();
  const covers =
    plan &&
    truck &&
    (plan.target_type === MAINTENANCE_TARGET.truck
      ? plan.truck_id === truckId
      : (truck.brand ?? '') === (plan.brand ?? '') &&
        (!plan.series || truck.series === plan.series) &&
        truck.team_code.startsWith(plan.team_code));
  if (!plan || !covers) throw badInput(`${L.planId}: 保养计划不存在或无权操作`);
  return plan;
}

type Plan = Awaited<ReturnType<typeof planFor>>;

/** The 保养 cost (cost type 3, source 3) a record keeps, on the truck and its current driver. */
export function recordCost(
  form: RecordForm,
  truck: { id: number; teamCode: string; driverId: number | null },
  merchantId: number,
): CostInsert {
  return {
    merchantId,
    teamCode: truck.teamCode,
    truckId: truck.id,
    driverId: truck.driverId,
    costType: COST_TYPE.maintenance,
    costDate: form.maintainDate,
    amount: form.amountFen,
    place: form.workshop,
    invoiceImages: form.invoiceImages,
    remark: `保养：${form.items}`.slice(0, 200),
    source: 3,
  };
}

/** Moves a truck plan's last service to `last` (in `tx`); the log entry of the move. */
async function setPlanLast(
  tx: Kysely<Database>,
  plan: Pick<Plan, 'id' | 'team_code' | 'last_date' | 'last_km'>,
  last: { date: string; km: number | null },
  at: number,
): Promise<Operation> {
  await tx
    .updateTable('maintenance_plan')
    .set({ last_date: last.date, last_km: last.km, updated_at: at })
    .where('id', '=', plan.id)
    .execute();
  return recordLog(
    MAINTENANCE_PLAN_RECORD,
    plan.id,
    plan.team_code,
    `保养记录更新上次保养：${plan.last_date ?? '-'}→${last.date}，${plan.last_km ?? '-'}→${last.km ?? '-'}公里`,
  );
}

/**
 * A record saved under a truck plan is its last service when none is later: the plan's last service
 * moves to it (a brand and series plan keeps none of its own). The log entry, or null.
 */
export async function followRecord(
  tx: Kysely<Database>,
  plan: Plan | null,
  record: { date: string; km: number | null },
  at: number,
): Promise<Operation | null> {
  if (!plan || plan.target_type !== MAINTENANCE_TARGET.truck) return null;
  if (plan.last_date && record.date < plan.last_date) return null;
  return setPlanLast(tx, plan, { date: record.date, km: record.km ?? plan.last_km }, at);
}

/**
 * A record edited away from its plan or deleted: when the truck plan's last service was this
 * record's, it goes back to the latest record left under the plan (kept as it is when none is left).
 * The log entry, or null.
 */
export async function unfollowRecord(
  tx: Kysely<Database>,
  planId: number | null,
  record: { date: string; km: number | null },
  at: number,
): Promise<Operation | null> {
  if (!planId) return null;
  const plan = await tx
    .selectFrom('maintenance_plan')
    .select(['id', 'team_code', 'target_type', 'last_date', 'last_km'])
    .where('id', '=', planId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!plan || plan.target_type !== MAINTENANCE_TARGET.truck) return null;
  if (plan.last_date !== record.date || (record.km !== null && plan.last_km !== record.km)) return null;
  const latest = await tx
    .selectFrom('maintenance_record')
    .select(['maintain_date', 'mileage_km'])
    .where('plan_id', '=', planId)
    .where('deleted_at', 'is', null)
    .orderBy('maintain_date', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!latest) return null;
  if (latest.maintain_date === plan.last_date && (latest.mileage_km ?? plan.last_km) === plan.last_km)
    return null;
  return setPlanLast(tx, plan, { date: latest.maintain_date, km: latest.mileage_km ?? plan.last_km }, at);
}
