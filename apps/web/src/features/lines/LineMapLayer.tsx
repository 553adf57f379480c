import { isLocated, type StationRow, stationTypeName } from '@fleet/domain';
import * as L from 'leaflet';
import { useEffect, useRef } from 'react';
import { pinIcon, useMapState } from '../../map';

const COLORS: Record<number, string> = { 1: '#2f9e44', 2: '#1677ff', 3: '#e03131' };

/** The line on the map (renders nothing): its placed stations in order, joined, each with a pin. */
export function LineMapLayer({ rows }: { rows: StationRow[] }) {
  const { map, projection } = useMapState();
  const fitted = useRef('');

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
    // fit when the set of places changes, not on every distance edit
    const key = at.map((p) => p.join(',')).join(';');
    if (at.length > 0 && key !== fitted.current) {
      fitted.current = key;
      if (at.length === 1) map.setView(at[0] as L.LatLngExpression, 12);
      else map.fitBounds(group.getBounds().pad(0.2));
    }
    return () => {
      group.remove();
    };
  }, [map, projection, rows]);

  return null;
}
