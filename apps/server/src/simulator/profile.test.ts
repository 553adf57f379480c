import { describe, expect, it } from 'vitest';
import { DEMO_FLEET_SIZE } from '../db/seed';
import { demoFleet } from '../db/seed/demo-fleet';
import { simulatedTrucks } from './fleet';
import { ODOMETER_EPOCH, odometerAt, vehicleProfiles } from './profile';

describe('simulated trucks and their profiles', () => {
  it('drives the demo fleet as seeded, or a share of it spread over every team', () => {
    expect(simulatedTrucks(50)).toEqual(demoFleet(DEMO_FLEET_SIZE));
    expect(simulatedTrucks(120)).toEqual(demoFleet(120));
    const ten = simulatedTrucks(10);
    expect(ten).toHaveLength(10);
    expect(new Set(ten.map((t) => t.teamCode)).size).toBe(4);
    expect(new Set(ten.map((t) => t.terminalPhone)).size).toBe(10);
    const seeded = new Set(demoFleet(DEMO_FLEET_SIZE).map((t) => t.terminalPhone));
    expect(ten.every((t) => seeded.has(t.terminalPhone))).toBe(true);
  });

  it('puts coal trucks on coal lines, trunk trucks on trunk lines and city trucks on city rounds, all lines used', () => {
    const profiles = vehicleProfiles(simulatedTrucks(50));
    for (const p of profiles) expect(p.line.kind).toBe(p.kind);
    expect(new Set(profiles.map((p) => p.line.code)).size).toBe(8);
    const versions = profiles.map((p) => p.version);
    expect(versions.filter((v) => v === 2019).length).toBeGreaterThanOrEqual(3);
    expect(versions.filter((v) => v === 2013).length).toBeGreaterThan(40);
  });

  it('registers with the plate, its colour and the region of the plate', () => {
    const profiles = vehicleProfiles(simulatedTrucks(50));
    const coal = profiles.find((p) => p.plate.startsWith('蒙K'));
    expect(coal).toMatchObject({ province: 15, city: 600, plateColor: 2, energy: 'diesel', speedLimit: 90 });
    expect(profiles.find((p) => p.plate.startsWith('京A'))).toMatchObject({ province: 11, city: 100 });
    expect(profiles.find((p) => p.plate.startsWith('津C'))).toMatchObject({ province: 12, city: 100 });
    expect(profiles.filter((p) => p.energy === 'electric').every((p) => p.plateColor === 5)).toBe(true);
    for (const p of profiles) {
      expect(p.cruiseKmh).toBeLessThan(p.speedLimit);
      expect(p.terminalId).toBe(`T${p.phone.slice(-6)}`);
    }
  });

  it('runs the odometer on with the calendar, never backwards', () => {
    const [p] = vehicleProfiles(simulatedTrucks(50));
    if (!p) throw new Error('no truck');
    expect(odometerAt(p, ODOMETER_EPOCH - 86_400_000)).toBe(p.odometerBaseKm);
    expect(odometerAt(p, ODOMETER_EPOCH + 10 * 86_400_000)).toBe(p.odometerBaseKm + 10 * p.odometerPerDayKm);
  });
});
