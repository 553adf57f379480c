import { inflateSync } from 'node:zlib';
import { distanceToPathMeters } from '@fleet/domain';
import { describe, expect, it } from 'vitest';
import { alarmNames, encodeLocationBody } from '../telematics/jt808';
import { decodeLocation } from '../telematics/jt808/location';
import { evidencePhoto, FRAME_HEIGHT, FRAME_WIDTH } from './evidence';
import { simulatedTrucks } from './fleet';
import {
  assignRoles,
  DEMO_INCIDENT_RATES,
  type EvidenceShot,
  type IncidentRole,
  Incidents,
} from './incidents';
import { placeTruck } from './placement';
import { type VehicleProfile, vehicleProfiles } from './profile';
import { locationOf } from './report';
import { Rng } from './rng';
import { TruckSim } from './truck';

const T0 = Date.UTC(2026, 10, 20, 2, 0, 0);
const HOUR = 3_600_000;
const profiles = vehicleProfiles(simulatedTrucks(50), 1);
const of = (kind: VehicleProfile['kind'], nth = 0) =>
  profiles.filter((p) => p.kind === kind)[nth] as VehicleProfile;

/** A truck with its incidents, reported every 10 s for `hours`, as the terminal client does. */
function drive(
  profile: VehicleProfile,
  role: IncidentRole | null,
  hours: number,
  rates = DEMO_INCIDENT_RATES,
) {
  const truck = new TruckSim(profile, placeTruck(profile, T0, 1), T0, Rng.of('drive', 1, profile.phone, T0));
  const incidents = new Incidents(profile, role, rates, Rng.of('incidents', 1, profile.phone, T0));
  const reports = [];
  for (let t = T0 + 10_000; t <= T0 + hours * HOUR; t += 10_000) {
    truck.advanceTo(t);
    incidents.steer(truck, 10_000);
    const sample = truck.sample();
    const location = locationOf({ ...sample, ...incidents.place(truck, sample) }, profile.version);
    const shots: EvidenceShot[] = incidents.decorate(location, sample, truck);
    reports.push({ sample, location, shots, activity: truck.activity, acc: truck.acc });
  }
  return reports;
}

/** Alarms started: a bit newly set, or an active-safety item. */
function alarmStarts(reports: ReturnType<typeof drive>) {
  let before = 0;
  let starts = 0;
  for (const r of reports) {
    const word = r.location.alarm ?? 0;
    starts += alarmNames((word & ~before) >>> 0).length;
    before = word;
    const e = r.location.extras;
    if (e?.adas || e?.dsm || e?.bsd) starts++;
  }
  return starts;
}

describe('simulated incidents', () => {
  it('raise a rare, deterministic mix of terminal alarms whose items decode with their photos’ alarm numbers', () => {
    const profile = of('trunk', 2);
    const reports = drive(profile, null, 48);
    const drivingHours = reports.filter((r) => r.sample.moving).length / 360;
    const starts = alarmStarts(reports);
    expect(drivingHours).toBeGreaterThan(10);
    expect(starts).toBeGreaterThan(2);
    expect(starts / drivingHours).toBeLessThan(2);
    const items = reports.filter((r) => r.shots.length > 0);
    expect(items.length).toBeGreaterThan(0);
    for (const r of items) {
      const decoded = decodeLocation(encodeLocationBody(r.location));
      const item = decoded.extras.adas ?? decoded.extras.dsm ?? decoded.extras.bsd;
      expect(item?.identification.raw).toBe(r.shots[0]?.alarmNo);
      expect(item?.identification.attachments).toBe(r.shots.length);
      expect(item?.identification.terminalId).toBe(profile.terminalId);
      expect(item?.time).toBe(Math.floor(r.sample.time / 1000) * 1000);
    }
    // The same seed replays the same alarms.
    const again = drive(profile, null, 48);
    expect(again.flatMap((r) => r.shots.map((s) => s.alarmNo))).toEqual(
      reports.flatMap((r) => r.shots.map((s) => s.alarmNo)),
    );
  });

  it('draws each photo as a PNG camera frame', () => {
    const scene = {
      camera: 'adas' as const,
      type: 1,
      label: 'FCW L2',
      plate: '京A12345',
      channel: 1,
      time: T0,
      speed: 72,
      shot: 0,
    };
    const png = evidencePhoto(scene);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([FRAME_WIDTH, FRAME_HEIGHT]);
    const idatLength = png.readUInt32BE(33);
    expect(png.subarray(37, 41).toString('latin1')).toBe('IDAT');
    const pixels = inflateSync(png.subarray(41, 41 + idatLength));
    expect(pixels.length).toBe((FRAME_WIDTH * 3 + 1) * FRAME_HEIGHT);
    expect(evidencePhoto(scene).equals(png)).toBe(true);
    expect(evidencePhoto({ ...scene, shot: 1 }).equals(png)).toBe(false);
    expect(evidencePhoto({ ...scene, camera: 'dsm', type: 2 }).equals(png)).toBe(false);
  });

  it('gives each part of the demo to one heavy truck', () => {
    const roles = assignRoles(profiles, 1);
    expect([...roles.values()].sort()).toEqual(['parker', 'siphoned', 'speeder', 'wanderer']);
    const kindOf = (phone: string) => profiles.find((p) => p.phone === phone)?.kind;
    for (const [phone, role] of roles) {
      if (role === 'speeder' || role === 'wanderer') expect(kindOf(phone)).toBe('trunk');
    }
    expect(assignRoles(profiles, 1)).toEqual(roles);
  });

  it('the speeder drives over its limit for minutes, with the terminal’s overspeed bit', () => {
    const profile = of('trunk', 0);
    const reports = drive(profile, 'speeder', 12);
    let run = 0;
    let longest = 0;
    for (const r of reports) {
      run = r.sample.speed > profile.speedLimit ? run + 1 : 0;
      longest = Math.max(longest, run);
      if (run >= 2) expect(alarmNames(r.location.alarm ?? 0)).toContain('overspeed');
      expect(r.sample.speed).toBeLessThan(profile.speedLimit + 18);
    }
    expect(longest).toBeGreaterThanOrEqual(6);
    // Most of the time it keeps to the limit.
    const over = reports.filter((r) => r.sample.speed > profile.speedLimit).length;
    expect(over / reports.filter((r) => r.sample.moving).length).toBeLessThan(0.25);
  });

  it('the wanderer leaves its line for a few km now and then', () => {
    const profile = of('trunk', 1);
    const path = profile.line.path.map((p) => ({ lat: p.lat, lng: p.lng }));
    const off = drive(profile, 'wanderer', 24).map((r) =>
      distanceToPathMeters({ lat: r.location.lat, lng: r.location.lon }, path),
    );
    expect(Math.max(...off)).toBeGreaterThan(1000);
    expect(off.filter((m) => m > 500).length).toBeGreaterThan(30);
    expect(off.filter((m) => m > 500).length / off.length).toBeLessThan(0.15);
  });

  it('the parker waits over an hour to load or unload in the day', () => {
    const profile = of('coal', 0);
    const reports = drive(profile, 'parker', 48);
    let longest = 0;
    let since: number | null = null;
    for (const r of reports) {
      if (r.activity === 'dwell') since ??= r.sample.time;
      else since = null;
      if (since !== null) longest = Math.max(longest, r.sample.time - since);
    }
    expect(longest).toBeGreaterThan(HOUR);
  });

  it('the siphoned truck loses fuel while its driver sleeps', () => {
    const profile = of('coal', 1);
    // In the demo two nights in five; here every night.
    const reports = drive(profile, 'siphoned', 48, { ...DEMO_INCIDENT_RATES, siphonPerRest: 1 });
    const drops = reports.slice(1).filter((r, i) => {
      const before = reports[i];
      return r.activity === 'rest' && !r.acc && before && before.sample.fuel - r.sample.fuel >= 20;
    });
    expect(drops.length).toBeGreaterThan(0);
  });
});
