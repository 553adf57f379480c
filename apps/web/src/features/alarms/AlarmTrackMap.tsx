import { ROUTE_MAP_MAX_ZOOM } from '@fleet/domain';
import { useMemo } from 'react';
import type { TrackPointRow } from '../../api/alarms';
import { texts } from '../../locales';
import { BaseMap, PickMarker, type TrackColumns, TrackLayer } from '../../map';
import { useMapState } from '../../map/MapContext';
import styles from './alarms.module.css';

/** The track around the alarm in the map's coordinates (renders nothing). */
function AlarmTrack({ points }: { points: readonly TrackPointRow[] }) {
  const { projection } = useMapState();
  const track = useMemo<TrackColumns>(() => {
    const lat = new Float64Array(points.length);
    const lng = new Float64Array(points.length);
    const speed = new Float64Array(points.length);
    points.forEach((p, i) => {
      const [mLat, mLng] = projection.pointToMap(p);
      lat[i] = mLat;
      lng[i] = mLng;
      speed[i] = p.speed;
    });
    return { count: points.length, lat, lng, speed };
  }, [points, projection]);
  return <TrackLayer track={track} />;
}

/** A small map of where the alarm happened: the truck's track around it and a pin at the alarm. */
export function AlarmTrackMap({
  position,
  points,
}: {
  position: { lng: number; lat: number } | null;
  points: readonly TrackPointRow[];
}) {
  const center = position ?? points[0] ?? { lng: 116.404, lat: 39.915 };
  return (
    <div className={styles.trackMap}>
      <BaseMap center={center} zoom={14} maxZoom={ROUTE_MAP_MAX_ZOOM} label={texts.alarms.detailDrawer.track}>
        {points.length > 1 && <AlarmTrack points={points} />}
        {position && <PickMarker point={position} follow={points.length <= 1} />}
      </BaseMap>
    </div>
  );
}
