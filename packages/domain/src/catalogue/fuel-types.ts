/** Fuel type option as the list call gives it: desc (name), type (value) and the unit of consumption. */
export interface FuelTypeOption {
  readonly desc: string;
  readonly type: number;
  readonly unit: string;
}

/** Fuel types (business section 3). */
export const FUEL_TYPES = [
  { desc: '其他', type: 1, unit: 'L' },
  { desc: '纯电动', type: 2, unit: 'kwh' },
  { desc: '燃油', type: 3, unit: 'L' },
  { desc: '燃气', type: 6, unit: 'kg' },
  { desc: '混合动力', type: 7, unit: 'L' },
  { desc: '插电混动', type: 8, unit: 'kwh+L' },
  { desc: '增程式', type: 9, unit: 'kg' },
] as const satisfies readonly FuelTypeOption[];

export type FuelType = (typeof FUEL_TYPES)[number]['type'];

function findFuelType(type: number | string | null | undefined): FuelTypeOption | undefined {
  if (type === null || type === undefined || type === '') return undefined;
  return FUEL_TYPES.find((option) => String(option.type) === String(type).trim());
}

export function fuelTypeName(type: number | string | null | undefined, fallback = '-'): string {
  return findFuelType(type)?.desc ?? fallback;
}

/** Unit of a fuel type ('L', 'kwh', 'kg', 'kwh+L'), or the fallback for an unknown type. */
export function fuelUnit(type: number | string | null | undefined, fallback = '-'): string {
  return findFuelType(type)?.unit ?? fallback;
}

/** Label of fuel use per 100 km, e.g. 'L/百公里'. */
export function fuelPer100KmUnit(type: number | string | null | undefined): string {
  return `${fuelUnit(type, 'L')}/百公里`;
}
