/** Reconciliation of a fuel event with the refuel costs (`fuel_event.state`). */
export const FUEL_EVENT_STATE = { matched: 1, noRecord: 2, drainParked: 3, drainMoving: 4 } as const;
export type FuelEventState = (typeof FUEL_EVENT_STATE)[keyof typeof FUEL_EVENT_STATE];

export const FUEL_EVENT_STATE_LABELS: Readonly<Record<FuelEventState, string>> = {
  1: '已匹配加油记录',
  2: '加油无记录',
  3: '停车掉油（疑似偷油）',
  4: '行驶中掉油',
};

/** Kinds of 异常油耗: the three fuel-event findings and a refuel cost with no refuel in the tank. */
export const ABNORMAL_OIL_TYPE = {
  drainParked: 1,
  drainMoving: 2,
  riseNoRecord: 3,
  paidNotFilled: 4,
} as const;
export type AbnormalOilType = (typeof ABNORMAL_OIL_TYPE)[keyof typeof ABNORMAL_OIL_TYPE];

export const ABNORMAL_OIL_TYPE_LABELS: Readonly<Record<AbnormalOilType, string>> = {
  1: '停车掉油（疑似偷油）',
  2: '行驶中掉油',
  3: '加油无记录',
  4: '付款未加油',
};
