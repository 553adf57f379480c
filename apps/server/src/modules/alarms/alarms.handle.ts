import {
  ALARM_HANDLE_TYPES,
  alarmHandleTypeName,
  alarmName,
  alarmPageCodesFor,
  formatDateTime,
  OPERATE_LOG_PAGES,
} from '@fleet/domain';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { badInput, notFound } from '../../http/envelope';
import { inScope } from '../../http/scope';
import { recordOperation } from '../operate-log/operate-log.repository';
import { HANDLE_STATUS } from './alarms.table';

/** How an alarm is handled: 1 handled (with a way), 2 ignored; a remark either way. */
export const handleFields = {
  handleStatus: z.coerce
    .number({ error: '请选择处理结果' })
    .int()
    .refine(
      (v) => v === HANDLE_STATUS.handled || v === HANDLE_STATUS.ignored,
      '处理结果只能是已处理或已忽略',
    ),
  handleType: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number()
      .int()
      .refine((v) => ALARM_HANDLE_TYPES.some((t) => t.value === v), '处理方式不正确')
      .optional(),
  ),
  remark: z.string().trim().max(200, '处理备注最多200个字符').optional(),
};

export const handleLabels = {
  ids: '报警',
  id: '报警',
  handleStatus: '处理结果',
  handleType: '处理方式',
  remark: '处理备注',
};

export const idsField = z
  .array(z.coerce.number().int().positive('报警编号不正确'), { error: '请选择报警' })
  .min(1, '请选择报警')
  .max(500, '一次最多处理500条报警');

export interface Handling {
  handleStatus: number;
  handleType?: number;
  remark?: string;
}

function logText(alarm: { code: number; car_no: string | null; start_time: number }, handling: Handling) {
  const what = `${alarmName(alarm.code)}（${alarm.car_no ?? '-'} ${formatDateTime(new Date(alarm.start_time))}）`;
  const verb = handling.handleStatus === HANDLE_STATUS.ignored ? '忽略报警' : '处理报警';
  const parts = [`${verb}：${what}`];
  if (handling.handleType !== undefined) parts.push(`处理方式：${alarmHandleTypeName(handling.handleType)}`);
  if (handling.remark) parts.push(`备注：${handling.remark}`);
  return parts.join('；');
}

/**
 * Handles alarms in one transaction: each must be in the caller's scope, of a type one of the
 * caller's alarm pages (or `allowedCodes`, for a page's own route) lists; writes who, when, how and
 * the remark, and one operation-log entry per alarm. Returns the ids handled.
 */
export async function handleAlarms(
  db: Kysely<Database>,
  auth: AuthContext,
  ids: readonly number[],
  handling: Handling,
  now: number,
  allowedCodes?: readonly number[],
): Promise<number[]> {
  if (handling.handleStatus === HANDLE_STATUS.handled && handling.handleType === undefined) {
    throw badInput('处理方式: 请选择处理方式');
  }
  const unique = [...new Set(ids)];
  return db.transaction().execute(async (tx) => {
    const rows = await tx
      .selectFrom('alarm')
      .leftJoin('truck as t', 't.id', 'alarm.truck_id')
      .select(['alarm.id', 'alarm.code', 'alarm.team_code', 'alarm.start_time', 't.car_no'])
      .where(inScope(auth.scope, 'alarm'))
      .where('alarm.id', 'in', unique)
      .execute();
    const visible = rows.filter((row) =>
      allowedCodes
        ? allowedCodes.includes(row.code)
        : alarmPageCodesFor(row.code).some((code) => auth.codes.has(code)),
    );
    if (visible.length !== unique.length) throw notFound('报警不存在或无权处理');
    await tx
      .updateTable('alarm')
      .set({
        handle_status: handling.handleStatus,
        handle_type: handling.handleType ?? null,
        handle_remark: handling.remark || null,
        handler_id: auth.userId,
        handled_at: now,
        updated_at: now,
      })
      .where('id', 'in', unique)
      .execute();
    for (const row of visible) {
      await recordOperation(
        tx,
        auth,
        {
          pageEnum: OPERATE_LOG_PAGES.alarm,
          dataId: row.id,
          teamCode: row.team_code,
          content: logText(row, handling),
        },
        now,
      );
    }
    return unique;
  });
}
