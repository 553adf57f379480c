import { describe, expect, it } from 'vitest';
import { simulatedTrucks } from './fleet';
import { distanceKm } from './geo';
import { placeTruck } from './placement';
import { vehicleProfiles } from './profile';

const profiles = vehicleProfiles(simulatedTrucks(50));
/** 2026-11-20 10:00 and 03:00 in Beijing. */
const MORNING = Date.UTC(2026, 10, 20, 2, 0, 0);
const NIGHT = Date.UTC(2026, 10, 19, 19, 0, 0);

describe('placing the fleet when the simulator starts', () => {
  it('puts most trucks mid-journey on their lines in the morning, spread out, few at a depot', () => {
    const starts = profiles.map((p) => ({ p, s: placeTruck(p, MORNING) }));
    const driving = starts.filter(({ s }) => s.activity === 'drive');
    expect(driving.length / starts.length).toBeGreaterThan(0.6);
    for (const { p, s } of driving) {
      expect(s.speed).toBeGreaterThan(15);
      expect(s.speed).toBeLessThanOrEqual(p.speedLimit);
      expect(s.km).toBeGreaterThan(0);
      expect(s.km).toBeLessThan(s.route.lengthKm);
    }
    const atStart = starts.filter(({ s }) => s.km === 0).length;
    expect(atStart).toBeLessThan(starts.length * 0.2);
    const positions = starts.map(({ s }) => s.route.at(s.km));
    let close = 0;
    for (let i = 0; i < positions.length; i++)
      for (let j = i + 1; j < positions.length; j++) {
        const a = positions[i];
        const b = positions[j];
        if (a && b && distanceKm(a.lng, a.lat, b.lng, b.lat) < 0.2) close++;
      }
    expect(close).toBeLessThan(5);
    expect(new Set(starts.map(({ s }) => `${s.route.line.code}/${s.route.reversed}`)).size).toBeGreaterThan(
      8,
    );
  });

  it('lets long-haul drivers sleep at a station and keeps city trucks at the depot at 3 a.m.', () => {
    for (const p of profiles) {
      const s = placeTruck(p, NIGHT);
      if (p.kind === 'city') {
        expect(s.activity).toBe('rest');
        expect(s.km).toBe(0);
      } else if (s.activity === 'rest') {
        expect(s.route.stops.some((stop) => stop.km === s.km)).toBe(true);
        expect(s.remainingMs).toBeGreaterThan(0);
        expect(s.remainingMs).toBeLessThanOrEqual(p.restHours * 3_600_000);
      }
    }
    const sleeping = profiles.filter((p) => p.kind !== 'city' && placeTruck(p, NIGHT).activity === 'rest');
    expect(sleeping.length).toBeGreaterThan(10);
  });

  it('places a truck about where it would be when the simulator restarts a minute later', () => {
    for (const p of profiles) {
      const a = placeTruck(p, MORNING);
      const b = placeTruck(p, MORNING + 60_000);
      if (a.route.reversed !== b.route.reversed) continue;
      const pa = a.route.at(a.km);
      const pb = b.route.at(b.km);
      expect(distanceKm(pa.lng, pa.lat, pb.lng, pb.lat)).toBeLessThan(30);
      expect(b.odometer).toBeGreaterThan(a.odometer);
    }
  });
});
