import { MAX_WAYBILL_PHOTOS, MAX_WEIGHT_KG, MONEY_MESSAGE, parseDateTime } from '@fleet/domain';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import { badInput } from '../../http/envelope';
import { DATE_TIME_MESSAGE } from '../../http/form-fields';
import { isUploadedImage } from '../drivers/drivers.record';
import { UPLOAD_URL_PREFIX } from '../files/files.routes';

// Field rules of the waybill's forms (office routes, import, scan-code page): weights in whole kg,
// money in whole fen, photos as URLs of files uploaded to this platform, joined with ';'.

/** The largest amount of the money rule (8 integer digits and 2 decimals of yuan), in fen. */
export const MAX_FEN = 9_999_999_999;

export const PHOTO_FORMAT_MESSAGE = '只支持本平台上传的JPG/PNG格式图片';

/** More photos than the spec's 6 (business section 5): says how many were given. */
export const tooManyPhotosMessage = (count: number) =>
  `上传了${count}张图片，最多支持${MAX_WAYBILL_PHOTOS}张`;

/**
 * Photos: URLs joined with ';' (or a list), each one a JPG/PNG this platform's upload gave, at most
 * MAX_WAYBILL_PHOTOS; '' or nothing for none (null).
 */
export const photosField = z.preprocess(
  (value) =>
    Array.isArray(value)
      ? value
      : typeof value === 'string'
        ? value.split(';')
        : value === undefined || value === null
          ? []
          : value,
  z
    .array(z.string({ error: PHOTO_FORMAT_MESSAGE }).trim(), { error: PHOTO_FORMAT_MESSAGE })
    .transform((urls) => urls.filter((url) => url !== ''))
    .superRefine((urls, ctx) => {
      if (urls.length > MAX_WAYBILL_PHOTOS)
        ctx.addIssue({ code: 'custom', message: tooManyPhotosMessage(urls.length) });
      else if (!urls.every(isUploadedImage)) ctx.addIssue({ code: 'custom', message: PHOTO_FORMAT_MESSAGE });
    })
    .transform((urls) => (urls.length ? urls.join(';') : null)),
);

/**
 * Refuses photos (joined with ';') that are not files uploaded to this platform by a user of the
 * merchant (the `uploaded_file` row of `/file/upload`): the field's label starts the message.
 */
export async function checkUploadedPhotos(
  db: Kysely<Database>,
  merchantId: number,
  photos: string | null,
  label: string,
): Promise<void> {
  if (!photos) return;
  const urls = photos.split(';');
  const paths = urls.map((url) => url.slice(UPLOAD_URL_PREFIX.length + 1));
  const found = await db
    .selectFrom('uploaded_file')
    .select('stored_path')
    .where('merchant_id', '=', merchantId)
    .where('stored_path', 'in', paths)
    .execute();
  const known = new Set(found.map((f) => f.stored_path));
  const missing = paths.findIndex((p) => !known.has(p));
  if (missing >= 0) throw badInput(`${label}: 第${missing + 1}张图片不是本平台上传的文件，请重新上传`);
}

const emptyIsMissing = (value: unknown) =>
  value === '' || value === null ? undefined : typeof value === 'string' ? value.trim() || undefined : value;

const weightMessage = `须为0-${MAX_WEIGHT_KG}的整数（千克）`;

/** A weight in whole kg (0 to 200 t); `required` when missing. */
export const weightField = (required: string) =>
  z.preprocess(
    emptyIsMissing,
    z.coerce
      .number({ error: required })
      .int(weightMessage)
      .min(0, weightMessage)
      .max(MAX_WEIGHT_KG, weightMessage),
  );

/** A time 'YYYY-MM-DD HH:mm:ss' (Shanghai) as epoch ms, required. */
export const requiredDateTime = (required: string) =>
  z.preprocess(
    (value) => emptyIsMissing(value) ?? '',
    z
      .string({ error: required })
      .min(1, required)
      .transform((text, ctx) => {
        const date = parseDateTime(text);
        if (date) return date.getTime();
        ctx.addIssue({ code: 'custom', message: DATE_TIME_MESSAGE });
        return z.NEVER;
      }),
  ) as unknown as z.ZodType<number, unknown>;

/** An amount in whole fen within the money rule (the page sends yuan × 100), above 0. */
export const amountFenField = (required: string) =>
  z.preprocess(
    emptyIsMissing,
    z.coerce
      .number({ error: required })
      .int(MONEY_MESSAGE)
      .min(0, MONEY_MESSAGE)
      .max(MAX_FEN, MONEY_MESSAGE)
      .refine((n) => n > 0, '金额须大于0'),
  );

/** An optional id ('' and null are none). */
export const optionalId = (message: string) =>
  z.preprocess(emptyIsMissing, z.coerce.number({ error: message }).int(message).positive(message).optional());

export const BILL_NO_MESSAGE = '运单号格式应为YD+日期+序号，请使用系统生成的运单号';

/** A bill number as `billNo` gives it (YD + YYYYMMDD + 4 or more digits); '' and nothing are none. */
export const billNoField = z.preprocess(
  (value) => emptyIsMissing(value),
  z
    .string({ error: BILL_NO_MESSAGE })
    .transform((text) => text.toUpperCase())
    .refine((text) => /^YD\d{12,14}$/.test(text), BILL_NO_MESSAGE)
    .optional(),
);

/** A time 'YYYY-MM-DD HH:mm:ss' (Shanghai) as epoch ms, or undefined when not given. */
export const optionalTime = z.preprocess(
  (value) => emptyIsMissing(value),
  z
    .string({ error: DATE_TIME_MESSAGE })
    .transform((text, ctx) => {
      const date = parseDateTime(text);
      if (date) return date.getTime();
      ctx.addIssue({ code: 'custom', message: DATE_TIME_MESSAGE });
      return z.NEVER;
    })
    .optional(),
) as unknown as z.ZodType<number | undefined, unknown>;
