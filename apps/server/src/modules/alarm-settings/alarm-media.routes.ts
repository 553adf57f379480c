import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { badInput, notFound } from '../../http/envelope';
import { route } from '../../http/route';
import { inScope } from '../../http/scope';
import {
  ALARM_MEDIA_DIR,
  AttachmentError,
  MEDIA_KINDS,
  storeAlarmAttachment,
} from '../../telematics/alarms/attachments';
import { receiveUpload } from '../files/receive-upload';

/** 主动安全报警 (/video/event): evidence is uploaded and seen from there. */
export const EVIDENCE_CODES = ['car050108'] as const;

/**
 * Active-safety evidence (see telematics/alarms/attachments.ts): the upload an attachment bridge,
 * the demo simulator or an operator uses, and the read-only address of each stored file.
 */
export function registerAlarmMediaRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = '报警附件';
  const { uploadDir, uploadMaxBytes } = ctx.config;

  route(app, tag, {
    method: 'POST',
    url: '/alarm/attachment/upload',
    summary:
      '上传主动安全报警附件（multipart：vin 车架号，alarmNo 报警编号32位十六进制，可选 channel 通道号，file 为 jpg/png/mp4）；报警已入库时即成为其图片或视频',
    access: EVIDENCE_CODES,
    handler: async ({ auth, req }) => {
      const file = await receiveUpload(req, uploadMaxBytes);
      const { data } = file;
      const field = (name: string) => file.field(name);
      const vin = field('vin');
      const alarmNo = field('alarmNo');
      const channelText = field('channel');
      if (!vin) throw badInput('车架号: 不能为空');
      const channel = channelText === '' ? null : Number(channelText);
      if (channel !== null && (!Number.isInteger(channel) || channel < 0 || channel > 255)) {
        throw badInput('通道号: 须为0-255的整数');
      }
      const truck = await ctx.db
        .selectFrom('truck')
        .select(['id', 'merchant_id'])
        .where(inScope(auth.scope, 'truck'))
        .where('vin', '=', vin)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!truck) throw badInput('车架号: 车辆不存在或不在您的管辖范围内');
      try {
        return await storeAlarmAttachment(
          ctx.db,
          uploadDir,
          { merchantId: truck.merchant_id, truckId: truck.id, alarmNo, channel, data },
          ctx.config.now(),
        );
      } catch (error) {
        if (error instanceof AttachmentError) throw badInput(error.message);
        throw error;
      }
    },
  });

  route(app, tag, {
    method: 'GET',
    url: '/alarm/media/:year/:month/:name',
    summary: '读取报警附件（地址含128位随机名，供图片和视频标签直接引用）',
    access: 'public',
    raw: true,
    params: z.object({
      year: z.string().regex(/^\d{4}$/),
      month: z.string().regex(/^\d{2}$/),
      name: z.string().regex(/^[0-9a-f]{32}\.(jpg|png|mp4)$/),
    }),
    handler: async ({ params, reply }) => {
      const kind = MEDIA_KINDS.find((k) => params.name.endsWith(`.${k.ext}`));
      const file = path.join(uploadDir, ALARM_MEDIA_DIR, params.year, params.month, params.name);
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
