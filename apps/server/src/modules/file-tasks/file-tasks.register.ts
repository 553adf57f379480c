import { createReadStream } from 'node:fs';
import { formatDateTime } from '@fleet/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, BodyCode, badInput } from '../../http/envelope';
import { route } from '../../http/route';
import { detectFileKind, extensionOf, kindByExt } from '../files/file-types';
import { receiveUpload } from '../files/receive-upload';
import { XLSX_TYPE } from '../monitor/xlsx';
import type { ExportDef, ImportDef, ImportRowError } from './file-tasks.contract';
import { DIRECT_EXPORT_MAX_ROWS, EXPORT_FAILED, type FileTaskService } from './file-tasks.service';
import {
  IMPORT_MAX_ROWS,
  MAX_ANSWERED_ERRORS,
  parseRows,
  rowErrorsMessage,
  sheetProblem,
} from './import-rows';
import { type ReadSheet, readFirstSheet, TooManyRows } from './sheet-reader';
import { templateBuffer } from './template';
import { checkZip, type ZipPart, ZipRefused } from './zip-guard';

declare module 'fastify' {
  interface FastifyInstance {
    /** Spreadsheet tasks, set up by registerFileTaskRoutes. */
    fileTasks?: FileTaskService;
  }
}

export const EXPORT_TASK_CREATED = '导出任务已创建，请到导入导出查询查看';
export const XLS_REFUSED = '不支持.xls格式，请在Excel中将文件另存为.xlsx后再导入';
export const NOT_XLSX = '只支持.xlsx格式的Excel文件，请选择正确的文件';
export const BROKEN_XLSX = '文件已损坏或不是有效的.xlsx表格';
export const UNPACKS_TOO_LARGE = '文件内容过大（解压后超出限制），请删除多余内容或分批导入';
const IMPORT_FAILED = '导入失败，请稍后重试';

function service(app: FastifyInstance): FileTaskService {
  if (!app.fileTasks)
    throw new Error('registerFileTaskRoutes must be registered before spreadsheets are used');
  return app.fileTasks;
}

/** '车辆导入模板.xlsx' for a title '车辆' or '车辆导入'. */
export function templateFileName(title: string): string {
  return `${title.replace(/导入$/, '')}导入模板.xlsx`;
}

/** '车辆列表_20261120100000.xlsx' in Shanghai time. */
export function exportFileName(title: string, now: number): string {
  return `${title}_${formatDateTime(new Date(now)).replace(/\D/g, '')}.xlsx`;
}

/** Answers a file download named `fileName`. */
export function sendFile(
  reply: FastifyReply,
  absolutePath: string,
  size: number,
  fileName: string,
): FastifyReply {
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-length', size)
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(createReadStream(absolutePath));
}

/**
 * An export route for a feature's list: at most DIRECT_EXPORT_MAX_ROWS rows answer the .xlsx
 * directly; more become a background task (`{ taskId }`, message EXPORT_TASK_CREATED) whose file is
 * downloaded from the import/export query page. Either way the export is listed there.
 */
export function registerExport<I, T>(app: FastifyInstance, tag: string, def: ExportDef<I, T>): void {
  const input = def.method === 'POST' ? { body: def.input } : { query: def.input };
  route(app, tag, {
    method: def.method,
    url: def.url,
    summary: `${def.summary}（${DIRECT_EXPORT_MAX_ROWS}条以内直接下载.xlsx，更多时创建导出任务并返回 taskId）`,
    access: def.access,
    ...(def.labels ? { labels: def.labels } : {}),
    ...input,
    raw: true,
    handler: async ({ auth, body, query, reply }) => {
      const tasks = service(app);
      const filter = (def.method === 'POST' ? body : query) as I;
      const total = await def.count(tasks.db, auth, filter);
      const fileName = exportFileName(def.title, tasks.config.now());
      if (total > DIRECT_EXPORT_MAX_ROWS) {
        const task = {
          kind: 'export',
          title: def.title,
          fileName,
          status: 'waiting',
          totalRows: total,
        } as const;
        const taskId = await tasks.create(auth, task);
        tasks.schedule(taskId, def, auth, filter, total);
        return reply.send({ code: BodyCode.ok, msg: EXPORT_TASK_CREATED, data: { taskId } });
      }
      const task = {
        kind: 'export',
        title: def.title,
        fileName,
        status: 'running',
        totalRows: total,
      } as const;
      const taskId = await tasks.create(auth, task);
      try {
        const file = await tasks.exportToFile(taskId, def, auth, filter, total);
        return sendFile(reply, file.absolutePath, file.size, fileName);
      } catch (error) {
        await tasks.fail(taskId, error instanceof AppError ? error.message : EXPORT_FAILED);
        throw error;
      }
    },
  });
}

interface Upload {
  name: string;
  data: Buffer;
}

async function receiveImport(req: FastifyRequest, maxBytes: number): Promise<Upload> {
  const file = await receiveUpload(req, maxBytes, '导入文件');
  return { name: (file.field('name') || file.filename || '导入文件.xlsx').slice(0, 255), data: file.data };
}

/** The checked zip parts of an uploaded .xlsx, or why it is refused. */
async function spreadsheetParts(upload: Upload): Promise<Map<string, ZipPart> | string> {
  if (upload.data.length === 0) return '文件为空，请重新选择';
  const head = upload.data.subarray(0, 16);
  const ole = kindByExt('xls')?.magic.every((byte, i) => head[i] === byte);
  if (extensionOf(upload.name) === 'xls' || ole) return XLS_REFUSED;
  if (detectFileKind(upload.name, head)?.ext !== 'xlsx') return NOT_XLSX;
  try {
    return await checkZip(upload.data);
  } catch (error) {
    if (error instanceof ZipRefused) return error.reason === 'size' ? UNPACKS_TOO_LARGE : BROKEN_XLSX;
    throw error;
  }
}

/**
 * An import route: the first sheet of one uploaded .xlsx, headers matched to the columns, every row
 * parsed by `def.row`, then `def.check`, then `def.write` in one transaction: all rows or none. Row
 * errors answer code 400 with `data: { errors: [{ row, message }] }`. The template is served at
 * `def.url + '/template'`.
 */
export function registerImport<R>(app: FastifyInstance, tag: string, def: ImportDef<R>): void {
  route(app, tag, {
    method: 'POST',
    url: def.url,
    summary: `${def.summary}（multipart：file 为 .xlsx，可选 name；最多${IMPORT_MAX_ROWS}行，全部成功或全部不导入）`,
    access: def.access,
    raw: true,
    handler: async ({ auth, req, reply }) => {
      const tasks = service(app);
      const upload = await receiveImport(req, tasks.config.uploadMaxBytes);
      const task = {
        kind: 'import',
        title: def.title,
        fileName: upload.name,
        status: 'running',
        totalRows: 0,
      } as const;
      const taskId = await tasks.create(auth, task);
      const refuse = async (message: string, total = 0): Promise<never> => {
        await tasks.fail(taskId, message, { total });
        throw badInput(message);
      };
      const parts = await spreadsheetParts(upload);
      if (typeof parts === 'string') return refuse(parts);
      let sheet: ReadSheet | null;
      try {
        sheet = await readFirstSheet(parts, IMPORT_MAX_ROWS);
      } catch (error) {
        if (error instanceof TooManyRows) return refuse(`单次最多导入${IMPORT_MAX_ROWS}行数据，请分批导入`);
        return refuse(BROKEN_XLSX);
      }
      if (!sheet) return refuse(BROKEN_XLSX);
      const wrong = sheetProblem(def, sheet);
      if (wrong) return refuse(wrong);
      const total = sheet.rows.length;
      const parsed = parseRows(def, sheet);
      let errors: ImportRowError[] = parsed.errors;
      if (errors.length === 0 && def.check) errors = await def.check(tasks.db, auth, parsed.rows);
      if (errors.length > 0) {
        const sorted = [...errors].sort((a, b) => a.row - b.row);
        const msg = rowErrorsMessage(sorted);
        await tasks.fail(taskId, msg, { total });
        return reply.send({
          code: BodyCode.badInput,
          msg,
          data: { taskId, total, errorCount: sorted.length, errors: sorted.slice(0, MAX_ANSWERED_ERRORS) },
        });
      }
      try {
        const now = tasks.config.now();
        await tasks.db.transaction().execute((tx) => def.write(tx, auth, parsed.rows, now));
      } catch (error) {
        if (error instanceof AppError) return refuse(error.message, total);
        req.log.error({ err: error }, 'import failed');
        return refuse(IMPORT_FAILED, total);
      }
      await tasks.finish(taskId, total);
      return reply.send({
        code: BodyCode.ok,
        msg: `成功导入${total}条数据`,
        data: { taskId, total, success: total, errors: [] },
      });
    },
  });

  route(app, tag, {
    method: 'GET',
    url: `${def.url}/template`,
    summary: `${templateFileName(def.title)}：表头，必填列标红，示例见“填写说明”`,
    access: def.access,
    raw: true,
    handler: async ({ reply }) => {
      const buffer = await templateBuffer(def);
      return reply
        .header('content-type', XLSX_TYPE)
        .header(
          'content-disposition',
          `attachment; filename*=UTF-8''${encodeURIComponent(templateFileName(def.title))}`,
        )
        .send(buffer);
    },
  });
}
