import { describe, expect, it } from 'vitest';
import type { LocationInput } from '../telematics/jt808';
import { MAX_ATTEMPTS, ReportQueue } from './report-queue';

const T0 = Date.UTC(2026, 10, 20, 2, 0, 0);

function report(i: number): LocationInput {
  return {
    status: 3,
    lat: 40.5 + i * 0.001,
    lon: 111.2,
    altitude: 1040,
    speed: 72.5,
    direction: 85,
    time: T0 + i * 10_000,
    extras: { mileageKm: 150_000 + i * 0.2, fuelL: 420.5, signalStrength: 25, satellites: 14 },
  };
}

describe('report queue', () => {
  it('sends a fresh report on its own and keeps at most `window` messages unacknowledged', () => {
    const q = new ReportQueue(2, 100);
    q.add(report(0), true);
    const first = q.next();
    expect(first).toMatchObject({ batch: false, blind: false });
    expect(first?.locations).toHaveLength(1);
    if (!first) throw new Error('nothing to send');
    q.sent(1, first, 0);
    q.add(report(1), true);
    const second = q.next();
    if (!second) throw new Error('nothing to send');
    q.sent(2, second, 0);
    q.add(report(2), true);
    expect(q.next()).toBeNull();
    expect(q.inFlight).toBe(2);
    expect(q.acknowledged(1, 0)).toBe(true);
    expect(q.acknowledged(1, 0)).toBe(false);
    expect(q.next()?.locations[0]?.time).toBe(T0 + 20_000);
    expect(q.counts.acked).toBe(1);
  });

  it('keeps reporting while the platform is away, drops the oldest past its bound, and uploads them as blind-area batches', () => {
    const q = new ReportQueue(8, 50);
    for (let i = 0; i < 60; i++) q.add(report(i), false);
    expect(q.buffered).toBe(50);
    expect(q.counts.dropped).toBe(10);
    const batches = [];
    for (let m = q.next(); m; m = q.next()) {
      batches.push(m);
      q.sent(batches.length, m, 0);
    }
    expect(batches.length).toBeGreaterThanOrEqual(3);
    expect(batches.every((b) => b.batch && b.blind)).toBe(true);
    const times = batches.flatMap((b) => b.locations.map((l) => l.time));
    expect(times).toEqual(Array.from({ length: 50 }, (_, i) => T0 + (i + 10) * 10_000));
    // Each batch stays within one frame: 2 bytes of length and ~44 of location per report.
    expect(Math.max(...batches.map((b) => b.locations.length))).toBeLessThanOrEqual(22);
    expect(q.counts.batchedReports).toBe(50);
  });

  it('puts unacknowledged reports back first when the connection drops, as blind-area', () => {
    const q = new ReportQueue(4, 100);
    q.add(report(0), true);
    const sent = q.next();
    if (!sent) throw new Error('nothing to send');
    q.sent(7, sent, 1000);
    expect(q.oldestSentAt).toBe(1000);
    q.add(report(1), false);
    q.disconnected();
    expect(q.inFlight).toBe(0);
    const again = q.next();
    expect(again).toMatchObject({ batch: true, blind: true });
    expect(again?.locations.map((l) => l.time)).toEqual([T0, T0 + 10_000]);
  });

  it('retries a refused report a few times, then gives it up', () => {
    const q = new ReportQueue(4, 100);
    q.add(report(0), true);
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const m = q.next();
      if (!m) throw new Error(`attempt ${attempt}: nothing to send`);
      q.sent(attempt, m, 0);
      q.acknowledged(attempt, 1);
    }
    expect(q.next()).toBeNull();
    expect(q.counts.dropped).toBe(1);
  });

  it('puts back a message that could not be written', () => {
    const q = new ReportQueue(4, 100);
    q.add(report(0), true);
    const m = q.next();
    if (!m) throw new Error('nothing to send');
    q.unsent(m);
    expect(q.buffered).toBe(1);
    expect(q.next()?.locations[0]?.time).toBe(T0);
  });
});
