import * as L from 'leaflet';
import { useEffect } from 'react';
import { addresses, useMapState } from '../../map';
import mapStyles from '../../map/map.module.css';
import { pointHtml } from './pointText';
import type { TrackData } from './trackData';

/** The address of a hovered point is asked for once the pointer rests this long. */
const HOVER_REST_MS = 300;

export interface PointTipHandle {
  hover(index: number | null): void;
  click(index: number): void;
}

/**
 * Pop-up cards of track points (renders nothing): a tooltip following the pointer along the track
 * and a pop-up where the track is clicked, each with time, speed, direction and the address by
 * reverse lookup (cached).
 */
export function PointTip({
  track,
  handle,
}: {
  track: TrackData;
  handle: React.RefObject<PointTipHandle | null>;
}) {
  const { map } = useMapState();

  useEffect(() => {
    const tooltip = L.tooltip({
      direction: 'top',
      offset: [0, -8],
      className: mapStyles.pointTip,
      opacity: 0.96,
    });
    // The map's own controls sit along its top: a card opens clear of them.
    const popup = L.popup({
      className: mapStyles.pointTip,
      autoPan: true,
      autoPanPaddingTopLeft: [10, 56],
      autoPanPaddingBottomRight: [10, 10],
      maxWidth: 320,
      offset: [0, -4],
    });
    let rest = 0;
    let hovered: number | null = null;
    let clicked: number | null = null;
    const at = (index: number): L.LatLngExpression => [
      track.lat[index] as number,
      track.lng[index] as number,
    ];
    const known = (index: number) =>
      addresses.peek(track.wgsLng[index] as number, track.wgsLat[index] as number);
    const fetchAddress = (index: number) =>
      addresses.lookup(track.wgsLng[index] as number, track.wgsLat[index] as number);

    handle.current = {
      hover(index) {
        window.clearTimeout(rest);
        hovered = index;
        if (index === null) {
          tooltip.remove();
          return;
        }
        const address = known(index);
        tooltip.setLatLng(at(index)).setContent(pointHtml(track, index, address));
        if (!map.hasLayer(tooltip)) tooltip.addTo(map);
        if (address !== undefined) return;
        rest = window.setTimeout(() => {
          void fetchAddress(index).then((found) => {
            if (hovered === index) tooltip.setContent(pointHtml(track, index, found));
          });
        }, HOVER_REST_MS);
      },
      click(index) {
        hovered = null;
        clicked = index;
        tooltip.remove();
        popup
          .setLatLng(at(index))
          .setContent(pointHtml(track, index, known(index)))
          .openOn(map);
        void fetchAddress(index).then((found) => {
          if (clicked === index && map.hasLayer(popup)) popup.setContent(pointHtml(track, index, found));
        });
      },
    };
    return () => {
      window.clearTimeout(rest);
      handle.current = null;
      tooltip.remove();
      popup.remove();
    };
  }, [map, track, handle]);

  return null;
}
