import { rm, stat } from 'node:fs/promises';
import { formatDateTime } from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { AuthContext } from '../../http/auth';
import { badInput, notFound } from '../../http/envelope';
import { pageOf, paging, route } from '../../http/route';
import { inMerchant } from '../../http/scope';
import { sendFile } from './file-tasks.register';
import { FileTaskService } from './file-tasks.service';
import type { FileTaskTable } from './file-tasks.table';

type FileTaskRow = Selectable<FileTaskTable>;

export const FILE_TASK_KIND_NAMES = { export: '导出', import: '导入' } as const;
export const FILE_TASK_STATUS_NAMES = {
  waiting: '等待中',
  running: '进行中',
  done: '已完成',
  failed: '失败',
} as const;

const NO_FILE = '文件不存在或无权下载';

function taskView(row: FileTaskRow) {
  const time = (ms: number | null) => (ms === null ? null : formatDateTime(new Date(ms)));
  return {
    id: row.id,
    kind: row.kind,
    kindName: FILE_TASK_KIND_NAMES[row.kind],
    title: row.title,
    fileName: row.file_name,
    status: row.status,
    statusName: FILE_TASK_STATUS_NAMES[row.status],
    progress: row.progress,
    totalRows: row.total_rows,
    doneRows: row.done_rows,
    fileSize: row.file_size,
    downloadable: row.kind === 'export' && row.status === 'done' && row.file_path !== null,
    error: row.error,
    createTime: time(row.created_at),
    finishTime: time(row.finished_at),
  };
}

/**
 * The caller's own tasks in the current merchant. Every signed-in user may list, download and
 * delete their own: any page's export sends its user here.
 */
function ownTasks(ctx: AppContext, auth: AuthContext) {
  return ctx.db
    .selectFrom('file_task')
    .where(inMerchant(auth.scope, 'file_task'))
    .where('file_task.user_id', '=', auth.userId);
}

/** Import/export tasks: the service other features' spreadsheets use, and the query page's calls. */
export function registerFileTaskRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tasks = new FileTaskService(ctx.db, ctx.config, app.log);
  app.decorate('fileTasks', tasks);
  app.addHook('onReady', async () => {
    await tasks.failStaleTasks();
    tasks.startExpiry();
  });
  app.addHook('onClose', () => tasks.close());
  const tag = '导入导出';

  route(app, tag, {
    method: 'POST',
    url: '/file/task/page',
    summary: '导入导出查询：当前用户在当前商户的导入导出任务，按创建时间倒序',
    access: 'login',
    list: true,
    labels: { kind: '类型', status: '状态' },
    body: z.object({
      ...paging,
      kind: z.enum(['export', 'import'], { error: '类型不正确' }).optional(),
      status: z.enum(['waiting', 'running', 'done', 'failed'], { error: '状态不正确' }).optional(),
    }),
    handler: async ({ auth, body }) => {
      let q = ownTasks(ctx, auth);
      if (body.kind) q = q.where('kind', '=', body.kind);
      if (body.status) q = q.where('status', '=', body.status);
      const { rows, total } = await pageOf(
        q,
        (q) => q.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
        body,
      );
      return { list: rows.map(taskView), total };
    },
  });

  const idParams = z.object({ id: z.coerce.number().int().positive('任务编号不正确') });

  route(app, tag, {
    method: 'GET',
    url: '/file/task/download/:id',
    summary: '下载自己已完成的导出文件',
    access: 'login',
    params: idParams,
    raw: true,
    handler: async ({ auth, params, reply }) => {
      const task = await ownTasks(ctx, auth)
        .select(['file_path', 'file_name', 'status'])
        .where('id', '=', params.id)
        .executeTakeFirst();
      if (!task?.file_path || task.status !== 'done') throw notFound(NO_FILE);
      const file = tasks.absolutePath(task.file_path);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) throw notFound(NO_FILE);
      return sendFile(reply, file, info.size, task.file_name);
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/file/task/delete',
    summary: '删除自己已结束的导入导出任务（及其文件）',
    access: 'login',
    labels: { id: '任务编号' },
    body: z.object({ id: z.coerce.number().int().positive('任务编号不正确') }),
    handler: async ({ auth, body }) => {
      const task = await ownTasks(ctx, auth)
        .select(['file_path', 'status'])
        .where('id', '=', body.id)
        .executeTakeFirst();
      if (!task) throw notFound();
      if (task.status === 'waiting' || task.status === 'running') throw badInput('任务进行中，不能删除');
      await ctx.db.deleteFrom('file_task').where('id', '=', body.id).execute();
      if (task.file_path) await rm(tasks.absolutePath(task.file_path), { force: true });
      return null;
    },
  });
}
