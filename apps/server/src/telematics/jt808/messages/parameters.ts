import { Reader, Writer } from '../bytes';
import { Jt808Error } from '../errors';

/**
 * 0x8103 set terminal parameters (JT/T 808-2013 and -2019 share the layout):
 *   count u8 | { parameter id u32 | length u8 | value } × count
 * The parameters a fleet sets from the T-BOX page are all DWORDs: heartbeat interval (0x0001, s),
 * report interval while sleeping (0x0027, s) and by default (0x0029, s), top speed (0x0055, km/h),
 * overspeed duration (0x0056, s), continuous driving limit (0x0057, s), shortest rest (0x0059, s).
 * The terminal answers 0x0001 with its result.
 */
export const TERMINAL_PARAM = {
  heartbeatSeconds: 0x0001,
  sleepReportSeconds: 0x0027,
  reportSeconds: 0x0029,
  maxSpeedKmh: 0x0055,
  overspeedSeconds: 0x0056,
  continuousDrivingSeconds: 0x0057,
  minRestSeconds: 0x0059,
} as const;

/** One parameter: a DWORD value, or raw bytes for parameters of other types. */
export interface TerminalParameter {
  id: number;
  value: number | Uint8Array;
}

export interface SetParametersBody {
  parameters: TerminalParameter[];
}

export interface SetParameters extends SetParametersBody {
  kind: 'setParameters';
  msgId: 0x8103;
}

export function encodeSetParametersBody(body: SetParametersBody): Buffer {
  if (body.parameters.length === 0 || body.parameters.length > 255) {
    throw new Jt808Error('range', `0x8103 carries 1..255 parameters, got ${body.parameters.length}`);
  }
  const w = new Writer(8 + body.parameters.length * 9).u8(body.parameters.length, 'count');
  for (const p of body.parameters) {
    w.u32(p.id, 'parameter id');
    if (typeof p.value === 'number') {
      w.u8(4, 'length').u32(p.value, 'value');
    } else {
      w.u8(p.value.length, 'length').bytes(p.value);
    }
  }
  return w.toBuffer();
}

/** DWORD parameters come back as numbers, others as their bytes. */
export function decodeSetParameters(body: Buffer): SetParameters {
  const r = new Reader(body, 0, body.length, '0x8103');
  const count = r.u8('count');
  const parameters: TerminalParameter[] = [];
  for (let i = 0; i < count; i++) {
    const id = r.u32('parameter id');
    const length = r.u8('length');
    parameters.push({ id, value: length === 4 ? r.u32('value') : Buffer.from(r.bytes(length, 'value')) });
  }
  return { kind: 'setParameters', msgId: 0x8103, parameters };
}
