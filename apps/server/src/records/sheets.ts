import { type EnumOption, recordWriteCodes } from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badInput } from '../http/envelope';
import { countOf, paging } from '../http/route';
import { pagesByIdDesc } from '../modules/file-tasks/export-pages';
import type { ImportRowError } from '../modules/file-tasks/file-tasks.contract';
import { registerExport, registerImport } from '../modules/file-tasks/file-tasks.register';
import { recordOperations } from '../modules/operate-log/changes';
import { chunks, teamLookup } from '../modules/teams/team-lookup';
import type { FormImport, RecordDef, TeamForm, UniqueField } from './record';
import { filteredRows, recordLog, recordViews, tables, takenMessage, takenValues } from './repository';

/** A cell naming a value of an enumeration by its name (or number) → the number; `message` otherwise. */
export function enumCell(names: Readonly<Record<number, string>>, message: string) {
  return z.preprocess(
    (value) => {
      const text = typeof value === 'string' ? value.trim() : value;
      const found = Object.entries(names).find(([, name]) => name === text);
      return found ? Number(found[0]) : text;
    },
    z.coerce.number({ error: message }).refine((n) => n in names, message),
  );
}

/**
 * A cell naming an option by its label (站点类型 装货地) → its value; '…应为甲、乙之一' for any other
 * text, `required` when empty and required.
 */
export function labelCell(options: readonly EnumOption[], label: string, required?: string) {
  const byLabel = new Map(options.map((o) => [o.label, Number(o.value)]));
  const message = `${label}应为${options.map((o) => o.label).join('、')}之一`;
  return (required ? z.string().min(1, required) : z.string()).transform((text, ctx) => {
    const value = byLabel.get(text);
    if (value !== undefined) return value;
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  });
}

/** A cell holding a number ('109.963') → the number: '请填写…' when empty, '…应为数字' otherwise. */
export function numberCell(label: string) {
  return z
    .string()
    .min(1, `请填写${label}`)
    .refine((v) => /^-?\d+(\.\d+)?$/.test(v), `${label}应为数字`)
    .transform(Number);
}

/**
 * The export and import routes of a record type, through the streamed spreadsheet code and file
 * tasks: the export writes exactly the rows the list's filter selects, newest first; the import checks
 * every row (form rules, team, values repeated in the file or already taken) before writing any, then
 * writes all of them and their log entries in one transaction.
 */
export function registerRecordSheets<Form extends TeamForm, Filter, View, ImportRow, ExportRow>(
  app: FastifyInstance,
  def: RecordDef<Form, Filter, View, ImportRow, ExportRow>,
): void {
  const { meta } = def;
  const { table, entity } = meta;

  if (meta.paths.export && def.export) {
    const exported = def.export;
    const byQuery = (meta.exportMethod ?? (meta.listByQuery ? 'GET' : 'POST')) === 'GET';
    registerExport<Filter, ExportRow>(app, def.tag, {
      url: meta.paths.export,
      method: byQuery ? 'GET' : 'POST',
      summary: def.summaries.export ?? `导出${entity}（与列表筛选条件一致）`,
      access: meta.readCodes,
      // a query string is the list's, paging included (and ignored)
      input: (byQuery ? def.filter.schema.extend(paging) : def.filter.schema) as unknown as z.ZodType<Filter>,
      title: exported.title,
      columns: exported.columns,
      count: (db, auth, filter) => countOf(filteredRows(db, auth, def, filter)),
      rows: async function* (db, auth, filter, pageSize) {
        const pages = pagesByIdDesc(pageSize, (before) => {
          let q = filteredRows(db, auth, def, filter).select(def.selection as string[]);
          if (before !== undefined) q = q.where(`${table}.id`, '<', before);
          return q.orderBy(`${table}.id`, 'desc').limit(pageSize).execute() as Promise<{ id: number }[]>;
        });
        for await (const rows of pages)
          yield exported.rows
            ? await exported.rows(db, rows as never[])
            : ((await recordViews(db, def, rows)) as ExportRow[]);
      },
    });
  }

  if (meta.paths.import && def.import && 'write' in def.import) {
    const own = def.import;
    registerImport<ImportRow>(app, def.tag, {
      url: meta.paths.import,
      summary: def.summaries.import ?? `导入${entity}`,
      access: recordWriteCodes(meta),
      title: own.title,
      columns: own.columns,
      row: own.row as z.ZodType<ImportRow, Record<string, string>>,
      check: own.check,
      write: own.write,
    });
  } else if (meta.paths.import && def.import) {
    const imported = def.import as FormImport<Form, ImportRow>;
    type Row = ImportRow & { team?: string | null };
    const uniques = (def.unique ?? []) as readonly UniqueField<Form>[];
    registerImport<Row>(app, def.tag, {
      url: meta.paths.import,
      summary: def.summaries.import ?? `导入${entity}（所属车队不填时为导入人所在车队）`,
      access: recordWriteCodes(meta),
      title: imported.title,
      columns: imported.columns,
      row: imported.row as unknown as z.ZodType<Row, Record<string, string>>,
      check: async (db, auth, rows) => {
        const lookup = await teamLookup(db, auth.scope, auth.teamCode);
        const errors: ImportRowError[] = [];
        const firstRow = new Map(uniques.map((u) => [u.column, new Map<unknown, number>()]));
        const columnsOf = rows.map((r, i) => {
          const row = i + 2;
          const team = lookup(r.team ?? '');
          if ('error' in team) errors.push({ row, message: team.error });
          const columns = def.form.columns(
            imported.toForm(r, 'error' in team ? auth.teamCode : team.teamCode),
          );
          for (const u of uniques) {
            const value = columns[u.column];
            if (value === null || value === '' || value === undefined) continue;
            const seen = firstRow.get(u.column);
            const earlier = seen?.get(value);
            if (earlier)
              errors.push({ row, message: `${meta.labels[u.field] ?? u.field}: 与第${earlier}行重复` });
            else seen?.set(value, row);
          }
          return columns;
        });
        if (uniques.length) {
          const taken = new Map(uniques.map((u) => [u.column, new Set<unknown>()]));
          for (const part of chunks(columnsOf, 500)) {
            const found = await takenValues(db, auth.merchantId, meta, uniques, (c) => part.map((p) => p[c]));
            for (const [column, values] of found) for (const v of values) taken.get(column)?.add(v);
          }
          columnsOf.forEach((columns, i) => {
            for (const u of uniques) {
              const value = columns[u.column];
              if (value !== null && value !== '' && taken.get(u.column)?.has(value))
                errors.push({ row: i + 2, message: takenMessage(meta, u as UniqueField<never>) });
            }
          });
        }
        return errors;
      },
      write: async (tx, auth, rows, now) => {
        const lookup = await teamLookup(tx, auth.scope, auth.teamCode);
        const values = rows.map((r) => {
          const team = lookup(r.team ?? '');
          if ('error' in team) throw badInput(team.error);
          const columns = def.form.columns(imported.toForm(r, team.teamCode));
          return {
            merchant_id: auth.merchantId,
            ...columns,
            ...def.form.addColumns,
            ...imported.addColumns,
            ...def.form.savedColumns?.(columns, now),
            ...(def.form.noCreatedBy ? {} : { created_by: auth.userId }),
            created_at: now,
            updated_at: now,
          };
        });
        for (const part of chunks(values, 300)) {
          const added = (await tables(tx).insertInto(table).values(part).returningAll().execute()) as Record<
            string,
            unknown
          >[];
          await recordOperations(
            tx,
            auth,
            added.map((a) =>
              recordLog(
                meta,
                a.id as number,
                a.team_code as string,
                `导入新增${entity} ${def.form.addedText?.(a) ?? String(a[meta.nameColumn] ?? '')}`,
              ),
            ),
            now,
          );
        }
      },
    });
  }
}
