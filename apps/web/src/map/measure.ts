import type { MAP_DISTANCE_UNITS } from '@fleet/domain';
import { texts } from '../locales';
import { haversineMeters } from './nearest';

/** The distance units of the measuring tool (spec core section 9): metric or US. */
export type DistanceUnit = (typeof MAP_DISTANCE_UNITS)[number];

const METERS_PER_MILE = 1609.344;
const METERS_PER_FOOT = 0.3048;

const u = texts.map.units;

function grouped(value: number, digits: number): string {
  return value.toLocaleString('zh-CN', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** 850 米 / 12.35 公里 in metric; 2,790 英尺 / 7.68 英里 in US units (a mile from 5,280 feet up). */
export function formatDistance(meters: number, unit: DistanceUnit): string {
  const m = Number.isFinite(meters) && meters > 0 ? meters : 0;
  if (unit === 'us') {
    if (m < METERS_PER_MILE) return `${grouped(Math.round(m / METERS_PER_FOOT), 0)} ${u.foot}`;
    return `${grouped(m / METERS_PER_MILE, 2)} ${u.mile}`;
  }
  if (m < 1000) return `${grouped(Math.round(m), 0)} ${u.meter}`;
  return `${grouped(m / 1000, 2)} ${u.kilometer}`;
}

/** Length in metres of a path of WGS-84 points. */
export function pathMeters(points: readonly { lat: number; lng: number }[]): number {
  let total = 0;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1] as { lat: number; lng: number };
    const b = points[i] as { lat: number; lng: number };
    total += haversineMeters(a.lat, a.lng, b.lat, b.lng);
  }
  return total;
}
