import { FENCE_POLYGON_MAX_POINTS, FENCE_RADIUS_MAX_M, FENCE_RADIUS_MIN_M, type LngLat } from '@fleet/domain';
import * as L from 'leaflet';
import { useEffect, useRef } from 'react';
import { isMeasuring, useMapState } from '../../map';
import styles from './stations.module.css';

const FENCE_STYLE = { color: '#1677ff', weight: 2, fillOpacity: 0.15 } as const;

function handleIcon(kind: 'centre' | 'radius' | 'vertex', index?: number): L.DivIcon {
  const size = kind === 'centre' ? 16 : 12;
  return L.divIcon({
    className: '',
    html: `<div class="${styles.handle} ${styles[kind]}" data-fence-handle="${kind}"${
      index === undefined ? '' : ` data-index="${index}"`
    }></div>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });
}

/** A map click in WGS-84, unless the distance tool has the clicks. */
function useMapClick(onClick: (p: LngLat) => void) {
  const { map, projection } = useMapState();
  const ref = useRef(onClick);
  ref.current = onClick;
  useEffect(() => {
    const click = (event: L.LeafletMouseEvent) => {
      if (isMeasuring(map)) return;
      const [lng, lat] = projection.toWgs(event.latlng.lat, event.latlng.lng);
      ref.current({ lng, lat });
    };
    map.on('click', click);
    return () => {
      map.off('click', click);
    };
  }, [map, projection]);
}

export const clampRadius = (meters: number) =>
  Math.round(Math.min(FENCE_RADIUS_MAX_M, Math.max(FENCE_RADIUS_MIN_M, meters)));

/**
 * Circle fence editing (renders nothing): a click sets the centre, the centre handle drags the
 * circle, the white handle on its east edge drags the radius (50-5000 m).
 */
export function CircleEditLayer({
  centre,
  radius,
  onCentre,
  onRadius,
}: {
  centre: LngLat | null;
  radius: number;
  onCentre: (p: LngLat) => void;
  onRadius: (meters: number) => void;
}) {
  const { map, projection } = useMapState();
  useMapClick(onCentre);
  const handlers = useRef({ onCentre, onRadius });
  handlers.current = { onCentre, onRadius };

  useEffect(() => {
    if (!centre) return;
    const at = L.latLng(projection.toMap(centre.lng, centre.lat));
    const circle = L.circle(at, { ...FENCE_STYLE, radius, interactive: false }).addTo(map);
    const edge = (c: L.LatLng, r: number) =>
      L.latLng(c.lat, c.lng + r / (111_320 * Math.cos((c.lat * Math.PI) / 180)));
    const middle = L.marker(at, { draggable: true, icon: handleIcon('centre'), keyboard: false }).addTo(map);
    const handle = L.marker(edge(at, radius), {
      draggable: true,
      icon: handleIcon('radius'),
      keyboard: false,
    }).addTo(map);
    middle.on('drag', () => {
      circle.setLatLng(middle.getLatLng());
      handle.setLatLng(edge(middle.getLatLng(), circle.getRadius()));
    });
    middle.on('dragend', () => {
      const p = middle.getLatLng();
      const [lng, lat] = projection.toWgs(p.lat, p.lng);
      handlers.current.onCentre({ lng, lat });
    });
    handle.on('drag', () =>
      circle.setRadius(clampRadius(map.distance(circle.getLatLng(), handle.getLatLng()))),
    );
    handle.on('dragend', () => handlers.current.onRadius(clampRadius(circle.getRadius())));
    return () => {
      circle.remove();
      middle.remove();
      handle.remove();
    };
  }, [map, projection, centre, radius]);

  return null;
}

/**
 * Polygon fence editing (renders nothing): a click adds a vertex (up to 100), vertices drag, a
 * right click on a vertex removes it.
 */
export function PolygonEditLayer({
  points,
  onChange,
}: {
  points: LngLat[];
  onChange: (points: LngLat[]) => void;
}) {
  const { map, projection } = useMapState();
  const latest = useRef({ points, onChange });
  latest.current = { points, onChange };
  useMapClick((p) => {
    const now = latest.current.points;
    if (now.length < FENCE_POLYGON_MAX_POINTS) latest.current.onChange([...now, p]);
  });

  useEffect(() => {
    const group = L.layerGroup().addTo(map);
    const at = points.map((p) => L.latLng(projection.toMap(p.lng, p.lat)));
    const shape =
      at.length >= 3
        ? L.polygon(at, { ...FENCE_STYLE, interactive: false })
        : L.polyline(at, { ...FENCE_STYLE, dashArray: '6 4', interactive: false });
    shape.addTo(group);
    at.forEach((position, index) => {
      const vertex = L.marker(position, {
        draggable: true,
        icon: handleIcon('vertex', index),
        keyboard: false,
      });
      vertex.on('drag', () => {
        const moved = [...at];
        moved[index] = vertex.getLatLng();
        shape.setLatLngs(moved);
      });
      vertex.on('dragend', () => {
        const p = vertex.getLatLng();
        const [lng, lat] = projection.toWgs(p.lat, p.lng);
        const next = [...latest.current.points];
        next[index] = { lng, lat };
        latest.current.onChange(next);
      });
      vertex.on('contextmenu', (event) => {
        L.DomEvent.stop(event);
        latest.current.onChange(latest.current.points.filter((_, i) => i !== index));
      });
      vertex.addTo(group);
    });
    return () => {
      group.remove();
    };
  }, [map, projection, points]);

  return null;
}

/** Fits the map to a fence once, when it is first known (an edited station). */
export function FitFence({
  centre,
  radius,
  points,
}: {
  centre: LngLat | null;
  radius: number;
  points: LngLat[];
}) {
  const { map, projection } = useMapState();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    if (points.length >= 2) {
      map.fitBounds(L.latLngBounds(points.map((p) => projection.toMap(p.lng, p.lat))).pad(0.3));
      done.current = true;
    } else if (centre) {
      const at = L.latLng(projection.toMap(centre.lng, centre.lat));
      map.fitBounds(at.toBounds(radius * 2.6));
      done.current = true;
    }
  }, [map, projection, centre, radius, points]);
  return null;
}

/** Centres the map on a point whenever it changes (an address picked for the station). */
export function PanTo({ point, zoom = 15 }: { point: LngLat | null; zoom?: number }) {
  const { map, projection } = useMapState();
  useEffect(() => {
    if (point) map.setView(projection.toMap(point.lng, point.lat), Math.max(map.getZoom(), zoom));
  }, [map, projection, point, zoom]);
  return null;
}
