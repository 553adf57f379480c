import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('map settings', () => {
  it('default to OpenStreetMap tiles in WGS-84', () => {
    expect(loadConfig({})).toMatchObject({
      mapProvider: 'osm',
      mapTiandituKey: null,
      mapTileUrl: null,
      mapTileCoords: 'wgs84',
    });
  });

  it('take a provider with what it needs', () => {
    expect(loadConfig({ MAP_PROVIDER: 'tianditu', MAP_TIANDITU_KEY: 'k1' })).toMatchObject({
      mapProvider: 'tianditu',
      mapTiandituKey: 'k1',
    });
    expect(
      loadConfig({
        MAP_PROVIDER: 'custom',
        MAP_TILE_URL: 'http://tiles.intra/{z}/{x}/{y}.png',
        MAP_TILE_COORDS: 'gcj02',
      }),
    ).toMatchObject({
      mapProvider: 'custom',
      mapTileUrl: 'http://tiles.intra/{z}/{x}/{y}.png',
      mapTileCoords: 'gcj02',
    });
  });

  it('take the offline base map, which needs no tile server', () => {
    expect(loadConfig({ MAP_PROVIDER: 'offline' })).toMatchObject({ mapProvider: 'offline' });
  });

  it('refuse to start with a provider that cannot work, saying why', () => {
    expect(() => loadConfig({ MAP_PROVIDER: 'google' })).toThrow(
      'MAP_PROVIDER must be osm, amap, tianditu, custom or offline',
    );
    expect(() => loadConfig({ MAP_PROVIDER: 'tianditu' })).toThrow('needs MAP_TIANDITU_KEY');
    expect(() => loadConfig({ MAP_PROVIDER: 'custom' })).toThrow('needs MAP_TILE_URL');
    expect(() => loadConfig({ MAP_PROVIDER: 'custom', MAP_TILE_URL: 'ftp://x/{z}/{x}/{y}' })).toThrow(
      'XYZ template',
    );
    expect(() => loadConfig({ MAP_TILE_COORDS: 'bd09' })).toThrow('MAP_TILE_COORDS');
  });
});

describe('proxy and abuse settings', () => {
  it('believe X-Forwarded-For from no one unless TRUST_PROXY names the proxies', () => {
    expect(loadConfig({})).toMatchObject({ trustProxy: [], smsRateLimit: 20, smsDailyLimit: 10 });
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
    ]);
    for (const bad of ['true', '10.0.0.0/33', 'proxy.lan', '1.2.3.4/8/9'])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow('TRUST_PROXY');
  });
});
