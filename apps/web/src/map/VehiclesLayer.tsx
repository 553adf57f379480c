import * as L from 'leaflet';
import { useEffect, useRef } from 'react';
import type { AggregateAnswer, MapVehicle } from '../api/monitor';
import { useMapState } from './MapContext';
import { clusterIcon, vehicleIcon } from './markers';

export interface VehiclesLayerProps {
  /** The server's clusters and single vehicles of the visible box. */
  data: AggregateAnswer | undefined;
  selectedVin?: string | null;
  showPlates?: boolean;
  onVehicleClick?: (vehicle: MapVehicle) => void;
}

interface Placed {
  marker: L.Marker;
  /** What the icon was built from, to rebuild it only when that changes. */
  look: string;
}

function lookOf(v: MapVehicle, selected: boolean, showPlates: boolean): string {
  return `${v.stateCode}|${v.alarm}|${Math.round(v.direction)}|${selected}|${showPlates ? v.carNo : ''}`;
}

/**
 * Clustered vehicles (renders nothing): cluster discs that zoom in on click, and single vehicles as
 * trucks turned to their heading in the colour of their state. Vehicles are kept by VIN between
 * refreshes and only moved or restyled, so a refresh every 10 s costs little.
 */
export function VehiclesLayer({ data, selectedVin, showPlates = true, onVehicleClick }: VehiclesLayerProps) {
  const { map, projection } = useMapState();
  const group = useRef<L.LayerGroup>(undefined);
  const vehicles = useRef(new Map<string, Placed>());
  const clusters = useRef<L.Marker[]>([]);
  const onClick = useRef(onVehicleClick);
  onClick.current = onVehicleClick;

  useEffect(() => {
    const layer = L.layerGroup().addTo(map);
    group.current = layer;
    const placed = vehicles.current;
    return () => {
      layer.remove();
      placed.clear();
      clusters.current = [];
      group.current = undefined;
    };
  }, [map]);

  useEffect(() => {
    const layer = group.current;
    if (!layer) return;
    for (const marker of clusters.current) layer.removeLayer(marker);
    clusters.current = (data?.clusters ?? []).map((c) =>
      L.marker(projection.pointToMap(c), { icon: clusterIcon(c.count), keyboard: false })
        .on('click', () => {
          map.flyTo(projection.pointToMap(c), Math.min(c.expansionZoom, map.getMaxZoom()), { duration: 0.4 });
        })
        .addTo(layer),
    );

    const seen = new Set<string>();
    for (const v of data?.vehicles ?? []) {
      seen.add(v.vin);
      const selected = v.vin === selectedVin;
      const look = lookOf(v, selected, showPlates);
      const at = projection.pointToMap(v);
      const placed = vehicles.current.get(v.vin);
      const icon = () =>
        vehicleIcon({
          stateCode: v.stateCode,
          alarm: v.alarm,
          direction: v.direction,
          plate: showPlates ? v.carNo : undefined,
          selected,
        });
      if (placed) {
        placed.marker.setLatLng(at);
        if (placed.look !== look) {
          placed.marker.setIcon(icon());
          placed.marker.setZIndexOffset(selected ? 1000 : 0);
          placed.look = look;
        }
        placed.marker.off('click').on('click', () => onClick.current?.(v));
      } else {
        const marker = L.marker(at, {
          icon: icon(),
          title: v.carNo,
          alt: v.carNo,
          zIndexOffset: selected ? 1000 : 0,
          riseOnHover: true,
        })
          .on('click', () => onClick.current?.(v))
          .addTo(layer);
        vehicles.current.set(v.vin, { marker, look });
      }
    }
    for (const [vin, placed] of vehicles.current) {
      if (!seen.has(vin)) {
        layer.removeLayer(placed.marker);
        vehicles.current.delete(vin);
      }
    }
  }, [data, selectedVin, showPlates, map, projection]);

  return null;
}
