import { CERTIFICATE_KINDS, MAINTENANCE_STATE } from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { idField, teamCodeField } from '../../http/form-fields';
import { paging, route } from '../../http/route';
import { blank } from '../../records/filters';
import { certificateItems } from './certificates';
import { pageOf, reachOf, registerMemoryExport } from './list-helpers';
import { type DueItem, dueItems, intervalText, leftText } from './plan-due';

const REMIND_CODES = ['car050206'];
const CERTIFICATE_CODES = ['car050205'];

const remindFilter = z.object({
  /** 1 正常, 2 即将到期, 3 已到期; empty: 2 and 3. */
  state: z.preprocess(
    blank,
    z.coerce.number().int().min(1, '到期状态不正确').max(3, '到期状态不正确').optional(),
  ),
  /** 1: every state (a truck's plans for the record form); by default the due ones only. */
  all: z.preprocess(blank, z.coerce.number().int().min(0).max(1).optional()),
  truckId: z.preprocess(blank, idField('车辆不正确').optional()),
  /** One plan (the 去处理 of a 8101 reminder). */
  planId: z.preprocess(blank, idField('保养计划不正确').optional()),
  planName: z
    .preprocess(blank, z.string().max(30, '最多输入30个字符').optional())
    .meta({ title: '计划名称' }),
  teamCode: z.preprocess(blank, teamCodeField.optional()),
});
type RemindFilter = z.output<typeof remindFilter>;

function remindView(i: DueItem) {
  return {
    id: `${i.planId}:${i.truckId}`,
    planId: i.planId,
    planName: i.planName,
    truckId: i.truckId,
    carNo: i.carNo,
    vin: i.vin,
    teamName: i.teamName,
    items: i.items,
    intervalText: intervalText(i),
    lastDate: i.lastDate ?? '',
    lastKm: i.lastKm,
    currentKm: i.currentKm,
    nextDate: i.nextDate ?? '',
    nextKm: i.nextKm,
    daysLeft: i.daysLeft,
    kmLeft: i.kmLeft,
    leftText: leftText(i),
    state: i.state,
    stateName: i.stateName,
  };
}
type RemindView = ReturnType<typeof remindView>;

async function remindRows(db: Kysely<Database>, auth: AuthContext, f: RemindFilter, now: number) {
  const items = await dueItems(db, { ...reachOf(auth, f.teamCode), truckId: f.truckId }, now);
  return items
    .filter((i) => (f.state ? i.state === f.state : f.all === 1 || i.state !== MAINTENANCE_STATE.normal))
    .filter((i) => !f.planId || i.planId === f.planId)
    .filter((i) => !f.planName || i.planName.includes(f.planName))
    .map(remindView);
}

const certificateFilter = z.object({
  withinDays: z
    .preprocess(
      blank,
      z.coerce
        .number({ error: '到期天数应为1-365的整数' })
        .int('到期天数应为1-365的整数')
        .min(1, '到期天数应为1-365的整数')
        .max(365, '到期天数应为1-365的整数')
        .optional(),
    )
    .meta({ title: '到期天数' }),
  owner: z
    .preprocess(blank, z.enum(['truck', 'driver'], { error: '证件归属不正确' }).optional())
    .meta({ title: '证件归属' }),
  kind: z.preprocess(
    blank,
    z
      .enum(CERTIFICATE_KINDS.map((k) => k.key) as [string, ...string[]], { error: '证件类型不正确' })
      .optional(),
  ),
  state: z.preprocess(
    blank,
    z.coerce.number().int().min(1, '到期状态不正确').max(2, '到期状态不正确').optional(),
  ),
  truckId: z.preprocess(blank, idField('车辆不正确').optional()),
  driverId: z.preprocess(blank, idField('司机不正确').optional()),
  keyword: z.preprocess(blank, z.string().max(30, '最多输入30个字符').optional()),
  teamCode: z.preprocess(blank, teamCodeField.optional()),
});
type CertificateFilter = z.output<typeof certificateFilter>;

const certificateRows = (db: Kysely<Database>, auth: AuthContext, f: CertificateFilter, now: number) =>
  certificateItems(db, reachOf(auth, f.teamCode), f, now);

/** 保养提醒 (car050206) and 证件到期 (car050205): the lists and their exports. */
export function registerMaintenanceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const now = () => ctx.config.now();
  const tag = '保养与证件提醒';
  const REMIND_LABELS = {
    state: '到期状态',
    all: '全部',
    truckId: '车辆',
    planId: '保养计划',
    planName: '计划名称',
    teamCode: '所属车队',
  };

  route(app, tag, {
    method: 'POST',
    url: '/maintenance/remind/page',
    summary:
      '保养提醒：即将到期（state 2）与已到期（state 3）的保养计划，按车辆；下次保养日期与里程、剩余天数与里程',
    access: REMIND_CODES,
    list: true,
    labels: REMIND_LABELS,
    body: remindFilter.extend(paging),
    handler: async ({ auth, body }) => pageOf(await remindRows(ctx.db, auth, body, now()), body),
  });

  registerMemoryExport<RemindFilter, RemindView>(app, tag, {
    url: '/maintenance/remind/export',
    summary: '导出保养提醒（与列表相同的筛选）',
    access: REMIND_CODES,
    input: remindFilter,
    title: '保养提醒',
    labels: REMIND_LABELS,
    all: (db, auth, f) => remindRows(db, auth, f, now()),
    columns: [
      { header: '车牌号', width: 12, value: (r) => r.carNo },
      { header: '所属车队', width: 16, value: (r) => r.teamName },
      { header: '保养计划', width: 16, value: (r) => r.planName },
      { header: '保养间隔', width: 18, value: (r) => r.intervalText },
      { header: '上次保养日期', width: 12, value: (r) => r.lastDate },
      { header: '上次保养里程（公里）', width: 16, value: (r) => r.lastKm },
      { header: '当前里程（公里）', width: 14, value: (r) => r.currentKm },
      { header: '下次保养日期', width: 12, value: (r) => r.nextDate },
      { header: '下次保养里程（公里）', width: 16, value: (r) => r.nextKm },
      { header: '剩余', width: 22, value: (r) => r.leftText },
      { header: '状态', width: 10, value: (r) => r.stateName },
    ],
  });

  route(app, tag, {
    method: 'POST',
    url: '/reminder/certificate/page',
    summary:
      '证件到期：车辆（行驶证、道路运输证、保险、年检）与司机（驾驶证、从业资格证）在 withinDays 天内到期（默认30）或已过期的证件，剩余天数',
    access: CERTIFICATE_CODES,
    list: true,
    labels: {
      withinDays: '到期天数',
      owner: '证件归属',
      kind: '证件类型',
      state: '到期状态',
      truckId: '车辆',
      driverId: '司机',
      keyword: '车牌号/司机',
      teamCode: '所属车队',
    },
    body: certificateFilter.extend(paging),
    handler: async ({ auth, body }) => {
      const rows = await certificateRows(ctx.db, auth, body, now());
      return {
        ...pageOf(rows, body),
        expiringCount: rows.filter((r) => r.state === 1).length,
        expiredCount: rows.filter((r) => r.state === 2).length,
      };
    },
  });

  registerMemoryExport(app, tag, {
    url: '/reminder/certificate/export',
    summary: '导出证件到期（与列表相同的筛选）',
    access: CERTIFICATE_CODES,
    input: certificateFilter,
    title: '证件到期',
    all: (db, auth, f: CertificateFilter) => certificateRows(db, auth, f, now()),
    columns: [
      { header: '证件类型', width: 12, value: (r) => r.kindName },
      { header: '车牌号', width: 12, value: (r) => r.carNo },
      { header: '司机', width: 10, value: (r) => r.driverName },
      { header: '联系电话', width: 14, value: (r) => r.phone },
      { header: '所属车队', width: 16, value: (r) => r.teamName },
      { header: '到期日期', width: 12, value: (r) => r.expiry },
      { header: '剩余天数', width: 10, value: (r) => r.daysLeft },
      { header: '状态', width: 10, value: (r) => r.stateName },
    ],
  });
}
