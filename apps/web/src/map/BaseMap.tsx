import 'leaflet/dist/leaflet.css';
import * as L from 'leaflet';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { texts } from '../locales';
import { MapBackground } from './MapBackground';
import { MapContext, type MapState } from './MapContext';
import styles from './map.module.css';
import type { DistanceUnit } from './measure';
import { projectionFor } from './projection';
import type { MapType } from './tiles';
import { useTileProvider } from './useTileProvider';

export interface BaseMapProps {
  /** The first view, WGS-84. */
  center: { lng: number; lat: number };
  zoom: number;
  minZoom?: number;
  maxZoom?: number;
  /** Normal or satellite, where the provider has satellite tiles. */
  mapType?: MapType;
  /** Units of the scale bar. */
  unit?: DistanceUnit;
  className?: string;
  /** Accessible name of the map region. */
  label?: string;
  /** Layers (components that render nothing) and overlays (controls, legends). */
  children?: ReactNode;
  /** The Leaflet map once made, undefined when it is removed. */
  onMap?: (map: L.Map | undefined) => void;
}

/**
 * The Leaflet base map: canvas-preferring (tracks are canvas paths), tiles of the configured
 * provider with a plain graticule background when no tile server answers, a scale bar and a zoom
 * control. Layers are children that own their Leaflet objects through effects.
 */
export function BaseMap({
  center,
  zoom,
  minZoom,
  maxZoom,
  mapType = 'normal',
  unit = 'metric',
  className,
  label,
  children,
  onMap,
}: BaseMapProps) {
  const element = useRef<HTMLElement>(null);
  const [map, setMap] = useState<L.Map>();
  const provider = useTileProvider();
  const initial = useRef({ center, zoom, minZoom, maxZoom, projection: projectionFor(provider.coords) });
  const onMapRef = useRef(onMap);
  onMapRef.current = onMap;

  useEffect(() => {
    const container = element.current;
    if (!container) return;
    const first = initial.current;
    const created = L.map(container, {
      preferCanvas: true,
      center: first.projection.toMap(first.center.lng, first.center.lat),
      zoom: first.zoom,
      minZoom: first.minZoom,
      maxZoom: first.maxZoom,
      zoomControl: false,
      attributionControl: false,
      worldCopyJump: true,
    });
    L.control.attribution({ prefix: '<a href="https://leafletjs.com">Leaflet</a>' }).addTo(created);
    L.control
      .zoom({ position: 'bottomright', zoomInTitle: texts.map.zoomIn, zoomOutTitle: texts.map.zoomOut })
      .addTo(created);
    setMap(created);
    onMapRef.current?.(created);
    // A kept-alive tab comes back from display: none, panels open and close: follow the size.
    const observer = new ResizeObserver(() => {
      if (container.clientWidth > 0 && container.clientHeight > 0) created.invalidateSize({ pan: false });
    });
    observer.observe(container);
    return () => {
      observer.disconnect();
      onMapRef.current?.(undefined);
      setMap(undefined);
      created.remove();
    };
  }, []);

  useEffect(() => {
    if (!map) return;
    const scale = L.control.scale({
      position: 'bottomright',
      metric: unit !== 'us',
      imperial: unit === 'us',
    });
    scale.addTo(map);
    return () => {
      scale.remove();
    };
  }, [map, unit]);

  const state = useMemo<MapState | undefined>(
    () => (map ? { map, projection: projectionFor(provider.coords), provider } : undefined),
    [map, provider],
  );

  return (
    <div className={className ? `${styles.wrap} ${className}` : styles.wrap}>
      <section ref={element} className={styles.map} aria-label={label} />
      {state && (
        <MapContext.Provider value={state}>
          <MapBackground key={`${provider.id}:${mapType}`} mapType={mapType} />
          {children}
        </MapContext.Provider>
      )}
    </div>
  );
}
