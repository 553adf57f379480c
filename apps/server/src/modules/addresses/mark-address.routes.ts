import { distanceMeters, SAFETY_ALARM_CODES, SAFETY_RISK_CODES } from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { badInput } from '../../http/envelope';
import { optionalText, teamCodeField } from '../../http/form-fields';
import { route } from '../../http/route';
import { inScope } from '../../http/scope';
import { recordLog } from '../../records/repository';
import { type CoordType, toWgs84 } from '../geo/coords';
import { geoServiceFor } from '../geo/geo.service';
import { recordOperation } from '../operate-log/operate-log.repository';
import { checkTeam } from '../teams/check-team';
import { ADDRESS_TYPES, addressColumns, addressFormSchema, addressRecord, toMicro } from './addresses.record';

/** Marking a place from the safety pages (alarms and risk events), or from the address pages. */
const MARK_CODES = [...addressRecord.meta.readCodes, ...SAFETY_ALARM_CODES, ...SAFETY_RISK_CODES];
/** A marked place this close to a saved address is that address. */
export const MARK_SAME_PLACE_METRES = 100;
const ADDRESS_LABELS = addressRecord.meta.labels as Record<string, string>;

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

/** 安全标记地址: the address pages' own route beside the generated ones. */
export function registerMarkAddressRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = '常用地址';
  const { db } = ctx;
  const now = ctx.config.now;

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
        await recordOperation(tx, auth, recordLog(addressRecord.meta, row.id, teamCode, text), at);
        return { id: row.id, name: form.data.name, address: form.data.address, created: true, distance: 0 };
      });
    },
  });
}
