import gcoord from 'gcoord';

/**
 * WGS-84 → GCJ-02 → BD-09 for bulk use (track points, map markers). The formulas are those of
 * gcoord (the public GCJ-02 and BD-09 offsets); gcoord's generic `transform` costs about 5 µs a
 * call, which a day of track points cannot afford, so the two steps are inlined here. A test holds
 * them equal to gcoord.
 */
const A = 6378245;
const EE = 0.006693421622965823;
const { sin, cos, sqrt, abs, atan2, PI } = Math;
const BAIDU_FACTOR = (PI * 3000.0) / 180.0;

function inChinaBox(lng: number, lat: number): boolean {
  return lng >= 72.004 && lng <= 137.8347 && lat >= 0.8293 && lat <= 55.8271;
}

function offsetLat(x: number, y: number): number {
  let ret = -100 + 2 * x + 3 * y + 0.2 * y * y + 0.1 * x * y + 0.2 * sqrt(abs(x));
  ret += ((20 * sin(6 * x * PI) + 20 * sin(2 * x * PI)) * 2) / 3;
  ret += ((20 * sin(y * PI) + 40 * sin((y / 3) * PI)) * 2) / 3;
  ret += ((160 * sin((y / 12) * PI) + 320 * sin((y * PI) / 30)) * 2) / 3;
  return ret;
}

function offsetLng(x: number, y: number): number {
  let ret = 300 + x + 2 * y + 0.1 * x * x + 0.1 * x * y + 0.1 * sqrt(abs(x));
  ret += ((20 * sin(6 * x * PI) + 20 * sin(2 * x * PI)) * 2) / 3;
  ret += ((20 * sin(x * PI) + 40 * sin((x / 3) * PI)) * 2) / 3;
  ret += ((150 * sin((x / 12) * PI) + 300 * sin((x / 30) * PI)) * 2) / 3;
  return ret;
}

/** GCJ-02 (AMap, Tencent) of a WGS-84 point; points outside China's box are left as they are. */
export function wgs84ToGcj02(lng: number, lat: number): [number, number] {
  if (!inChinaBox(lng, lat)) return [lng, lat];
  const radLat = (lat / 180) * PI;
  const s = sin(radLat);
  const magic = 1 - EE * s * s;
  const sqrtMagic = sqrt(magic);
  const dLng = (offsetLng(lng - 105, lat - 35) * 180) / ((A / sqrtMagic) * cos(radLat) * PI);
  const dLat = (offsetLat(lng - 105, lat - 35) * 180) / (((A * (1 - EE)) / (magic * sqrtMagic)) * PI);
  return [lng + dLng, lat + dLat];
}

/** BD-09 (Baidu) of a GCJ-02 point. */
export function gcj02ToBd09(lng: number, lat: number): [number, number] {
  const z = sqrt(lng * lng + lat * lat) + 0.00002 * sin(lat * BAIDU_FACTOR);
  const theta = atan2(lat, lng) + 0.000003 * cos(lng * BAIDU_FACTOR);
  return [z * cos(theta) + 0.0065, z * sin(theta) + 0.006];
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/** A point in the three systems the API gives: WGS-84 as stored, GCJ-02 and BD-09, 6 decimals. */
export interface CoordSet {
  lng: number;
  lat: number;
  gcj02Lng: number;
  gcj02Lat: number;
  bd09Lng: number;
  bd09Lat: number;
}

export function coordSet(lng: number, lat: number): CoordSet {
  const [gLng, gLat] = wgs84ToGcj02(lng, lat);
  const [bLng, bLat] = gcj02ToBd09(gLng, gLat);
  return {
    lng: round6(lng),
    lat: round6(lat),
    gcj02Lng: round6(gLng),
    gcj02Lat: round6(gLat),
    bd09Lng: round6(bLng),
    bd09Lat: round6(bLat),
  };
}

/** Stored microdegrees to the three systems. */
export function coordSetMicro(lonMicro: number, latMicro: number): CoordSet {
  return coordSet(lonMicro / 1e6, latMicro / 1e6);
}

export type CoordType = 'wgs84' | 'gcj02' | 'bd09';

const CRS = { wgs84: gcoord.WGS84, gcj02: gcoord.GCJ02, bd09: gcoord.BD09 } as const;

/** Any of the three systems to WGS-84 (the inverse offsets iterate, through gcoord). */
export function toWgs84(lng: number, lat: number, from: CoordType): [number, number] {
  if (from === 'wgs84') return [lng, lat];
  const [x, y] = gcoord.transform([lng, lat], CRS[from], gcoord.WGS84) as [number, number];
  return [x, y];
}
