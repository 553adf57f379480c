import { describe, expect, it } from 'vitest';
import { demoFleet } from '../db/seed/demo-fleet';
import { chargedLevel, drivingUse, filledLevel, idlingUse, per100Km, wantsFuel } from './energy';
import { vehicleProfiles } from './profile';

const profiles = vehicleProfiles(demoFleet(50));
const heavy = profiles.find((p) => p.kind === 'coal');
const light = profiles.find((p) => p.kind === 'city' && p.energy === 'diesel');
const electric = profiles.find((p) => p.energy === 'electric');

describe('fuel and energy', () => {
  if (!heavy || !light || !electric) throw new Error('demo fleet lacks a kind of truck');

  it('burns 30–35 L/100 km in a heavy truck on the highway, less empty, about 15 in a light one', () => {
    const loaded = per100Km(heavy, 80, 'full');
    const empty = per100Km(heavy, 80, 'empty');
    expect(loaded).toBeGreaterThan(33);
    expect(loaded).toBeLessThan(40);
    expect(empty).toBeGreaterThan(22);
    expect(empty).toBeLessThan(loaded);
    expect((loaded + empty) / 2).toBeGreaterThan(28);
    expect((loaded + empty) / 2).toBeLessThan(36);
    expect(per100Km(light, 35, 'half')).toBeGreaterThan(10);
    expect(per100Km(light, 35, 'half')).toBeLessThan(17);
    expect(drivingUse(heavy, 100, 80, 'full')).toBeCloseTo(loaded, 9);
  });

  it('idles at a couple of litres an hour', () => {
    expect(idlingUse(heavy, 3600)).toBe(2.5);
    expect(idlingUse(light, 1800)).toBeCloseTo(0.45, 9);
  });

  it('refuels diesel trucks under a quarter of the tank to 90–100 %', () => {
    expect(wantsFuel(heavy, heavy.tankCapacity * 0.24)).toBe(true);
    expect(wantsFuel(heavy, heavy.tankCapacity * 0.26)).toBe(false);
    expect(wantsFuel(electric, 0)).toBe(false);
    expect(filledLevel(heavy, 0)).toBe(heavy.tankCapacity * 0.9);
    expect(filledLevel(heavy, 1)).toBe(heavy.tankCapacity);
    expect(filledLevel(heavy, 7)).toBe(heavy.tankCapacity);
  });

  it('charges an electric truck at 40 kW up to its battery', () => {
    expect(chargedLevel(electric, 20, 1800)).toBe(40);
    expect(chargedLevel(electric, 100, 7200)).toBe(electric.tankCapacity);
  });
});
