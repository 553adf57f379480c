/** An address as the reverse geocoder names a WGS-84 point. */
export interface GeoAddress {
  /** Full text, e.g. '内蒙古自治区鄂尔多斯市东胜区附近，距东胜区约3.2公里，方向：东北'. */
  address: string;
  province: string;
  city: string;
  district: string;
  /** Six-digit code of the prefecture (GB/T 2260 / AMap adcode), '110100' for Beijing. */
  cityCode: string;
  /** Who named it. */
  provider: GeocoderName;
}

export type GeocoderName = 'offline' | 'amap' | 'tianditu';

/** A reverse geocoding service: names the place of a WGS-84 point. */
export interface ReverseGeocoder {
  readonly name: GeocoderName;
  reverse(lat: number, lng: number): Promise<GeoAddress>;
}

/** How `fetch` is reached (the online providers take it, so that a test can serve them on loopback). */
export type FetchLike = (url: string, init?: { signal?: AbortSignal }) => Promise<Response>;

/** Online map calls give up after this long (spec core section 9: map 5 s). */
export const ONLINE_TIMEOUT_MS = 5000;
