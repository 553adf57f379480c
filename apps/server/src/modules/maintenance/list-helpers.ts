import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { badInput } from '../../http/envelope';
import type { ExportColumn } from '../file-tasks/file-tasks.contract';
import { registerExport } from '../file-tasks/file-tasks.register';

/** One page of rows computed in memory. */
export function pageOf<T>(rows: readonly T[], p: { pageNum: number; pageSize: number }) {
  const from = (p.pageNum - 1) * p.pageSize;
  return { list: rows.slice(from, from + p.pageSize), total: rows.length };
}

/** The export of a list computed in memory (every row the filter selects, in list order). */
export function registerMemoryExport<I, T>(
  app: FastifyInstance,
  tag: string,
  def: {
    url: string;
    summary: string;
    access: readonly string[];
    input: z.ZodType<I>;
    title: string;
    /** Chinese labels of the filter fields the shared catalogue does not name. */
    labels?: Readonly<Record<string, string>>;
    columns: readonly ExportColumn<T>[];
    all: (db: Kysely<Database>, auth: AuthContext, input: I) => Promise<T[]>;
  },
): void {
  registerExport<I, T>(app, tag, {
    url: def.url,
    method: 'POST',
    summary: def.summary,
    access: def.access,
    input: def.input,
    title: def.title,
    ...(def.labels ? { labels: def.labels } : {}),
    columns: def.columns,
    count: async (db, auth, input) => (await def.all(db, auth, input)).length,
    rows: (db, auth, input, pageSize) =>
      (async function* () {
        const rows = await def.all(db, auth, input);
        for (let i = 0; i < rows.length; i += pageSize) yield rows.slice(i, i + pageSize);
      })(),
  });
}

/** The reach of a list: the caller's subtree, or a team inside it; a team outside it is refused. */
export function reachOf(auth: AuthContext, teamCode?: string): { merchantId: number; teamCode: string } {
  if (teamCode && !teamCode.startsWith(auth.scope.teamCode)) throw badInput('所属车队: 不存在或无权操作');
  return { merchantId: auth.merchantId, teamCode: teamCode || auth.scope.teamCode };
}
