import { distanceMeters, OPERATE_LOG_PAGES, SAFETY_ALARM_CODES, SAFETY_RISK_CODES } from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { badInput, notFound } from '../../http/envelope';
import { idField, optionalText, teamCodeField } from '../../http/form-fields';
import { pageOf, paging, route } from '../../http/route';
import { inScope } from '../../http/scope';
import { checkTeam } from '../drivers/drivers.repository';
import { type CoordType, toWgs84 } from '../geo/coords';
import { geoServiceFor } from '../geo/geo.service';
import { describeChanges } from '../operate-log/changes';
import { recordOperation } from '../operate-log/operate-log.repository';
import {
  ADDRESS_LABELS,
  ADDRESS_TYPES,
  addressBase,
  addressColumns,
  addressFormSchema,
  addressLogFields,
  addressSelection,
  addressView,
  toMicro,
} from './addresses.fields';

/** 常用地址 of system management (car090404) and of the capacity business (tc010506). */
export const ADDRESS_CODES = ['car090404', 'tc010506'] as const;
/** Marking a place from the safety pages (alarms and risk events), or from the address pages. */
const MARK_CODES = [...ADDRESS_CODES, ...SAFETY_ALARM_CODES, ...SAFETY_RISK_CODES];
/** A marked place this close to a saved address is that address. */
export const MARK_SAME_PLACE_METRES = 100;

export const addressLog = (id: number, teamCode: string, content: string) => ({
  pageEnum: OPERATE_LOG_PAGES.address,
  dataId: id,
  teamCode,
  content,
});

const blank = (v: unknown) =>
  v === '' || v === null ? undefined : typeof v === 'string' ? v.trim() || undefined : v;

/** The filter of /common/address/list, also the input of its export. */
export const addressFilterSchema = z.object({
  keyword: z.preprocess(blank, z.string().max(50, '最多输入50个字符').optional()),
  addressType: z.preprocess(blank, z.coerce.number().int().min(1).max(6).optional()),
  source: z.preprocess(blank, z.coerce.number().int().min(1).max(3).optional()),
  teamCode: z.preprocess(blank, teamCodeField.optional()),
});
export type AddressFilter = z.output<typeof addressFilterSchema>;

export function addressQuery(db: Kysely<Database>, auth: AuthContext, filter: AddressFilter) {
  let q = addressBase(db, auth);
  if (filter.keyword) {
    const like = `%${filter.keyword}%`;
    q = q.where((eb) =>
      eb.or([eb('common_address.name', 'like', like), eb('common_address.address', 'like', like)]),
    );
  }
  if (filter.addressType) q = q.where('common_address.address_type', '=', filter.addressType);
  if (filter.source) q = q.where('common_address.source', '=', filter.source);
  if (filter.teamCode) q = q.where('common_address.team_code', 'like', `${filter.teamCode}%`);
  return q;
}

async function findAddress(db: Kysely<Database>, auth: AuthContext, id: number) {
  const row = await db
    .selectFrom('common_address')
    .selectAll()
    .where(inScope(auth.scope, 'common_address'))
    .where('deleted_at', 'is', null)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('地址不存在或无权操作');
  return row;
}

/** A saved address of the caller's scope within MARK_SAME_PLACE_METRES of a point, nearest first. */
async function nearbyAddress(db: Kysely<Database>, auth: AuthContext, lat: number, lng: number) {
  const dLat = 0.0012;
  const dLng = 0.0012 / Math.max(0.2, Math.cos((lat * Math.PI) / 180));
  const rows = await db
    .selectFrom('common_address')
    .select(['id', 'name', 'address', 'lat', 'lon', 'address_type'])
    .where(inScope(auth.scope, 'common_address'))
    .where('deleted_at', 'is', null)
    .where('lat', '>=', toMicro(lat - dLat))
    .where('lat', '<=', toMicro(lat + dLat))
    .where('lon', '>=', toMicro(lng - dLng))
    .where('lon', '<=', toMicro(lng + dLng))
    .execute();
  return rows
    .map((r) => ({ ...r, metres: distanceMeters(lat, lng, r.lat / 1e6, r.lon / 1e6) }))
    .filter((r) => r.metres <= MARK_SAME_PLACE_METRES)
    .sort((a, b) => a.metres - b.metres)[0];
}

/** A name for a marked place: the district (or city) and the kind, in the name rule's characters. */
export function markedPlaceName(area: string, addressType: number): string {
  const kind =
    ADDRESS_TYPES[addressType] === '其他' ? '标记地点' : (ADDRESS_TYPES[addressType] ?? '标记地点');
  const clean = area.replace(/[^\u4e00-\u9fa5A-Za-z0-9()（）]/g, '').slice(0, 30 - kind.length);
  return `${clean}${kind}`;
}

export function registerAddressRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = '常用地址';
  const { db } = ctx;
  const now = ctx.config.now;

  route(app, tag, {
    method: 'POST',
    url: '/common/address/list',
    summary: '常用地址分页：关键字（名称或地址）、地址类型、来源、车队；坐标为 WGS-84',
    access: ADDRESS_CODES,
    list: true,
    labels: ADDRESS_LABELS,
    body: addressFilterSchema.extend(paging),
    handler: async ({ auth, body }) => {
      const q = addressQuery(db, auth, body);
      const { rows, total } = await pageOf(
        q,
        (q) => q.select(addressSelection).orderBy('common_address.id', 'desc'),
        body,
      );
      return { list: rows.map(addressView), total };
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/common/address/add',
    summary: '新增常用地址（在地图上选点，WGS-84）',
    access: ADDRESS_CODES,
    labels: ADDRESS_LABELS,
    body: addressFormSchema,
    handler: async ({ auth, body }) => {
      await checkTeam(db, auth, body.teamCode);
      const at = now();
      return db.transaction().execute(async (tx) => {
        const row = await tx
          .insertInto('common_address')
          .values({
            merchant_id: auth.merchantId,
            ...addressColumns(body),
            source: 1,
            created_by: auth.userId,
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await recordOperation(
          tx,
          auth,
          addressLog(row.id, body.teamCode, `新增地址 ${body.name}（${body.address}）`),
          at,
        );
        return { id: row.id };
      });
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/common/address/edit',
    summary: '修改常用地址（操作日志记录改了什么）',
    access: ADDRESS_CODES,
    labels: ADDRESS_LABELS,
    body: addressFormSchema.extend({ id: idField('地址不正确') }),
    handler: async ({ auth, body }) => {
      const before = await findAddress(db, auth, body.id);
      await checkTeam(db, auth, body.teamCode);
      const columns = addressColumns(body);
      const changes = describeChanges(ADDRESS_LABELS, addressLogFields(before), addressLogFields(columns));
      const at = now();
      await db.transaction().execute(async (tx) => {
        await tx
          .updateTable('common_address')
          .set({ ...columns, updated_at: at })
          .where('id', '=', body.id)
          .execute();
        const content = changes.length ? `修改地址：${changes.join('，')}` : '修改地址：无变化';
        await recordOperation(tx, auth, addressLog(body.id, body.teamCode, content), at);
      });
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/common/address/del',
    summary: '删除常用地址（可批量）',
    access: ADDRESS_CODES,
    labels: { ...ADDRESS_LABELS, ids: '地址' },
    body: z
      .object({
        id: idField('地址不正确').optional(),
        ids: z.array(idField('地址不正确')).max(500, '一次最多删除500个地址').optional(),
      })
      .refine((b) => b.id !== undefined || (b.ids?.length ?? 0) > 0, '请选择要删除的地址'),
    handler: async ({ auth, body }) => {
      const ids = [...new Set([...(body.ids ?? []), ...(body.id ? [body.id] : [])])];
      const rows = await db
        .selectFrom('common_address')
        .select(['id', 'name', 'team_code'])
        .where(inScope(auth.scope, 'common_address'))
        .where('deleted_at', 'is', null)
        .where('id', 'in', ids)
        .execute();
      if (rows.length !== ids.length) throw badInput('地址不存在或无权操作');
      const at = now();
      await db.transaction().execute(async (tx) => {
        await tx
          .updateTable('common_address')
          .set({ deleted_at: at, updated_at: at })
          .where('id', 'in', ids)
          .execute();
        for (const r of rows)
          await recordOperation(tx, auth, addressLog(r.id, r.team_code, `删除地址 ${r.name}`), at);
      });
      return { deleted: rows.length };
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/safety/mark/address',
    summary:
      '安全标记地址：把报警或风险事件所在的地图位置标记为常用地址（如装卸点、停车场），供判断正常停车；100米内已有地址时不重复新增，返回该地址（created false）。未给地址文字时逆地理编码命名',
    access: MARK_CODES,
    labels: { ...ADDRESS_LABELS, coordType: '坐标系' },
    body: z.object({
      lng: z.coerce.number({ error: '请在地图上选择位置' }).min(-180).max(180),
      lat: z.coerce.number({ error: '请在地图上选择位置' }).min(-90).max(90),
      coordType: z
        .enum(['wgs84', 'gcj02', 'bd09'], { error: '坐标系只能为wgs84、gcj02或bd09' })
        .default('wgs84'),
      name: optionalText(30),
      address: optionalText(100),
      addressType: z.coerce
        .number()
        .refine((n) => n in ADDRESS_TYPES, '请选择地址类型')
        .default(3),
      teamCode: teamCodeField.optional(),
      remark: optionalText(200),
    }),
    handler: async ({ auth, body }) => {
      const [wLng, wLat] = toWgs84(body.lng, body.lat, body.coordType as CoordType);
      const teamCode = body.teamCode ?? auth.teamCode;
      await checkTeam(db, auth, teamCode);
      const near = await nearbyAddress(db, auth, wLat, wLng);
      if (near)
        return {
          id: near.id,
          name: near.name,
          address: near.address,
          created: false,
          distance: Math.round(near.metres),
        };
      const place = await geoServiceFor(ctx).reverse(wLat, wLng);
      const form = addressFormSchema.safeParse({
        name: body.name ?? markedPlaceName(place.district || place.city || place.province, body.addressType),
        address: body.address ?? (place.address.slice(0, 100) || '未知地址'),
        lng: wLng,
        lat: wLat,
        addressType: body.addressType,
        remark: body.remark,
        teamCode,
      });
      if (!form.success) {
        const issue = form.error.issues[0];
        const field = ADDRESS_LABELS[String(issue?.path[0] ?? '')] ?? '地址';
        throw badInput(`${field}: ${issue?.message ?? '格式不正确'}`);
      }
      const at = now();
      return db.transaction().execute(async (tx) => {
        const row = await tx
          .insertInto('common_address')
          .values({
            merchant_id: auth.merchantId,
            ...addressColumns(form.data),
            source: 3,
            created_by: auth.userId,
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const text = `安全标记新增地址 ${form.data.name}（${form.data.address}）`;
        await recordOperation(tx, auth, addressLog(row.id, teamCode, text), at);
        return { id: row.id, name: form.data.name, address: form.data.address, created: true, distance: 0 };
      });
    },
  });
}
