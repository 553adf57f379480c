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

/** Great-circle distance in metres between two WGS-84 points (the shared rule of @fleet/domain). */
export { distanceMeters as haversineMeters } from '@fleet/domain';
