/** Where a vehicle leads from the monitoring pages. */
export const realTimePath = (vin: string) => `/monitor/real-time/${encodeURIComponent(vin)}`;
export const realTimeOnePath = (vin: string) => `/monitor/real-time-one/${encodeURIComponent(vin)}`;
export const TRACK_REPLAY_PATH = '/monitor/track-replay';

export function trackReplayPath(vehicle: { vin: string; carNo?: string }): string {
  const query = new URLSearchParams({ vin: vehicle.vin });
  if (vehicle.carNo) query.set('carNo', vehicle.carNo);
  return `${TRACK_REPLAY_PATH}?${query.toString()}`;
}
