import {
  fitsSizeLimit,
  hasAcceptedExtension,
  IMAGE_ACCEPT,
  IMAGE_ACCEPT_STRICT,
  IMAGE_MAX_FILES,
  INVOICE_IMAGE_MAX_FILES,
  INVOICE_IMAGE_MAX_MB,
  INVOICE_IMAGE_TYPES,
} from '@fleet/domain';
import { texts } from '../../locales';

/** The image uploader's rules (spec core section 5). */
export interface ImageRules {
  /** Accepted extensions; .jpg and .png by default. */
  accept?: readonly string[];
  /** The variant that accepts only JPEG and PNG and says 上传文件只能是 JPG、PNG、JPEG 格式!. */
  strictType?: boolean;
  /** At most this many files in all; 9 by default. */
  maxFiles?: number;
  /** Size limit in MB (1 MB = 1024 * 1000 bytes); none by default. */
  maxSizeMb?: number;
  /**
   * The invoice and receipt image rules of business section 5: only PNG and JPEG, under 20 MB, at
   * most 6, with that section's messages naming the pictures (`noun`: 发票图片, 磅单图片, 回单图片 …).
   * `maxFiles` and `maxSizeMb` may still narrow them.
   */
  invoice?: { noun: string };
}

/** What the checks need to know of a file. */
export interface CandidateFile {
  name: string;
  size: number;
  type: string;
}

const t = texts.kit.upload;
const STRICT_MIME = ['image/jpeg', 'image/png', 'image/jpg'];

const INVOICE_ACCEPT = ['.png', '.jpg', '.jpeg'] as const;

export function acceptedExtensions(rules: ImageRules): readonly string[] {
  if (rules.invoice) return rules.accept ?? INVOICE_ACCEPT;
  return rules.accept ?? (rules.strictType ? IMAGE_ACCEPT_STRICT : IMAGE_ACCEPT);
}

/** At most this many files: 9, 6 for invoice images, or the rules' own limit. */
export function maxFilesOf(rules: ImageRules): number {
  return rules.maxFiles ?? (rules.invoice ? INVOICE_IMAGE_MAX_FILES : IMAGE_MAX_FILES);
}

/** The `accept` attribute of the file input. */
export function acceptAttribute(rules: ImageRules): string {
  return acceptedExtensions(rules).join(',');
}

/**
 * The warning when a selection would pass the file limit: the limit, this selection's count and
 * the total; null when it fits.
 */
export function tooManyFilesMessage(
  selected: number,
  existing: number,
  rules: ImageRules = {},
): string | null {
  const limit = maxFilesOf(rules);
  if (selected + existing <= limit) return null;
  return rules.invoice
    ? t.invoiceTooMany(rules.invoice.noun, limit, selected + existing)
    : t.tooMany(limit, selected, existing);
}

/** Why one file is refused (type first, then size), or null when it may be uploaded. */
export function imageFileError(file: CandidateFile, rules: ImageRules = {}): string | null {
  if (rules.invoice) {
    const { noun } = rules.invoice;
    const type = file.type.toLowerCase();
    const typeOk = type
      ? (INVOICE_IMAGE_TYPES as readonly string[]).includes(type)
      : hasAcceptedExtension(file.name, INVOICE_ACCEPT);
    if (!typeOk) return t.invoiceWrongType(noun);
    const maxMb = rules.maxSizeMb ?? INVOICE_IMAGE_MAX_MB;
    return fitsSizeLimit(file.size, maxMb) ? null : t.invoiceTooLarge(noun, maxMb);
  }
  if (rules.strictType) {
    const mimeOk = STRICT_MIME.includes(file.type.toLowerCase());
    if (!mimeOk && !hasAcceptedExtension(file.name, IMAGE_ACCEPT_STRICT)) return t.wrongType;
  } else if (!hasAcceptedExtension(file.name, acceptedExtensions(rules))) {
    return t.wrongTypeAccept(acceptedExtensions(rules).join('、'));
  }
  if (rules.maxSizeMb !== undefined && !fitsSizeLimit(file.size, rules.maxSizeMb))
    return t.tooLarge(rules.maxSizeMb);
  return null;
}

/** An uploader entry: in progress, done (with its address) or failed. */
export interface UploadEntry {
  uid: string;
  name: string;
  status: 'uploading' | 'done' | 'error';
  url?: string;
}

/** Whether any upload is still going: saving must wait (请等待图片上传完成). */
export function hasPendingUploads(entries: readonly UploadEntry[]): boolean {
  return entries.some((entry) => entry.status === 'uploading');
}

/** The addresses of the finished uploads, in order. */
export function uploadedUrls(entries: readonly UploadEntry[]): string[] {
  return entries.flatMap((entry) => (entry.status === 'done' && entry.url ? [entry.url] : []));
}
