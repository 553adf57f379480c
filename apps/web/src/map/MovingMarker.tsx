import * as L from 'leaflet';
import { type RefObject, useEffect, useRef } from 'react';
import { useMapState } from './MapContext';
import { rotateVehicleMarker, vehicleIcon } from './markers';

/** Moves the marker without React: the playback calls it every step. */
export interface MovingMarkerHandle {
  /** Puts the marker at a place on the map (map coordinates), turned to a heading. */
  moveTo(lat: number, lng: number, direction: number): void;
}

export interface MovingMarkerProps {
  /** Filled while the marker is on the map, emptied when it leaves. */
  handle: RefObject<MovingMarkerHandle | null>;
  /** Where it first stands (map coordinates); no marker while undefined. */
  start: { lat: number; lng: number; direction: number } | undefined;
  stateCode?: string;
  alarm?: boolean;
  plate?: string;
  /** Keep the marker in view as it moves (pans only when it nears the edge). */
  keepInView?: boolean;
}

/**
 * A vehicle marker moved by `setLatLng` only, for playback and live tracking (renders nothing).
 * It is made once when a start is known; later starts do not move it, `moveTo` does.
 */
export function MovingMarker({
  handle,
  start,
  stateCode = 'moving',
  alarm = false,
  plate,
  keepInView = true,
}: MovingMarkerProps) {
  const { map } = useMapState();
  const marker = useRef<L.Marker>(undefined);
  const heading = useRef(0);
  const startRef = useRef(start);
  startRef.current = start;
  const look = useRef({ stateCode, alarm, plate, keepInView });
  look.current = { stateCode, alarm, plate, keepInView };
  const hasStart = start !== undefined;

  // biome-ignore lint/correctness/useExhaustiveDependencies: made when a start first becomes known, not at each later start
  useEffect(() => {
    const first = startRef.current;
    if (!first) return;
    heading.current = first.direction;
    const created = L.marker([first.lat, first.lng], {
      icon: vehicleIcon({ ...look.current, direction: first.direction }),
      zIndexOffset: 2000,
      keyboard: false,
      interactive: false,
    }).addTo(map);
    marker.current = created;
    handle.current = {
      moveTo(lat, lng, direction) {
        created.setLatLng([lat, lng]);
        heading.current = direction;
        rotateVehicleMarker(created, direction);
        if (!look.current.keepInView) return;
        const point = map.latLngToContainerPoint([lat, lng]);
        const size = map.getSize();
        const margin = 60;
        if (point.x < margin || point.y < margin || point.x > size.x - margin || point.y > size.y - margin) {
          map.panTo([lat, lng], { animate: false });
        }
      },
    };
    return () => {
      handle.current = null;
      marker.current = undefined;
      created.remove();
    };
  }, [map, handle, hasStart]);

  useEffect(() => {
    marker.current?.setIcon(vehicleIcon({ stateCode, alarm, plate, direction: heading.current }));
  }, [stateCode, alarm, plate]);

  return null;
}
