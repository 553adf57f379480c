import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Updateable } from 'kysely';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { AppError } from '../../http/envelope';
import type { ExportDef } from './file-tasks.contract';
import type { FileTaskKind, FileTaskStatus, FileTaskTable } from './file-tasks.table';
import { writeSheet } from './sheet-writer';

/** Exports of at most this many rows are answered directly; larger ones run as background tasks. */
export const DIRECT_EXPORT_MAX_ROWS = 5000;
/** Rows fetched from a feature at a time while exporting. */
export const EXPORT_PAGE_SIZE = 1000;
/** Background exports running at once in one process; more wait their turn. */
const PARALLEL_EXPORTS = 2;
/** Progress is written at most this often. */
const PROGRESS_INTERVAL_MS = 500;
/** A waiting or running task not updated for this long was cut off by a stopped process. */
const STALE_TASK_MS = 10 * 60_000;

export const EXPORT_FAILED = '导出失败，请稍后重试';
const INTERRUPTED = '服务重启，任务已中断，请重新导出';
const EXPIRED = (days: number) => `文件已超过保留期（${days}天）并已删除，请重新导出`;
const DAY_MS = 86_400_000;
/** How often finished exports are checked for expiry. */
const EXPIRY_INTERVAL_MS = 3600_000;

/** Where exported files live, relative to UPLOAD_DIR. */
const FILE_DIR = 'file-tasks';

export interface ExportedFile {
  rows: number;
  size: number;
  absolutePath: string;
}

/**
 * The task rows of `/file/task/page` and the work behind them: writing exports to files under
 * UPLOAD_DIR (directly or in the background, a few at a time) and recording imports.
 */
export class FileTaskService {
  private readonly queue: { taskId: number; run: () => Promise<void> }[] = [];
  private readonly jobs = new Set<Promise<void>>();
  private active = 0;
  private closing = false;
  private expiry: NodeJS.Timeout | null = null;

  constructor(
    readonly db: Kysely<Database>,
    readonly config: AppConfig,
    private readonly log: FastifyBaseLogger,
  ) {}

  async create(
    auth: AuthContext,
    task: { kind: FileTaskKind; title: string; fileName: string; status: FileTaskStatus; totalRows: number },
  ): Promise<number> {
    const now = this.config.now();
    const row = await this.db
      .insertInto('file_task')
      .values({
        merchant_id: auth.merchantId,
        team_code: auth.teamCode,
        user_id: auth.userId,
        kind: task.kind,
        title: task.title.slice(0, 100),
        file_name: task.fileName.slice(0, 255),
        status: task.status,
        progress: 0,
        total_rows: task.totalRows,
        done_rows: 0,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, patch: Updateable<FileTaskTable>): Promise<void> {
    await this.db
      .updateTable('file_task')
      .set({ ...patch, updated_at: this.config.now() })
      .where('id', '=', id)
      .execute();
  }

  async finish(id: number, rows: number, file?: { path: string; size: number }): Promise<void> {
    await this.update(id, {
      status: 'done',
      progress: 100,
      total_rows: rows,
      done_rows: rows,
      file_path: file?.path ?? null,
      file_size: file?.size ?? null,
      finished_at: this.config.now(),
    });
  }

  async fail(id: number, error: string, rows?: { total: number }): Promise<void> {
    await this.update(id, {
      status: 'failed',
      error: error.slice(0, 2000),
      ...(rows ? { total_rows: rows.total } : {}),
      finished_at: this.config.now(),
    });
  }

  absolutePath(relative: string): string {
    return path.join(this.config.uploadDir, relative);
  }

  /** Writes the export of task `taskId` to a new file, recording progress; the task ends done. */
  async exportToFile<I, T>(
    taskId: number,
    def: ExportDef<I, T>,
    auth: AuthContext,
    input: I,
    total: number,
  ): Promise<ExportedFile> {
    const now = new Date(this.config.now());
    const month = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    const relative = `${FILE_DIR}/${month}/${randomBytes(16).toString('hex')}.xlsx`;
    const absolutePath = this.absolutePath(relative);
    await mkdir(path.dirname(absolutePath), { recursive: true });
    await this.update(taskId, { status: 'running' });
    let lastWrite = Date.now();
    let rows: number;
    try {
      rows = await writeSheet(
        createWriteStream(absolutePath, { flags: 'wx' }),
        def.title,
        def.columns,
        def.rows(this.db, auth, input, EXPORT_PAGE_SIZE),
        {
          cancelled: () => this.closing,
          onProgress: async (written) => {
            if (Date.now() - lastWrite < PROGRESS_INTERVAL_MS) return;
            lastWrite = Date.now();
            const progress = Math.min(99, Math.floor((written * 100) / Math.max(total, 1)));
            await this.update(taskId, { progress, done_rows: written });
          },
        },
      );
    } catch (error) {
      await rm(absolutePath, { force: true });
      throw error;
    }
    const { size } = await stat(absolutePath);
    await this.finish(taskId, rows, { path: relative, size });
    return { rows, size, absolutePath };
  }

  /** Runs an export in the background, a few at a time; a failure is recorded on the task. */
  schedule<I, T>(taskId: number, def: ExportDef<I, T>, auth: AuthContext, input: I, total: number): void {
    this.queue.push({
      taskId,
      run: async () => {
        try {
          await this.exportToFile(taskId, def, auth, input, total);
        } catch (error) {
          if (!(error instanceof AppError)) this.log.error({ err: error, taskId }, 'export task failed');
          const reason = this.closing
            ? INTERRUPTED
            : error instanceof AppError
              ? error.message
              : EXPORT_FAILED;
          await this.fail(taskId, reason).catch(() => undefined);
        }
      },
    });
    this.next();
  }

  private next(): void {
    while (!this.closing && this.active < PARALLEL_EXPORTS && this.queue.length > 0) {
      const job = this.queue.shift() as { run: () => Promise<void> };
      this.active++;
      const running = job.run().finally(() => {
        this.active--;
        this.jobs.delete(running);
        this.next();
      });
      this.jobs.add(running);
    }
  }

  /** Tasks a stopped process left waiting or running are marked failed. */
  async failStaleTasks(): Promise<void> {
    const now = this.config.now();
    await this.db
      .updateTable('file_task')
      .set({ status: 'failed', error: INTERRUPTED, updated_at: now, finished_at: now })
      .where('status', 'in', ['waiting', 'running'])
      .where('updated_at', '<', now - STALE_TASK_MS)
      .execute();
  }

  /**
   * Deletes the files of exports finished more than FILE_TASK_KEEP_DAYS ago (0: never); their tasks
   * stay listed with the reason instead of a download link. Answers how many files went.
   */
  async expireFiles(): Promise<number> {
    if (this.config.fileTaskKeepDays === 0) return 0;
    const before = this.config.now() - this.config.fileTaskKeepDays * DAY_MS;
    const expired = await this.db
      .selectFrom('file_task')
      .select(['id', 'file_path'])
      .where('file_path', 'is not', null)
      .where('finished_at', '<', before)
      .execute();
    const reason = EXPIRED(this.config.fileTaskKeepDays);
    for (const task of expired) {
      await this.update(task.id, { file_path: null, error: reason });
      await rm(this.absolutePath(task.file_path as string), { force: true });
    }
    return expired.length;
  }

  /** Expires old files now and then every hour until `close`. */
  startExpiry(): void {
    const run = () =>
      void this.expireFiles().catch((err: unknown) =>
        this.log.error({ err }, 'expiring export files failed'),
      );
    run();
    this.expiry = setInterval(run, EXPIRY_INTERVAL_MS);
    this.expiry.unref();
  }

  /** Stops taking work; running exports stop at their next page and are marked interrupted. */
  async close(): Promise<void> {
    this.closing = true;
    if (this.expiry) clearInterval(this.expiry);
    await Promise.allSettled([...this.jobs]);
    for (const job of this.queue.splice(0)) await this.fail(job.taskId, INTERRUPTED).catch(() => undefined);
  }
}
