/** Upload and import limits (spec core section 5, business section 5). */

/** 1 MB as the upload widgets count it. */
export const BYTES_PER_MB = 1024 * 1000;
export const IMAGE_MAX_FILES = 9;
export const IMAGE_ACCEPT = ['.jpg', '.png'] as const;
export const IMAGE_ACCEPT_STRICT = ['.jpeg', '.png', '.jpg'] as const;
export const INVOICE_IMAGE_MAX_FILES = 6;
export const INVOICE_IMAGE_MAX_MB = 20;
export const INVOICE_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
export const IMPORT_ACCEPT = ['.xlsx', '.xls'] as const;
/** Picture URLs are joined with ';' in payloads. */
export const PICTURE_URL_SEPARATOR = ';';

export function megabytesToBytes(mb: number): number {
  return mb * BYTES_PER_MB;
}

/** Whether a file of this many bytes fits a limit given in MB (the upload widgets' MB). */
export function fitsSizeLimit(bytes: number, limitMb: number): boolean {
  return bytes <= megabytesToBytes(limitMb);
}

/** Whether a file name ends with one of the accepted extensions (case-insensitive). */
export function hasAcceptedExtension(fileName: string, accept: readonly string[]): boolean {
  const name = fileName.toLowerCase();
  return accept.some((ext) => name.endsWith(ext.toLowerCase()));
}

export function joinPictureUrls(urls: readonly string[]): string {
  return urls.filter((url) => url !== '').join(PICTURE_URL_SEPARATOR);
}

export function splitPictureUrls(text: string | null | undefined): string[] {
  return (text ?? '')
    .split(PICTURE_URL_SEPARATOR)
    .map((url) => url.trim())
    .filter((url) => url !== '');
}
