import { isNationalId, isPhoneLoose, isVin } from '@fleet/domain';
import { describe, expect, it } from 'vitest';
import { demoFleet, demoTerminalPhone } from './demo-fleet';

describe('demo fleet', () => {
  const fleet = demoFleet(50);
  it('has the asked number of trucks, with terminals 13800000001 upwards', () => {
    expect(fleet).toHaveLength(50);
    expect(fleet.map((t) => t.terminalPhone)).toEqual(
      Array.from({ length: 50 }, (_, i) => demoTerminalPhone(i)),
    );
    expect(fleet[0]?.terminalPhone).toBe('13800000001');
    expect(fleet[49]?.terminalPhone).toBe('13800000050');
  });
  it('gives every truck a unique plate and a valid VIN, and every driver a valid ID and phone', () => {
    expect(new Set(fleet.map((t) => t.carNo)).size).toBe(50);
    expect(new Set(fleet.map((t) => t.vin)).size).toBe(50);
    for (const t of fleet) {
      expect(isVin(t.vin), t.vin).toBe(true);
      expect(isNationalId(t.driver.idCard), t.driver.idCard).toBe(true);
      expect(isPhoneLoose(t.driver.phone)).toBe(true);
    }
  });
  it('spreads the trucks over both merchants and every kind of work', () => {
    expect(new Set(fleet.map((t) => t.merchant))).toEqual(new Set(['logistics', 'coal']));
    expect(new Set(fleet.map((t) => t.kind))).toEqual(new Set(['trunk', 'city', 'coal']));
  });
});
