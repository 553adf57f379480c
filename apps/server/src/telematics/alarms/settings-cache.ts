import {
  type AlarmRulePatch,
  ancestors,
  DEFAULT_ALARM_RULES,
  type FenceShape,
  type LngLat,
  mergeAlarmRules,
} from '@fleet/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { RuleSource, TruckRules } from './engine';
import { type FenceWatch, fenceBox, type LineCorridor } from './fence-rules';
import type { PlanWatch } from './plan-rules';

/** Where the rules find each truck's current plan (the plan monitor, plan-progress.ts). */
export interface PlanSource {
  planOf(truckId: number): PlanWatch | null;
}

function parse(text: string): AlarmRulePatch | null {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' ? (value as AlarmRulePatch) : null;
  } catch {
    return null;
  }
}

/** Comma list of numbers or codes. */
export function splitList(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** A station's fence in degrees: circle (centre, radius m) or polygon ([lon, lat] microdegrees stored). */
export function stationShape(s: {
  lat: number;
  lon: number;
  fence_type: string;
  radius: number | null;
  polygon: string | null;
}): FenceShape | null {
  if (s.fence_type === 'polygon' && s.polygon) {
    try {
      const pairs = JSON.parse(s.polygon) as [number, number][];
      if (Array.isArray(pairs) && pairs.length >= 3) {
        return { type: 'polygon', points: pairs.map(([lon, lat]) => ({ lng: lon / 1e6, lat: lat / 1e6 })) };
      }
    } catch {
      return null;
    }
    return null;
  }
  if (s.radius === null || s.radius <= 0) return null;
  return { type: 'circle', lat: s.lat / 1e6, lng: s.lon / 1e6, radius: s.radius };
}

interface TruckInfo {
  merchantId: number;
  speedLimitKmh: number | null;
  tankCapacityL: number | null;
}

interface FenceSetEntry {
  id: number;
  merchantId: number;
  truckIds: Set<number>;
  teamCodes: string[];
  stations: { id: number; notifyEnter: boolean; notifyExit: boolean }[];
}

/**
 * Everything the alarm rules read besides reports, in memory: team and truck rule settings, each
 * truck's speed limit and tank, fence sets with their stations, lines with their station rows.
 * `load` reads it all (at start, when settings change through the routes, and every minute for
 * master data edited elsewhere); the maps are replaced at once, so a report sees old or new.
 * Resolved settings are cached per truck until the next load.
 */
export class AlarmSettingsCache implements RuleSource {
  private teams = new Map<string, AlarmRulePatch>();
  private trucks = new Map<number, AlarmRulePatch>();
  private info = new Map<number, TruckInfo>();
  private fenceSets: FenceSetEntry[] = [];
  private stations = new Map<number, Omit<FenceWatch, 'notifyEnter' | 'notifyExit' | 'fenceSetIds'>>();
  private lines = new Map<number, LineCorridor>();
  private resolved = new Map<number, { teamCode: string; rules: TruckRules }>();
  /** Current plans of the trucks, set once the plan monitor exists. */
  plans: PlanSource | null = null;

  constructor(private readonly db: Kysely<Database>) {}

  /** A line's corridor (its station rows as path), as of the last load. */
  lineCorridor(lineId: number): LineCorridor | null {
    return this.lines.get(lineId) ?? null;
  }

  async load(): Promise<void> {
    const db = this.db;
    const [teamRows, truckRows, infoRows, setRows, stationRows, lineRows, lineStations] = await Promise.all([
      db.selectFrom('alarm_team_setting').select(['merchant_id', 'team_code', 'settings']).execute(),
      db.selectFrom('alarm_truck_setting').select(['truck_id', 'settings']).execute(),
      db
        .selectFrom('truck')
        .select(['id', 'merchant_id', 'speed_limit', 'tank_capacity'])
        .where('deleted_at', 'is', null)
        .execute(),
      db
        .selectFrom('fence_set')
        .selectAll()
        .where('deleted_at', 'is', null)
        .where('status', '=', 1)
        .execute(),
      db
        .selectFrom('station')
        .select(['id', 'name', 'lat', 'lon', 'fence_type', 'radius', 'polygon'])
        .where('deleted_at', 'is', null)
        .execute(),
      db
        .selectFrom('line')
        .select(['id', 'name', 'corridor_width'])
        .where('deleted_at', 'is', null)
        .execute(),
      db
        .selectFrom('line_station')
        .select(['line_id', 'seq', 'lat', 'lon'])
        .orderBy('line_id')
        .orderBy('seq')
        .execute(),
    ]);
    const teams = new Map(teamRows.map((r) => [`${r.merchant_id}:${r.team_code}`, parse(r.settings) ?? {}]));
    const trucks = new Map(truckRows.map((r) => [r.truck_id, parse(r.settings) ?? {}]));
    const info = new Map(
      infoRows.map((r) => [
        r.id,
        { merchantId: r.merchant_id, speedLimitKmh: r.speed_limit, tankCapacityL: r.tank_capacity },
      ]),
    );
    const stations = new Map<number, Omit<FenceWatch, 'notifyEnter' | 'notifyExit' | 'fenceSetIds'>>();
    for (const s of stationRows) {
      const shape = stationShape(s);
      if (shape) stations.set(s.id, { stationId: s.id, name: s.name, shape, box: fenceBox(shape) });
    }
    const fenceSets = setRows.map((r) => {
      const ids = splitList(r.station_ids).map(Number);
      return {
        id: r.id,
        merchantId: r.merchant_id,
        truckIds: new Set(splitList(r.truck_ids).map(Number)),
        teamCodes: splitList(r.team_codes),
        stations: ids.map((id) => ({
          id,
          notifyEnter: r.notify_enter === 1,
          notifyExit: r.notify_exit === 1,
        })),
      };
    });
    const lines = new Map<number, LineCorridor>();
    for (const l of lineRows) {
      lines.set(l.id, { lineId: l.id, name: l.name, path: [], widthMeters: l.corridor_width });
    }
    for (const row of lineStations) {
      const line = lines.get(row.line_id);
      if (line) (line.path as LngLat[]).push({ lat: row.lat / 1e6, lng: row.lon / 1e6 });
    }
    this.teams = teams;
    this.trucks = trucks;
    this.info = info;
    this.stations = stations;
    this.fenceSets = fenceSets;
    this.lines = lines;
    this.resolved = new Map();
  }

  /** The settings of a truck: defaults, its teams from the root down, then its own. */
  rulesFor(truckId: number, teamCode: string): TruckRules {
    const cached = this.resolved.get(truckId);
    if (cached && cached.teamCode === teamCode) {
      // the plan changes between loads: read it each time (one map lookup)
      cached.rules.plan = this.plans?.planOf(truckId) ?? null;
      return cached.rules;
    }
    const info = this.info.get(truckId);
    const merchantId = info?.merchantId ?? 0;
    const chain = [...ancestors(teamCode), teamCode].map((code) => this.teams.get(`${merchantId}:${code}`));
    const rules = mergeAlarmRules(DEFAULT_ALARM_RULES, ...chain, this.trucks.get(truckId));
    const lineId = rules.deviation.lineId;
    const resolved: TruckRules = {
      rules,
      speedLimitKmh: info?.speedLimitKmh ?? null,
      tankCapacityL: info?.tankCapacityL ?? null,
      fences: this.fencesOf(truckId, merchantId, teamCode),
      line: lineId === null ? null : (this.lines.get(lineId) ?? null),
      plan: this.plans?.planOf(truckId) ?? null,
    };
    this.resolved.set(truckId, { teamCode, rules: resolved });
    return resolved;
  }

  private fencesOf(truckId: number, merchantId: number, teamCode: string): FenceWatch[] {
    const byStation = new Map<number, FenceWatch>();
    for (const set of this.fenceSets) {
      if (set.merchantId !== merchantId) continue;
      if (!set.truckIds.has(truckId) && !set.teamCodes.some((code) => teamCode.startsWith(code))) continue;
      for (const s of set.stations) {
        const station = this.stations.get(s.id);
        if (!station) continue;
        const seen = byStation.get(s.id);
        if (seen) {
          byStation.set(s.id, {
            ...seen,
            notifyEnter: seen.notifyEnter || s.notifyEnter,
            notifyExit: seen.notifyExit || s.notifyExit,
            fenceSetIds: [...seen.fenceSetIds, set.id],
          });
        } else {
          byStation.set(s.id, {
            ...station,
            notifyEnter: s.notifyEnter,
            notifyExit: s.notifyExit,
            fenceSetIds: [set.id],
          });
        }
      }
    }
    return [...byStation.values()];
  }
}
