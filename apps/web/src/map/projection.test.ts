import gcoord from 'gcoord';
import { describe, expect, it } from 'vitest';
import { projectionFor } from './projection';

describe('projectionFor', () => {
  it('leaves WGS-84 data alone on WGS-84 tiles', () => {
    const p = projectionFor('wgs84');
    expect(p.toMap(116.4, 39.9)).toEqual([39.9, 116.4]);
    expect(p.pointToMap({ lng: 116.4, lat: 39.9, gcj02Lng: 116.406, gcj02Lat: 39.901 })).toEqual([
      39.9, 116.4,
    ]);
    expect(p.toWgs(39.9, 116.4)).toEqual([116.4, 39.9]);
  });

  it('shifts data to GCJ-02 for AMap tiles, preferring the server coordinates', () => {
    const p = projectionFor('gcj02');
    const [lat, lng] = p.toMap(116.4, 39.9);
    const [gLng, gLat] = gcoord.transform([116.4, 39.9], gcoord.WGS84, gcoord.GCJ02);
    expect(lng).toBeCloseTo(gLng, 9);
    expect(lat).toBeCloseTo(gLat, 9);
    expect(lng - 116.4).toBeGreaterThan(0.004);
    expect(p.pointToMap({ lng: 116.4, lat: 39.9, gcj02Lng: 116.41, gcj02Lat: 39.91 })).toEqual([
      39.91, 116.41,
    ]);
    const [backLng, backLat] = p.toWgs(lat, lng);
    expect(backLng).toBeCloseTo(116.4, 5);
    expect(backLat).toBeCloseTo(39.9, 5);
  });
});
