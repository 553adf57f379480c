import { useEffect, useRef } from 'react';
import { type AggregateAnswer, fetchAggregate, type VehicleFilterQuery } from '../../api/monitor';
import { RequestError } from '../../api/request';
import { useMapState } from '../../map';
import type { MapPosition } from './carFilter';

/** The map asks again this often, and after every move. */
export const AGGREGATE_REFRESH_MS = 10_000;
const MOVE_DEBOUNCE_MS = 250;
/** Without clustering the server is asked at a zoom beyond its cluster levels. */
const UNCLUSTERED_ZOOM = 17;

export interface AggregateFeedProps {
  query: VehicleFilterQuery;
  /** Cluster vehicles (the merge-map flag); off asks for single vehicles only. */
  merge: boolean;
  /** False while the page is hidden: no calls. */
  active: boolean;
  onAnswer: (answer: AggregateAnswer) => void;
  onMoved?: (position: MapPosition) => void;
}

/**
 * Feeds the vehicle layer (renders nothing): POST /monitor/point/aggregate2 for the visible box and
 * zoom, after each move and every 10 s, the older call cancelled by the newer one.
 */
export function AggregateFeed({ query, merge, active, onAnswer, onMoved }: AggregateFeedProps) {
  const { map, projection } = useMapState();
  const callbacks = useRef({ onAnswer, onMoved });
  callbacks.current = { onAnswer, onMoved };
  const queryKey = JSON.stringify(query);

  useEffect(() => {
    if (!active) return;
    const filter = JSON.parse(queryKey) as VehicleFilterQuery;
    let controller: AbortController | undefined;
    let debounce = 0;
    const ask = (quiet: boolean) => {
      controller?.abort();
      const own = new AbortController();
      controller = own;
      const bounds = map.getBounds().pad(0.1);
      const [minLng, minLat] = projection.toWgs(bounds.getSouth(), bounds.getWest());
      const [maxLng, maxLat] = projection.toWgs(bounds.getNorth(), bounds.getEast());
      const zoom = merge ? map.getZoom() : Math.max(map.getZoom(), UNCLUSTERED_ZOOM);
      fetchAggregate(
        {
          ...filter,
          zoom: Math.round(zoom),
          minLng: Math.max(-180, minLng),
          minLat: Math.max(-85, minLat),
          maxLng: Math.min(180, maxLng),
          maxLat: Math.min(85, maxLat),
        },
        { signal: own.signal, quiet },
      ).then(
        (answer) => {
          if (!own.signal.aborted) callbacks.current.onAnswer(answer);
        },
        (error: unknown) => {
          if (!(error instanceof RequestError)) throw error;
        },
      );
    };
    const moved = () => {
      window.clearTimeout(debounce);
      debounce = window.setTimeout(() => {
        ask(false);
        const centre = map.getCenter();
        const [lng, lat] = projection.toWgs(centre.lat, centre.lng);
        callbacks.current.onMoved?.({ lng, lat, zoom: map.getZoom() });
      }, MOVE_DEBOUNCE_MS);
    };
    ask(false);
    const timer = window.setInterval(() => ask(true), AGGREGATE_REFRESH_MS);
    map.on('moveend', moved);
    return () => {
      map.off('moveend', moved);
      window.clearInterval(timer);
      window.clearTimeout(debounce);
      controller?.abort();
    };
  }, [map, projection, queryKey, merge, active]);

  return null;
}
