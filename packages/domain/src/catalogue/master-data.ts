import type { EnumOption } from './enum-label';

// Enumerations of the drivers, customers and common addresses (master data), shared by the pages
// and the API: the values are stored, the labels shown and accepted in imported sheets.

/** A driver on duty (在职) or gone (离职). */
export const DRIVER_STATUSES = [
  { value: 1, label: '在职' },
  { value: 0, label: '离职' },
] as const satisfies readonly EnumOption[];

/** How a driver record came in. */
export const DRIVER_SOURCES = [
  { value: 1, label: '手工录入' },
  { value: 2, label: '导入' },
  { value: 3, label: '自助注册' },
] as const satisfies readonly EnumOption[];

/** How a driver's pay is counted (driver salary settings). */
export const SALARY_SETTLE_TYPES = [
  { value: 1, label: '按趟计薪' },
  { value: 2, label: '按吨计薪' },
  { value: 3, label: '按吨公里计薪' },
] as const satisfies readonly EnumOption[];

/** Where a driver's self-registration stands (0, being filled in, is never listed). */
export const REGISTRATION_STATUSES = [
  { value: 1, label: '待审核' },
  { value: 2, label: '已通过' },
  { value: 3, label: '已驳回' },
] as const satisfies readonly EnumOption[];

/** A customer ships, receives, or both. */
export const CUSTOMER_TYPES = [
  { value: 1, label: '发货方' },
  { value: 2, label: '收货方' },
  { value: 3, label: '发货及收货' },
] as const satisfies readonly EnumOption[];

/** How a customer settles: on delivery, monthly, or after agreed days (账期). */
export const SETTLEMENT_TYPES = [
  { value: 1, label: '现结' },
  { value: 2, label: '月结' },
  { value: 3, label: '账期结算' },
] as const satisfies readonly EnumOption[];

/** The kinds of common addresses. */
export const ADDRESS_TYPES = [
  { value: 1, label: '装货地' },
  { value: 2, label: '卸货地' },
  { value: 3, label: '停车场' },
  { value: 4, label: '加油站' },
  { value: 5, label: '维修厂' },
  { value: 6, label: '其他' },
] as const satisfies readonly EnumOption[];

/** How a common address came in. */
export const ADDRESS_SOURCES = [
  { value: 1, label: '手工添加' },
  { value: 2, label: '导入' },
  { value: 3, label: '安全标记' },
] as const satisfies readonly EnumOption[];

/** An enumeration as a value → label record (server modules look labels up this way). */
export function enumRecord(list: readonly EnumOption[]): Readonly<Record<number, string>> {
  return Object.fromEntries(list.map((option) => [option.value, option.label]));
}
