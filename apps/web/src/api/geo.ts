import { MAP_REQUEST_TIMEOUT_MS, MAP_SEARCH_CAPACITY } from '@fleet/domain';
import { request } from './request';

/** Calls of the map address picker: keyword place search and reverse geocoding (WGS-84). */

export interface PlaceHit {
  name: string;
  address: string;
  lng: number;
  lat: number;
  province: string;
  city: string;
  district: string;
  provider: string;
}

export interface PlaceAddress {
  address: string;
  province: string;
  city: string;
  district: string;
  cityCode: string;
}

/** GET /geo/search: up to 100 places for a keyword, optionally within a city; quiet, 5 s. */
export function searchPlaces(keyword: string, city?: string, signal?: AbortSignal): Promise<PlaceHit[]> {
  return request<PlaceHit[]>('GET', '/geo/search', {
    query: { keyword, city, limit: MAP_SEARCH_CAPACITY },
    quiet: true,
    timeoutMs: MAP_REQUEST_TIMEOUT_MS,
    signal,
  });
}

/** GET /geo/reverse: the address and divisions of a place; quiet, 5 s. */
export function reversePlace(lng: number, lat: number): Promise<PlaceAddress> {
  return request<PlaceAddress>('GET', '/geo/reverse', {
    query: { lat, lng },
    quiet: true,
    timeoutMs: MAP_REQUEST_TIMEOUT_MS,
  });
}
