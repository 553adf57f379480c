import * as L from 'leaflet';
import { texts } from '../locales';
import styles from './map.module.css';
import { headingOf, vehicleColor } from './vehicleStyle';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A truck seen from above, pointing north; rotated by the heading. */
function truckSvg(color: string, heading: number): string {
  return (
    `<svg class="${styles.vehicleBody}" viewBox="0 0 28 28" style="transform:rotate(${heading}deg)" aria-hidden="true">` +
    `<path d="M14 1 L19 6 L19 9 L9 9 L9 6 Z" fill="${color}" stroke="#fff" stroke-width="1.2"/>` +
    `<rect x="8.5" y="9.5" width="11" height="17" rx="2" fill="${color}" stroke="#fff" stroke-width="1.2"/>` +
    `<rect x="10.5" y="12" width="7" height="12" rx="1" fill="rgba(255,255,255,0.35)"/>` +
    '</svg>'
  );
}

export interface VehicleIconOptions {
  stateCode?: string | null;
  alarm?: boolean | null;
  direction?: number | null;
  /** Plate shown under the truck; none for the playback car. */
  plate?: string;
  selected?: boolean;
}

/** A vehicle marker: the truck turned to its heading in the colour of its state, the plate below. */
export function vehicleIcon(options: VehicleIconOptions): L.DivIcon {
  const color = vehicleColor(options);
  const heading = headingOf(options.direction);
  const plate = options.plate
    ? `<span class="${styles.vehiclePlate}">${escapeHtml(options.plate)}</span>`
    : '';
  const classes = options.selected ? `${styles.vehicle} ${styles.vehicleSelected}` : styles.vehicle;
  return L.divIcon({
    className: '',
    html: `<div class="${classes}" style="--vehicle-color:${color}">${truckSvg(color, heading)}${plate}</div>`,
    iconSize: [28, 28],
    iconAnchor: [14, 14],
  });
}

/** Turns a vehicle marker already on the map, without building its icon again. */
export function rotateVehicleMarker(marker: L.Marker, direction: number): void {
  const body = marker.getElement()?.querySelector<SVGElement>('svg');
  if (body) body.style.transform = `rotate(${headingOf(direction)}deg)`;
}

/** A cluster of vehicles: a disc with the count, larger for more vehicles. */
export function clusterIcon(count: number): L.DivIcon {
  const size = count < 10 ? 30 : count < 100 ? 36 : count < 1000 ? 44 : 52;
  return L.divIcon({
    className: '',
    html: `<div class="${styles.cluster}" title="${escapeHtml(texts.map.cluster(count))}">${count}</div>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });
}

/** The start (起) and end (终) pins of a track. */
export function endpointIcon(kind: 'start' | 'end'): L.DivIcon {
  const className = kind === 'start' ? styles.startPoint : styles.endPoint;
  const text = kind === 'start' ? texts.map.start : texts.map.end;
  return L.divIcon({
    className: '',
    html: `<div class="${className}"><span>${text}</span></div>`,
    iconSize: [24, 24],
    iconAnchor: [12, 30],
  });
}

export { escapeHtml };
