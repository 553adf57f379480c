import { distanceMeters } from '@fleet/domain';
import { located, type PositionRow } from './position';

/**
 * Reports no truck can have sent: stored (flagged in `position.extra` as `implausible`) and
 * acknowledged, but kept out of the live state, the trips and the alarm rules.
 *
 * - `coordinates`: latitude outside ±90° or longitude outside ±180°;
 * - `jump`: a place the truck could not have reached since its last accepted report (more than
 *   `JUMP_MIN_METERS` away at more than `JUMP_MAX_KMH`);
 * - `staleTime`: a time more than `STALE_MS` before the truck's last accepted report.
 *
 * A truck whose last accepted place was itself wrong would have every later report refused as a
 * jump: `JUMP_CONFIRMATIONS` reports in a row that agree with each other but not with it are
 * believed, and the truck's live state follows them again.
 */
export type Implausible = 'coordinates' | 'jump' | 'staleTime';

export const JUMP_MAX_KMH = 300;
export const JUMP_MIN_METERS = 20_000;
export const STALE_MS = 366 * 86_400_000;
export const JUMP_CONFIRMATIONS = 3;

/** What the check compares a report with: the truck's last accepted state. */
export interface Reference {
  time: number;
  lat: number;
  lon: number;
  status_bits: number;
}

function unreachable(from: Reference, to: PositionRow): boolean {
  if (!located(from.status_bits) || !located(to.statusBits)) return false;
  const meters = distanceMeters(from.lat / 1e6, from.lon / 1e6, to.lat / 1e6, to.lon / 1e6);
  if (meters <= JUMP_MIN_METERS) return false;
  const hours = Math.abs(to.time - from.time) / 3_600_000;
  return meters / 1000 > JUMP_MAX_KMH * hours;
}

/** Why `row` cannot be believed after `reference`, or null. */
export function implausible(row: PositionRow, reference: Reference | undefined): Implausible | null {
  if (Math.abs(row.lat) > 90e6 || Math.abs(row.lon) > 180e6) return 'coordinates';
  if (!reference) return null;
  if (row.time < reference.time - STALE_MS) return 'staleTime';
  if (unreachable(reference, row)) return 'jump';
  return null;
}

/**
 * Reports refused as jumps, per truck: when `JUMP_CONFIRMATIONS` of them in a row agree with each
 * other, the reference was the wrong one and the newest of them is believed.
 */
export class JumpWitness {
  private readonly runs = new Map<number, { last: PositionRow; count: number }>();

  /** A report refused as a jump; true when it confirms the ones before it often enough. */
  confirms(row: PositionRow): boolean {
    const run = this.runs.get(row.truckId);
    const agrees =
      run !== undefined &&
      !unreachable(
        { time: run.last.time, lat: run.last.lat, lon: run.last.lon, status_bits: run.last.statusBits },
        row,
      );
    const count = agrees ? (run?.count ?? 0) + 1 : 1;
    if (count >= JUMP_CONFIRMATIONS) {
      this.runs.delete(row.truckId);
      return true;
    }
    this.runs.set(row.truckId, { last: row, count });
    return false;
  }

  /** A report of the truck was believed: its run of jumps ends. */
  accepted(truckId: number): void {
    if (this.runs.size > 0) this.runs.delete(truckId);
  }
}

/** `row` with `implausible: why` added to its `extra` JSON. */
export function flagImplausible(row: PositionRow, why: Implausible): void {
  let extra: Record<string, unknown> = {};
  if (row.extra) {
    try {
      extra = JSON.parse(row.extra) as Record<string, unknown>;
    } catch {
      extra = {};
    }
  }
  extra.implausible = why;
  row.extra = JSON.stringify(extra);
}

/** The ingest's filter of the reports that may change a truck's live state, trips and alarms. */
export class ReportFilter {
  private readonly jumps = new JumpWitness();

  /**
   * False for a report kept out of the live state, trips and alarm rules: one no truck can have
   * sent (flagged, see above), or a resend of the truck's newest report (the same time and place;
   * its row is stored once, see the position table's unique key).
   */
  believed(row: PositionRow, reference: Reference | undefined): boolean {
    if (reference && row.time === reference.time && row.lat === reference.lat && row.lon === reference.lon)
      return false;
    const why = implausible(row, reference);
    if (why === null || (why === 'jump' && this.jumps.confirms(row))) {
      this.jumps.accepted(row.truckId);
      return true;
    }
    flagImplausible(row, why);
    return false;
  }
}
