import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { badInput, notFound } from '../../http/envelope';
import { route } from '../../http/route';
import { detectFileKind, kindByExt } from './file-types';
import { receiveUpload } from './receive-upload';

export const UPLOAD_URL_PREFIX = '/api/file/uploads';

/**
 * Uploads (images of forms, certificates, import files). A file is accepted only when its first
 * bytes and its name agree on an allowed kind and it is within the size limit; it is stored under a
 * random 128-bit name and served read-only from that address.
 */
export function registerFileRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = '文件';
  const { uploadDir, uploadMaxBytes } = ctx.config;
  const maxMb = Math.round(uploadMaxBytes / (1024 * 1000));

  route(app, tag, {
    method: 'POST',
    url: '/file/upload',
    summary: `上传文件（multipart：file，可选 name）；支持 jpg、png、pdf、xlsx、xls，最大 ${maxMb}MB；返回 fullPath`,
    access: 'login',
    handler: async ({ auth, req }) => {
      const file = await receiveUpload(req, uploadMaxBytes);
      const data = file.data;
      if (data.length === 0) throw badInput('文件: 文件为空');
      const originalName = (file.field('name') || file.filename || 'file').slice(0, 255);
      const kind = detectFileKind(file.filename || originalName, data.subarray(0, 16));
      if (!kind) throw badInput('文件: 只支持 jpg、png、pdf、xlsx、xls 格式，且内容须与扩展名一致');
      const now = new Date(ctx.config.now());
      const month = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
      const storedPath = `${month}/${randomBytes(16).toString('hex')}.${kind.ext}`;
      await mkdir(path.join(uploadDir, month), { recursive: true });
      await writeFile(path.join(uploadDir, storedPath), data, { flag: 'wx' });
      await ctx.db
        .insertInto('uploaded_file')
        .values({
          merchant_id: auth.merchantId,
          user_id: auth.userId,
          stored_path: storedPath,
          original_name: originalName,
          mime_type: kind.mime,
          size: data.length,
          created_at: now.getTime(),
        })
        .execute();
      return { fullPath: `${UPLOAD_URL_PREFIX}/${storedPath}`, name: originalName, size: data.length };
    },
  });

  route(app, tag, {
    method: 'GET',
    url: '/file/uploads/:year/:month/:name',
    summary: '读取已上传的文件（地址含128位随机名，供图片标签直接引用）',
    access: 'public',
    raw: true,
    params: z.object({
      year: z.string().regex(/^\d{4}$/),
      month: z.string().regex(/^\d{2}$/),
      name: z.string().regex(/^[0-9a-f]{32}\.[a-z]{3,4}$/),
    }),
    handler: async ({ params, reply }) => {
      const kind = kindByExt(params.name.split('.')[1] ?? '');
      const file = path.join(uploadDir, params.year, params.month, params.name);
      const info = await stat(file).catch(() => null);
      if (!kind || !info?.isFile()) throw notFound('文件不存在');
      reply
        .header('content-type', kind.mime)
        .header('content-length', info.size)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=31536000, immutable')
        .send(createReadStream(file));
    },
  });
}
