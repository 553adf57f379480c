import { texts } from '../locales';

/**
 * Tile providers of the base map, chosen in configuration (GET /api/app/config `mapProvider` and
 * keys; OSM when nothing is said). Each names the coordinate system its tiles are drawn in: data is
 * WGS-84 everywhere and is shifted to GCJ-02 only to sit on AMap's tiles.
 */
export type MapProviderId = 'osm' | 'amap' | 'tianditu' | 'custom' | 'offline';
export type MapType = 'normal' | 'satellite';
export type CoordSystem = 'wgs84' | 'gcj02';

export interface TileLayerSpec {
  url: string;
  subdomains?: string;
  maxNativeZoom: number;
  attribution?: string;
}

export interface TileProvider {
  id: MapProviderId;
  name: string;
  coords: CoordSystem;
  /** The layers of each map type, bottom first; a type the provider lacks is missing. */
  types: Partial<Record<MapType, TileLayerSpec[]>>;
}

export interface MapSettings {
  provider: MapProviderId;
  tiandituKey?: string;
  /** For the 'custom' provider: an XYZ template of an intranet tile server, with its coordinates. */
  tileUrl?: string;
  tileCoords?: CoordSystem;
}

const t = texts.map.providers;

const OSM: TileProvider = {
  id: 'osm',
  name: t.osm,
  coords: 'wgs84',
  types: {
    normal: [
      {
        url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
        maxNativeZoom: 19,
        attribution: '&copy; OpenStreetMap contributors',
      },
    ],
  },
};

const AMAP: TileProvider = {
  id: 'amap',
  name: t.amap,
  coords: 'gcj02',
  types: {
    normal: [
      {
        url: 'https://webrd0{s}.is.autonavi.com/appmaptile?lang=zh_cn&size=1&scale=1&style=8&x={x}&y={y}&z={z}',
        subdomains: '1234',
        maxNativeZoom: 18,
        attribution: '&copy; 高德地图',
      },
    ],
    satellite: [
      {
        url: 'https://webst0{s}.is.autonavi.com/appmaptile?style=6&x={x}&y={y}&z={z}',
        subdomains: '1234',
        maxNativeZoom: 18,
        attribution: '&copy; 高德地图',
      },
      {
        url: 'https://webst0{s}.is.autonavi.com/appmaptile?style=8&x={x}&y={y}&z={z}',
        subdomains: '1234',
        maxNativeZoom: 18,
      },
    ],
  },
};

function tiandituLayer(layer: string, key: string): TileLayerSpec {
  return {
    url:
      `https://t{s}.tianditu.gov.cn/${layer}_w/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=${layer}` +
      `&STYLE=default&TILEMATRIXSET=w&FORMAT=tiles&TILEMATRIX={z}&TILEROW={y}&TILECOL={x}&tk=${encodeURIComponent(key)}`,
    subdomains: '01234567',
    maxNativeZoom: 18,
    attribution: layer === 'vec' || layer === 'img' ? '&copy; 天地图' : undefined,
  };
}

function tianditu(key: string): TileProvider {
  return {
    id: 'tianditu',
    name: t.tianditu,
    // CGCS2000 differs from WGS-84 by centimetres: no shift.
    coords: 'wgs84',
    types: {
      normal: [tiandituLayer('vec', key), tiandituLayer('cva', key)],
      satellite: [tiandituLayer('img', key), tiandituLayer('cia', key)],
    },
  };
}

const PROVIDERS: readonly MapProviderId[] = ['osm', 'amap', 'tianditu', 'custom', 'offline'];

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/**
 * The map block of the app configuration: `mapProvider` (osm | amap | tianditu | custom | offline),
 * `tiandituKey` (or `mapKeys.tianditu`), `mapTileUrl` and `mapTileCoords` for a custom server.
 * Anything missing or unknown means OSM.
 */
export function mapSettingsFrom(config: unknown): MapSettings {
  const c = (config && typeof config === 'object' ? config : {}) as Record<string, unknown>;
  const keys = (c.mapKeys && typeof c.mapKeys === 'object' ? c.mapKeys : {}) as Record<string, unknown>;
  const wanted = text(c.mapProvider)?.toLowerCase();
  const provider = PROVIDERS.find((id) => id === wanted) ?? 'osm';
  const coords = text(c.mapTileCoords)?.toLowerCase();
  return {
    provider,
    tiandituKey: text(c.tiandituKey) ?? text(keys.tianditu),
    tileUrl: text(c.mapTileUrl),
    tileCoords: coords === 'gcj02' ? 'gcj02' : 'wgs84',
  };
}

/** The provider the settings name; one that lacks what it needs (a key, a URL) falls back to OSM. */
export function tileProvider(settings: MapSettings): TileProvider {
  switch (settings.provider) {
    case 'amap':
      return AMAP;
    case 'tianditu':
      return settings.tiandituKey ? tianditu(settings.tiandituKey) : OSM;
    case 'custom':
      return settings.tileUrl
        ? {
            id: 'custom',
            name: t.custom,
            coords: settings.tileCoords ?? 'wgs84',
            types: { normal: [{ url: settings.tileUrl, maxNativeZoom: 18 }] },
          }
        : OSM;
    case 'offline':
      // no tiles at all: the map draws the offline base map the web app ships
      return { id: 'offline', name: t.offline, coords: 'wgs84', types: {} };
    default:
      return OSM;
  }
}

/** The layers of a map type, or the normal map when the provider has no such type. */
export function tileLayersFor(provider: TileProvider, type: MapType): TileLayerSpec[] {
  return provider.types[type] ?? provider.types.normal ?? [];
}

export function hasSatellite(provider: TileProvider): boolean {
  return (provider.types.satellite?.length ?? 0) > 0;
}
