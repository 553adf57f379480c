import { shiftDateTime } from '../time/shanghai';
import type { AlarmKind } from './alarm-categories';
import { alarmKind } from './alarms';

/** Where the 'go handle' action of an alarm pop-up leads, and the menu code it needs. */
export interface JumpTarget {
  path: string;
  code: string;
  /** Query keys the jump passes. */
  query: readonly string[];
  /** The same page in another menu (运力业务's /tc/... set), for a user without `code`. */
  alternative?: JumpTarget;
}

export const NO_ACCESS_MESSAGE = '暂无权限';

/** Pop-up types of the alarm push (spec core section 3). */
export const ALARM_POPUP_TYPES = { vehicleAlarm: 1, inTransitReminder: 2 } as const;

const ALARM_QUERY = ['carNo', 'eventType', 'startTime'] as const;
const VIDEO_EVENT: JumpTarget = { path: '/video/event', code: 'car050108', query: ALARM_QUERY };

/** Jump targets of the alarm kinds (spec core section 2, 'Alarm pop-up jump targets'). */
export const ALARM_JUMP_TARGETS: Readonly<Record<Exclude<AlarmKind, 'approval' | 'expiry'>, JumpTarget>> = {
  driverAssist: VIDEO_EVENT,
  driverState: VIDEO_EVENT,
  blindSpot: VIDEO_EVENT,
  dangerousDriving: VIDEO_EVENT,
  timing: { path: '/time/effect/alarm', code: 'car050107', query: ALARM_QUERY },
  driving: { path: '/alarm/driver/route', code: 'car050106', query: ALARM_QUERY },
  fault: { path: '/alarm/repair/index', code: 'car050117', query: ALARM_QUERY },
  safetyRisk: { path: '/safe-report/risk-query', code: 'car050305', query: ALARM_QUERY },
  // beyond the spec's table: terminal alarms are vehicle alarms, fence events have their own page
  device: { path: '/alarm/driver/route', code: 'car050106', query: ALARM_QUERY },
  fence: { path: '/alarm/station-fence', code: 'car050111', query: ALARM_QUERY },
};

/** Jump targets of the approval reminders; 8001's endTime is one minute after startTime. */
export const APPROVAL_JUMP_TARGETS: Readonly<Record<8001 | 8002, JumpTarget>> = {
  8001: {
    path: '/smart-coal/wayBill-cost-approval',
    code: 'car070207',
    query: ['taskCode', 'startTime', 'endTime'],
    alternative: {
      path: '/tc/wayBill-cost-approval',
      code: 'tc010201',
      query: ['taskCode', 'startTime', 'endTime'],
    },
  },
  8002: {
    path: '/smart-coal/wayBill-tabulation',
    code: 'car110102',
    query: ['taskCode'],
    alternative: { path: '/tc/wayBill-tabulation', code: 'tc010102', query: ['taskCode'] },
  },
};

/**
 * Jump targets of the due reminders: 8101 opens 保养提醒 on the truck's plan, 8102 证件到期 on the
 * truck's or driver's certificate; the query comes from the reminder's business code.
 */
export const EXPIRY_JUMP_TARGETS: Readonly<Record<8101 | 8102, JumpTarget>> = {
  8101: { path: '/reminder/maintenance', code: 'car050206', query: ['carNo', 'truckId', 'planId'] },
  8102: {
    path: '/reminder/certificate-expiry',
    code: 'car050205',
    query: ['owner', 'truckId', 'driverId', 'kind'],
  },
};

/** Business code of a 8101 reminder: plan, truck and its last service ('plan:3:12:2026-05-20|100000'). */
export function serviceReminderCode(
  planId: number,
  truckId: number,
  last: { date: string | null; km: number | null },
): string {
  return `plan:${planId}:${truckId}:${last.date ?? ''}|${last.km ?? ''}`;
}

/** Business code of a 8102 reminder: owner, its id, kind and expiry ('cert:truck:12:insurance:2026-12-01'). */
export function certificateReminderCode(
  owner: 'truck' | 'driver',
  id: number,
  kind: string,
  expiry: string,
): string {
  return `cert:${owner}:${id}:${kind}:${expiry}`;
}

/** The filter of the page a due reminder opens, read from its business code ({} when unreadable). */
function expiryQuery(code: string, businessCode: string): Record<string, string> {
  const [prefix, a = '', b = '', c = ''] = businessCode.split(':');
  const id = (v: string) => (/^[1-9]\d*$/.test(v) ? v : '');
  if (code === '8101' && prefix === 'plan') return { truckId: id(b), planId: id(a) };
  if (code === '8102' && prefix === 'cert' && (a === 'truck' || a === 'driver'))
    return { owner: a, [a === 'truck' ? 'truckId' : 'driverId']: id(b), kind: /^\w+$/.test(c) ? c : '' };
  return {};
}

/** Jump target of an in-transit reminder (pop-up type 2). */
export const IN_TRANSIT_REMINDER_TARGET: JumpTarget = {
  path: '/alarm/onTheWayReminder',
  code: 'car050116',
  query: ['creatTime', 'carNo', 'type'],
};

/** The fields of an alarm pop-up that a jump reads. */
export interface AlarmJumpSource {
  /** 1 vehicle alarm (the default), 2 in-transit reminder. */
  type?: number | string | null;
  alarmCode?: number | string | null;
  carNo?: string | null;
  /** 'YYYY-MM-DD HH:mm:ss'; remindTime stands in when absent. */
  startTime?: string | null;
  remindTime?: string | null;
  /** Waybill task code of an approval reminder; businessCode stands in when absent. */
  taskCode?: string | null;
  businessCode?: string | null;
  /** Creation time of an in-transit reminder; remindTime or startTime stand in when absent. */
  creatTime?: string | null;
}

export type AlarmJump = { path: string; query: Record<string, string> } | { denied: true; message: string };

function text(value: number | string | null | undefined): string {
  return value === null || value === undefined ? '' : String(value).trim();
}

function compact(query: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== ''));
}

function hasCode(elemCodes: string | Iterable<string>, code: string): boolean {
  const codes = typeof elemCodes === 'string' ? elemCodes.split(',') : elemCodes;
  for (const item of codes) if (item.trim() === code) return true;
  return false;
}

function targetOf(alarm: AlarmJumpSource): { target: JumpTarget; query: Record<string, string> } | null {
  const code = text(alarm.alarmCode);
  const startTime = text(alarm.startTime) || text(alarm.remindTime);
  if (text(alarm.type) === String(ALARM_POPUP_TYPES.inTransitReminder)) {
    const creatTime = text(alarm.creatTime) || startTime;
    return { target: IN_TRANSIT_REMINDER_TARGET, query: { creatTime, carNo: text(alarm.carNo), type: code } };
  }
  const kind = alarmKind(code);
  if (kind === null) return null;
  if (kind === 'expiry') {
    const target = code === '8101' ? EXPIRY_JUMP_TARGETS[8101] : EXPIRY_JUMP_TARGETS[8102];
    const item = expiryQuery(code, text(alarm.businessCode));
    return { target, query: code === '8101' ? { carNo: text(alarm.carNo), ...item } : item };
  }
  if (kind === 'approval') {
    const taskCode = text(alarm.taskCode) || text(alarm.businessCode);
    if (code === '8002') return { target: APPROVAL_JUMP_TARGETS[8002], query: { taskCode } };
    const endTime = shiftDateTime(startTime, 60_000) ?? '';
    return { target: APPROVAL_JUMP_TARGETS[8001], query: { taskCode, startTime, endTime } };
  }
  return {
    target: ALARM_JUMP_TARGETS[kind],
    query: { carNo: text(alarm.carNo), eventType: code, startTime },
  };
}

/**
 * Where 'go handle' on an alarm pop-up leads: the route and its query (empty values left out), or
 * { denied, message: '暂无权限' } when the user's menu codes (a list or the comma text of elemCodes)
 * lack the target's code. Null when the alarm has no target (a code outside the catalogue).
 */
export function alarmJump(alarm: AlarmJumpSource, elemCodes: string | Iterable<string>): AlarmJump | null {
  const found = targetOf(alarm);
  if (!found) return null;
  const codes = typeof elemCodes === 'string' ? elemCodes.split(',') : [...elemCodes];
  let target: JumpTarget | undefined = found.target;
  while (target && !hasCode(codes, target.code)) target = target.alternative;
  if (!target) return { denied: true, message: NO_ACCESS_MESSAGE };
  return { path: target.path, query: compact(found.query) };
}

/**
 * The menu code of the page an alarm of `alarmCode` opens on (its jump target): a user is offered
 * and sent only alarms whose page it may open. Null for a code outside the catalogue.
 */
export function alarmJumpCode(
  alarmCode: number,
  popupType: number = ALARM_POPUP_TYPES.vehicleAlarm,
): string | null {
  return targetOf({ alarmCode, type: popupType })?.target.code ?? null;
}

/** Whether a user holding `codes` may open alarms of `alarmCode` (see alarmJumpCode). */
export function mayOpenAlarm(
  alarmCode: number,
  codes: ReadonlySet<string>,
  popupType: number = ALARM_POPUP_TYPES.vehicleAlarm,
): boolean {
  let target: JumpTarget | undefined = targetOf({ alarmCode, type: popupType })?.target;
  for (; target; target = target.alternative) if (codes.has(target.code)) return true;
  return false;
}
