import { describe, expect, it } from 'vitest';
import { FUEL_TYPES, fuelPer100KmUnit, fuelTypeName, fuelUnit } from './fuel-types';

describe('fuel types', () => {
  it('match the table of the spec', () => {
    expect(FUEL_TYPES).toEqual([
      { desc: '其他', type: 1, unit: 'L' },
      { desc: '纯电动', type: 2, unit: 'kwh' },
      { desc: '燃油', type: 3, unit: 'L' },
      { desc: '燃气', type: 6, unit: 'kg' },
      { desc: '混合动力', type: 7, unit: 'L' },
      { desc: '插电混动', type: 8, unit: 'kwh+L' },
      { desc: '增程式', type: 9, unit: 'kg' },
    ]);
  });

  it('name and unit known types', () => {
    expect(fuelTypeName(3)).toBe('燃油');
    expect(fuelTypeName('2')).toBe('纯电动');
    expect(fuelUnit(8)).toBe('kwh+L');
    expect(fuelUnit('6')).toBe('kg');
    expect(fuelPer100KmUnit(2)).toBe('kwh/百公里');
  });

  it('fall back for unknown types', () => {
    expect(fuelTypeName(4)).toBe('-');
    expect(fuelTypeName(null, '--')).toBe('--');
    expect(fuelUnit(5)).toBe('-');
    expect(fuelUnit('')).toBe('-');
    expect(fuelPer100KmUnit(undefined)).toBe('L/百公里');
  });
});
