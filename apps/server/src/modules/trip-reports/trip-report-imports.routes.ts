import { formatDateTime } from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import { type Selectable, sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { badInput } from '../../http/envelope';
import { idField } from '../../http/form-fields';
import { pageOffset, paging, route } from '../../http/route';
import { inScope } from '../../http/scope';
import { registerImport } from '../file-tasks/file-tasks.register';
import { IMPORT_COLUMNS, type ImportRow, importRow, resolveRows } from './trip-report-sheet';
import { BATCH_MISSING, reportColumns } from './trip-reports.refs';
import type { TripReportImportTable } from './trip-reports.table';

// 行程报告 imports: a sheet of reports is one batch, imported all or nothing, listed in 导入记录 and
// rolled back as a whole until one of its rows is changed.

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
