import type * as L from 'leaflet';
import { createContext, useContext } from 'react';
import type { Projection } from './projection';
import type { TileProvider } from './tiles';

/** What the layers of a map share: the Leaflet map, the projection of its tiles, the provider. */
export interface MapState {
  readonly map: L.Map;
  readonly projection: Projection;
  readonly provider: TileProvider;
}

export const MapContext = createContext<MapState | undefined>(undefined);

/** The map a layer component belongs to (layers render only inside <BaseMap>). */
export function useMapState(): MapState {
  const state = useContext(MapContext);
  if (!state) throw new Error('map layers render only inside <BaseMap>');
  return state;
}

const measuring = new WeakSet<L.Map>();

/** While the distance tool measures, clicks on the map belong to it (tracks do not jump). */
export function setMeasuring(map: L.Map, on: boolean): void {
  if (on) measuring.add(map);
  else measuring.delete(map);
}

export function isMeasuring(map: L.Map): boolean {
  return measuring.has(map);
}
