/**
 * The point of a track nearest to a place, by equirectangular distance (exact enough at the scale
 * of a click). -1 for an empty track. Linear: a day of one-second points takes about a millisecond.
 */
export function nearestIndex(
  lats: ArrayLike<number>,
  lngs: ArrayLike<number>,
  lat: number,
  lng: number,
  from = 0,
  to = lats.length - 1,
): number {
  const kx = Math.cos((lat * Math.PI) / 180);
  let best = -1;
  let bestDistance = Number.POSITIVE_INFINITY;
  const last = Math.min(to, lats.length - 1);
  for (let i = Math.max(0, from); i <= last; i++) {
    const dy = (lats[i] as number) - lat;
    const dx = ((lngs[i] as number) - lng) * kx;
    const d = dx * dx + dy * dy;
    if (d < bestDistance) {
      bestDistance = d;
      best = i;
    }
  }
  return best;
}

const EARTH_RADIUS_M = 6_371_008.8;

/** Great-circle distance in metres between two WGS-84 points. */
export function haversineMeters(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}
