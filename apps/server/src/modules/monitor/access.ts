import { menuCodesUnder } from '@fleet/domain';

/**
 * Menu codes of the pages that call the monitoring routes. A route may be called by a user holding
 * any one of its codes.
 */

/** 全图监控 and 全图监控2.0, with their real-time tracking pages (which carry car02). */
export const MAP_MONITOR_CODES = ['car02', 'car02-new'] as const;

/** Pages with the team and vehicle tree: the monitoring maps, live and multi-vehicle video, video and track replay, risk monitoring. */
export const VEHICLE_TREE_CODES = [
  ...MAP_MONITOR_CODES,
  'car050101', // 风险监控
  'car050102', // 实时视频
  'car050103', // 多车视频
  'car050302', // 轨迹回放
  'car050303', // 视频回放
] as const;

/** Pages that open the vehicle card: the maps, track replay and risk monitoring. */
export const VEHICLE_CARD_CODES = [...MAP_MONITOR_CODES, 'car050101', 'car050302'] as const;

/** Pages that ask whether a terminal is online before talking to it: maps (voice), live and replay video. */
export const TERMINAL_STATUS_CODES = [...MAP_MONITOR_CODES, 'car050102', 'car050103', 'car050303'] as const;

/**
 * Pages with a vehicle pick list (plate lookups): monitoring, transport management, efficiency,
 * finance, cost centre, data analysis and the vehicle master data.
 */
export const VEHICLE_LOOKUP_CODES: readonly string[] = [
  ...new Set([
    ...MAP_MONITOR_CODES,
    // car11 and tc01: the waybill forms pick their truck
    ...['car05', 'car06', 'car07', 'car08', 'car10', 'car0901', 'car11', 'tc01'].flatMap((code) => [
      ...menuCodesUnder(code),
    ]),
  ]),
];

/** Pages with the track of a vehicle: real-time tracking, track replay, risk event replay, trip analysis. */
export const TRACK_CODES = [...MAP_MONITOR_CODES, 'car050302', 'car050305', 'car100107'] as const;

/** Pages with the data trend drawer (fuel curve): maps, track replay and the fuel pages. */
export const FUEL_TREND_CODES = [
  ...TRACK_CODES,
  'car050104', // 油量变化监控
  'car050110', // 疑似偷油
  'car050112', // 加油记录
  'car050113', // 异常油耗
] as const;

/** Pages with the trip condition view (slope and road type): fuel results, trip analysis, driving scores, track replay. */
export const ROAD_CODES = ['car050301', 'car050302', 'car100104', 'car100105', 'car100107'] as const;

/** 油量变化监控. */
export const FUEL_CHANGE_CODES = ['car050104'] as const;
