import { SPEED_BANDS, TRACK_LINE_WIDTH } from '@fleet/domain';
import * as L from 'leaflet';
import { useEffect, useRef } from 'react';
import { isMeasuring, useMapState } from './MapContext';
import { endpointIcon } from './markers';
import { nearestIndex } from './nearest';
import { bandRuns, runsByBand } from './speedRuns';

/** A track as columns in map coordinates (see features/track/trackData). */
export interface TrackColumns {
  readonly count: number;
  readonly lat: ArrayLike<number>;
  readonly lng: ArrayLike<number>;
  /** km/h */
  readonly speed: ArrayLike<number>;
}

export interface TrackLayerProps {
  track: TrackColumns | undefined;
  /** Fit the view to the track when it changes. */
  fit?: boolean;
  /** Start (起) and end (终) pins. */
  endpoints?: boolean;
  weight?: number;
  onPointClick?: (index: number, event: L.LeafletMouseEvent) => void;
  /** The point under the pointer, null when it leaves the track. */
  onPointHover?: (index: number | null, event?: L.LeafletMouseEvent) => void;
  /** Called once the track has been painted (two animation frames after it was added). */
  onDrawn?: () => void;
}

/** Bounds of the track, in one pass over the columns. */
export function trackBounds(track: TrackColumns): L.LatLngBounds | undefined {
  if (track.count === 0) return undefined;
  let south = 90;
  let north = -90;
  let west = 180;
  let east = -180;
  for (let i = 0; i < track.count; i++) {
    const lat = track.lat[i] as number;
    const lng = track.lng[i] as number;
    if (lat < south) south = lat;
    if (lat > north) north = lat;
    if (lng < west) west = lng;
    if (lng > east) east = lng;
  }
  return L.latLngBounds([south, west], [north, east]);
}

/**
 * A track coloured by speed band (renders nothing). However long the track, it is five canvas
 * paths: each band one multi-line of its runs, so a day of one-second points draws at once.
 */
export function TrackLayer({
  track,
  fit = true,
  endpoints = true,
  weight = TRACK_LINE_WIDTH,
  onPointClick,
  onPointHover,
  onDrawn,
}: TrackLayerProps) {
  const { map } = useMapState();
  const handlers = useRef({ onPointClick, onPointHover, onDrawn });
  handlers.current = { onPointClick, onPointHover, onDrawn };

  useEffect(() => {
    if (!track || track.count === 0) return;
    const renderer = L.canvas({ tolerance: 6, padding: 0.3 });
    const group = L.featureGroup();
    const latlngs = new Array<L.LatLng>(track.count);
    for (let i = 0; i < track.count; i++)
      latlngs[i] = L.latLng(track.lat[i] as number, track.lng[i] as number);

    const nearest = (event: L.LeafletMouseEvent) =>
      nearestIndex(track.lat, track.lng, event.latlng.lat, event.latlng.lng);
    const groups = runsByBand(bandRuns(track.speed));
    groups.forEach((ranges, band) => {
      if (ranges.length === 0) return;
      const rings = ranges.map(([start, end]) => latlngs.slice(start, end + 1));
      L.polyline(rings, {
        renderer,
        color: SPEED_BANDS[band]?.color,
        weight,
        opacity: 0.95,
        lineCap: 'round',
        lineJoin: 'round',
        smoothFactor: 1,
        bubblingMouseEvents: false,
      })
        .on('click', (event: L.LeafletMouseEvent) => {
          if (isMeasuring(map)) return;
          const index = nearest(event);
          if (index >= 0) handlers.current.onPointClick?.(index, event);
        })
        .on('mousemove', (event: L.LeafletMouseEvent) => {
          if (isMeasuring(map)) return;
          const index = nearest(event);
          if (index >= 0) handlers.current.onPointHover?.(index, event);
        })
        .on('mouseout', () => handlers.current.onPointHover?.(null))
        .addTo(group);
    });
    if (endpoints) {
      L.marker(latlngs[0] as L.LatLng, {
        icon: endpointIcon('start'),
        interactive: false,
        keyboard: false,
      }).addTo(group);
      if (track.count > 1) {
        L.marker(latlngs[track.count - 1] as L.LatLng, {
          icon: endpointIcon('end'),
          interactive: false,
          keyboard: false,
        }).addTo(group);
      }
    }
    // The view first, then the layer: the points are projected once, at the final zoom.
    if (fit) {
      const bounds = trackBounds(track);
      if (bounds) map.fitBounds(bounds, { padding: [48, 48], animate: false });
    }
    group.addTo(map);
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        frame = 0;
        handlers.current.onDrawn?.();
      });
    });
    return () => {
      if (frame) cancelAnimationFrame(frame);
      group.remove();
      renderer.remove();
    };
  }, [map, track, fit, endpoints, weight]);

  return null;
}
