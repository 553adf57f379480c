import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  formatDateTime,
  INVOICE_IMAGE_MAX_MB,
  kgToTons,
  MAX_WAYBILL_PHOTOS,
  POUND_KIND,
  phoneLooseSchema,
  SCAN_TOKEN_PATTERN,
  WAYBILL_APPROVAL,
  WAYBILL_SOURCE,
  waybillStateName,
} from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import { badInput, notFound } from '../../http/envelope';
import { idField } from '../../http/form-fields';
import { route } from '../../http/route';
import { inScope } from '../../http/scope';
import { checkSmsCode, sendSmsCode } from '../auth/sms';
import { hashToken } from '../auth/tokens';
import { detectFileKind } from '../files/file-types';
import { UPLOAD_URL_PREFIX } from '../files/files.routes';
import { receiveUpload } from '../files/receive-upload';
import { photosField, tooManyPhotosMessage, weightField } from '../waybills/waybill-fields';
import { createWaybill, recordPound } from '../waybills/waybill-flow';
import { remindTabulation } from '../waybills/waybill-reminder';
import { lineEndStations } from './waybill-scan-codes.record';

/** Root of the public scan-code calls (no sign-in): `/api/public/scan-waybill/...`. */
export const SCAN_PUBLIC_ROOT = '/public/scan-waybill';
/** Header (or form field `ticket` before the file) that carries the scan session's ticket on upload. */
export const SCAN_TICKET_HEADER = 'scan-ticket';
/** How long a verified scan session lasts. */
export const SCAN_SESSION_TTL_MS = 30 * 60_000;
/** The slip photos' limit: 20 MB (1 MB = 1024 × 1000 bytes, as the web's check counts). */
const PHOTO_MAX_BYTES = INVOICE_IMAGE_MAX_MB * 1024 * 1000;
const PHOTO_LABEL = '磅单图片';

const LABELS = {
  token: '二维码',
  phone: '手机号',
  smsCode: '验证码',
  ticket: '扫码凭证',
  keyword: '车牌号',
  truckId: '车辆',
  grossKg: '装货毛重',
  tareKg: '装货皮重',
  photos: PHOTO_LABEL,
};

const INVALID_CODE = '二维码无效，请联系车队获取新的二维码';
const DISABLED_CODE = '该二维码已停用，请联系车队';
const SESSION_GONE = '验证已过期，请重新获取验证码';

const tokenField = z.string({ error: INVALID_CODE }).trim().regex(SCAN_TOKEN_PATTERN, INVALID_CODE);
const ticketField = z.string({ error: '请先验证手机号' }).regex(/^[0-9a-f]{64}$/, '请先验证手机号');
const phoneField = z.string({ error: '请输入手机号' }).trim().pipe(phoneLooseSchema);

type Db = Kysely<Database>;

/** A code as the public page reads it, refused when unknown (404) or disabled. */
async function openCode(db: Db, token: string) {
  const code = await db
    .selectFrom('waybill_scan_code as c')
    .innerJoin('merchant as m', 'm.id', 'c.merchant_id')
    .leftJoin('customer as cu', 'cu.id', 'c.customer_id')
    .leftJoin('line as l', 'l.id', 'c.line_id')
    .select([
      'c.id',
      'c.merchant_id',
      'c.team_code',
      'c.customer_id',
      'c.line_id',
      'c.cargo',
      'c.valid',
      'm.name as merchantName',
      'cu.customer_name as customerName',
      'l.name as lineName',
    ])
    .where('c.token', '=', token)
    .executeTakeFirst();
  if (!code) throw notFound(INVALID_CODE);
  if (code.valid !== 1) throw badInput(DISABLED_CODE);
  return code;
}
type OpenCode = Awaited<ReturnType<typeof openCode>>;

/** The merchant's enabled driver with the phone, or a refusal saying why not. */
async function scanningDriver(db: Db, merchantId: number, phone: string) {
  const driver = await db
    .selectFrom('driver')
    .select(['id', 'name', 'status'])
    .where('merchant_id', '=', merchantId)
    .where('phone', '=', phone)
    .where('deleted_at', 'is', null)
    .orderBy('status', 'desc')
    .executeTakeFirst();
  if (!driver) throw badInput('手机号: 该手机号不是本车队登记的司机，不能扫码开单，请联系车队');
  if (driver.status !== 1) throw badInput('手机号: 该司机已停用，不能扫码开单，请联系车队');
  return driver;
}

/** The open session of a ticket with its code and driver, still usable for a waybill. */
async function ticketSession(db: Db, ticket: string, now: number) {
  const session = await db
    .selectFrom('waybill_scan_session')
    .selectAll()
    .where('ticket_hash', '=', hashToken(ticket))
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!session) throw badInput(SESSION_GONE);
  if (session.waybill_id !== null) throw badInput('本次扫码已开单，如需再开单请重新扫码');
  const code = await db
    .selectFrom('waybill_scan_code')
    .selectAll()
    .where('id', '=', session.scan_code_id)
    .executeTakeFirstOrThrow();
  if (code.valid !== 1) throw badInput(DISABLED_CODE);
  const driver = await db
    .selectFrom('driver')
    .select(['id', 'name', 'status', 'deleted_at'])
    .where('id', '=', session.driver_id)
    .executeTakeFirstOrThrow();
  if (driver.status !== 1 || driver.deleted_at !== null)
    throw badInput('该司机已停用，不能扫码开单，请联系车队');
  return { session, code, driver };
}

/** The merchant's trucks in the code's team subtree (the scope the code's waybills may use). */
function codeTrucks(db: Db, code: { merchant_id: number; team_code: string }) {
  return db
    .selectFrom('truck')
    .where(inScope({ merchantId: code.merchant_id, teamCode: code.team_code }, 'truck'))
    .where('truck.deleted_at', 'is', null);
}

/** What the page shows of a code: who it is for, the line's stations, the cargo. */
async function codeView(db: Db, code: OpenCode) {
  const ends = (await lineEndStations(db, [code.line_id])).get(code.line_id);
  return {
    merchantName: code.merchantName,
    customerName: code.customerName ?? '',
    lineName: code.lineName ?? '',
    loadingStationName: ends?.loadingStationName ?? '',
    unloadingStationName: ends?.unloadingStationName ?? '',
    cargo: code.cargo,
  };
}

const submitBody = z
  .object({
    ticket: ticketField,
    truckId: idField('请选择车辆'),
    grossKg: weightField('请输入装货毛重'),
    tareKg: weightField('请输入装货皮重'),
    photos: photosField,
  })
  .refine((b) => b.tareKg < b.grossKg, { message: '皮重须小于毛重', path: ['tareKg'] })
  .refine((b) => b.photos !== null, { message: '请拍摄或上传磅单图片', path: ['photos'] });

/**
 * 扫码运单, the public side: a driver scans a code's QR code and opens /scan-waybill?token=…, which
 * shows the code's customer, line and cargo; a driver of the code's merchant verifies his phone by an
 * SMS code (a scan session of 30 minutes, its ticket kept hashed), picks a truck of the code's team,
 * enters the loading weights, uploads the slip photos (PNG/JPEG, 20 MB, at most 6, for that session
 * only) and creates the waybill: source 扫码, waiting for the office's tabulation review, loaded
 * (装货中) by its loading slip, all in one transaction. The office is reminded (8002). Every call is
 * rate limited by client address.
 */
export function registerScanWaybillPublicRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = '扫码运单（公开）';
  const { db, config } = ctx;
  const rateLimit = { max: config.loginRateLimit, timeWindow: 60_000 };

  route(app, tag, {
    method: 'GET',
    url: `${SCAN_PUBLIC_ROOT}/code`,
    summary: '二维码对应的客户、线路（装货地→卸货地）与货物（公开；未知的二维码 404，停用的 400）',
    access: 'public',
    rateLimit,
    labels: LABELS,
    query: z.object({ token: tokenField }),
    handler: async ({ query }) => codeView(db, await openCode(db, query.token)),
  });

  route(app, tag, {
    method: 'POST',
    url: `${SCAN_PUBLIC_ROOT}/sms`,
    summary: `向该二维码所属公司的在职司机手机发送验证码（同一号码60秒一次，每日${config.smsDailyLimit}次；同一地址每小时${config.smsRateLimit}次）`,
    access: 'public',
    rateLimit: { max: config.smsRateLimit, timeWindow: 3600_000 },
    labels: LABELS,
    body: z.object({ token: tokenField, phone: phoneField }),
    handler: async ({ body }) => {
      const code = await openCode(db, body.token);
      await scanningDriver(db, code.merchant_id, body.phone);
      await sendSmsCode(db, ctx.sms, body.phone, config.now(), config.smsDailyLimit);
    },
  });

  route(app, tag, {
    method: 'POST',
    url: `${SCAN_PUBLIC_ROOT}/verify`,
    summary: '核验短信验证码，返回30分钟有效的扫码凭证（ticket）与司机姓名',
    access: 'public',
    rateLimit,
    labels: LABELS,
    body: z.object({
      token: tokenField,
      phone: phoneField,
      smsCode: z
        .string({ error: '请输入验证码' })
        .trim()
        .regex(/^\d{6}$/, '请输入6位数字验证码'),
    }),
    handler: async ({ body }) => {
      const now = config.now();
      const code = await openCode(db, body.token);
      const driver = await scanningDriver(db, code.merchant_id, body.phone);
      if (!(await checkSmsCode(db, body.phone, body.smsCode, now, true)))
        throw badInput('验证码: 验证码错误或已过期');
      const ticket = randomBytes(32).toString('hex');
      await db
        .insertInto('waybill_scan_session')
        .values({
          merchant_id: code.merchant_id,
          scan_code_id: code.id,
          driver_id: driver.id,
          ticket_hash: hashToken(ticket),
          expires_at: now + SCAN_SESSION_TTL_MS,
          created_at: now,
          updated_at: now,
        })
        .execute();
      return { ticket, driverName: driver.name, expiresIn: SCAN_SESSION_TTL_MS / 1000 };
    },
  });

  route(app, tag, {
    method: 'POST',
    url: `${SCAN_PUBLIC_ROOT}/trucks`,
    summary:
      '可选车辆：二维码所属车队（含下级）的车辆，司机绑定的车辆在前；keyword 按车牌号模糊查询，最多50辆',
    access: 'public',
    rateLimit,
    labels: LABELS,
    body: z.object({
      ticket: ticketField,
      keyword: z.preprocess(
        (v) => (typeof v === 'string' ? v.trim() : v === null || v === undefined ? '' : v),
        z.string({ error: '应为文本' }).max(20, '最多输入20个字符'),
      ),
    }),
    handler: async ({ body }) => {
      const { code, driver } = await ticketSession(db, body.ticket, config.now());
      let q = codeTrucks(db, code).select(['truck.id', 'truck.car_no', 'truck.driver_id']);
      const keyword = body.keyword.replace(/[%_\\]/g, '');
      if (keyword) q = q.where('truck.car_no', 'like', `%${keyword}%`);
      const rows = await q.orderBy('truck.car_no').limit(200).execute();
      return rows
        .map((r) => ({ id: r.id, carNo: r.car_no, bound: r.driver_id === driver.id }))
        .sort((a, b) => Number(b.bound) - Number(a.bound))
        .slice(0, 50);
    },
  });

  route(app, tag, {
    method: 'POST',
    url: `${SCAN_PUBLIC_ROOT}/upload`,
    summary: `上传磅单图片（multipart：ticket 字段在前、file；或请求头 Scan-Ticket）；仅 JPG/PNG（按文件内容识别），不超过${INVOICE_IMAGE_MAX_MB}MB，每次扫码最多${MAX_WAYBILL_PHOTOS}张`,
    access: 'public',
    rateLimit,
    handler: async ({ req }) => {
      const file = await receiveUpload(req, Math.min(config.uploadMaxBytes, PHOTO_MAX_BYTES), PHOTO_LABEL);
      const header = req.headers[SCAN_TICKET_HEADER];
      const given = (Array.isArray(header) ? header[0] : header) ?? (file.field('ticket') || undefined);
      const ticket = ticketField.safeParse(given);
      if (!ticket.success) throw badInput('请先验证手机号');
      const now = config.now();
      const { session } = await ticketSession(db, ticket.data, now);
      const { data } = file;
      if (data.length === 0) throw badInput(`${PHOTO_LABEL}: 请选择文件`);
      const kind = detectFileKind(file.filename, data.subarray(0, 16));
      if (!kind || (kind.ext !== 'jpg' && kind.ext !== 'png'))
        throw badInput(`${PHOTO_LABEL}只能是 JPG/PNG 格式!`);
      if (session.upload_count >= MAX_WAYBILL_PHOTOS)
        throw badInput(`${PHOTO_LABEL}: ${tooManyPhotosMessage(session.upload_count + 1)}`);
      const at = new Date(now);
      const month = `${at.getUTCFullYear()}/${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
      const stored = `${month}/${randomBytes(16).toString('hex')}.${kind.ext}`;
      await mkdir(path.join(config.uploadDir, month), { recursive: true });
      await writeFile(path.join(config.uploadDir, stored), data, { flag: 'wx' });
      const fullPath = `${UPLOAD_URL_PREFIX}/${stored}`;
      const name = (file.filename || `磅单.${kind.ext}`).slice(0, 255);
      const photos = [...(session.photos ? session.photos.split(';') : []), fullPath];
      await db.transaction().execute(async (tx) => {
        const counted = await tx
          .updateTable('waybill_scan_session')
          .set({ photos: photos.join(';'), upload_count: session.upload_count + 1, updated_at: now })
          .where('id', '=', session.id)
          .where('upload_count', '=', session.upload_count)
          .executeTakeFirst();
        if (Number(counted.numUpdatedRows) !== 1) throw badInput(`${PHOTO_LABEL}: 请逐张上传`);
        // a file of the merchant, as /file/upload records it, so that the office's forms may keep
        // it; user 0: uploaded by a driver on the public page, not by a platform user
        await tx
          .insertInto('uploaded_file')
          .values({
            merchant_id: session.merchant_id,
            user_id: 0,
            stored_path: stored,
            original_name: name,
            mime_type: kind.mime,
            size: data.length,
            created_at: now,
          })
          .execute();
      });
      return { fullPath, name, size: data.length };
    },
  });

  route(app, tag, {
    method: 'POST',
    url: `${SCAN_PUBLIC_ROOT}/submit`,
    summary:
      '扫码开单：车辆、装货毛重与皮重（千克）、磅单图片（本次上传的）；生成待审核的扫码运单并录入装车磅单（装货中）',
    access: 'public',
    rateLimit,
    labels: LABELS,
    body: submitBody,
    handler: async ({ body }) => {
      const now = config.now();
      const { session, code, driver } = await ticketSession(db, body.ticket, now);
      const photos = body.photos as string;
      const uploaded = new Set(session.photos ? session.photos.split(';') : []);
      if (!photos.split(';').every((url) => uploaded.has(url)))
        throw badInput(`${PHOTO_LABEL}: 请使用本次上传的图片`);
      const truck = await codeTrucks(db, code)
        .select(['truck.id', 'truck.car_no', 'truck.team_code'])
        .where('truck.id', '=', body.truckId)
        .executeTakeFirst();
      if (!truck) throw badInput('车辆: 车辆不存在或不属于本车队');
      const ends = (await lineEndStations(db, [code.line_id])).get(code.line_id);
      if (!ends?.loadingStationId || !ends.unloadingStationId)
        throw badInput('该二维码的线路没有装货地或卸货地站点，请联系车队');
      const actor = { source: WAYBILL_SOURCE.scan, name: driver.name };
      let publish: () => void = () => undefined;
      const waybill = await db.transaction().execute(async (tx) => {
        // claims the session: a second submit (or one running at the same time) finds it used
        const claimed = await tx
          .updateTable('waybill_scan_session')
          .set({ updated_at: now })
          .where('id', '=', session.id)
          .where('waybill_id', 'is', null)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) throw badInput('本次扫码已开单，如需再开单请重新扫码');
        const created = await createWaybill(
          tx,
          {
            merchantId: code.merchant_id,
            teamCode: truck.team_code,
            customerId: code.customer_id,
            lineId: code.line_id,
            loadingStationId: ends.loadingStationId as number,
            unloadingStationId: ends.unloadingStationId as number,
            cargo: code.cargo,
            truckId: truck.id,
            driverId: driver.id,
            approvalState: WAYBILL_APPROVAL.pending,
          },
          actor,
          now,
        );
        const loaded = await recordPound(
          tx,
          created,
          POUND_KIND.loading,
          { grossKg: body.grossKg, tareKg: body.tareKg, weighedAt: now, photos },
          actor,
          now,
        );
        const used = await tx
          .updateTable('waybill_scan_session')
          .set({ waybill_id: loaded.id, updated_at: now })
          .where('id', '=', session.id)
          .where('waybill_id', 'is', null)
          .executeTakeFirst();
        if (Number(used.numUpdatedRows) !== 1) throw badInput('本次扫码已开单，如需再开单请重新扫码');
        publish = await remindTabulation(tx, { bus: ctx.bus, log: app.log }, [loaded.id], 'created', now);
        return loaded;
      });
      publish();
      try {
        await ctx.telematics.waybills.changed([truck.id]);
      } catch (err) {
        app.log.error({ err }, 'open waybills of a truck not refreshed');
      }
      return {
        waybillId: waybill.id,
        billNo: waybill.bill_no,
        carNo: truck.car_no,
        status: waybill.status,
        statusName: waybillStateName(waybill.status),
        loadingNetKg: waybill.loading_net_kg,
        loadingNetTons: kgToTons(waybill.loading_net_kg),
        createTime: formatDateTime(new Date(waybill.created_at)),
      };
    },
  });
}
