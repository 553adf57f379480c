/**
 * What an operation-log entry is about (`pageEnum` of `/colliery/operate/log/tc/page`). 6 is the
 * spec's default and stands for the waybill; the others are ours.
 */
export const OPERATE_LOG_PAGES = {
  user: 1,
  role: 2,
  customer: 3,
  line: 4,
  transportPrice: 5,
  waybill: 6,
  feeType: 7,
  truck: 8,
  driver: 9,
  station: 10,
  alarm: 11,
  terminal: 12,
  address: 13,
  push: 14,
  authorization: 15,
  alarmSetting: 16,
  fenceSet: 17,
  driverRegistration: 18,
  waybillScanCode: 19,
  transportOrder: 20,
  plan: 21,
  /** 装车预约 (loading appointments). */
  loadingAppointment: 31,
  /** A merchant's plan cost prices (fuel price, toll per km). */
  planCostSetting: 32,
  planSchedule: 30,
  /** 审批设置: the approval chain of a merchant. */
  approveSetting: 40,
  /** 司机工资: a merchant's salary rules and confirmed months. */
  driverSalary: 43,
  /** 成本中心: a cost of a truck (加油, 路桥费, 保养, 杂费, 自定义). */
  cost: 55,
  /** 车辆折旧: a truck's purchase price and life. */
  truckDepreciation: 56,
  /** 保养计划 and 保养记录 of a truck. */
  maintenancePlan: 50,
  maintenanceRecord: 51,
  /** 油箱标定: a truck's calibration table. */
  fuelCalibration: 60,
} as const;

export type OperateLogPage = (typeof OPERATE_LOG_PAGES)[keyof typeof OPERATE_LOG_PAGES];

export const DEFAULT_OPERATE_LOG_PAGE: OperateLogPage = OPERATE_LOG_PAGES.waybill;

const VALUES: ReadonlySet<number> = new Set(Object.values(OPERATE_LOG_PAGES));

export function isOperateLogPage(value: number): value is OperateLogPage {
  return VALUES.has(value);
}
