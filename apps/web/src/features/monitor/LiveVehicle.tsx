import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { fetchTruckLiveInfo, type VehicleCard } from '../../api/monitor';
import { MovingMarker, type MovingMarkerHandle, useMapState } from '../../map';
import { FOCUS_ZOOM } from './CardFocus';
import { appendLivePoint, type LivePoint } from './liveTrail';

/** The real-time pages ask for the vehicle this often. */
export const LIVE_REFRESH_MS = 5000;

/**
 * The live figures of one vehicle, polled every 5 s while the page is shown, and its trail since
 * the page opened.
 */
export function useLiveVehicle(vin: string, shown: boolean) {
  const live = useQuery({
    queryKey: ['monitor', 'live', vin],
    queryFn: ({ signal }) => fetchTruckLiveInfo(vin, signal),
    enabled: vin !== '',
    refetchInterval: shown ? LIVE_REFRESH_MS : false,
  });
  const [trail, setTrail] = useState<readonly LivePoint[]>([]);
  const data = live.data?.vin === vin ? live.data : undefined;
  useEffect(() => {
    if (!data || data.lng === null || data.lat === null) return;
    const { lng, lat, gcj02Lng, gcj02Lat, speed, direction, reportTime } = data;
    setTrail((previous) =>
      appendLivePoint(previous, { lng, lat, gcj02Lng, gcj02Lat, speed, direction, reportTime }),
    );
  }, [data]);
  return { live, data, trail, updatedAt: live.dataUpdatedAt };
}

/**
 * The followed vehicle on the map (renders nothing): a marker moved to each new report; the view
 * goes to it first, then keeps it centred while `follow` is on.
 */
export function LiveVehicleLayer({ info, follow }: { info: VehicleCard | undefined; follow: boolean }) {
  const { map, projection } = useMapState();
  const handle = useRef<MovingMarkerHandle>(null);
  const centred = useRef(false);
  const located = info !== undefined && info.lng !== null && info.lat !== null;
  const at = located
    ? projection.pointToMap({
        lng: info.lng as number,
        lat: info.lat as number,
        gcj02Lng: info.gcj02Lng,
        gcj02Lat: info.gcj02Lat,
      })
    : undefined;
  const lat = at?.[0];
  const lng = at?.[1];
  const direction = info?.direction ?? 0;

  useEffect(() => {
    if (lat === undefined || lng === undefined) return;
    handle.current?.moveTo(lat, lng, direction);
    if (!centred.current) {
      centred.current = true;
      map.setView([lat, lng], Math.max(map.getZoom(), FOCUS_ZOOM), { animate: false });
    } else if (follow) {
      map.panTo([lat, lng], { animate: true, duration: 0.5 });
    }
  }, [lat, lng, direction, follow, map]);

  return (
    <MovingMarker
      handle={handle}
      start={lat === undefined || lng === undefined ? undefined : { lat, lng, direction }}
      stateCode={info?.stateCode}
      alarm={info?.alarm}
      plate={info?.carNo}
      keepInView={false}
    />
  );
}
