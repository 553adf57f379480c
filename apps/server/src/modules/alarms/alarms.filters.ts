import { ALARM_HANDLE_STATUSES, ALARM_LEVELS, parseDateTime } from '@fleet/domain';
import { z } from 'zod';
import { badInput } from '../../http/envelope';
import { paging } from '../../http/route';
import type { AlarmFilter } from './alarms.repository';

/** A parameter given once, repeated (GET arrays are repeated keys) or as a comma list. */
const listOf = <T extends z.ZodType>(item: T, max: number) =>
  z.preprocess((value) => {
    if (value === undefined || value === null || value === '') return undefined;
    if (Array.isArray(value)) return value;
    if (typeof value === 'string') return value.split(',').filter((part) => part.trim() !== '');
    return [value];
  }, z.array(item).max(max).optional());

const teamCode = z
  .string()
  .trim()
  .regex(/^[0-9A-Za-z]{7,36}$/, '车队编码格式不正确');
const alarmCode = z.coerce.number({ error: '报警类型不正确' }).int('报警类型不正确').min(1, '报警类型不正确');
const text = (max: number, message: string) => z.string().trim().max(max, message).optional();
const optionalInt = (values: readonly { value: number }[], message: string) =>
  z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.coerce
      .number()
      .int()
      .refine((v) => values.some((item) => item.value === v), message)
      .optional(),
  );

/**
 * What every alarm list and export accepts, in a JSON body (POST) or the query string (GET):
 * plate or VIN, teams, alarm types, a time range on the alarm's start, handling state and level.
 * `eventType` is the alarm code a pop-up jump passes.
 */
export const alarmFilterFields = {
  carNo: text(20, '车牌号最多20个字符'),
  vin: text(17, 'VIN最多17个字符'),
  teamCode: teamCode.optional().or(z.literal('').transform(() => undefined)),
  teamCodeList: listOf(teamCode, 200),
  eventType: z.preprocess((v) => (v === '' || v === null ? undefined : v), alarmCode.optional()),
  alarmCodes: listOf(alarmCode, 200),
  startTime: text(30, '开始时间格式不正确'),
  endTime: text(30, '结束时间格式不正确'),
  handleStatus: optionalInt(ALARM_HANDLE_STATUSES, '处理状态不正确'),
  level: optionalInt(ALARM_LEVELS, '报警等级不正确'),
};

export const alarmListInput = z.object({ ...paging, ...alarmFilterFields });
export type AlarmListInput = z.output<typeof alarmListInput>;

export const alarmFilterLabels = {
  carNo: '车牌号',
  vin: '车架号',
  teamCode: '车队',
  teamCodeList: '车队',
  eventType: '报警类型',
  alarmCodes: '报警类型',
  startTime: '开始时间',
  endTime: '结束时间',
  handleStatus: '处理状态',
  level: '报警等级',
  pageNum: '页码',
  pageSize: '每页条数',
};

function instant(value: string | undefined, label: string, endOfSecond: boolean): number | undefined {
  if (!value) return undefined;
  const date = parseDateTime(value);
  if (!date) throw badInput(`${label}格式不正确，应为YYYY-MM-DD HH:mm:ss`);
  // an end given to the second (or a bare date) covers that whole second (or day)
  if (!endOfSecond) return date.getTime();
  return date.getTime() + (/^\d{4}-\d{2}-\d{2}$/.test(value.trim()) ? 86_400_000 - 1 : 999);
}

/**
 * The repository filter of a list input on a page that lists `pageCodes`: the asked types are
 * narrowed to the page's (a type of another page selects nothing), times parsed and checked.
 */
export function toAlarmFilter(
  input: z.output<z.ZodObject<typeof alarmFilterFields>>,
  pageCodes: readonly number[],
) {
  const asked = [...(input.alarmCodes ?? []), ...(input.eventType !== undefined ? [input.eventType] : [])];
  const codes = asked.length > 0 ? pageCodes.filter((code) => asked.includes(code)) : [...pageCodes];
  const from = instant(input.startTime, '开始时间', false);
  const to = instant(input.endTime, '结束时间', true);
  if (from !== undefined && to !== undefined && from > to) throw badInput('开始时间不能晚于结束时间');
  const teams = [...(input.teamCodeList ?? []), ...(input.teamCode ? [input.teamCode] : [])];
  const filter: AlarmFilter = {
    codes,
    carNo: input.carNo || undefined,
    vin: input.vin || undefined,
    teamCodes: teams.length > 0 ? teams : undefined,
    from,
    to,
    handleStatus: input.handleStatus,
    level: input.level,
  };
  return filter;
}
