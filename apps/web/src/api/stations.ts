import type { LngLat } from '@fleet/domain';
import type { ListPage, Paging } from './common';
import { exportFile } from './fileTasks';
import { type Envelope, request, requestEnvelope } from './request';

/** Calls of 站点围栏管理: stations with a circle or polygon fence (WGS-84 degrees, metres). */

export type FenceType = 'circle' | 'polygon';

export interface Station {
  id: number;
  name: string;
  type: number;
  typeName: string;
  teamCode: string;
  teamName: string;
  address: string;
  province: string;
  city: string;
  district: string;
  longitude: number;
  latitude: number;
  fenceType: FenceType;
  fenceTypeName: string;
  radius: number | null;
  points: LngLat[];
  remark: string;
  createTime: string;
  updateTime: string;
}

export interface StationQuery extends Partial<Paging> {
  name?: string;
  type?: number;
  fenceType?: FenceType;
  teamCode?: string;
}

export interface StationFields {
  name: string;
  type: number;
  teamCode?: string;
  address?: string;
  province?: string;
  city?: string;
  district?: string;
  longitude?: number;
  latitude?: number;
  fenceType: FenceType;
  radius?: number;
  points?: LngLat[];
  remark?: string;
}

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

export function fetchStations(query: StationQuery, signal?: AbortSignal): Promise<ListPage<Station>> {
  return request<ListPage<Station>>('GET', '/station/list', {
    query: query as Record<string, string | number | undefined>,
    dedupe: true,
    signal,
  });
}

export function fetchStationBox(keyword?: string): Promise<StationOption[]> {
  return request<StationOption[]>('GET', '/station/box', { query: { keyword } });
}

export function fetchStation(id: number): Promise<Station> {
  return request<Station>('GET', '/station/info', { query: { id } });
}

export function addStation(station: StationFields): Promise<Envelope<{ id: number }>> {
  return requestEnvelope<{ id: number }>('POST', '/station/add', { body: station });
}

export function updateStation(station: StationFields & { id: number }): Promise<Envelope<null>> {
  return requestEnvelope<null>('POST', '/station/update', { body: station });
}

export function deleteStations(ids: number[]): Promise<{ deleted: number }> {
  return request<{ deleted: number }>('POST', '/station/delete', { body: { ids } });
}

export const STATION_IMPORT_URL = '/station/import';

/** GET /station/export with the list's filter: the .xlsx, or a task of the import/export page. */
export function exportStations(query: StationQuery) {
  return exportFile('/station/export', { ...query }, undefined, { method: 'GET' });
}
