import * as L from 'leaflet';
import { useEffect } from 'react';
import { useMapState } from './MapContext';
import styles from './map.module.css';
import { escapeHtml } from './markers';
import { type BaseMapData, type BaseShape, PROVINCE_FILLS, shownAt, unpackRing } from './offline/basemap';
import type { Projection } from './projection';

/** Panes of the offline base map: outlines above the plain background, names under the tracks. */
const SHAPES_PANE = 'offlineShapes';
const NAMES_PANE = 'offlineNames';

function pane(map: L.Map, name: string, zIndex: number): void {
  if (map.getPane(name)) return;
  const element = map.createPane(name);
  element.style.zIndex = String(zIndex);
  element.style.pointerEvents = 'none';
}

/** A shape's outer rings as a multi-polygon (one polygon a ring: none is a hole of another). */
function outline(shape: BaseShape, projection: Projection): L.LatLngExpression[][][] {
  return shape.rings.map((ring) => [
    unpackRing(ring).map(([lng, lat]) => projection.toMap(lng, lat) as L.LatLngExpression),
  ]);
}

function names(shapes: readonly BaseShape[], className: string, projection: Projection): L.LayerGroup {
  return L.layerGroup(
    shapes.map((shape) =>
      L.marker(projection.toMap(shape.at[0], shape.at[1]) as L.LatLngExpression, {
        pane: NAMES_PANE,
        interactive: false,
        keyboard: false,
        icon: L.divIcon({ className, html: `<span>${escapeHtml(shape.name)}</span>`, iconSize: [0, 0] }),
      }),
    ),
  );
}

/** Draws the data on the map (canvas outlines, names as labels by zoom); returns the undo. */
function draw(map: L.Map, projection: Projection, data: BaseMapData): () => void {
  pane(map, SHAPES_PANE, 250);
  pane(map, NAMES_PANE, 390);
  const renderer = L.canvas({ pane: SHAPES_PANE });
  const provinces = L.layerGroup(
    data.provinces.map((shape, i) =>
      L.polygon(outline(shape, projection), {
        renderer,
        interactive: false,
        color: '#a39478',
        weight: 1.4,
        fillColor: PROVINCE_FILLS[i % PROVINCE_FILLS.length],
        fillOpacity: 0.75,
      }),
    ),
  );
  const cities = L.layerGroup(
    data.cities.map((shape) =>
      L.polygon(outline(shape, projection), {
        renderer,
        interactive: false,
        color: '#b8ab90',
        weight: 0.8,
        dashArray: '4 3',
        fill: false,
      }),
    ),
  );
  const provinceNames = names(data.provinces, styles.provinceName ?? '', projection);
  const cityNames = names(data.cities, styles.cityName ?? '', projection);
  provinces.addTo(map);
  const follow = () => {
    const shown = shownAt(map.getZoom());
    for (const [layer, on] of [
      [cities, shown.cityOutlines],
      [provinceNames, shown.provinceNames],
      [cityNames, shown.cityNames],
    ] as const) {
      if (on && !map.hasLayer(layer)) layer.addTo(map);
      if (!on && map.hasLayer(layer)) layer.remove();
    }
  };
  follow();
  map.on('zoomend', follow);
  return () => {
    map.off('zoomend', follow);
    for (const layer of [provinces, cities, provinceNames, cityNames]) layer.remove();
    renderer.remove();
  };
}

/**
 * The offline base map (renders nothing): China's provinces with their outlines and names and the
 * prefecture-level cities with theirs, from data the web app ships, loaded only when it is shown
 * (no tile server answers), so that a position can be read without the internet.
 */
export function OfflineBaseMap() {
  const { map, projection } = useMapState();
  useEffect(() => {
    let undo: (() => void) | undefined;
    let cancelled = false;
    void import('./offline/china-basemap.json').then(({ default: data }) => {
      if (!cancelled) undo = draw(map, projection, data as BaseMapData);
    });
    return () => {
      cancelled = true;
      undo?.();
    };
  }, [map, projection]);
  return null;
}
