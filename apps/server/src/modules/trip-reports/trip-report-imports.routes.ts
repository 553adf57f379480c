import { formatDateTime } from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import { type Kysely, type Selectable, sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { badInput } from '../../http/envelope';
import { idField, optionalText } from '../../http/form-fields';
import { pageOffset, paging, route } from '../../http/route';
import { inReferenceScope, inScope } from '../../http/scope';
import type { ImportRowError } from '../file-tasks/file-tasks.contract';
import { registerImport } from '../file-tasks/file-tasks.register';
import {
  BATCH_MISSING,
  DRIVER_MISSING,
  LINE_MISSING,
  reportColumns,
  TRUCK_MISSING,
} from './trip-reports.refs';
import { arriveAfterDepart, reportFields } from './trip-reports.repository';
import type { TripReportImportTable } from './trip-reports.table';

// 行程报告 imports: a sheet of reports is one batch, imported all or nothing, listed in 导入记录 and
// rolled back as a whole until one of its rows is changed.

type Db = Kysely<Database>;

const importRow = z
  .object({
    carNo: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string().min(1, '请填写车牌号')),
    driverName: optionalText(32),
    lineName: optionalText(64),
    ...reportFields,
  })
  .superRefine(arriveAfterDepart);
type ImportRow = z.output<typeof importRow>;
type ResolvedRow = ImportRow & {
  truckId: number;
  teamCode: string;
  driverId: number | null;
  lineId: number | null;
};

const IMPORT_COLUMNS = [
  { header: '车牌号', key: 'carNo', required: true, example: '蒙K10001' },
  { header: '司机姓名', key: 'driverName', example: '张三' },
  { header: '线路名称', key: 'lineName', example: '东胜至天津港' },
  { header: '出发时间', key: 'departTime', required: true, example: '2026-11-20 08:00:00', width: 20 },
  { header: '到达时间', key: 'arriveTime', required: true, example: '2026-11-20 18:30:00', width: 20 },
  { header: '上报里程(公里)', key: 'mileage', required: true, example: '650.5' },
  { header: '上报油耗(升)', key: 'fuel', required: true, example: '210.0' },
  { header: '载货吨数', key: 'cargoTons', example: '32.5' },
  { header: '备注', key: 'remark', width: 24 },
] as const;

/** Resolves plates, driver names and line names of the sheet in the caller's scope; errors by row. */
async function resolveRows(db: Db, auth: AuthContext, rows: readonly ImportRow[]) {
  const errors: ImportRowError[] = [];
  const resolved: ResolvedRow[] = [];
  const plates = [...new Set(rows.map((r) => r.carNo))];
  const trucks = new Map<string, { id: number; team_code: string }>();
  for (let i = 0; i < plates.length; i += 500) {
    const found = await db
      .selectFrom('truck')
      .select(['id', 'car_no', 'team_code'])
      .where(inScope(auth.scope, 'truck'))
      .where('deleted_at', 'is', null)
      .where('car_no', 'in', plates.slice(i, i + 500))
      .execute();
    for (const t of found) trucks.set(t.car_no, t);
  }
  const names = [...new Set(rows.map((r) => r.driverName).filter((n): n is string => !!n))];
  const drivers = new Map<string, number[]>();
  if (names.length > 0) {
    const found = await db
      .selectFrom('driver')
      .select(['id', 'name'])
      .where(inScope(auth.scope, 'driver'))
      .where('deleted_at', 'is', null)
      .where('name', 'in', names)
      .execute();
    for (const d of found) drivers.set(d.name, [...(drivers.get(d.name) ?? []), d.id]);
  }
  const lineNames = [...new Set(rows.map((r) => r.lineName).filter((n): n is string => !!n))];
  const lines = new Map<string, number>();
  if (lineNames.length > 0) {
    const found = await db
      .selectFrom('line')
      .select(['id', 'name'])
      .where(inReferenceScope(auth.scope, 'line'))
      .where('deleted_at', 'is', null)
      .where('name', 'in', lineNames)
      .execute();
    for (const l of found) lines.set(l.name, l.id);
  }
  for (const [i, r] of rows.entries()) {
    const row = i + 2;
    const truck = trucks.get(r.carNo);
    if (!truck) {
      errors.push({ row, message: `车牌号: ${r.carNo}${TRUCK_MISSING}` });
      continue;
    }
    let driverId: number | null = null;
    if (r.driverName) {
      const ids = drivers.get(r.driverName) ?? [];
      if (ids.length === 0) {
        errors.push({ row, message: `司机姓名: ${r.driverName}${DRIVER_MISSING}` });
        continue;
      }
      if (ids.length > 1) {
        errors.push({ row, message: `司机姓名: 有多名司机叫${r.driverName}，请在页面上录入` });
        continue;
      }
      driverId = ids[0] as number;
    }
    let lineId: number | null = null;
    if (r.lineName) {
      const id = lines.get(r.lineName);
      if (!id) {
        errors.push({ row, message: `线路名称: ${r.lineName}${LINE_MISSING}` });
        continue;
      }
      lineId = id;
    }
    resolved.push({ ...r, truckId: truck.id, teamCode: truck.team_code, driverId, lineId });
  }
  return { errors, resolved };
}

function batchView(
  r: Selectable<TripReportImportTable>,
  counts: { import_id: number | null; n: number; edited: number }[],
) {
  const c = counts.find((x) => x.import_id === r.id);
  return {
    id: r.id,
    fileName: r.file_name,
    rows: r.rows,
    remaining: Number(c?.n ?? 0),
    edited: Number(c?.edited ?? 0),
    state: r.state,
    stateName: r.state === 2 ? '已回滚' : '已导入',
    createdByName: r.created_by_name ?? '',
    createTime: formatDateTime(new Date(Number(r.created_at))),
    rolledBackByName: r.rolled_back_by_name ?? '',
    rollbackTime: r.rolled_back_at ? formatDateTime(new Date(Number(r.rolled_back_at))) : '',
  };
}

export function registerTripReportImportRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  tag: string,
  codes: readonly string[],
): void {
  const { db } = ctx;
  const now = () => ctx.config.now();

  route(app, tag, {
    method: 'POST',
    url: '/tripReport/importRecord',
    summary: '导入记录：每批导入的文件、行数、仍在的行数、已修改行数、导入人和时间、是否已回滚',
    access: codes,
    list: true,
    body: z.object({ ...paging }),
    handler: async ({ auth, body }) => {
      const q = db.selectFrom('trip_report_import as i').where(inScope(auth.scope, 'i'));
      const count = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const rows = await q
        .selectAll('i')
        .orderBy('i.id', 'desc')
        .limit(body.pageSize)
        .offset(pageOffset(body))
        .execute();
      const ids = rows.map((r) => r.id);
      const counts = ids.length
        ? await db
            .selectFrom('trip_report')
            .select([
              'import_id',
              sql<number>`count(*)`.as('n'),
              sql<number>`coalesce(sum(edited), 0)`.as('edited'),
            ])
            .where('import_id', 'in', ids)
            .groupBy('import_id')
            .execute()
        : [];
      return { total: Number(count.n), list: rows.map((r) => batchView(r, counts)) };
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/tripReport/rollback',
    summary: '回滚一批导入：删除该批导入的全部行程报告；其中有行程被修改过时拒绝',
    access: codes,
    labels: { id: '导入批次' },
    body: z.object({ id: idField('导入批次不正确') }),
    handler: async ({ auth, body }) => {
      return db.transaction().execute(async (tx) => {
        const batch = await tx
          .selectFrom('trip_report_import')
          .select(['id', 'state'])
          .where(inScope(auth.scope, 'trip_report_import'))
          .where('id', '=', body.id)
          .executeTakeFirst();
        if (!batch) throw badInput(BATCH_MISSING);
        if (batch.state === 2) throw badInput('该批导入已回滚，不能重复回滚');
        const edited = await tx
          .selectFrom('trip_report')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('import_id', '=', batch.id)
          .where('edited', '=', 1)
          .executeTakeFirstOrThrow();
        if (Number(edited.n) > 0)
          throw badInput(`该批导入中已有${Number(edited.n)}条行程报告被修改，不能整批回滚`);
        const removed = await tx
          .deleteFrom('trip_report')
          .where('import_id', '=', batch.id)
          .executeTakeFirst();
        await tx
          .updateTable('trip_report_import')
          .set({ state: 2, rolled_back_at: now(), rolled_back_by_name: auth.nickname || auth.username })
          .where('id', '=', batch.id)
          .where('state', '=', 1)
          .execute();
        return { removed: Number(removed.numDeletedRows) };
      });
    },
  });

  registerImport<ImportRow>(app, tag, {
    url: '/excelTask/importExcel',
    summary: '导入行程报告：一次导入为一个批次，全部成功或全部不导入，可在导入记录中整批回滚',
    access: codes,
    title: '行程报告',
    columns: IMPORT_COLUMNS,
    row: importRow as unknown as z.ZodType<ImportRow, Record<string, string>>,
    check: async (db2, auth, rows) => (await resolveRows(db2, auth, rows)).errors,
    write: async (tx, auth, rows, at) => {
      const { errors, resolved } = await resolveRows(tx, auth, rows);
      if (errors.length > 0) throw badInput(errors[0]?.message ?? '导入失败');
      // the file task of this upload (created just before) names the file
      const task = await tx
        .selectFrom('file_task')
        .select(['file_name'])
        .where('user_id', '=', auth.userId)
        .where('kind', '=', 'import')
        .where('title', '=', '行程报告')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      const batch = await tx
        .insertInto('trip_report_import')
        .values({
          merchant_id: auth.merchantId,
          team_code: auth.teamCode,
          file_name: task?.file_name ?? '行程报告.xlsx',
          rows: resolved.length,
          created_by: auth.userId,
          created_by_name: auth.nickname || auth.username,
          created_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (let i = 0; i < resolved.length; i += 200)
        await tx
          .insertInto('trip_report')
          .values(
            resolved.slice(i, i + 200).map((r) => ({
              ...reportColumns(r),
              merchant_id: auth.merchantId,
              team_code: r.teamCode,
              truck_id: r.truckId,
              source: 2,
              import_id: batch.id,
              created_by: auth.userId,
              created_at: at,
              updated_at: at,
            })),
          )
          .execute();
    },
  });
}
