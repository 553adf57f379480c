import { request } from './request';

/**
 * The station picker of the line pages (/station/box); the list, detail, add, edit, delete, export
 * and import of stations are the calls of `stationRecord` (features/stations/station.record.tsx).
 */

/** A station's fence: a circle around its centre or a polygon. */
export type FenceType = 'circle' | 'polygon';

export interface StationOption {
  id: number;
  name: string;
  value: string;
  type: number;
  address: string;
  longitude: number;
  latitude: number;
  fenceType: FenceType;
  radius: number | null;
}

export function fetchStationBox(keyword?: string): Promise<StationOption[]> {
  return request<StationOption[]>('GET', '/station/box', { query: { keyword } });
}
