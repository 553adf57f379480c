import { describe, expect, it } from 'vitest';
import { demoFleet } from '../db/seed/demo-fleet';
import { type VehicleProfile, vehicleProfiles } from './profile';
import { Rng } from './rng';
import {
  dwellSeconds,
  inRestWindow,
  lastLocalHour,
  localHour,
  nextLocalHour,
  nextWorkStart,
  restDue,
  restWindowEnd,
  workingHours,
} from './schedule';

const H = 3_600_000;
/** 2026-11-20 00:00 in Beijing. */
const MIDNIGHT = Date.UTC(2026, 10, 19, 16, 0, 0);
const profiles = vehicleProfiles(demoFleet(50));

function profileOf(kind: VehicleProfile['kind']): VehicleProfile {
  const found = profiles.find((p) => p.kind === kind);
  if (!found) throw new Error(`no ${kind} truck`);
  return found;
}

const longHaul: VehicleProfile = { ...profileOf('coal'), restStartHour: 22, restHours: 7 };
const city: VehicleProfile = { ...profileOf('city'), workStartHour: 6.5, workEndHour: 20 };

describe('the driver’s day', () => {
  it('reads local hours in Asia/Shanghai', () => {
    expect(localHour(MIDNIGHT)).toBe(0);
    expect(localHour(MIDNIGHT + 9.5 * H)).toBe(9.5);
    expect(nextLocalHour(MIDNIGHT + 1 * H, 6)).toBe(MIDNIGHT + 6 * H);
    expect(nextLocalHour(MIDNIGHT + 7 * H, 6)).toBe(MIDNIGHT + 30 * H);
    expect(lastLocalHour(MIDNIGHT + 7 * H, 6)).toBe(MIDNIGHT + 6 * H);
    expect(lastLocalHour(MIDNIGHT + 6 * H, 6)).toBe(MIDNIGHT + 6 * H);
  });

  it('makes a long-haul driver look for rest from the rest hour, after ten hours awake, and always after twenty', () => {
    const tenPm = MIDNIGHT + 22 * H;
    expect(restDue(longHaul, tenPm, tenPm - 11 * H)).toBe(true);
    expect(restDue(longHaul, tenPm, tenPm - 9 * H)).toBe(false);
    expect(restDue(longHaul, tenPm + 2.5 * H, tenPm - 12 * H)).toBe(true);
    expect(restDue(longHaul, tenPm + 3.5 * H, tenPm - 12 * H)).toBe(false);
    expect(restDue(longHaul, MIDNIGHT + 12 * H, MIDNIGHT - 9 * H)).toBe(true);
    expect(restDue(city, tenPm, tenPm - 30 * H)).toBe(false);
  });

  it('knows the rest window across midnight', () => {
    expect(inRestWindow(longHaul, MIDNIGHT + 23 * H)).toBe(true);
    expect(inRestWindow(longHaul, MIDNIGHT + 4.5 * H)).toBe(true);
    expect(inRestWindow(longHaul, MIDNIGHT + 5.5 * H)).toBe(false);
    expect(restWindowEnd(longHaul, MIDNIGHT + 23 * H)).toBe(MIDNIGHT + 29 * H);
    expect(restWindowEnd(longHaul, MIDNIGHT + 12 * H)).toBe(MIDNIGHT + 5 * H);
  });

  it('works city trucks by day', () => {
    expect(workingHours(city, MIDNIGHT + 6 * H)).toBe(false);
    expect(workingHours(city, MIDNIGHT + 12 * H)).toBe(true);
    expect(workingHours(city, MIDNIGHT + 20.5 * H)).toBe(false);
    expect(nextWorkStart(city, MIDNIGHT + 21 * H)).toBe(MIDNIGHT + 30.5 * H);
  });

  it('loads for 30–60 min, rests at service areas 15–30, delivers in 10–20', () => {
    const rng = new Rng(7);
    for (let i = 0; i < 200; i++) {
      const load = dwellSeconds('loading', rng) / 60;
      const service = dwellSeconds('service', rng) / 60;
      const shop = dwellSeconds('store', rng) / 60;
      expect(load).toBeGreaterThanOrEqual(30);
      expect(load).toBeLessThan(60);
      expect(service).toBeGreaterThanOrEqual(15);
      expect(service).toBeLessThan(30);
      expect(shop).toBeGreaterThanOrEqual(10);
      expect(shop).toBeLessThan(20);
    }
  });
});
