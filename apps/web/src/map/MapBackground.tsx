import * as L from 'leaflet';
import { useEffect, useState } from 'react';
import { texts } from '../locales';
import { GraticuleLabels } from './GraticuleLabels';
import { GraticuleLayer } from './GraticuleLayer';
import { useMapState } from './MapContext';
import styles from './map.module.css';
import { OfflineBaseMap } from './OfflineBaseMap';
import {
  decideBackground,
  newTileStats,
  TILE_FALLBACK,
  tileFailed,
  tileLoaded,
  UnreachableTiles,
} from './tileFallback';
import { type MapType, tileLayersFor } from './tiles';

/** Tile servers that failed in this page load (the next map starts plain at once). */
const unreachable = new UnreachableTiles();

/**
 * The background of a map: the provider's tiles over a plain graticule. When the tiles fail or never
 * come, the tile layers go and the plain background stays, with labels and a notice; the notice
 * offers to try the tiles again. The plain background carries the offline base map (provinces and
 * cities with their names), loaded only then.
 */
export function MapBackground({ mapType }: { mapType: MapType }) {
  const { map, provider } = useMapState();
  const specs = tileLayersFor(provider, mapType);
  const key = specs[0]?.url ?? '';
  const [plain, setPlain] = useState(() => key === '' || unreachable.isUnreachable(key, Date.now()));

  useEffect(() => {
    const graticule = new GraticuleLayer();
    graticule.addTo(map);
    return () => {
      graticule.remove();
    };
  }, [map]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: specs follow from key (the first layer's URL names provider and type)
  useEffect(() => {
    if (plain || specs.length === 0) return;
    let stats = newTileStats(Date.now());
    let done = false;
    const check = () => {
      if (done) return;
      const decision = decideBackground(stats, Date.now());
      if (decision === 'plain') {
        done = true;
        unreachable.mark(key, Date.now());
        setPlain(true);
      } else if (decision === 'tiles' && stats.loaded > 0) {
        unreachable.clear(key);
      }
    };
    const layers = specs.map((spec, i) =>
      L.tileLayer(spec.url, {
        subdomains: spec.subdomains ?? 'abc',
        maxNativeZoom: spec.maxNativeZoom,
        maxZoom: 20,
        attribution: spec.attribution,
        zIndex: 1 + i,
        crossOrigin: false,
      })
        .on('tileload', () => {
          stats = tileLoaded(stats);
          check();
        })
        .on('tileerror', () => {
          stats = tileFailed(stats);
          check();
        })
        .addTo(map),
    );
    const timer = window.setTimeout(check, TILE_FALLBACK.timeoutMs + 50);
    return () => {
      window.clearTimeout(timer);
      for (const layer of layers) layer.remove();
    };
  }, [map, key, plain]);

  if (!plain) return null;
  return (
    <>
      <OfflineBaseMap />
      <GraticuleLabels />
      <div className={styles.plainBadge} title={texts.map.plainHint}>
        <span>{texts.map.plainBackground}</span>
        {key !== '' && (
          <button
            type="button"
            onClick={() => {
              unreachable.clear(key);
              setPlain(false);
            }}
          >
            {texts.map.retryTiles}
          </button>
        )}
      </div>
    </>
  );
}
