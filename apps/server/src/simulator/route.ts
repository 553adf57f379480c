import type { DemoLine, DemoPathPoint, DemoStation } from '../db/seed/demo-lines';
import { bearingDeg, distanceKm, toSegment } from './geo';

/** A station as it lies along a directed route. */
export interface RouteStop {
  /** Distance from the route's start, km. */
  km: number;
  station: DemoStation;
  /** Index in `Route.stops`. */
  index: number;
}

/** Where a truck at some km of a route is. */
export interface RoutePosition {
  lng: number;
  lat: number;
  /** Metres. */
  altitude: number;
  /** Degrees clockwise from north, 0..359. */
  direction: number;
}

/**
 * A line driven in one direction: the polyline with the cumulative distance of each point and the
 * stations projected onto it, in driving order. Pure and immutable.
 */
export class Route {
  readonly lengthKm: number;
  readonly stops: readonly RouteStop[];
  private readonly cum: Float64Array;

  private constructor(
    readonly line: DemoLine,
    /** True when driven from the last station back to the first. */
    readonly reversed: boolean,
    private readonly points: readonly DemoPathPoint[],
    stations: readonly DemoStation[],
  ) {
    this.cum = new Float64Array(points.length);
    for (let i = 1; i < points.length; i++) {
      const a = points[i - 1] as DemoPathPoint;
      const b = points[i] as DemoPathPoint;
      this.cum[i] = (this.cum[i - 1] as number) + distanceKm(a.lng, a.lat, b.lng, b.lat);
    }
    this.lengthKm = this.cum[points.length - 1] as number;
    this.stops = this.project(stations);
  }

  /** The line driven forwards (first station to last) or backwards. */
  static of(line: DemoLine, reversed = false): Route {
    const points = reversed ? [...line.path].reverse() : line.path;
    const stations = reversed ? [...line.stations].reverse() : line.stations;
    return new Route(line, reversed, points, stations);
  }

  /** The same line in the other direction. */
  opposite(): Route {
    return Route.of(this.line, !this.reversed);
  }

  /** Position at `km` from the start (clamped to the route). */
  at(km: number): RoutePosition {
    const i = this.segmentAt(km);
    const a = this.points[i] as DemoPathPoint;
    const b = this.points[i + 1] as DemoPathPoint;
    const start = this.cum[i] as number;
    const length = (this.cum[i + 1] as number) - start;
    const f = length > 0 ? Math.min(1, Math.max(0, (km - start) / length)) : 0;
    return {
      lng: a.lng + (b.lng - a.lng) * f,
      lat: a.lat + (b.lat - a.lat) * f,
      altitude: a.alt + (b.alt - a.alt) * f,
      direction: Math.round(bearingDeg(a.lng, a.lat, b.lng, b.lat)) % 360,
    };
  }

  /** Rise over run between `km` and `km + aheadKm` (0.03 = 3 % uphill, negative downhill). */
  grade(km: number, aheadKm = 1): number {
    const end = Math.min(this.lengthKm, km + aheadKm);
    if (end - km < 0.05) return 0;
    return (this.at(end).altitude - this.at(km).altitude) / ((end - km) * 1000);
  }

  /** The first stop at or after `km` (with a few metres of slack), if any. */
  nextStop(km: number): RouteStop | undefined {
    return this.stops.find((s) => s.km >= km - 0.005);
  }

  /** Index of the segment holding `km`. */
  private segmentAt(km: number): number {
    const last = this.points.length - 2;
    if (km <= 0) return 0;
    if (km >= this.lengthKm) return last;
    let lo = 0;
    let hi = last;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.cum[mid] as number) <= km) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** Each station's km: its nearest point on the path at or beyond the previous station. */
  private project(stations: readonly DemoStation[]): RouteStop[] {
    const stops: RouteStop[] = [];
    let from = 0;
    stations.forEach((station, index) => {
      let best = { offset: Number.POSITIVE_INFINITY, km: from };
      for (let i = 0; i < this.points.length - 1; i++) {
        if ((this.cum[i + 1] as number) < from) continue;
        const a = this.points[i] as DemoPathPoint;
        const b = this.points[i + 1] as DemoPathPoint;
        const { km: offset, t } = toSegment(station.lng, station.lat, a.lng, a.lat, b.lng, b.lat);
        const start = this.cum[i] as number;
        const km = Math.max(from, start + t * ((this.cum[i + 1] as number) - start));
        if (offset < best.offset - 1e-9) best = { offset, km };
      }
      if (best.offset > 2) {
        throw new Error(`station ${station.name} is ${best.offset.toFixed(1)} km off line ${this.line.code}`);
      }
      stops.push({ km: best.km, station, index });
      from = best.km;
    });
    return stops;
  }
}
