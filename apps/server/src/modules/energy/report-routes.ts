import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { AuthContext } from '../../http/auth';
import { paging, route } from '../../http/route';
import type { ExportColumn } from '../file-tasks/file-tasks.contract';
import { registerExport } from '../file-tasks/file-tasks.register';
import { checkFilterScope, LABELS, type PeriodFilter } from './energy.filters';
import { totalRows } from './energy.views';

// The two shapes every fuel, mileage and energy report route has: a paged list over a period and
// the report's filters (the ids it names checked in the caller's scope, then a page of rows, their
// count and, for some, a totals row a unit), and its export with the same filters (all rows).

type Page = { pageNum: number; pageSize: number };

export interface ReportDef<F extends PeriodFilter, R> {
  url: string;
  summary: string;
  access: string[];
  /** The filter (periodFilter or one made by withPeriod). */
  filter: z.ZodType<F>;
  /** The rows of the filter, one page of them when `page` is given. */
  rows: (auth: AuthContext, f: F, page?: Page) => Promise<R[]>;
}

/** Registers a report's paged list (and `totals`: totalRow, one a unit) and its export. */
export function reportRoutes(app: FastifyInstance, ctx: AppContext, tag: string) {
  const { db } = ctx;
  const all =
    <F extends PeriodFilter, R>(rows: ReportDef<F, R>['rows']) =>
    async (auth: AuthContext, f: F) => {
      await checkFilterScope(db, auth, f);
      return rows(auth, f);
    };
  return {
    list<F extends PeriodFilter, R>(
      def: ReportDef<F, R> & {
        count: (auth: AuthContext, f: F) => Promise<number>;
        totals?: boolean;
        /** The page, count and totals in one (instead of rows, count and totals). */
        page?: (auth: AuthContext, f: F & Page) => Promise<{ list: R[]; total: number; totalRow?: unknown }>;
      },
    ): void {
      route(app, tag, {
        method: 'POST',
        url: def.url,
        summary: def.summary,
        access: def.access,
        list: true,
        labels: LABELS,
        body: (def.filter as unknown as z.ZodType<F>).and(z.object(paging)),
        handler: async ({ auth, body }) => {
          const f = body as F & Page;
          await checkFilterScope(db, auth, f);
          if (def.page) return def.page(auth, f);
          const [list, total, totalRow] = await Promise.all([
            def.rows(auth, f, f),
            def.count(auth, f),
            def.totals ? totalRows(db, auth, f) : undefined,
          ]);
          return def.totals ? { list, total, totalRow } : { list, total };
        },
      });
    },
    export<F extends PeriodFilter, R>(
      def: ReportDef<F, R> & { title: string; columns: ExportColumn<R>[] },
    ): void {
      const rows = all<F, R>(def.rows);
      registerExport<F, R>(app, tag, {
        url: def.url,
        method: 'POST',
        summary: def.summary,
        access: def.access,
        input: def.filter,
        title: def.title,
        columns: def.columns,
        count: async (_db, auth, f) => (await rows(auth, f)).length,
        rows: async function* (_db, auth, f, pageSize) {
          const found = await rows(auth, f);
          for (let i = 0; i < found.length; i += pageSize) yield found.slice(i, i + pageSize);
        },
      });
    },
  };
}
