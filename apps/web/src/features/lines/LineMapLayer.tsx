import { isLocated, type StationRow, stationTypeName } from '@fleet/domain';
import * as L from 'leaflet';
import { useEffect } from 'react';
import { keepFitted, pinIcon, useMapState } from '../../map';

const COLORS: Record<number, string> = { 1: '#2f9e44', 2: '#1677ff', 3: '#e03131' };

/** The line on the map (renders nothing): its placed stations in order, joined, each with a pin. */
export function LineMapLayer({ rows }: { rows: StationRow[] }) {
  const { map, projection } = useMapState();

  useEffect(() => {
    const placed = rows.filter(isLocated);
    const group = L.featureGroup().addTo(map);
    const at = placed.map((r) => projection.toMap(r.longitude, r.latitude));
    if (at.length >= 2) L.polyline(at, { color: '#1677ff', weight: 5, opacity: 0.75 }).addTo(group);
    placed.forEach((row, i) => {
      const label = `${row.seq} ${stationTypeName(row.stationType)}`;
      L.marker(at[i] as L.LatLngExpression, {
        icon: pinIcon(label, COLORS[row.stationType]),
        keyboard: false,
      })
        .bindTooltip(row.address)
        .addTo(group);
    });
    return () => {
      group.remove();
    };
  }, [map, projection, rows]);

  // Fit when the set of places changes (not on every distance edit), and keep it fitted while the
  // map finds its size, until the user moves the map.
  const places = rows
    .filter(isLocated)
    .map((r) => projection.toMap(r.longitude, r.latitude))
    .map((p) => p.join(','))
    .join(';');
  useEffect(() => {
    const at = places ? places.split(';').map((p) => p.split(',').map(Number) as [number, number]) : [];
    if (at.length === 0) return;
    return keepFitted(
      map,
      at.length === 1
        ? { kind: 'point', at: at[0] as L.LatLngExpression, zoom: 12 }
        : { kind: 'bounds', bounds: L.latLngBounds(at), padding: 48 },
    );
  }, [map, places]);

  return null;
}
