import { DAY_MS, parseDateTime } from '@fleet/domain';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { AuthContext } from '../../http/auth';
import { badInput, notFound } from '../../http/envelope';
import { findVehicle } from '../monitor/vehicles.repository';

/** History queries read at most this many days at once. */
export const MAX_HISTORY_DAYS = 3;

const timeText = z.string().trim().max(30).optional();

/** A time range given as beginTime/endTime (the track and trend) or startTime/endTime (road data). */
export const rangeFields = { beginTime: timeText, startTime: timeText, endTime: timeText };

/**
 * Epoch ms of a range of 'YYYY-MM-DD HH:mm:ss' (Shanghai) texts, checked: both given, well formed,
 * in order and at most `maxDays` long. Every failure is a Chinese 400 message.
 */
export function parseRange(
  input: { beginTime?: string; startTime?: string; endTime?: string },
  maxDays = MAX_HISTORY_DAYS,
): { from: number; to: number } {
  const beginText = input.beginTime || input.startTime;
  if (!beginText) throw badInput('请选择开始时间');
  if (!input.endTime) throw badInput('请选择结束时间');
  const begin = parseDateTime(beginText);
  if (!begin) throw badInput('开始时间格式不正确，应为YYYY-MM-DD HH:mm:ss');
  const end = parseDateTime(input.endTime);
  if (!end) throw badInput('结束时间格式不正确，应为YYYY-MM-DD HH:mm:ss');
  const from = begin.getTime();
  if (from > end.getTime()) throw badInput('开始时间不能晚于结束时间');
  if (end.getTime() - from > maxDays * DAY_MS) throw badInput(`查询时间范围不能超过${maxDays}天`);
  // an end given to the second covers that whole second
  const to = end.getTime() + (/:\d{2}:\d{2}$/.test(input.endTime.trim()) ? 999 : 0);
  return { from, to };
}

/** The in-scope vehicle a history query names by vin, terminal phone (tid) or plate (carNo). */
export async function historyVehicle(
  ctx: AppContext,
  auth: AuthContext,
  key: { vin?: string; tid?: string; carNo?: string },
) {
  if (!key.vin && !key.tid && !key.carNo) throw badInput('请选择车辆');
  const row = await findVehicle(ctx.db, auth.scope, key);
  if (!row) throw notFound('车辆不存在或无权访问');
  return row;
}

export const thinFields = {
  thin: z
    .preprocess(
      (v) =>
        v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 ? false : v,
      z.boolean(),
    )
    .default(true),
  thinLevel: z.coerce.number().int().min(1, '抽稀级别不能小于1').max(20, '抽稀级别不能大于20').default(8),
};

export const vehicleKeyFields = {
  vin: z.string().trim().toUpperCase().max(17, 'VIN最多17个字符').optional(),
  tid: z.string().trim().max(20).optional(),
  carNo: z.string().trim().toUpperCase().max(20).optional(),
};

export const historyLabels = {
  vin: '车架号',
  tid: '终端号',
  carNo: '车牌号',
  beginTime: '开始时间',
  startTime: '开始时间',
  endTime: '结束时间',
  time: '时间',
  thin: '是否抽稀',
  thinLevel: '抽稀级别',
};
