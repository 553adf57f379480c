import { wgs84ToGcj02 } from './coords';
import { type FetchLike, type GeoAddress, ONLINE_TIMEOUT_MS, type ReverseGeocoder } from './geo.types';

const MUNICIPALITIES = new Set(['11', '12', '31', '50']);

/** The prefecture code of a county-level adcode: '150602' → '150600', Beijing's '110105' → '110100'. */
export function prefectureCode(adcode: string): string {
  if (!/^\d{6}$/.test(adcode)) return '';
  return MUNICIPALITIES.has(adcode.slice(0, 2)) ? `${adcode.slice(0, 2)}0100` : `${adcode.slice(0, 4)}00`;
}

async function getJson(fetchFn: FetchLike, url: string): Promise<unknown> {
  const res = await fetchFn(url, { signal: AbortSignal.timeout(ONLINE_TIMEOUT_MS) });
  if (!res.ok) throw new Error(`HTTP ${res.status} from ${new URL(url).host}`);
  return res.json();
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** AMap web service (restapi): regeo, driving route and weather. Takes GCJ-02; we convert. */
export class AmapClient {
  constructor(
    private readonly key: string,
    private readonly baseUrl: string,
    private readonly fetchFn: FetchLike = fetch,
  ) {}

  private async call(path: string, params: Record<string, string>): Promise<Record<string, unknown>> {
    const query = new URLSearchParams({ ...params, key: this.key, output: 'JSON' });
    const body = (await getJson(this.fetchFn, `${this.baseUrl}${path}?${query}`)) as Record<string, unknown>;
    if (body.status !== '1') throw new Error(`AMap ${path}: ${text(body.info) || 'failed'}`);
    return body;
  }

  static location(lat: number, lng: number): string {
    const [gLng, gLat] = wgs84ToGcj02(lng, lat);
    return `${gLng.toFixed(6)},${gLat.toFixed(6)}`;
  }

  async regeo(lat: number, lng: number): Promise<GeoAddress> {
    const body = await this.call('/v3/geocode/regeo', { location: AmapClient.location(lat, lng) });
    const regeo = body.regeocode as {
      formatted_address?: unknown;
      addressComponent?: Record<string, unknown>;
    };
    const parts = regeo?.addressComponent ?? {};
    const address = text(regeo?.formatted_address);
    if (!address) throw new Error('AMap regeo: no address');
    const province = text(parts.province);
    return {
      address,
      province,
      city: text(parts.city) || province,
      district: text(parts.district),
      cityCode: prefectureCode(text(parts.adcode)),
      provider: 'amap',
    };
  }

  /** Driving distance (m) and time (s) through the points, in order. */
  async driving(
    points: readonly { lat: number; lng: number }[],
  ): Promise<{ meters: number; seconds: number }> {
    const first = points[0];
    const last = points[points.length - 1];
    if (!first || !last) throw new Error('AMap driving needs two points');
    const waypoints = points.slice(1, -1).map((p) => AmapClient.location(p.lat, p.lng));
    const body = await this.call('/v3/direction/driving', {
      origin: AmapClient.location(first.lat, first.lng),
      destination: AmapClient.location(last.lat, last.lng),
      ...(waypoints.length > 0 ? { waypoints: waypoints.join(';') } : {}),
      strategy: '0',
    });
    const path = (body.route as { paths?: { distance?: unknown; duration?: unknown }[] })?.paths?.[0];
    const meters = Number(path?.distance);
    const seconds = Number(path?.duration);
    if (!Number.isFinite(meters) || !Number.isFinite(seconds)) throw new Error('AMap driving: no path');
    return { meters, seconds };
  }

  /** Live weather of a city (adcode). */
  async weather(cityCode: string) {
    const body = await this.call('/v3/weather/weatherInfo', { city: cityCode, extensions: 'base' });
    const live = (body.lives as Record<string, unknown>[] | undefined)?.[0];
    if (!live) throw new Error('AMap weather: no data');
    return {
      province: text(live.province),
      city: text(live.city),
      cityCode: text(live.adcode),
      weather: text(live.weather),
      temperature: Number(live.temperature),
      windDirection: text(live.winddirection),
      windPower: text(live.windpower),
      humidity: Number(live.humidity),
      reportTime: text(live.reporttime),
    };
  }
}

export class AmapGeocoder implements ReverseGeocoder {
  readonly name = 'amap' as const;
  constructor(private readonly client: AmapClient) {}
  reverse(lat: number, lng: number): Promise<GeoAddress> {
    return this.client.regeo(lat, lng);
  }
}

/** Tianditu (天地图) reverse geocoding; it takes CGCS2000, which matches WGS-84 to centimetres. */
export class TiandituGeocoder implements ReverseGeocoder {
  readonly name = 'tianditu' as const;

  constructor(
    private readonly key: string,
    private readonly baseUrl: string,
    private readonly fetchFn: FetchLike = fetch,
  ) {}

  async reverse(lat: number, lng: number): Promise<GeoAddress> {
    const postStr = JSON.stringify({ lon: Number(lng.toFixed(6)), lat: Number(lat.toFixed(6)), ver: 1 });
    const query = new URLSearchParams({ postStr, type: 'geocode', tk: this.key });
    const body = (await getJson(this.fetchFn, `${this.baseUrl}/geocoder?${query}`)) as Record<
      string,
      unknown
    >;
    if (String(body.status) !== '0') throw new Error(`Tianditu geocoder: ${text(body.msg) || 'failed'}`);
    const result = body.result as { formatted_address?: unknown; addressComponent?: Record<string, unknown> };
    const parts = result?.addressComponent ?? {};
    const address = text(result?.formatted_address);
    if (!address) throw new Error('Tianditu geocoder: no address');
    const county = text(parts.county_code).replace(/^156/, '');
    const cityCode = prefectureCode(county);
    const province = text(parts.province);
    const municipality = MUNICIPALITIES.has(county.slice(0, 2));
    return {
      address,
      province,
      city: municipality ? province : text(parts.city) || province,
      district: text(parts.county),
      cityCode,
      provider: 'tianditu',
    };
  }
}
