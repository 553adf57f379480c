import { describe, expect, it } from 'vitest';
import { isTruckType, TRUCK_TYPES } from './truck-types';

describe('truck types', () => {
  it('has distinct codes and names that fit the 20-character column', () => {
    expect(new Set(TRUCK_TYPES.map((t) => t.code)).size).toBe(TRUCK_TYPES.length);
    expect(new Set(TRUCK_TYPES.map((t) => t.name)).size).toBe(TRUCK_TYPES.length);
    for (const t of TRUCK_TYPES) expect(t.name.length).toBeLessThanOrEqual(20);
  });
  it('knows the types of the demo fleet and refuses others', () => {
    for (const name of ['重型半挂牵引车', '重型自卸货车', '重型厢式货车', '轻型厢式货车'])
      expect(isTruckType(name), name).toBe(true);
    expect(isTruckType('拖拉机')).toBe(false);
  });
});
