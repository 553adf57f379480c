import { bearingDegrees, distanceMeters } from '@fleet/domain';

/** Small spherical geometry on WGS-84 coordinates (degrees), enough for trucks along roads. */

const EARTH_RADIUS_KM = 6371.0088;
const RAD = Math.PI / 180;

/** Great-circle distance in km. */
export function distanceKm(lng1: number, lat1: number, lng2: number, lat2: number): number {
  return distanceMeters(lat1, lng1, lat2, lng2) / 1000;
}

/** Initial bearing from the first point to the second, degrees clockwise from north, 0 ≤ b < 360. */
export function bearingDeg(lng1: number, lat1: number, lng2: number, lat2: number): number {
  return bearingDegrees(lat1, lng1, lat2, lng2);
}

/**
 * Distance in km from a point to the segment a–b, and where along the segment (0..1) the nearest
 * point lies. Planar in a local equirectangular frame: exact enough for segments of a few km.
 */
export function toSegment(
  lng: number,
  lat: number,
  aLng: number,
  aLat: number,
  bLng: number,
  bLat: number,
): { km: number; t: number } {
  const kx = Math.cos(((aLat + bLat) / 2) * RAD) * EARTH_RADIUS_KM * RAD;
  const ky = EARTH_RADIUS_KM * RAD;
  const bx = (bLng - aLng) * kx;
  const by = (bLat - aLat) * ky;
  const px = (lng - aLng) * kx;
  const py = (lat - aLat) * ky;
  const len2 = bx * bx + by * by;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, (px * bx + py * by) / len2));
  return { km: Math.hypot(px - t * bx, py - t * by), t };
}
