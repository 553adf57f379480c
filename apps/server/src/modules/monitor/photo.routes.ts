import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { badInput } from '../../http/envelope';
import { route } from '../../http/route';
import { ALARM_MEDIA_PREFIX, TERMINAL_MEDIA_PREFIX } from '../../telematics/alarms/attachments';
import type { ShotTaken } from '../../telematics/gateway/multimedia';
import { MAP_MONITOR_CODES } from './access';
import { filterLabels, vinKey } from './filters';
import { timeText } from './vehicle-status';
import { requireVehicle } from './vehicles.routes';

const SHOT_RESULT: Record<number, string> = { 1: '终端拍照失败', 2: '终端不支持该摄像头通道' };
const channelField = z.coerce
  .number({ error: '摄像头通道须为1-16的整数' })
  .int('摄像头通道须为1-16的整数')
  .min(1, '摄像头通道须为1-16的整数')
  .max(16, '摄像头通道须为1-16的整数')
  .default(1);

/**
 * 拍照 on the vehicle card: the platform asks the terminal for a photo (JT/T 808 0x8801, through
 * whichever process holds its connection), the terminal uploads it (0x0800/0x0801) into the
 * evidence store, and the card polls for the newest photo of the truck.
 */
export function registerPhotoRoutes(app: FastifyInstance, ctx: AppContext): void {
  const labels = { ...filterLabels, channel: '摄像头通道', since: '拍照时间' };

  route(app, '车辆监控', {
    method: 'POST',
    url: '/monitor/car/photo',
    summary:
      '车辆卡片拍照：向终端下发立即拍摄（0x8801），终端随后上传照片；答 requestedAt 供查询新照片；终端不在线答 511',
    access: MAP_MONITOR_CODES,
    labels,
    body: z.object({ vin: vinKey, channel: channelField }),
    handler: async ({ auth, body }) => {
      const row = await requireVehicle(ctx, auth, { vin: body.vin });
      if (!row.tid) throw badInput('车辆未绑定终端');
      const requestedAt = ctx.config.now();
      const shot = await ctx.telematics.command<ShotTaken>(row.tid, {
        kind: 'shootNow',
        channel: body.channel,
      });
      if (shot.result !== 0) throw badInput(SHOT_RESULT[shot.result] ?? `终端应答 ${shot.result}`);
      return { requestedAt, mediaIds: shot.mediaIds };
    },
  });

  route(app, '车辆监控', {
    method: 'GET',
    url: '/monitor/car/photo/latest',
    summary: '车辆最新一张终端照片（since：毫秒时间戳，只取此后收到的）；没有时 data 为 null',
    access: MAP_MONITOR_CODES,
    labels,
    query: z.object({
      vin: vinKey,
      since: z.coerce.number({ error: '拍照时间不正确' }).int().min(0).default(0),
    }),
    handler: async ({ auth, query }) => {
      const row = await requireVehicle(ctx, auth, { vin: query.vin });
      const photo = await ctx.db
        .selectFrom('alarm_attachment')
        .select(['stored_path', 'channel', 'created_at'])
        .where('truck_id', '=', row.truckId)
        .where('type', '=', 'photo')
        .where('alarm_no', 'like', `${TERMINAL_MEDIA_PREFIX}%`)
        .where('created_at', '>=', query.since)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (!photo) return null;
      return {
        url: `${ALARM_MEDIA_PREFIX}/${photo.stored_path}`,
        channel: photo.channel,
        time: timeText(photo.created_at),
      };
    },
  });
}
