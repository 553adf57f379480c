import { useMemo } from 'react';
import { type TrackColumns, TrackLayer, useMapState } from '../../map';
import type { LivePoint } from './liveTrail';

/** The trail of a vehicle followed live, coloured by speed like a played-back track (renders nothing). */
export function LiveTrailLayer({ trail, weight = 4 }: { trail: readonly LivePoint[]; weight?: number }) {
  const { projection } = useMapState();
  const columns = useMemo<TrackColumns | undefined>(() => {
    if (trail.length < 2) return undefined;
    const lat = new Float64Array(trail.length);
    const lng = new Float64Array(trail.length);
    const speed = new Float32Array(trail.length);
    trail.forEach((p, i) => {
      const [mLat, mLng] = projection.pointToMap(p);
      lat[i] = mLat;
      lng[i] = mLng;
      speed[i] = p.speed;
    });
    return { count: trail.length, lat, lng, speed };
  }, [trail, projection]);
  return <TrackLayer track={columns} fit={false} endpoints={false} weight={weight} />;
}
