import * as L from 'leaflet';
import { useEffect, useRef } from 'react';
import { isMeasuring, useMapState } from './MapContext';
import styles from './pick.module.css';

/** A map pin (a DOM marker, so that it can be found and read on the page). */
export function pinIcon(label?: string, color = '#e8590c'): L.DivIcon {
  const text = label ? `<span class="${styles.pinLabel}">${label.replace(/[&<>"']/g, '')}</span>` : '';
  return L.divIcon({
    className: '',
    html: `<div class="${styles.pin}" style="--pin-color:${color}"><i></i>${text}</div>`,
    iconSize: [24, 32],
    iconAnchor: [12, 25],
  });
}

/**
 * Clicks on the map pick a point (WGS-84), and the picked point shows as a pin (renders nothing
 * itself). Clicks while the distance tool measures are left to it.
 */
export function PickMarker({
  point,
  onPick,
  follow = true,
}: {
  point: { lng: number; lat: number } | null;
  onPick?: (lng: number, lat: number) => void;
  /** Pans to a point set from outside the map (a search hit). */
  follow?: boolean;
}) {
  const { map, projection } = useMapState();
  const onPickRef = useRef(onPick);
  onPickRef.current = onPick;

  useEffect(() => {
    const click = (event: L.LeafletMouseEvent) => {
      if (isMeasuring(map) || !onPickRef.current) return;
      const [lng, lat] = projection.toWgs(event.latlng.lat, event.latlng.lng);
      onPickRef.current(lng, lat);
    };
    map.on('click', click);
    return () => {
      map.off('click', click);
    };
  }, [map, projection]);

  useEffect(() => {
    if (!point) return;
    const at = projection.toMap(point.lng, point.lat);
    const marker = L.marker(at, { icon: pinIcon(), interactive: false, keyboard: false }).addTo(map);
    if (follow && !map.getBounds().pad(-0.1).contains(at)) map.panTo(at);
    return () => {
      marker.remove();
    };
  }, [map, projection, point, follow]);

  return null;
}
