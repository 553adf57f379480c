import gcoord from 'gcoord';
import type { CoordSystem } from './tiles';

/** A point as the APIs give it: WGS-84 `lng`/`lat`, and GCJ-02 beside it where the server adds it. */
export interface ApiPoint {
  lng: number;
  lat: number;
  gcj02Lng?: number | null;
  gcj02Lat?: number | null;
}

/**
 * Between the data (WGS-84) and the map's tiles. On WGS-84 tiles (OSM, Tianditu, the plain
 * background) nothing moves; on AMap's GCJ-02 tiles every point is shifted, using the server's
 * GCJ-02 coordinates when it sent them and gcoord otherwise.
 */
export interface Projection {
  readonly system: CoordSystem;
  /** [lat, lng] on the map of a WGS-84 point. */
  toMap(lng: number, lat: number): [number, number];
  /** [lat, lng] on the map of an API point. */
  pointToMap(point: ApiPoint): [number, number];
  /** WGS-84 [lng, lat] of a place on the map. */
  toWgs(lat: number, lng: number): [number, number];
}

const WGS84: Projection = {
  system: 'wgs84',
  toMap: (lng, lat) => [lat, lng],
  pointToMap: (p) => [p.lat, p.lng],
  toWgs: (lat, lng) => [lng, lat],
};

const GCJ02: Projection = {
  system: 'gcj02',
  toMap(lng, lat) {
    const [x, y] = gcoord.transform([lng, lat], gcoord.WGS84, gcoord.GCJ02);
    return [y, x];
  },
  pointToMap(p) {
    if (typeof p.gcj02Lng === 'number' && typeof p.gcj02Lat === 'number') return [p.gcj02Lat, p.gcj02Lng];
    return GCJ02.toMap(p.lng, p.lat);
  },
  toWgs(lat, lng) {
    const [x, y] = gcoord.transform([lng, lat], gcoord.GCJ02, gcoord.WGS84);
    return [x, y];
  },
};

export function projectionFor(system: CoordSystem): Projection {
  return system === 'gcj02' ? GCJ02 : WGS84;
}
