import { ALPHANUMERIC_MESSAGE, isAlphanumeric } from '@fleet/domain';
import { z } from 'zod';
import { optionalText, teamCodeField } from '../../http/form-fields';
import { optionalInt } from '../trucks/truck-fields';

/** 设备管理 and its T-BOX settings page. */
export const TERMINAL_CODES = ['car090102'] as const;

export const TID_MESSAGE = '终端手机号应为11到20位数字';
export const PROTOCOL_MESSAGE = '协议版本只能是2013或2019';
export const PROTOCOL_VERSIONS = ['2013', '2019'] as const;

/**
 * The terminal phone number as the JT/T 808 header carries it, leading zeros dropped (the gateway
 * knows `013800000001` and `00000000013800000001` both as terminal `13800000001`).
 */
export const tidField = z
  .string({ error: TID_MESSAGE })
  .trim()
  .regex(/^\d{11,20}$/, TID_MESSAGE)
  .transform((tid) => tid.replace(/^0+/, ''))
  .refine((tid) => tid.length > 0, TID_MESSAGE);

const alphanumeric = (max: number) =>
  optionalText(max).refine((v): boolean => v === null || isAlphanumeric(v), ALPHANUMERIC_MESSAGE);

export const terminalFields = {
  tid: tidField,
  terminalNo: alphanumeric(30),
  model: optionalText(30),
  manufacturer: optionalText(11),
  protocolVersion: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? '2013' : String(v).trim()),
    z.enum(PROTOCOL_VERSIONS, { error: PROTOCOL_MESSAGE }),
  ),
  simNo: alphanumeric(20),
  videoChannels: optionalInt(0, 16, '视频通道数').transform((v) => v ?? 0),
  teamCode: teamCodeField,
  remark: optionalText(200),
};

export const TERMINAL_LABELS: Record<string, string> = {
  id: '终端',
  tid: '终端手机号',
  terminalNo: '终端ID',
  model: '终端型号',
  manufacturer: '制造商',
  protocolVersion: '协议版本',
  simNo: 'SIM卡号',
  videoChannels: '视频通道数',
  teamCode: '所属车队',
  truckId: '绑定车辆',
  remark: '备注',
};

const optionalId = (message: string) =>
  z
    .preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.coerce.number({ error: message }).int(message).positive(message).optional(),
    )
    .transform((v) => v ?? null);

export const terminalAddBody = z.object({ ...terminalFields, truckId: optionalId('绑定车辆不正确') });
export const terminalEditBody = z.object({
  id: z.coerce.number({ error: '终端不正确' }).int().positive('终端不正确'),
  ...terminalFields,
});

export type TerminalValues = Omit<z.output<typeof terminalEditBody>, 'id'>;
