import { OPERATE_LOG_PAGES } from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { badInput } from '../../http/envelope';
import { idField } from '../../http/form-fields';
import { pageOf, paging, route } from '../../http/route';
import { inScope } from '../../http/scope';
import { describeChanges } from '../operate-log/changes';
import { recordOperation } from '../operate-log/operate-log.repository';
import { DRIVER_LABELS, type DriverForm, driverFormSchema } from './drivers.fields';
import {
  boundPlates,
  checkDriverUnique,
  checkTeam,
  driverFilterFields,
  driverQuery,
  driverView,
  findDriver,
  selectDriverRows,
} from './drivers.repository';

/** 司机管理 (car090103); the review page (car090109) opens drivers it created. */
export const DRIVER_CODES = ['car090103'] as const;
export const DRIVER_VIEW_CODES = ['car090103', 'car090109'] as const;

export const driverLog = (id: number, teamCode: string, content: string) => ({
  pageEnum: OPERATE_LOG_PAGES.driver,
  dataId: id,
  teamCode,
  content,
});

function columnsOf(form: DriverForm) {
  return {
    team_code: form.teamCode,
    name: form.driverName,
    phone: form.driverPhone,
    id_card: form.idCard,
    license_class: form.licenseClass,
    license_expiry: form.licenseExpiry,
    qualification_no: form.qualificationNo,
    qualification_expiry: form.qualificationExpiry,
    photos: form.photos,
    status: form.status,
    remark: form.remark,
  };
}

/** A driver's fields under their API names, for comparing versions in the log. */
function formOf(
  row: Omit<ReturnType<typeof columnsOf>, 'status'> & { status: number },
): Record<string, unknown> {
  return {
    driverName: row.name,
    driverPhone: row.phone,
    idCard: row.id_card,
    licenseClass: row.license_class,
    licenseExpiry: row.license_expiry,
    qualificationNo: row.qualification_no,
    qualificationExpiry: row.qualification_expiry,
    photos: row.photos,
    teamCode: row.team_code,
    status: row.status === 1 ? '在职' : '离职',
    remark: row.remark,
  };
}

/** Adds one driver (checks done by the caller) and logs it; returns the id. */
export async function insertDriver(
  tx: Kysely<Database>,
  auth: AuthContext,
  form: DriverForm,
  now: number,
  source: 1 | 2 | 3,
  logText = '新增司机',
) {
  const row = await tx
    .insertInto('driver')
    .values({
      merchant_id: auth.merchantId,
      ...columnsOf(form),
      source,
      photos_checked_at: source === 1 && form.photos ? now : null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await recordOperation(
    tx,
    auth,
    driverLog(row.id, form.teamCode, `${logText} ${form.driverName}（${form.driverPhone}）`),
    now,
  );
  return row.id;
}

export function registerDriverRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = '司机管理';
  const { db } = ctx;
  const now = ctx.config.now;

  route(app, tag, {
    method: 'GET',
    url: '/driver/list',
    summary: '司机列表：姓名、手机号、车队、准驾车型、驾驶证有效期（区间或已过期/30天内到期）、在职状态',
    access: DRIVER_CODES,
    list: true,
    labels: DRIVER_LABELS,
    query: z.object({ ...paging, ...driverFilterFields }),
    handler: async ({ auth, query }) => {
      const q = driverQuery(db, auth, query, now());
      const { rows, total } = await pageOf(q, (q) => selectDriverRows(q).orderBy('driver.id', 'desc'), query);
      const plates = await boundPlates(
        db,
        rows.map((r) => r.id),
      );
      return {
        list: rows.map((r) => driverView(r, plates.get(r.id) ?? [], now())),
        total,
      };
    },
  });

  route(app, tag, {
    method: 'GET',
    url: '/driver/info',
    summary: '司机详情（含绑定车辆）',
    access: DRIVER_VIEW_CODES,
    labels: DRIVER_LABELS,
    query: z.object({ id: idField('司机不正确') }),
    handler: async ({ auth, query }) => {
      await findDriver(db, auth, query.id);
      const row = await selectDriverRows(driverQuery(db, auth, {}, now()))
        .where('driver.id', '=', query.id)
        .executeTakeFirstOrThrow();
      const plates = await boundPlates(db, [row.id]);
      return driverView(row, plates.get(row.id) ?? [], now());
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/driver/add',
    summary: '新增司机：手机号、身份证号在商户内唯一；照片为上传地址，以;分隔',
    access: DRIVER_CODES,
    labels: DRIVER_LABELS,
    body: driverFormSchema,
    handler: async ({ auth, body }) => {
      await checkTeam(db, auth, body.teamCode);
      await checkDriverUnique(db, auth.merchantId, body);
      const id = await db.transaction().execute((tx) => insertDriver(tx, auth, body, now(), 1));
      return { id };
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/driver/update',
    summary: '修改司机（操作日志记录改了什么）',
    access: DRIVER_CODES,
    labels: DRIVER_LABELS,
    body: driverFormSchema.extend({ id: idField('司机不正确') }),
    handler: async ({ auth, body }) => {
      const before = await findDriver(db, auth, body.id);
      await checkTeam(db, auth, body.teamCode);
      await checkDriverUnique(db, auth.merchantId, body, body.id);
      const columns = columnsOf(body);
      const changes = describeChanges(DRIVER_LABELS, formOf(before), formOf(columns), ['photos']);
      const at = now();
      await db.transaction().execute(async (tx) => {
        await tx
          .updateTable('driver')
          .set({
            ...columns,
            // photos staff enter are checked by them; unchanged photos keep their state
            photos_checked_at:
              columns.photos === before.photos ? before.photos_checked_at : columns.photos ? at : null,
            updated_at: at,
          })
          .where('id', '=', body.id)
          .execute();
        const content = changes.length ? `修改司机：${changes.join('，')}` : '修改司机：无变化';
        await recordOperation(tx, auth, driverLog(body.id, body.teamCode, content), at);
      });
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/driver/delete',
    summary: '删除司机（可批量；已绑定车辆的司机需先解绑）',
    access: DRIVER_CODES,
    labels: { ...DRIVER_LABELS, ids: '司机' },
    body: z
      .object({
        id: idField('司机不正确').optional(),
        ids: z.array(idField('司机不正确')).max(500, '一次最多删除500个司机').optional(),
      })
      .refine((b) => b.id !== undefined || (b.ids?.length ?? 0) > 0, '请选择要删除的司机'),
    handler: async ({ auth, body }) => {
      const ids = [...new Set([...(body.ids ?? []), ...(body.id ? [body.id] : [])])];
      const drivers = await db
        .selectFrom('driver')
        .select(['id', 'name', 'phone', 'team_code'])
        .where(inScope(auth.scope, 'driver'))
        .where('deleted_at', 'is', null)
        .where('id', 'in', ids)
        .execute();
      if (drivers.length !== ids.length) throw badInput('司机不存在或无权操作');
      const plates = await boundPlates(db, ids);
      const bound = drivers.find((d) => plates.has(d.id));
      if (bound)
        throw badInput(
          `司机 ${bound.name} 已绑定车辆 ${(plates.get(bound.id) ?? []).join('、')}，请先在车辆管理中解绑`,
        );
      const at = now();
      await db.transaction().execute(async (tx) => {
        await tx
          .updateTable('driver')
          .set({ deleted_at: at, updated_at: at })
          .where('id', 'in', ids)
          .execute();
        for (const d of drivers)
          await recordOperation(
            tx,
            auth,
            driverLog(d.id, d.team_code, `删除司机 ${d.name}（${d.phone}）`),
            at,
          );
      });
      return { deleted: drivers.length };
    },
  });

  const nameFilter = z.object({
    driverName: z
      .string()
      .trim()
      .max(30, '最多输入30个字符')
      .optional()
      .transform((text) => text || undefined),
  });
  const nameRows = (auth: AuthContext, keyword: string | undefined) => {
    let q = db.selectFrom('driver').where(inScope(auth.scope, 'driver')).where('deleted_at', 'is', null);
    if (keyword)
      q = q.where((eb) => eb.or([eb('name', 'like', `%${keyword}%`), eb('phone', 'like', `%${keyword}%`)]));
    return q;
  };
  const option = (r: { id: number; name: string; phone: string }) => ({
    id: r.id,
    driverName: r.name,
    phone: r.phone,
  });

  route(app, 'lookups', {
    method: 'GET',
    url: '/driver/name/list',
    summary: '司机下拉（按姓名或手机号筛选，最多500条）',
    access: 'login',
    list: true,
    query: nameFilter,
    handler: async ({ auth, query }) => {
      const rows = await nameRows(auth, query.driverName)
        .select(['id', 'name', 'phone'])
        .orderBy('name')
        .orderBy('id')
        .limit(500)
        .execute();
      return rows.map(option);
    },
  });

  route(app, 'lookups', {
    method: 'GET',
    url: '/driver/name/listPage',
    summary: '司机下拉分页（每页20条，按姓名或手机号筛选）：{ list: [{ id, driverName, phone }], total }',
    access: 'login',
    list: true,
    query: nameFilter.extend({
      pageNum: paging.pageNum,
      pageSize: z.coerce.number().int().min(1, '每页条数必须大于0').max(100, '每页最多100条').default(20),
    }),
    handler: async ({ auth, query }) => {
      const q = nameRows(auth, query.driverName);
      const { rows, total } = await pageOf(
        q,
        (q) => q.select(['id', 'name', 'phone']).orderBy('name').orderBy('id'),
        query,
      );
      return { list: rows.map(option), total };
    },
  });
}
