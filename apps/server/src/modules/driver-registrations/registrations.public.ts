import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { phoneLooseSchema } from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import { badInput, notFound } from '../../http/envelope';
import { route } from '../../http/route';
import { checkSmsCode } from '../auth/sms';
import { hashToken } from '../auth/tokens';
import { detectFileKind } from '../files/file-types';
import { UPLOAD_URL_PREFIX } from '../files/files.routes';
import { receiveUpload } from '../files/receive-upload';
import {
  inviteCodeField,
  MAX_REGISTRATION_UPLOADS,
  REGISTRATION_LABELS,
  REGISTRATION_STATUS,
  registrationFormSchema,
  TICKET_TTL_MS,
  ticketField,
} from './registrations.fields';

export const TICKET_HEADER = 'register-ticket';

async function openInvite(db: Kysely<Database>, code: string) {
  const invite = await db
    .selectFrom('driver_register_invite as i')
    .innerJoin('merchant as m', 'm.id', 'i.merchant_id')
    .leftJoin('team as t', (j) =>
      j.onRef('t.merchant_id', '=', 'i.merchant_id').onRef('t.team_code', '=', 'i.team_code'),
    )
    .select(['i.id', 'i.merchant_id', 'i.team_code', 'm.name as merchantName', 't.team_name as teamName'])
    .where('i.code', '=', code)
    .where('i.enabled', '=', 1)
    .executeTakeFirst();
  if (!invite) throw notFound('注册链接无效或已停用，请联系车队获取新的链接');
  return invite;
}

/** The registration a ticket opens: still being filled in and not expired. */
async function ticketRegistration(db: Kysely<Database>, ticket: string, now: number) {
  const row = await db
    .selectFrom('driver_registration')
    .selectAll()
    .where('ticket_hash', '=', hashToken(ticket))
    .where('status', '=', REGISTRATION_STATUS.filling)
    .where('ticket_expires_at', '>', now)
    .executeTakeFirst();
  if (!row) throw badInput('手机验证已过期，请重新获取验证码');
  return row;
}

/**
 * The public side of driver self-registration. A driver opens the link of an invitation (司机自助注册),
 * verifies the phone with an SMS code (POST /sms/send, then /driver/register/verify), which gives a
 * ticket for 30 minutes; with it (a form field before the file, or the Register-Ticket header) the driver uploads licence and ID photos (images only, at most 20)
 * and submits the form, which then waits for the office's review. Every call is rate limited.
 */
export function registerRegistrationPublicRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = '司机自助注册';
  const { db, config } = ctx;
  const rateLimit = { max: config.loginRateLimit, timeWindow: 60_000 };

  route(app, tag, {
    method: 'GET',
    url: '/driver/register/invite',
    summary: '注册链接对应的公司与车队（公开）',
    access: 'public',
    rateLimit,
    labels: REGISTRATION_LABELS,
    query: z.object({ code: inviteCodeField }),
    handler: async ({ query }) => {
      const invite = await openInvite(db, query.code);
      return { merchantName: invite.merchantName, teamName: invite.teamName ?? '' };
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/driver/register/verify',
    summary: '验证手机号（短信验证码），返回30分钟有效的注册凭证；已提交的申请返回其状态',
    access: 'public',
    rateLimit,
    labels: REGISTRATION_LABELS,
    body: z.object({
      code: inviteCodeField,
      phone: z.string({ error: '请输入手机号' }).trim().pipe(phoneLooseSchema),
      smsCode: z.string({ error: '请输入验证码' }).regex(/^\d{6}$/, '请输入6位数字验证码'),
    }),
    handler: async ({ body }) => {
      const now = config.now();
      const invite = await openInvite(db, body.code);
      if (!(await checkSmsCode(db, body.phone, body.smsCode, now, true)))
        throw badInput('验证码错误或已过期');
      const driver = await db
        .selectFrom('driver')
        .select('id')
        .where('merchant_id', '=', invite.merchant_id)
        .where('phone', '=', body.phone)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (driver) throw badInput('该手机号已是本公司的司机，无需注册');
      const latest = await db
        .selectFrom('driver_registration')
        .select(['id', 'status', 'reject_reason'])
        .where('merchant_id', '=', invite.merchant_id)
        .where('phone', '=', body.phone)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (latest?.status === REGISTRATION_STATUS.pending)
        return { status: REGISTRATION_STATUS.pending, ticket: null, rejectReason: '' };
      const ticket = randomBytes(32).toString('hex');
      const ticketColumns = {
        ticket_hash: hashToken(ticket),
        ticket_expires_at: now + TICKET_TTL_MS,
        updated_at: now,
      };
      if (latest?.status === REGISTRATION_STATUS.filling) {
        await db
          .updateTable('driver_registration')
          .set({ ...ticketColumns, invite_id: invite.id, team_code: invite.team_code })
          .where('id', '=', latest.id)
          .execute();
      } else {
        await db
          .insertInto('driver_registration')
          .values({
            merchant_id: invite.merchant_id,
            team_code: invite.team_code,
            invite_id: invite.id,
            phone: body.phone,
            created_at: now,
            ...ticketColumns,
          })
          .execute();
      }
      return {
        status: REGISTRATION_STATUS.filling,
        ticket,
        rejectReason: latest?.status === REGISTRATION_STATUS.rejected ? (latest.reject_reason ?? '') : '',
      };
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/driver/register/upload',
    summary: '上传注册照片（multipart：ticket 字段在前、file；或请求头 Register-Ticket；仅 jpg、png）',
    access: 'public',
    rateLimit,
    handler: async ({ req }) => {
      const file = await receiveUpload(req, config.uploadMaxBytes);
      const { data } = file;
      if (data.length === 0) throw badInput('文件: 请选择文件');
      // the ticket: a header, or a form field sent before the file
      const header = req.headers[TICKET_HEADER];
      const given = (Array.isArray(header) ? header[0] : header) ?? (file.field('ticket') || undefined);
      const ticket = ticketField.safeParse(given);
      if (!ticket.success) throw badInput('请先验证手机号');
      const now = config.now();
      const registration = await ticketRegistration(db, ticket.data, now);
      if (registration.upload_count >= MAX_REGISTRATION_UPLOADS)
        throw badInput(`照片: 最多上传${MAX_REGISTRATION_UPLOADS}张`);
      const filename = file.filename;
      const kind = detectFileKind(filename, data.subarray(0, 16));
      if (!kind || (kind.ext !== 'jpg' && kind.ext !== 'png'))
        throw badInput('文件: 只支持 jpg、png 图片，且内容须与扩展名一致');
      const at = new Date(now);
      const month = `${at.getUTCFullYear()}/${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
      const stored = `${month}/${randomBytes(16).toString('hex')}.${kind.ext}`;
      await mkdir(path.join(config.uploadDir, month), { recursive: true });
      await writeFile(path.join(config.uploadDir, stored), data, { flag: 'wx' });
      const fullPath = `${UPLOAD_URL_PREFIX}/${stored}`;
      const uploaded = [...(registration.photos ? registration.photos.split(';') : []), fullPath];
      await db
        .updateTable('driver_registration')
        .set({ photos: uploaded.join(';'), upload_count: registration.upload_count + 1, updated_at: now })
        .where('id', '=', registration.id)
        .execute();
      return { fullPath, name: filename.slice(0, 255), size: data.length };
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/driver/register/submit',
    summary: '提交注册申请（待车队审核）：姓名、身份证号、准驾车型与有效期、从业资格证、照片，可登记所驾车辆',
    access: 'public',
    rateLimit,
    labels: REGISTRATION_LABELS,
    body: registrationFormSchema,
    handler: async ({ body }) => {
      const now = config.now();
      const registration = await ticketRegistration(db, body.ticket, now);
      const uploaded = new Set(registration.photos ? registration.photos.split(';') : []);
      if (!body.photos.every((url) => uploaded.has(url))) throw badInput('照片: 请使用本次上传的照片');
      const idTaken = await db
        .selectFrom('driver')
        .select('id')
        .where('merchant_id', '=', registration.merchant_id)
        .where('id_card', '=', body.idCard)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (idTaken) throw badInput('身份证号: 该身份证号已登记为本公司司机');
      const pending = await db
        .selectFrom('driver_registration')
        .select('id')
        .where('merchant_id', '=', registration.merchant_id)
        .where('id_card', '=', body.idCard)
        .where('status', '=', REGISTRATION_STATUS.pending)
        .executeTakeFirst();
      if (pending) throw badInput('身份证号: 已有使用该身份证号的申请正在审核');
      await db
        .updateTable('driver_registration')
        .set({
          status: REGISTRATION_STATUS.pending,
          name: body.driverName,
          id_card: body.idCard,
          license_class: body.licenseClass,
          license_expiry: body.licenseExpiry,
          qualification_no: body.qualificationNo,
          qualification_expiry: body.qualificationExpiry,
          photos: body.photos.length ? body.photos.join(';') : null,
          car_no: body.carNo ?? null,
          plate_color: body.carNo ? (body.plateColor ?? 2) : null,
          vin: body.vin ?? null,
          ticket_hash: null,
          ticket_expires_at: null,
          reject_reason: null,
          submitted_at: now,
          updated_at: now,
        })
        .where('id', '=', registration.id)
        .where('status', '=', REGISTRATION_STATUS.filling)
        .execute();
      return { id: registration.id, status: REGISTRATION_STATUS.pending };
    },
  });
}
