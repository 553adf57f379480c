import { describe, expect, it } from 'vitest';
import { hasSatellite, mapSettingsFrom, tileLayersFor, tileProvider } from './tiles';

describe('mapSettingsFrom', () => {
  it('is OSM when the configuration says nothing or something unknown', () => {
    expect(mapSettingsFrom(undefined).provider).toBe('osm');
    expect(mapSettingsFrom({ bossScreenUrl: null, brands: [] }).provider).toBe('osm');
    expect(mapSettingsFrom({ mapProvider: 'baidu' }).provider).toBe('osm');
  });

  it('reads the provider and its keys', () => {
    expect(mapSettingsFrom({ mapProvider: 'AMap' }).provider).toBe('amap');
    expect(mapSettingsFrom({ mapProvider: 'tianditu', tiandituKey: ' abc ' })).toMatchObject({
      provider: 'tianditu',
      tiandituKey: 'abc',
    });
    expect(mapSettingsFrom({ mapProvider: 'tianditu', mapKeys: { tianditu: 'k2' } }).tiandituKey).toBe('k2');
    expect(
      mapSettingsFrom({
        mapProvider: 'custom',
        mapTileUrl: 'http://tiles.lan/{z}/{x}/{y}.png',
        mapTileCoords: 'GCJ02',
      }),
    ).toMatchObject({ provider: 'custom', tileUrl: 'http://tiles.lan/{z}/{x}/{y}.png', tileCoords: 'gcj02' });
  });
});

describe('the offline provider', () => {
  it('has no tile layers: the map draws the offline base map at once', () => {
    const settings = mapSettingsFrom({ mapProvider: 'offline' });
    expect(settings.provider).toBe('offline');
    const offline = tileProvider(settings);
    expect(offline).toMatchObject({ id: 'offline', name: '离线底图', coords: 'wgs84' });
    expect(tileLayersFor(offline, 'normal')).toEqual([]);
    expect(hasSatellite(offline)).toBe(false);
  });
});

describe('tileProvider', () => {
  it('draws OSM in WGS-84 without a satellite type', () => {
    const osm = tileProvider(mapSettingsFrom({}));
    expect(osm.id).toBe('osm');
    expect(osm.coords).toBe('wgs84');
    expect(hasSatellite(osm)).toBe(false);
    expect(tileLayersFor(osm, 'satellite')).toEqual(tileLayersFor(osm, 'normal'));
  });

  it('draws AMap in GCJ-02, with satellite imagery under a road layer', () => {
    const amap = tileProvider({ provider: 'amap' });
    expect(amap.coords).toBe('gcj02');
    expect(hasSatellite(amap)).toBe(true);
    expect(tileLayersFor(amap, 'satellite')).toHaveLength(2);
    expect(tileLayersFor(amap, 'normal')[0]?.url).toContain('webrd0{s}.is.autonavi.com');
  });

  it('draws Tianditu with its key, vector or imagery each with labels, and falls back without a key', () => {
    const tdt = tileProvider({ provider: 'tianditu', tiandituKey: 'my key' });
    expect(tdt.coords).toBe('wgs84');
    const [base, labels] = tileLayersFor(tdt, 'normal');
    expect(base?.url).toContain('LAYER=vec');
    expect(base?.url).toContain('tk=my%20key');
    expect(labels?.url).toContain('LAYER=cva');
    expect(tileLayersFor(tdt, 'satellite')[0]?.url).toContain('LAYER=img');
    expect(tileProvider({ provider: 'tianditu' }).id).toBe('osm');
  });

  it('uses a custom tile server only with its URL', () => {
    expect(
      tileProvider({ provider: 'custom', tileUrl: 'http://t/{z}/{x}/{y}', tileCoords: 'gcj02' }),
    ).toMatchObject({
      id: 'custom',
      coords: 'gcj02',
    });
    expect(tileProvider({ provider: 'custom' }).id).toBe('osm');
  });
});
