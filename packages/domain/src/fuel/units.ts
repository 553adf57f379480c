// The units of the fuel figures (business section 3, fuel type enumeration with units): a truck's
// fuel use is in the unit of its fuel type (L, kwh, kg); a plug-in hybrid (type 8, 'kwh+L') has two
// figures, its fuel in L and its electricity in kwh, each with its own use per 100 km.

/** The unit of a plug-in hybrid. */
export const HYBRID_UNIT = 'kwh+L';

/** The units of a unit's figures: the fuel's, and the electricity's for a plug-in hybrid (else null). */
export function figureUnits(unit: string): { fuel: string; power: string | null } {
  return unit === HYBRID_UNIT ? { fuel: 'L', power: 'kwh' } : { fuel: unit, power: null };
}

/** '32.15 L/百公里', or '-' without a figure. */
export function per100KmText(value: number | null | undefined, unit: string): string {
  return value === null || value === undefined ? '-' : `${value} ${unit}/百公里`;
}
