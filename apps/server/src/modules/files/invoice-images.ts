import {
  INVOICE_IMAGE_MAX_FILES,
  INVOICE_IMAGE_MAX_MB,
  INVOICE_IMAGE_TYPES,
  invoiceTooLargeMessage,
  invoiceTooManyMessage,
  invoiceWrongTypeMessage,
  megabytesToBytes,
} from '@fleet/domain';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import { badInput } from '../../http/envelope';
import { UPLOAD_URL_PREFIX } from './files.routes';

// Invoice images (发票图片) of payments, costs and maintenance records, by business section 5:
// upload urls of this platform, PNG or JPEG, at most 20 MB each and 6 in all, with its messages.

/** The images as a form sends them: a list or one ';' joined text of upload urls; blanks dropped. */
export const invoiceImagesField = z.preprocess(
  (value) =>
    Array.isArray(value)
      ? value
      : typeof value === 'string'
        ? value.split(';')
        : value === undefined || value === null
          ? []
          : value,
  z
    .array(z.string({ error: invoiceWrongTypeMessage() }).trim(), { error: invoiceWrongTypeMessage() })
    .transform((urls) => urls.filter((u) => u !== ''))
    .superRefine((urls, ctx) => {
      if (urls.length > INVOICE_IMAGE_MAX_FILES)
        ctx.addIssue({
          code: 'custom',
          message: invoiceTooManyMessage(INVOICE_IMAGE_MAX_FILES, urls.length),
        });
      else if (!urls.every((u) => u.startsWith(`${UPLOAD_URL_PREFIX}/`)))
        ctx.addIssue({ code: 'custom', message: invoiceWrongTypeMessage() });
    }),
);

/**
 * Refuses images that are not files this merchant uploaded, not PNG or JPEG by their content, or
 * over 20 MB; the field's label starts the message.
 */
export async function checkInvoiceImages(
  db: Kysely<Database>,
  merchantId: number,
  urls: readonly string[],
  label: string,
): Promise<void> {
  if (urls.length === 0) return;
  const paths = urls.map((u) => u.slice(UPLOAD_URL_PREFIX.length + 1));
  const found = await db
    .selectFrom('uploaded_file')
    .select(['stored_path', 'mime_type', 'size'])
    .where('merchant_id', '=', merchantId)
    .where('stored_path', 'in', paths)
    .execute();
  const byPath = new Map(found.map((f) => [f.stored_path, f]));
  for (const [i, p] of paths.entries()) {
    const file = byPath.get(p);
    if (!file) throw badInput(`${label}: 第${i + 1}张图片不是本平台上传的文件，请重新上传`);
    if (!(INVOICE_IMAGE_TYPES as readonly string[]).includes(file.mime_type))
      throw badInput(`${label}: ${invoiceWrongTypeMessage()}`);
    if (Number(file.size) > megabytesToBytes(INVOICE_IMAGE_MAX_MB))
      throw badInput(`${label}: ${invoiceTooLargeMessage(INVOICE_IMAGE_MAX_MB)}`);
  }
}
