import {
  formatDate,
  MAINTENANCE_PLAN_RECORD,
  MAINTENANCE_TARGET,
  MAINTENANCE_TARGETS,
  maintenanceStateName,
} from '@fleet/domain';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { badInput } from '../../http/envelope';
import { DATE_MESSAGE, idField, isDateText, optionalText, teamCodeField } from '../../http/form-fields';
import { usableRecord } from '../../http/references';
import { blank, enabledFilter, teamFilter, withTeamName } from '../../records/filters';
import { defineRecord, type ListedRow, type RecordDef, type RecordQuery } from '../../records/record';
import { recordLog } from '../../records/repository';
import type { ImportRowError } from '../file-tasks/file-tasks.contract';
import { recordOperations } from '../operate-log/changes';
import { teamLookup } from '../teams/team-lookup';
import { trucksByPlate } from '../trucks/trucks-by-plate';
import type { MaintenancePlanTable } from './maintenance.table';
import { dueItems, intervalText } from './plan-due';

const L = MAINTENANCE_PLAN_RECORD.labels;
const TARGET_NAMES: Record<number, string> = Object.fromEntries(
  MAINTENANCE_TARGETS.map((t) => [t.value, t.label]),
);

const empty = (v: unknown) =>
  v === '' || v === null ? undefined : typeof v === 'string' ? v.trim() || undefined : v;

const count = (max: number, message: string) =>
  z.preprocess(
    empty,
    z.coerce.number({ error: message }).int(message).min(0, message).max(max, message).optional(),
  );

const positive = (max: number, message: string) =>
  z.preprocess(
    empty,
    z.coerce.number({ error: message }).int(message).min(1, message).max(max, message).optional(),
  );

const dateText = z.preprocess(
  empty,
  z.string({ error: DATE_MESSAGE }).refine(isDateText, DATE_MESSAGE).optional(),
);

const planFields = {
  planName: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.string({ error: '请输入计划名称' }).min(1, '请输入计划名称').max(30, '最多输入30个字符'),
  ),
  targetType: z.coerce
    .number({ error: '请选择适用范围' })
    .refine((n) => n === MAINTENANCE_TARGET.truck || n === MAINTENANCE_TARGET.series, '请选择适用范围'),
  truckId: z.preprocess(empty, idField('请选择车辆').optional()),
  brand: optionalText(30),
  series: optionalText(30),
  intervalKm: positive(1_000_000, '保养间隔里程应为1-1000000的整数（公里）'),
  intervalMonths: positive(120, '保养间隔时间应为1-120的整数（月）'),
  lastDate: dateText,
  lastKm: count(9_999_999, '上次保养里程应为0-9999999的整数（公里）'),
  remindKm: count(100_000, '提前提醒里程应为0-100000的整数（公里）'),
  remindDays: count(365, '提前提醒天数应为0-365的整数'),
  items: optionalText(200),
  remark: optionalText(200),
  teamCode: teamCodeField.optional(),
};

type PlanShape = z.output<z.ZodObject<typeof planFields>>;

/** Rules across fields: the target, at least one interval, the last service a truck plan counts from. */
function planRules(f: PlanShape, ctx: z.RefinementCtx) {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (f.targetType === MAINTENANCE_TARGET.truck && !f.truckId) issue('truckId', '请选择车辆');
  if (f.targetType === MAINTENANCE_TARGET.series && !f.brand) issue('brand', '请输入品牌');
  if (!f.intervalKm && !f.intervalMonths) issue('intervalKm', '保养间隔里程和保养间隔时间至少填写一项');
  if (f.targetType === MAINTENANCE_TARGET.truck) {
    if (f.intervalMonths && !f.lastDate) issue('lastDate', '按时间保养须填写上次保养日期');
    if (f.intervalKm && f.lastKm === undefined) issue('lastKm', '按里程保养须填写上次保养里程');
  }
}

const planForm = z.object(planFields).superRefine(planRules);
const planEditForm = z.object({ ...planFields, id: idField('保养计划不正确') }).superRefine(planRules);
export type PlanForm = z.output<typeof planForm>;

const planFilter = z.object({
  planName: z
    .preprocess(blank, z.string().max(30, '最多输入30个字符').optional())
    .meta({ title: L.planName }),
  truckId: z.preprocess(blank, idField('车辆不正确').optional()).meta({ title: L.truckId }),
  targetType: z
    .preprocess(blank, z.coerce.number().int().min(1).max(2).optional())
    .meta({ title: L.targetType }),
  valid: enabledFilter,
  teamCode: teamFilter,
});
type PlanFilter = z.output<typeof planFilter>;

type PlanRow = ListedRow<MaintenancePlanTable, { car_no: string | null; merchant_id: number }>;

function planView(row: PlanRow) {
  return {
    id: row.id,
    planName: row.plan_name,
    targetType: row.target_type,
    targetTypeName: TARGET_NAMES[row.target_type] ?? '-',
    truckId: row.truck_id,
    carNo: row.car_no ?? '',
    brand: row.brand ?? '',
    series: row.series ?? '',
    target:
      row.target_type === MAINTENANCE_TARGET.truck
        ? (row.car_no ?? '')
        : [row.brand, row.series].filter(Boolean).join(' '),
    intervalKm: row.interval_km,
    intervalMonths: row.interval_months,
    intervalText: intervalText({ intervalKm: row.interval_km, intervalMonths: row.interval_months }),
    lastDate: row.last_date ?? '',
    lastKm: row.last_km,
    remindKm: row.remind_km,
    remindDays: row.remind_days,
    items: row.items ?? '',
    teamCode: row.team_code,
    teamName: row.team_name ?? '',
    remark: row.remark ?? '',
    valid: row.valid,
    /** Filled by `views`: the trucks the plan covers and the worst state among them. */
    truckCount: 0,
    overdueCount: 0,
    dueSoonCount: 0,
    nextDate: '',
    nextKm: null as number | null,
    state: 1,
    stateName: maintenanceStateName(1),
    createTime: formatDate(new Date(row.created_at)),
    updateTime: formatDate(new Date(row.updated_at)),
  };
}
type PlanView = ReturnType<typeof planView>;

const joins = (q: RecordQuery) =>
  withTeamName('maintenance_plan')(q).leftJoin('truck', 'truck.id', 'maintenance_plan.truck_id');

/** The plan's columns from a form. */
export function planColumns(form: PlanForm) {
  const truck = form.targetType === MAINTENANCE_TARGET.truck;
  return {
    team_code: form.teamCode,
    plan_name: form.planName,
    target_type: form.targetType,
    truck_id: truck ? (form.truckId ?? null) : null,
    brand: truck ? null : (form.brand ?? null),
    series: truck ? null : (form.series ?? null),
    interval_km: form.intervalKm ?? null,
    interval_months: form.intervalMonths ?? null,
    last_date: form.lastDate ?? null,
    last_km: form.lastKm ?? null,
    remind_km: form.remindKm ?? null,
    remind_days: form.remindDays ?? null,
    items: form.items ?? null,
    remark: form.remark ?? null,
  };
}

const planText = (c: Record<string, unknown>) =>
  `${String(c.plan_name)}（${intervalText({
    intervalKm: (c.interval_km as number | null) ?? null,
    intervalMonths: (c.interval_months as number | null) ?? null,
  })}）`;

/** Refuses a truck plan's last service in the future. */
function refuseFuture(form: PlanForm, now: number) {
  if (form.lastDate && form.lastDate > formatDate(new Date(now)))
    throw badInput(`${L.lastDate}: 不能晚于今天`);
}

interface PlanImportRow {
  planName: string;
  carNo: string;
  brand: string;
  series: string;
  intervalKm: string;
  intervalMonths: string;
  lastDate: string;
  lastKm: string;
  remindKm: string;
  remindDays: string;
  items: string;
  teamCode: string;
  remark: string;
}

const cell = z.preprocess((v) => (v === undefined || v === null ? '' : String(v).trim()), z.string());
const importRow = z.object({
  planName: cell,
  carNo: cell,
  brand: cell,
  series: cell,
  intervalKm: cell,
  intervalMonths: cell,
  lastDate: cell,
  lastKm: cell,
  remindKm: cell,
  remindDays: cell,
  items: cell,
  teamCode: cell,
  remark: cell,
});

/** A sheet row as the add form (a plate makes a truck plan, else a brand a series plan). */
function importForm(r: PlanImportRow, truckId: number | undefined, teamCode: string) {
  return planForm.safeParse({
    planName: r.planName,
    targetType: r.carNo ? MAINTENANCE_TARGET.truck : MAINTENANCE_TARGET.series,
    truckId: r.carNo ? (truckId ?? '') : '',
    brand: r.brand,
    series: r.series,
    intervalKm: r.intervalKm,
    intervalMonths: r.intervalMonths,
    lastDate: r.lastDate,
    lastKm: r.lastKm,
    remindKm: r.remindKm,
    remindDays: r.remindDays,
    items: r.items,
    remark: r.remark,
    teamCode,
  });
}

/**
 * 保养计划 on the record recipe: a truck plan lives in its truck's team; a series plan in the team
 * chosen, covering that team's trucks of the brand (and series). The list shows, per plan, how many
 * trucks it covers and the worst state among them.
 */
export function maintenancePlanRecord(ctx: AppContext) {
  const now = () => ctx.config.now();
  const def: RecordDef<PlanForm, PlanFilter, PlanView, PlanImportRow> = defineRecord<
    PlanForm,
    PlanFilter,
    PlanView,
    PlanImportRow
  >({
    meta: MAINTENANCE_PLAN_RECORD,
    tag: '保养计划',
    summaries: {
      page: '保养计划分页：计划名称、车辆、适用范围（targetType 1单车 2车系）、状态、车队；每个计划带覆盖车辆数与到期情况',
      add: '新增保养计划：单车（truckId）或车系（brand、series），按里程（intervalKm 公里）和/或时间（intervalMonths 月），上次保养日期与里程，提前提醒的里程与天数',
      edit: '修改保养计划',
      valid: '启用（valid 1）或停用（valid 0）保养计划；停用的计划不再提醒',
      delete: '删除保养计划（可批量，逻辑删除）',
      export: '导出保养计划（与列表相同的筛选）',
      import: '导入保养计划（整表校验，全部成功或全部不导入）',
    },
    joins,
    selection: [
      'maintenance_plan.id',
      'maintenance_plan.merchant_id',
      'maintenance_plan.team_code',
      'maintenance_plan.plan_name',
      'maintenance_plan.target_type',
      'maintenance_plan.truck_id',
      'truck.car_no',
      'maintenance_plan.brand',
      'maintenance_plan.series',
      'maintenance_plan.interval_km',
      'maintenance_plan.interval_months',
      'maintenance_plan.last_date',
      'maintenance_plan.last_km',
      'maintenance_plan.remind_km',
      'maintenance_plan.remind_days',
      'maintenance_plan.items',
      'maintenance_plan.remark',
      'maintenance_plan.valid',
      'maintenance_plan.created_at',
      'maintenance_plan.updated_at',
      'team.team_name',
    ],
    view: planView,
    views: async (db, rows: PlanRow[]) => {
      const views = rows.map(planView);
      const merchants = [...new Set(rows.map((r) => r.merchant_id))];
      const at = now();
      for (const merchantId of merchants) {
        const items = await dueItems(db, { merchantId }, at);
        for (const view of views) {
          const mine = items.filter((i) => i.planId === view.id);
          view.truckCount = mine.length;
          view.overdueCount = mine.filter((i) => i.state === 3).length;
          view.dueSoonCount = mine.filter((i) => i.state === 2).length;
          const worst = mine[0];
          if (worst) {
            view.state = worst.state;
            view.stateName = worst.stateName;
            view.nextDate = worst.nextDate ?? '';
            view.nextKm = worst.nextKm;
          }
        }
      }
      return views;
    },
    filter: {
      schema: planFilter,
      apply: (q, f) => {
        if (f.planName) q = q.where('maintenance_plan.plan_name', 'like', `%${f.planName}%`);
        if (f.truckId) q = q.where('maintenance_plan.truck_id', '=', f.truckId);
        if (f.targetType) q = q.where('maintenance_plan.target_type', '=', f.targetType);
        if (f.valid !== undefined) q = q.where('maintenance_plan.valid', '=', f.valid);
        if (f.teamCode) q = q.where('maintenance_plan.team_code', 'like', `${f.teamCode}%`);
        return q;
      },
    },
    form: {
      schema: planForm,
      editSchema: planEditForm,
      columns: (form) => planColumns(form),
      logFields: (c) => ({
        planName: c.plan_name,
        targetType: TARGET_NAMES[c.target_type as number],
        truckId: c.truck_id,
        brand: c.brand,
        series: c.series,
        intervalKm:
          c.interval_km === null || c.interval_km === undefined ? null : `${String(c.interval_km)}公里`,
        intervalMonths:
          c.interval_months === null || c.interval_months === undefined
            ? null
            : `${String(c.interval_months)}个月`,
        lastDate: c.last_date,
        lastKm: c.last_km === null || c.last_km === undefined ? null : `${String(c.last_km)}公里`,
        remindKm: c.remind_km,
        remindDays: c.remind_days,
        items: c.items,
        teamCode: c.team_code,
        remark: c.remark,
      }),
      hiddenChanges: ['truckId'],
      addedText: planText,
    },
    check: async (db, auth, form) => {
      refuseFuture(form, now());
      if (form.targetType === MAINTENANCE_TARGET.truck && form.truckId) {
        const truck = await usableRecord(db, auth.scope, 'truck', form.truckId, L.truckId);
        // a truck's plan is kept in the truck's team
        form.teamCode = truck.teamCode;
      }
    },
    export: {
      title: '保养计划',
      columns: [
        { header: '计划名称', width: 18, value: (p) => p.planName },
        { header: '适用范围', width: 8, value: (p) => p.targetTypeName },
        { header: '车辆/车系', width: 18, value: (p) => p.target },
        { header: '保养间隔', width: 20, value: (p) => p.intervalText },
        { header: '上次保养日期', width: 12, value: (p) => p.lastDate },
        { header: '上次保养里程（公里）', width: 16, value: (p) => p.lastKm },
        { header: '提前提醒里程（公里）', width: 16, value: (p) => p.remindKm },
        { header: '提前提醒天数', width: 12, value: (p) => p.remindDays },
        { header: '覆盖车辆', width: 10, value: (p) => p.truckCount },
        { header: '到期情况', width: 10, value: (p) => p.stateName },
        { header: '保养项目', width: 24, value: (p) => p.items },
        { header: '所属车队', width: 18, value: (p) => p.teamName },
        { header: '状态', width: 8, value: (p) => (p.valid === 1 ? '启用' : '停用') },
        { header: '备注', width: 20, value: (p) => p.remark },
      ],
    },
    import: {
      title: '保养计划',
      columns: [
        { header: '计划名称', key: 'planName', required: true, example: '常规保养', width: 16 },
        { header: '车牌号', key: 'carNo', example: '蒙K12345', width: 12 },
        { header: '品牌', key: 'brand', example: '', width: 10 },
        { header: '车系', key: 'series', example: '', width: 10 },
        { header: '保养间隔里程（公里）', key: 'intervalKm', example: '20000', width: 18 },
        { header: '保养间隔时间（月）', key: 'intervalMonths', example: '6', width: 16 },
        { header: '上次保养日期', key: 'lastDate', example: '2026-06-01', width: 14 },
        { header: '上次保养里程（公里）', key: 'lastKm', example: '120000', width: 18 },
        { header: '提前提醒里程（公里）', key: 'remindKm', example: '1000', width: 18 },
        { header: '提前提醒天数', key: 'remindDays', example: '15', width: 12 },
        { header: '保养项目', key: 'items', example: '机油、机滤', width: 20 },
        { header: '所属车队', key: 'teamCode', example: '', width: 16 },
        { header: '备注', key: 'remark', width: 20 },
      ],
      row: importRow as unknown as z.ZodType<PlanImportRow>,
      check: async (db, auth, rows) => {
        const errors: ImportRowError[] = [];
        const lookup = await teamLookup(db, auth.scope);
        const trucks = await trucksByPlate(
          db,
          auth.scope,
          rows.map((r) => r.carNo),
        );
        const today = formatDate(new Date(now()));
        rows.forEach((r, i) => {
          const row = i + 2;
          let teamCode = auth.teamCode;
          if (r.teamCode) {
            const team = lookup(r.teamCode);
            if ('error' in team) errors.push({ row, message: team.error });
            else teamCode = team.teamCode;
          }
          const truck = r.carNo ? trucks.get(r.carNo) : undefined;
          if (r.carNo && !truck) {
            errors.push({ row, message: `车牌号: ${r.carNo} 不存在或不在您的管辖范围内` });
            return;
          }
          const parsed = importForm(r, truck?.id, teamCode);
          if (!parsed.success) {
            const issue = parsed.error.issues[0];
            const key = String(issue?.path[0] ?? '');
            const label = (L as Record<string, string>)[key];
            errors.push({ row, message: label ? `${label}: ${issue?.message}` : String(issue?.message) });
          } else if (parsed.data.lastDate && parsed.data.lastDate > today)
            errors.push({ row, message: `${L.lastDate}: 不能晚于今天` });
        });
        return errors;
      },
      write: async (tx, auth, rows, at) => {
        const lookup = await teamLookup(tx, auth.scope);
        const trucks = await trucksByPlate(
          tx,
          auth.scope,
          rows.map((r) => r.carNo),
        );
        const values = rows.map((r) => {
          const team = r.teamCode ? lookup(r.teamCode) : { teamCode: auth.teamCode };
          if ('error' in team) throw badInput(team.error);
          const truck = r.carNo ? trucks.get(r.carNo) : undefined;
          const parsed = importForm(r, truck?.id, truck?.team_code ?? team.teamCode);
          if (!parsed.success) throw badInput('导入数据不正确');
          return {
            merchant_id: auth.merchantId,
            ...planColumns(parsed.data),
            team_code: truck?.team_code ?? team.teamCode,
            created_by: auth.userId,
            created_at: at,
            updated_at: at,
          };
        });
        for (let i = 0; i < values.length; i += 300) {
          const added = await tx
            .insertInto('maintenance_plan')
            .values(values.slice(i, i + 300))
            .returning(['id', 'team_code', 'plan_name', 'interval_km', 'interval_months'])
            .execute();
          await recordOperations(
            tx,
            auth,
            added.map((a) =>
              recordLog(MAINTENANCE_PLAN_RECORD, a.id, a.team_code, `导入新增保养计划 ${planText(a)}`),
            ),
            at,
          );
        }
      },
    },
  });
  return def;
}
