import type { EnumOption } from './enum-label';

// Enumerations of fee types (费用类型), shared by the pages and the API: the values are stored, the
// labels shown.

/** A fee is income of the merchant (收入) or a cost (支出). */
export const FEE_KINDS = [
  { value: 1, label: '收入' },
  { value: 2, label: '支出' },
] as const satisfies readonly EnumOption[];

/** Who enters fees of a type (`feeTypeApp`): the office, drivers in the app, or both. */
export const FEE_TYPE_APPS = [
  { value: 1, label: '管理端' },
  { value: 2, label: '司机端' },
  { value: 3, label: '管理端及司机端' },
] as const satisfies readonly EnumOption[];

/** A built-in fee type: its name, kind and entry are the same for every merchant. */
export interface BuiltInFeeType {
  readonly feeName: string;
  readonly feeKind: (typeof FEE_KINDS)[number]['value'];
  readonly feeTypeApp: (typeof FEE_TYPE_APPS)[number]['value'];
}

/**
 * The fee types every merchant has, in their order (`sort` 1…8), at its headquarters: freight is
 * income; timeliness penalties are withheld from the driver, so they count as income too; the rest
 * are costs, tolls, fuel, loading and unloading fees and cash advances also entered by drivers.
 */
export const BUILT_IN_FEE_TYPES = [
  { feeName: '运费', feeKind: 1, feeTypeApp: 1 },
  { feeName: '装车费', feeKind: 2, feeTypeApp: 3 },
  { feeName: '卸车费', feeKind: 2, feeTypeApp: 3 },
  { feeName: '过路过桥费', feeKind: 2, feeTypeApp: 3 },
  { feeName: '油费', feeKind: 2, feeTypeApp: 3 },
  { feeName: '借支', feeKind: 2, feeTypeApp: 3 },
  { feeName: '信息费', feeKind: 2, feeTypeApp: 1 },
  { feeName: '时效罚款', feeKind: 1, feeTypeApp: 1 },
] as const satisfies readonly BuiltInFeeType[];
