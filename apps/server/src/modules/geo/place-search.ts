import { MAP_SEARCH_CAPACITY } from '@fleet/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import { toWgs84 } from './coords';
import { type Gazetteer, gazetteer, type Place } from './gazetteer';
import { type FetchLike, type GeocoderName, ONLINE_TIMEOUT_MS } from './geo.types';

/** One suggestion of the address picker's keyword search; WGS-84. */
export interface PlaceHit {
  name: string;
  /** The place's divisions and street, e.g. '内蒙古自治区鄂尔多斯市东胜区'. */
  address: string;
  lng: number;
  lat: number;
  province: string;
  city: string;
  district: string;
  provider: GeocoderName;
}

/** A keyword place search (POI suggestions). `city` narrows it, with or without the trailing 市. */
export interface PlaceSearcher {
  readonly name: GeocoderName;
  search(keyword: string, city: string | undefined, limit: number): Promise<PlaceHit[]>;
}

const bare = (name: string) => name.replace(/(市|地区|盟|自治州)$/, '');
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function divisions(place: Place): string {
  const city = place.city === place.province ? '' : place.city;
  return `${place.province}${city}${place.district}`;
}

/**
 * The built-in search over the gazetteer the project ships (prefecture seats, counties and the
 * places along the demo lines): exact names first, then names that start with the keyword, then
 * names and divisions that contain it.
 */
export class OfflinePlaceSearch implements PlaceSearcher {
  readonly name = 'offline' as const;

  constructor(private readonly places: Gazetteer = gazetteer()) {}

  async search(keyword: string, city: string | undefined, limit: number): Promise<PlaceHit[]> {
    const word = keyword.trim();
    if (!word) return [];
    const within = city ? bare(city.trim()) : '';
    const scored: { place: Place; score: number }[] = [];
    for (const place of this.places.places) {
      if (within && !place.city.startsWith(within) && !place.province.startsWith(within)) continue;
      let score = -1;
      if (place.name === word || bare(place.name) === word) score = 0;
      else if (place.name.startsWith(word)) score = 1;
      else if (place.name.includes(word)) score = 2;
      else if (`${divisions(place)}${place.kind === 'place' ? place.name : ''}`.includes(word)) score = 3;
      if (score >= 0) scored.push({ place, score });
    }
    const kindOrder = { prefecture: 0, district: 1, place: 2 } as const;
    scored.sort(
      (a, b) =>
        a.score - b.score ||
        kindOrder[a.place.kind] - kindOrder[b.place.kind] ||
        a.place.code.localeCompare(b.place.code),
    );
    return scored.slice(0, limit).map(({ place }) => ({
      name: place.name,
      address: `${divisions(place)}${place.kind === 'place' ? place.name : ''}`,
      lng: place.lng,
      lat: place.lat,
      province: place.province,
      city: place.city,
      district: place.district,
      provider: 'offline',
    }));
  }
}

async function getJson(fetchFn: FetchLike, url: string): Promise<Record<string, unknown>> {
  const res = await fetchFn(url, { signal: AbortSignal.timeout(ONLINE_TIMEOUT_MS) });
  if (!res.ok) throw new Error(`HTTP ${res.status} from ${new URL(url).host}`);
  return (await res.json()) as Record<string, unknown>;
}

/** AMap input tips (输入提示): GCJ-02 locations, converted to WGS-84. */
export class AmapPlaceSearch implements PlaceSearcher {
  readonly name = 'amap' as const;

  constructor(
    private readonly key: string,
    private readonly baseUrl: string,
    private readonly fetchFn: FetchLike = fetch,
  ) {}

  async search(keyword: string, city: string | undefined, limit: number): Promise<PlaceHit[]> {
    const query = new URLSearchParams({ keywords: keyword, key: this.key, output: 'JSON', datatype: 'all' });
    if (city) query.set('city', city);
    const body = await getJson(this.fetchFn, `${this.baseUrl}/v3/assistant/inputtips?${query}`);
    if (body.status !== '1') throw new Error(`AMap inputtips: ${text(body.info) || 'failed'}`);
    const hits: PlaceHit[] = [];
    for (const tip of (body.tips as Record<string, unknown>[] | undefined) ?? []) {
      const [gLng, gLat] = text(tip.location).split(',').map(Number);
      if (gLng === undefined || gLat === undefined || !Number.isFinite(gLng) || !Number.isFinite(gLat))
        continue;
      const [lng, lat] = toWgs84(gLng, gLat, 'gcj02');
      const district = text(tip.district);
      hits.push({
        name: text(tip.name),
        address: `${district}${text(tip.address)}`,
        lng,
        lat,
        province: '',
        city: '',
        district,
        provider: 'amap',
      });
      if (hits.length >= limit) break;
    }
    return hits;
  }
}

/** Tianditu place search (地名搜索 v2, CGCS2000 ≈ WGS-84). */
export class TiandituPlaceSearch implements PlaceSearcher {
  readonly name = 'tianditu' as const;

  constructor(
    private readonly key: string,
    private readonly baseUrl: string,
    private readonly fetchFn: FetchLike = fetch,
  ) {}

  async search(keyword: string, city: string | undefined, limit: number): Promise<PlaceHit[]> {
    const postStr = JSON.stringify({
      keyWord: city ? `${city} ${keyword}` : keyword,
      level: 12,
      mapBound: '73,3,136,54',
      queryType: 1,
      start: 0,
      count: Math.min(limit, 100),
    });
    const query = new URLSearchParams({ postStr, type: 'query', tk: this.key });
    const body = await getJson(this.fetchFn, `${this.baseUrl}/v2/search?${query}`);
    const status = body.status as { infocode?: unknown } | undefined;
    if (status && Number(status.infocode) !== 1000) throw new Error('Tianditu search failed');
    const hits: PlaceHit[] = [];
    for (const poi of (body.pois as Record<string, unknown>[] | undefined) ?? []) {
      const [lng, lat] = text(poi.lonlat).split(/[ ,]/).map(Number);
      if (lng === undefined || lat === undefined || !Number.isFinite(lng) || !Number.isFinite(lat)) continue;
      hits.push({
        name: text(poi.name),
        address: text(poi.address),
        lng,
        lat,
        province: text(poi.province),
        city: text(poi.city),
        district: text(poi.county),
        provider: 'tianditu',
      });
    }
    return hits.slice(0, limit);
  }
}

/**
 * The search the picker uses: the configured online service first (AMap when its key is set,
 * otherwise Tianditu), then the gazetteer's matches, up to the picker's capacity (100). An online
 * failure is logged and the gazetteer answers alone.
 */
export function createPlaceSearch(
  config: Pick<AppConfig, 'amapKey' | 'amapBaseUrl' | 'tiandituKey' | 'tiandituBaseUrl'>,
  options: { fetch?: FetchLike; log?: Pick<FastifyBaseLogger, 'warn'> } = {},
) {
  const fetchFn = options.fetch ?? fetch;
  const offline = new OfflinePlaceSearch();
  const online: PlaceSearcher | null = config.amapKey
    ? new AmapPlaceSearch(config.amapKey, config.amapBaseUrl, fetchFn)
    : config.tiandituKey
      ? new TiandituPlaceSearch(config.tiandituKey, config.tiandituBaseUrl, fetchFn)
      : null;
  return {
    provider: online?.name ?? 'offline',
    async search(keyword: string, city?: string, limit = MAP_SEARCH_CAPACITY): Promise<PlaceHit[]> {
      const cap = Math.min(limit, MAP_SEARCH_CAPACITY);
      let found: PlaceHit[] = [];
      if (online) {
        try {
          found = await online.search(keyword, city, cap);
        } catch (err) {
          options.log?.warn({ err }, `${online.name} place search failed; the gazetteer answers`);
        }
      }
      const seen = new Set(found.map((h) => `${h.name}|${h.lng.toFixed(3)},${h.lat.toFixed(3)}`));
      for (const hit of await offline.search(keyword, city, cap)) {
        if (found.length >= cap) break;
        const key = `${hit.name}|${hit.lng.toFixed(3)},${hit.lat.toFixed(3)}`;
        if (!seen.has(key)) found.push(hit);
      }
      return found;
    },
  };
}
