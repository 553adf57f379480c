import { orderTonsToKg, PLAN_SCHEDULE_RECORD, parseDepartMinute, SCHEDULE_DAYS_AHEAD } from '@fleet/domain';
import { z } from 'zod';
import {
  DATE_MESSAGE,
  idField,
  isDateText,
  optionalText,
  requiredText,
  teamCodeField,
} from '../../http/form-fields';

const TONS_MESSAGE = '计划装载量须为大于0的吨数，最多三位小数';
const WEEKDAYS_MESSAGE = '请选择执行日（周一至周日）';
const TIME_MESSAGE = '发车时间格式应为HH:mm';
const DAYS_AHEAD_MESSAGE = `提前生成天数须为${SCHEDULE_DAYS_AHEAD.min}到${SCHEDULE_DAYS_AHEAD.max}的整数`;

const blankToNull = (v: unknown) => (v === '' || v === undefined ? null : v);
const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() || undefined : (v ?? undefined));

/** 1 Monday … 7 Sunday, as a list or as the stored text '1,2,3'; at least one, sorted, no repeats. */
const weekdaysField = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? [] : v.split(',')) : v),
  z
    .array(z.unknown(), { error: WEEKDAYS_MESSAGE })
    .transform((days) => days.map((d) => (typeof d === 'string' && d.trim() !== '' ? Number(d) : d)))
    .refine(
      (days) =>
        days.length > 0 &&
        days.every((d) => typeof d === 'number' && Number.isInteger(d) && d >= 1 && d <= 7),
      WEEKDAYS_MESSAGE,
    )
    .transform((days) => [...new Set(days as number[])].sort((a, b) => a - b)),
);

/** 'HH:mm' as minutes after midnight. */
const departField = z.preprocess(
  trimmed,
  z.string({ error: '请选择发车时间' }).transform((text, ctx) => {
    const minute = parseDepartMinute(text);
    if (minute !== null) return minute;
    ctx.addIssue({ code: 'custom', message: TIME_MESSAGE });
    return z.NEVER;
  }),
);

const requiredDate = (required: string) =>
  z.preprocess(trimmed, z.string({ error: required }).refine(isDateText, DATE_MESSAGE));
const optionalDateText = z.preprocess(
  blankToNull,
  z.string({ error: DATE_MESSAGE }).refine(isDateText, DATE_MESSAGE).nullable(),
);

/** The form of /scheduling/plan/add, /update and /check. */
export const planScheduleForm = z
  .object({
    name: requiredText(30, '请输入排班名称'),
    lineId: idField('请选择线路'),
    truckId: idField('请选择车辆'),
    driverId: idField('请选择司机'),
    orderId: z.preprocess(blankToNull, idField('运输订单不正确').nullable()).optional(),
    cargo: optionalText(30),
    plannedTons: z
      .preprocess(
        blankToNull,
        z
          .union([z.string(), z.number()])
          .nullable()
          .transform((v, ctx) => {
            if (v === null) return null;
            const kg = orderTonsToKg(v);
            if (kg === undefined || kg <= 0 || kg > 999_999) {
              ctx.addIssue({ code: 'custom', message: TONS_MESSAGE });
              return z.NEVER;
            }
            return kg;
          }),
      )
      .optional(),
    weekdays: weekdaysField,
    departTime: departField,
    startDate: requiredDate('请选择开始日期'),
    endDate: optionalDateText.optional(),
    daysAhead: z.preprocess(
      (v) => (v === '' || v === null || v === undefined ? SCHEDULE_DAYS_AHEAD.default : v),
      z.coerce
        .number({ error: DAYS_AHEAD_MESSAGE })
        .int(DAYS_AHEAD_MESSAGE)
        .min(SCHEDULE_DAYS_AHEAD.min, DAYS_AHEAD_MESSAGE)
        .max(SCHEDULE_DAYS_AHEAD.max, DAYS_AHEAD_MESSAGE),
    ),
    remark: optionalText(200),
    teamCode: teamCodeField.optional(),
  })
  .refine((f) => !f.endDate || f.endDate >= f.startDate, {
    message: '结束日期不能早于开始日期',
    path: ['endDate'],
  });
export type PlanScheduleForm = z.output<typeof planScheduleForm>;

/** The check of a form before it is saved: the form, and the schedule it replaces when editing. */
export const planScheduleCheckForm = z
  .object({ id: z.preprocess(blankToNull, idField('排班计划不正确').nullable()).optional() })
  .and(planScheduleForm);

export const PLAN_SCHEDULE_LABELS: Record<string, string> = { ...PLAN_SCHEDULE_RECORD.labels };
