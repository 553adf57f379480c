import * as L from 'leaflet';
import { useEffect } from 'react';
import { useMapState } from './MapContext';

/** A geofence (station fence, line corridor), WGS-84. */
export type Fence =
  | {
      id: string | number;
      name: string;
      color?: string;
      type: 'circle';
      lng: number;
      lat: number;
      radius: number;
    }
  | {
      id: string | number;
      name: string;
      color?: string;
      type: 'polygon';
      points: { lng: number; lat: number }[];
    };

/** Fences drawn on the map (renders nothing): circles and polygons with their names. */
export function FenceLayer({
  fences,
  onFenceClick,
}: {
  fences: readonly Fence[];
  onFenceClick?: (fence: Fence) => void;
}) {
  const { map, projection } = useMapState();

  useEffect(() => {
    const group = L.featureGroup();
    for (const fence of fences) {
      const style = { color: fence.color ?? '#7048e8', weight: 2, fillOpacity: 0.12 };
      const shape =
        fence.type === 'circle'
          ? L.circle(projection.toMap(fence.lng, fence.lat), { ...style, radius: fence.radius })
          : L.polygon(
              fence.points.map((p) => projection.toMap(p.lng, p.lat)),
              style,
            );
      shape.bindTooltip(fence.name, { sticky: true });
      if (onFenceClick) shape.on('click', () => onFenceClick(fence));
      shape.addTo(group);
    }
    group.addTo(map);
    return () => {
      group.remove();
    };
  }, [map, projection, fences, onFenceClick]);

  return null;
}
