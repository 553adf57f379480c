import { OPERATE_LOG_PAGES } from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { badInput, notFound } from '../../http/envelope';
import { idField, teamCodeField } from '../../http/form-fields';
import { pageOf, paging, route } from '../../http/route';
import { inScope } from '../../http/scope';
import { checkUnique } from '../../records/repository';
import { driverRecord, insertDriver } from '../drivers/drivers.record';
import { recordOperation } from '../operate-log/operate-log.repository';
import { checkTeam } from '../teams/check-team';
import { REGISTRATION_LABELS, REGISTRATION_STATUS, registrationView } from './registrations.fields';

/** 司机车辆注册审核 (car090109). */
export const REVIEW_CODES = ['car090109'] as const;

export const registrationLog = (id: number, teamCode: string, content: string) => ({
  pageEnum: OPERATE_LOG_PAGES.driverRegistration,
  dataId: id,
  teamCode,
  content,
});

function reviewQuery(db: Kysely<Database>, auth: AuthContext) {
  return db
    .selectFrom('driver_registration as r')
    .leftJoin('team as t', (j) =>
      j.onRef('t.merchant_id', '=', 'r.merchant_id').onRef('t.team_code', '=', 'r.team_code'),
    )
    .leftJoin('app_user as u', 'u.id', 'r.reviewed_by')
    .where(inScope(auth.scope, 'r'))
    .where('r.status', '!=', REGISTRATION_STATUS.filling);
}

const selection = [
  'r.id',
  'r.status',
  'r.merchant_id',
  'r.team_code',
  'r.invite_id',
  'r.phone',
  'r.name',
  'r.id_card',
  'r.license_class',
  'r.license_expiry',
  'r.qualification_no',
  'r.qualification_expiry',
  'r.photos',
  'r.car_no',
  'r.plate_color',
  'r.vin',
  'r.ticket_hash',
  'r.ticket_expires_at',
  'r.reject_reason',
  'r.driver_id',
  'r.truck_id',
  'r.reviewed_by',
  'r.reviewed_at',
  'r.submitted_at',
  'r.created_at',
  'r.updated_at',
  't.team_name',
  'u.nickname as reviewer_name',
] as const;

async function pendingRegistration(db: Kysely<Database>, auth: AuthContext, id: number) {
  const row = await reviewQuery(db, auth).select(selection).where('r.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('注册申请不存在或无权操作');
  if (row.status !== REGISTRATION_STATUS.pending) throw badInput('该申请已审核，请刷新列表');
  return row;
}

/**
 * The truck of an approved registration: bound to the new driver when the merchant already has it
 * (by VIN) and it has no driver; created in the driver's team otherwise.
 */
async function truckFor(
  tx: Kysely<Database>,
  auth: AuthContext,
  r: { car_no: string; plate_color: number | null; vin: string },
  teamCode: string,
  driverId: number,
  now: number,
): Promise<{ truckId: number; note: string }> {
  const same = await tx
    .selectFrom('truck')
    .select(['id', 'car_no', 'vin', 'team_code', 'driver_id'])
    .where('merchant_id', '=', auth.merchantId)
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([eb('vin', '=', r.vin), eb('car_no', '=', r.car_no)]))
    .execute();
  const byVin = same.length === 1 ? same.find((t) => t.vin === r.vin && t.car_no === r.car_no) : undefined;
  if (same.length > 0 && !byVin) throw badInput('车辆: 车牌号或车架号已属于本公司的其他车辆，请核对');
  if (byVin) {
    if (!byVin.team_code.startsWith(auth.scope.teamCode)) throw badInput('车辆: 该车辆不在您的管辖范围内');
    if (byVin.driver_id !== null) return { truckId: byVin.id, note: `车辆 ${byVin.car_no} 已有司机，未改绑` };
    await tx
      .updateTable('truck')
      .set({ driver_id: driverId, updated_at: now })
      .where('id', '=', byVin.id)
      .execute();
    await recordOperation(
      tx,
      auth,
      {
        pageEnum: OPERATE_LOG_PAGES.truck,
        dataId: byVin.id,
        teamCode: byVin.team_code,
        content: '通过司机注册审核绑定司机',
      },
      now,
    );
    return { truckId: byVin.id, note: `绑定车辆 ${byVin.car_no}` };
  }
  const truck = await tx
    .insertInto('truck')
    .values({
      merchant_id: auth.merchantId,
      team_code: teamCode,
      car_no: r.car_no,
      plate_color: r.plate_color ?? 2,
      vin: r.vin,
      driver_id: driverId,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await recordOperation(
    tx,
    auth,
    {
      pageEnum: OPERATE_LOG_PAGES.truck,
      dataId: truck.id,
      teamCode,
      content: `通过司机注册审核新增车辆 ${r.car_no}`,
    },
    now,
  );
  return { truckId: truck.id, note: `新增车辆 ${r.car_no}` };
}

export function registerReviewRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = '司机车辆注册审核';
  const { db } = ctx;
  const now = ctx.config.now;
  const drivers = driverRecord(ctx);
  const notify = (phone: string, text: string) =>
    ctx.sms.send(phone, text).catch((err: unknown) => app.log.warn({ err }, 'registration SMS failed'));

  route(app, tag, {
    method: 'POST',
    url: '/driver/register/review/page',
    summary: '注册申请列表（status 1待审核 2已通过 3已驳回），按姓名或手机号、车队筛选，最早提交的在前',
    access: REVIEW_CODES,
    list: true,
    labels: REGISTRATION_LABELS,
    body: z.object({
      ...paging,
      status: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional(),
      keyword: z.string().trim().max(30, '最多输入30个字符').optional(),
      teamCode: teamCodeField.optional(),
    }),
    handler: async ({ auth, body }) => {
      let q = reviewQuery(db, auth);
      if (body.status) q = q.where('r.status', '=', body.status);
      if (body.keyword) {
        const like = `%${body.keyword}%`;
        q = q.where((eb) =>
          eb.or([eb('r.name', 'like', like), eb('r.phone', 'like', like), eb('r.car_no', 'like', like)]),
        );
      }
      if (body.teamCode) q = q.where('r.team_code', 'like', `${body.teamCode}%`);
      const { rows, total } = await pageOf(
        q,
        (q) => q.select(selection).orderBy('r.submitted_at').orderBy('r.id'),
        body,
      );
      return { list: rows.map(registrationView), total };
    },
  });

  route(app, tag, {
    method: 'GET',
    url: '/driver/register/review/info',
    summary: '注册申请详情',
    access: REVIEW_CODES,
    labels: REGISTRATION_LABELS,
    query: z.object({ id: idField('注册申请不正确') }),
    handler: async ({ auth, query }) => {
      const row = await reviewQuery(db, auth)
        .select(selection)
        .where('r.id', '=', query.id)
        .executeTakeFirst();
      if (!row) throw notFound('注册申请不存在或无权操作');
      return registrationView(row);
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/driver/register/review/approve',
    summary: '审核通过：新增司机（照片待核对），登记了车辆的，绑定本公司已有的该车或新增车辆；短信通知司机',
    access: REVIEW_CODES,
    labels: REGISTRATION_LABELS,
    body: z.object({ id: idField('注册申请不正确'), teamCode: teamCodeField.optional() }),
    handler: async ({ auth, body }) => {
      const r = await pendingRegistration(db, auth, body.id);
      const teamCode = body.teamCode ?? r.team_code;
      await checkTeam(db, auth, teamCode);
      const form = {
        driverName: r.name ?? '',
        driverPhone: r.phone,
        idCard: r.id_card,
        licenseClass: r.license_class,
        licenseExpiry: r.license_expiry,
        qualificationNo: r.qualification_no,
        qualificationExpiry: r.qualification_expiry,
        photos: r.photos,
        teamCode,
        status: 1 as const,
        remark: null,
      };
      await checkUnique(db, auth, drivers, form);
      const at = now();
      const result = await db.transaction().execute(async (tx) => {
        const driverId = await insertDriver(tx, auth, form, at, 3, '通过自助注册审核新增司机');
        const truck =
          r.car_no && r.vin
            ? await truckFor(
                tx,
                auth,
                { car_no: r.car_no, plate_color: r.plate_color, vin: r.vin },
                teamCode,
                driverId,
                at,
              )
            : null;
        const done = await tx
          .updateTable('driver_registration')
          .set({
            status: REGISTRATION_STATUS.approved,
            team_code: teamCode,
            driver_id: driverId,
            truck_id: truck?.truckId ?? null,
            reviewed_by: auth.userId,
            reviewed_at: at,
            updated_at: at,
          })
          .where('id', '=', r.id)
          .where('status', '=', REGISTRATION_STATUS.pending)
          .executeTakeFirst();
        if (Number(done.numUpdatedRows) !== 1) throw badInput('该申请已审核，请刷新列表');
        const content = ['审核通过，新增司机', ...(truck ? [truck.note] : [])].join('，');
        await recordOperation(tx, auth, registrationLog(r.id, teamCode, content), at);
        return { driverId, truckId: truck?.truckId ?? null, truckNote: truck?.note ?? '' };
      });
      await notify(r.phone, '您的司机注册申请已通过审核，欢迎加入车队。');
      return result;
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/driver/register/review/reject',
    summary: '驳回注册申请（须填写原因，短信告知司机，司机可修改后重新提交）',
    access: REVIEW_CODES,
    labels: REGISTRATION_LABELS,
    body: z.object({
      id: idField('注册申请不正确'),
      reason: z
        .string({ error: '请输入驳回原因' })
        .trim()
        .min(1, '请输入驳回原因')
        .max(200, '驳回原因最多200个字符'),
    }),
    handler: async ({ auth, body }) => {
      const r = await pendingRegistration(db, auth, body.id);
      const at = now();
      await db.transaction().execute(async (tx) => {
        await tx
          .updateTable('driver_registration')
          .set({
            status: REGISTRATION_STATUS.rejected,
            reject_reason: body.reason,
            reviewed_by: auth.userId,
            reviewed_at: at,
            updated_at: at,
          })
          .where('id', '=', r.id)
          .execute();
        await recordOperation(tx, auth, registrationLog(r.id, r.team_code, `驳回：${body.reason}`), at);
      });
      await notify(r.phone, `您的司机注册申请未通过审核，原因：${body.reason}。请修改后重新提交。`);
    },
  });
}
