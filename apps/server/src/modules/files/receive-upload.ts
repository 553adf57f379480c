import type { FastifyRequest } from 'fastify';
import { badInput } from '../../http/envelope';

/** The one file of a multipart request, read whole, with the text fields sent before it. */
export interface ReceivedUpload {
  filename: string;
  data: Buffer;
  /** A text field sent before the file, trimmed; '' when absent. */
  field(name: string): string;
}

export const UPLOAD_INCOMPLETE_MESSAGE = '上传的文件不完整，请检查网络后重新上传';

export function uploadTooLargeMessage(maxBytes: number): string {
  return `大小不能超过${Math.round(maxBytes / (1024 * 1000))}MB`;
}

/**
 * Reads the file of a multipart/form-data request within `maxBytes`. Refused with a Chinese message
 * prefixed by `label` that says what went wrong: not a form upload, no file, larger than the limit,
 * or the request ended before the file did (a cut connection, never reported as too large).
 */
export async function receiveUpload(
  req: FastifyRequest,
  maxBytes: number,
  label = '文件',
): Promise<ReceivedUpload> {
  if (!req.isMultipart()) throw badInput(`${label}: 请以 multipart/form-data 上传`);
  let file: Awaited<ReturnType<typeof req.file>>;
  try {
    file = await req.file({ limits: { fileSize: maxBytes, files: 1, fields: 5 } });
  } catch {
    throw badInput(`${label}: 上传内容不正确`);
  }
  if (!file) throw badInput(`${label}: 请选择文件`);
  let data: Buffer;
  try {
    data = await file.toBuffer();
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badInput(`${label}: ${uploadTooLargeMessage(maxBytes)}`);
    throw badInput(`${label}: ${UPLOAD_INCOMPLETE_MESSAGE}`);
  }
  const fields = file.fields;
  return {
    filename: file.filename,
    data,
    field(name) {
      const value = fields[name];
      return value && !Array.isArray(value) && value.type === 'field' ? String(value.value).trim() : '';
    },
  };
}
