import { orderTonsToKg, PLAN_RECORD, parseDateTime } from '@fleet/domain';
import { z } from 'zod';
import { DATE_TIME_MESSAGE, idField, optionalText, teamCodeField } from '../../http/form-fields';

const L = PLAN_RECORD.labels;
const TONS_MESSAGE = '计划装载量须为大于0的吨数，最多三位小数';

const blankToNull = (v: unknown) => (v === '' || v === undefined ? null : v);

/** A time 'YYYY-MM-DD HH:mm:ss' (Shanghai) as epoch ms; '' and missing are null. */
const timeField = z.preprocess(
  blankToNull,
  z
    .string({ error: DATE_TIME_MESSAGE })
    .nullable()
    .transform((text, ctx) => {
      if (text === null) return null;
      const date = parseDateTime(text);
      if (date) return date.getTime();
      ctx.addIssue({ code: 'custom', message: DATE_TIME_MESSAGE });
      return z.NEVER;
    }),
);

const optionalId = (message: string) => z.preprocess(blankToNull, idField(message).nullable());

/** A station row of the plan: the line's row with its planned times (editable). */
const stationRow = z.object({
  seq: z.coerce.number({ error: '站点序号不正确' }).int().min(1, '站点序号不正确'),
  stationType: z.coerce.number().int().min(1).max(3).default(2),
  stationId: optionalId('站点不正确').optional(),
  address: z.string().trim().max(200, '最多输入200个字符').default(''),
  distance: z.coerce.number().int().min(0).default(0),
  arriveTime: timeField.optional(),
  departTime: timeField.optional(),
});

/**
 * The plan form of /plan/temp, /plan/add and /plan/update: a draft may leave anything out; publishing
 * checks that line, truck, driver, the departure and every station time are there (plan-rules.ts).
 */
export const planForm = z.object({
  orderId: optionalId('运输订单不正确').optional(),
  customerId: optionalId('客户不正确').optional(),
  lineId: optionalId('线路不正确').optional(),
  truckId: optionalId('车辆不正确').optional(),
  driverId: optionalId('司机不正确').optional(),
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
  departTime: timeField.optional(),
  stations: z.array(stationRow).max(100, '站点最多100个').default([]),
  remark: optionalText(200),
  teamCode: teamCodeField.optional(),
});
export type PlanForm = z.output<typeof planForm>;

export const planEditForm = planForm.extend({ id: idField('发车计划不正确') });
export const planDraftForm = planForm.extend({
  id: z.preprocess(blankToNull, idField('发车计划不正确').nullable()).optional(),
});

/** Labels of the station rows' fields in 400 messages. */
export const PLAN_FIELD_LABELS: Record<string, string> = {
  ...L,
  seq: '站点序号',
  stationType: '站点类型',
  stationId: '站点',
  address: '站点地址',
  distance: '里程',
  arriveTime: '计划到达时间',
};
