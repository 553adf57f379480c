import { useEffect, useRef } from 'react';
import type { VehicleCard } from '../../api/monitor';
import { useMapState } from '../../map';

/** A vehicle comes into view at least at this zoom (single vehicles, out of the clusters). */
export const FOCUS_ZOOM = 14;

export interface CardFocusProps {
  card: VehicleCard | undefined;
  /** Keep the vehicle centred as it moves. */
  follow: boolean;
  /** A request to bring a vehicle into view; each new `seq` is acted on once its card is there. */
  locate?: { vin: string; seq: number };
}

/** Brings the card's vehicle into view when asked, and keeps it centred while followed (renders nothing). */
export function CardFocus({ card, follow, locate }: CardFocusProps) {
  const { map, projection } = useMapState();
  const doneSeq = useRef(-1);
  const followed = useRef<string | null>(null);

  useEffect(() => {
    if (!card || card.lng === null || card.lat === null) return;
    const at = projection.pointToMap({
      lng: card.lng,
      lat: card.lat,
      gcj02Lng: card.gcj02Lng,
      gcj02Lat: card.gcj02Lat,
    });
    const zoomIn = () => map.setView(at, Math.max(map.getZoom(), FOCUS_ZOOM), { animate: true });
    if (locate && locate.vin === card.vin && locate.seq !== doneSeq.current) {
      doneSeq.current = locate.seq;
      zoomIn();
      return;
    }
    if (!follow) {
      followed.current = null;
      return;
    }
    if (followed.current !== card.vin) {
      followed.current = card.vin;
      zoomIn();
    } else {
      map.panTo(at, { animate: true, duration: 0.5 });
    }
  }, [card, follow, locate, map, projection]);

  return null;
}
