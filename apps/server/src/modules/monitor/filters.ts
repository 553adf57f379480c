import { z } from 'zod';
import type { StateFilter } from './vehicle-status';

/** A GET parameter that may come once, repeated, or comma-separated. */
const listParam = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => {
    if (value === undefined || value === null || value === '') return undefined;
    if (Array.isArray(value)) return value;
    if (typeof value === 'string') return value.split(',').filter((part) => part !== '');
    return value;
  }, z.array(item).max(2000).optional());

export const teamCodeList = listParam(z.string().regex(/^[0-9A-Za-z]{1,36}$/, '车队编码格式不正确'));
export const vinList = listParam(z.string().trim().toUpperCase().max(17, 'VIN最多17个字符'));

const STATE_ALIASES: Record<string, StateFilter> = {
  all: 'all',
  online: 'online',
  offline: 'offline',
  moving: 'moving',
  running: 'moving',
  parked: 'parked',
  stop: 'parked',
  alarm: 'alarm',
};

/** The state filter: ALL (default), ONLINE, OFFLINE, MOVING, PARKED, ALARM (any case). */
export const stateFilter = z
  .preprocess(
    (value) =>
      typeof value === 'string' && value !== '' ? (STATE_ALIASES[value.toLowerCase()] ?? value) : 'all',
    z.enum(['all', 'online', 'offline', 'moving', 'parked', 'alarm'], {
      error: '车辆状态只能是 ALL、ONLINE、OFFLINE、MOVING、PARKED、ALARM 之一',
    }),
  )
  .default('all');

const text = z.string().trim().max(50).optional();

/** What the monitoring lists accept: teams, vehicles, plate / VIN search and state. */
export const vehicleFilterFields = {
  teamCodeList,
  vinList,
  carNo: text,
  vin: text,
  keyword: text,
  state: stateFilter,
};

export const vinKey = z
  .string({ error: '请选择车辆' })
  .trim()
  .toUpperCase()
  .min(1, '请选择车辆')
  .max(17, 'VIN最多17个字符');

export const filterLabels = {
  teamCodeList: '车队',
  vinList: '车辆',
  carNo: '车牌号',
  vin: '车架号',
  keyword: '搜索内容',
  state: '车辆状态',
  zoom: '地图级别',
  pageNum: '页码',
  pageSize: '每页条数',
  tid: '终端号',
};
