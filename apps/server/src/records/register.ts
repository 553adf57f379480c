import { recordInfoCodes, recordWriteCodes } from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../app-context';
import type { Database } from '../db/schema';
import { badInput, notFound } from '../http/envelope';
import { idField } from '../http/form-fields';
import { paging, route } from '../http/route';
import { describeChanges } from '../modules/operate-log/changes';
import { recordOperation } from '../modules/operate-log/operate-log.repository';
import { checkTeam } from '../modules/teams/check-team';
import type { RecordDef, StoredRow, TeamForm } from './record';
import {
  changeableRow,
  changeableRows,
  checkUnique,
  missingOf,
  readableRows,
  recordLog,
  recordPage,
  recordViews,
  tables,
} from './repository';
import { registerRecordSheets } from './sheets';

/**
 * Registers a record type's routes from its definition: each of `meta.paths` the record has (list,
 * detail, add, edit, enable/disable, delete, export, import), with the menu codes, scope, field
 * rules, Chinese messages, operation log and OpenAPI description of the definition; then the record's
 * own `routes`.
 */
export function registerRecord<Form extends TeamForm, Filter, View, ImportRow, ExportRow>(
  app: FastifyInstance,
  ctx: AppContext,
  def: RecordDef<Form, Filter, View, ImportRow, ExportRow>,
): void {
  const { meta, tag } = def;
  const { db } = ctx;
  const now = ctx.config.now;
  const { entity, labels, paths } = meta;
  const read = meta.readCodes;
  const write = recordWriteCodes(meta);
  const idMessage = `${entity}不正确`;
  const summary = (path: keyof typeof paths, fallback: string) => def.summaries[path] ?? fallback;
  const log = (
    tx: Kysely<Database>,
    auth: Parameters<typeof recordOperation>[1],
    row: { id: number; teamCode: string },
    content: string,
    at: number,
  ) => recordOperation(tx, auth, recordLog(meta, row.id, row.teamCode, content), at);
  const nameOf = (row: StoredRow) => String(row[meta.nameColumn] ?? '');
  const missing = missingOf(def);

  if (paths.page && meta.listByQuery)
    route(app, tag, {
      method: 'GET',
      url: paths.page,
      summary: summary('page', `${entity}分页`),
      access: read,
      list: true,
      labels,
      query: def.filter.schema.extend(paging),
      handler: ({ auth, query }) => recordPage(db, auth, def, query as { pageNum: number; pageSize: number }),
    });
  else if (paths.page)
    route(app, tag, {
      method: 'POST',
      url: paths.page,
      summary: summary('page', `${entity}分页`),
      access: read,
      list: true,
      labels,
      body: def.filter.schema.extend(paging),
      handler: ({ auth, body }) => recordPage(db, auth, def, body as { pageNum: number; pageSize: number }),
    });

  if (paths.info)
    route(app, tag, {
      method: 'GET',
      url: paths.info,
      summary: summary('info', `${entity}详情`),
      access: recordInfoCodes(meta),
      labels,
      query: z.object({ id: idField(idMessage) }),
      handler: async ({ auth, query }) => {
        const row = await readableRows(db, auth, def)
          .select(def.selection as string[])
          .where(`${meta.table}.id`, '=', query.id)
          .executeTakeFirst();
        if (!row) throw notFound(missing);
        return (await recordViews(db, def, [row]))[0];
      },
    });

  /**
   * Team, unique values and the definition's own rules of a form about to be saved; a form without
   * its team is in the caller's (add) or the record's own (edit).
   */
  const checkForm = async (auth: Parameters<typeof checkTeam>[1], given: Form, before?: StoredRow) => {
    const form = { ...given, teamCode: given.teamCode ?? before?.team_code ?? auth.teamCode };
    await checkTeam(db, auth, form.teamCode);
    await def.check?.(db, auth, form, before);
    await checkUnique(db, auth, def as RecordDef<Form, unknown, unknown, unknown>, form, before?.id);
    return form;
  };

  if (paths.add)
    route(app, tag, {
      method: 'POST',
      url: paths.add,
      summary: summary('add', `新增${entity}`),
      access: write,
      labels,
      body: def.form.schema,
      handler: async ({ auth, body }) => {
        const form = await checkForm(auth, body as Form);
        const at = now();
        const columns = def.form.columns(form);
        return db.transaction().execute(async (tx) => {
          const row = await tables(tx)
            .insertInto(meta.table)
            .values({
              merchant_id: auth.merchantId,
              ...columns,
              ...def.form.addColumns,
              ...def.form.savedColumns?.(columns, at),
              ...(def.form.noCreatedBy ? {} : { created_by: auth.userId }),
              created_at: at,
              updated_at: at,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          const id = (row as { id: number }).id;
          const text = def.form.addedText?.(columns) ?? String(columns[meta.nameColumn] ?? '');
          await log(tx, auth, { id, teamCode: form.teamCode }, `新增${entity} ${text}`, at);
          return { id };
        });
      },
    });

  if (paths.edit)
    route(app, tag, {
      method: 'POST',
      url: paths.edit,
      summary: summary('edit', `修改${entity}（操作日志记录改了什么）`),
      access: write,
      labels,
      body: def.form.editSchema ?? def.form.schema.and(z.object({ id: idField(idMessage) })),
      handler: async ({ auth, body }) => {
        const { id, ...given } = body as Form & { id: number };
        const before = await changeableRow(db, auth, meta, id, missing);
        const form = await checkForm(auth, given as unknown as Form, before);
        const columns = def.form.columns(form);
        const changes = describeChanges(
          labels,
          def.form.logFields(before),
          def.form.logFields(columns),
          def.form.hiddenChanges,
        );
        const at = now();
        await db.transaction().execute(async (tx) => {
          await tables(tx)
            .updateTable(meta.table)
            .set({ ...columns, ...def.form.savedColumns?.(columns, at, before), updated_at: at })
            .where('id', '=', id)
            .execute();
          const what = def.form.namedEditLog ? `修改${entity} ${nameOf(before)}` : `修改${entity}`;
          const content = `${what}：${changes.length ? changes.join('，') : '无变化'}`;
          await log(tx, auth, { id, teamCode: form.teamCode }, content, at);
        });
      },
    });

  if (paths.valid)
    route(app, tag, {
      method: 'POST',
      url: paths.valid,
      summary: summary('valid', `启用（valid 1）或停用（valid 0）${entity}`),
      access: write,
      labels,
      body: z.object({
        id: idField(idMessage),
        valid: z.union([z.literal(0), z.literal(1)], { error: '状态只能为0或1' }),
      }),
      handler: async ({ auth, body }) => {
        const row = await changeableRow(db, auth, meta, body.id, missing);
        if (row.valid === body.valid)
          throw badInput(body.valid === 1 ? `${entity}已是启用状态` : `${entity}已是停用状态`);
        await def.validCheck?.(db, auth, row, body.valid);
        const at = now();
        await db.transaction().execute(async (tx) => {
          await tables(tx)
            .updateTable(meta.table)
            .set({ valid: body.valid, updated_at: at })
            .where('id', '=', body.id)
            .execute();
          const content = body.valid === 1 ? `启用${entity}` : `停用${entity}`;
          await log(tx, auth, { id: body.id, teamCode: row.team_code }, content, at);
        });
      },
    });

  const { deletion } = def;
  if (paths.delete)
    route(app, tag, {
      method: 'POST',
      url: paths.delete,
      summary: summary('delete', `删除${entity}（可批量）`),
      access: write,
      labels: deletion ? labels : { ...labels, ids: labels.id ?? entity },
      body: z
        .object({
          id: idField(idMessage).optional(),
          ids: z
            .array(idField(idMessage))
            .max(500, deletion?.tooMany ?? `一次最多删除500个${entity}`)
            .optional(),
        })
        .refine(
          (b) => b.id !== undefined || (b.ids?.length ?? 0) > 0,
          deletion ? { message: deletion.pick, path: ['id'] } : `请选择要删除的${entity}`,
        ),
      handler: async ({ auth, body }) => {
        const ids = [...new Set([...(body.ids ?? []), ...(body.id ? [body.id] : [])])];
        const rows = deletion
          ? await Promise.all(ids.map((id) => changeableRow(db, auth, meta, id, missing)))
          : await changeableRows(db, auth, meta, ids);
        const refused = await def.deleteCheck?.(db, auth, rows);
        if (refused) throw badInput(refused);
        const at = now();
        await db.transaction().execute(async (tx) => {
          const gone = meta.softDelete
            ? tables(tx)
                .updateTable(meta.table)
                .set({ deleted_at: at, updated_at: at })
                .where('id', 'in', ids)
            : tables(tx).deleteFrom(meta.table).where('id', 'in', ids);
          await gone.execute();
          for (const r of rows)
            await log(
              tx,
              auth,
              { id: r.id, teamCode: r.team_code },
              `删除${entity} ${def.form.deletedText?.(r) ?? nameOf(r)}`,
              at,
            );
        });
        return { deleted: rows.length };
      },
    });

  registerRecordSheets(app, def);
  def.routes?.(app, ctx);
}
