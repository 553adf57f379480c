import { allMenuCodes, menuCodesUnder, withAncestorCodes } from './helpers';

export type RolePreset = 'admin' | 'dispatch' | 'finance' | 'safety';

/** Chinese role names for the presets, as the demo seed names its roles. */
export const ROLE_PRESET_NAMES: Readonly<Record<RolePreset, string>> = {
  admin: '管理员',
  dispatch: '调度员',
  finance: '财务',
  safety: '安全员',
};

/** The alarm pages a safety officer handles: the alarm details page and the in-transit alarms. */
export const SAFETY_ALARM_CODES = [
  'car01-1', // 报警详情
  'car050106', // 车辆报警
  'car050107', // 时效报警
  'car050108', // 主动安全报警
  'car050109', // 维修报警
  'car050110', // 疑似偷油
  'car050111', // 站点围栏报警
  'car050114', // 报警记录
  'car050116', // 在途提醒
  'car050117', // 故障报警
] as const;

/** The risk pages: monitoring, events, interventions and the safety report. */
export const SAFETY_RISK_CODES = [
  'car050101', // 风险监控
  'car050304', // 风险事件统计
  'car050305', // 风险事件明细
  'car050308', // 干预明细
  'car100109', // 安全分析报告
] as const;

/** The driving-score pages. */
export const SAFETY_SCORE_CODES = [
  'car100104', // 驾驶评分分析
  'car100105', // 驾驶评分分析3.0
  'car100106', // 驾驶行为统计
] as const;

function subtrees(...codes: readonly string[]): string[] {
  return codes.flatMap((code) => [...menuCodesUnder(code)]);
}

/**
 * Menu codes of the demo roles, in menu order. Each preset also holds the codes of the modules and
 * groups above its pages, so a user's code list reads like the menu they see.
 */
export const ROLE_PRESETS: Readonly<Record<RolePreset, readonly string[]>> = Object.freeze({
  admin: Object.freeze([...allMenuCodes()]),
  dispatch: Object.freeze(withAncestorCodes(['car01', ...subtrees('car05', 'car06')])),
  finance: Object.freeze(withAncestorCodes(['car01', ...subtrees('car07', 'car08', 'car1002', 'tc01')])),
  safety: Object.freeze(
    withAncestorCodes(['car01', ...SAFETY_ALARM_CODES, ...SAFETY_RISK_CODES, ...SAFETY_SCORE_CODES]),
  ),
});
