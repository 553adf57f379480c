import { CHINA_AREAS } from '@fleet/domain';
import gcoord from 'gcoord';
import { describe, expect, it } from 'vitest';
import { coordSet, gcj02ToBd09, toWgs84, wgs84ToGcj02 } from './coords';
import { bearingDegrees, compassName, distanceMeters, gazetteer } from './gazetteer';
import { DISTRICT_ENTRIES } from './gazetteer/districts';
import { PREFECTURE_SEATS } from './gazetteer/prefectures';
import { describe as describePlace, OfflineGeocoder } from './offline-geocoder';

describe('gazetteer', () => {
  it('has a seat for every prefecture-level division of China, inside China', () => {
    const codes = new Set(PREFECTURE_SEATS.map((s) => s.code));
    const prefectures = CHINA_AREAS.flatMap((p) => p.cities);
    expect(prefectures).toHaveLength(333);
    for (const city of prefectures) expect(codes.has(city.code), city.name).toBe(true);
    for (const s of PREFECTURE_SEATS) {
      expect(s.lng, s.code).toBeGreaterThan(73);
      expect(s.lng, s.code).toBeLessThan(135.1);
      expect(s.lat, s.code).toBeGreaterThan(15);
      expect(s.lat, s.code).toBeLessThan(53.6);
    }
  });

  it('holds a few hundred districts and places, each with a valid division code and coordinates', () => {
    expect(DISTRICT_ENTRIES.length).toBeGreaterThanOrEqual(200);
    const counties = new Set(DISTRICT_ENTRIES.filter((e) => !e.inside).map((e) => e.code));
    for (const e of DISTRICT_ENTRIES) {
      expect(e.code, e.name).toMatch(/^\d{6}$/);
      expect(Number.isFinite(e.lng) && Number.isFinite(e.lat), e.name).toBe(true);
      // a place names the county-level division it lies in, which is an entry itself
      if (e.inside) expect(counties.has(e.code), e.name).toBe(true);
    }
    expect(gazetteer().places.length).toBe(PREFECTURE_SEATS.length + DISTRICT_ENTRIES.length);
  });

  it('names 鄂尔多斯 for 39.61,109.78 and 天津 for Tianjin port', () => {
    const geocoder = new OfflineGeocoder();
    const ordos = geocoder.reverseSync(39.61, 109.78);
    expect(ordos).toMatchObject({ province: '内蒙古自治区', city: '鄂尔多斯市', cityCode: '150600' });
    expect(ordos.address).toMatch(/^内蒙古自治区鄂尔多斯市/);
    const port = geocoder.reverseSync(38.97, 117.78);
    expect(port).toMatchObject({
      province: '天津市',
      city: '天津市',
      district: '滨海新区',
      cityCode: '120100',
    });
    expect(port.address).toContain('天津港');
  });

  it('writes the address with division, distance and direction', () => {
    const geocoder = new OfflineGeocoder();
    // 3.2 km north-east of 东胜区's seat
    const at = { lat: 39.822 + 0.0204, lng: 109.963 + 0.0265 };
    const address = geocoder.reverseSync(at.lat, at.lng);
    expect(address.address).toBe('内蒙古自治区鄂尔多斯市东胜区附近，距东胜区约3.2公里，方向：东北');
    expect(address.district).toBe('东胜区');
    // municipalities are not named twice; a place inside a district names both
    const badaling = geocoder.reverseSync(40.36, 116.0);
    expect(badaling.address).toMatch(/^北京市延庆区八达岭镇附近，距八达岭镇约\d+米，方向：/);
    expect(badaling.cityCode).toBe('110100');
    // far from every place: no '附近'
    const place = gazetteer().places.find((p) => p.name === '阿里地区');
    if (!place) throw new Error('阿里地区 missing');
    expect(describePlace(place, 85_300, 300)).toBe('西藏自治区阿里地区，距阿里地区约85.3公里，方向：西北');
  });

  it('finds the true nearest place, as a full scan does', () => {
    const all = gazetteer().places;
    for (let k = 0; k < 200; k++) {
      const lat = 20 + ((k * 7.3) % 30);
      const lng = 80 + ((k * 13.7) % 45);
      const found = gazetteer().nearest(lat, lng);
      const best = Math.min(...all.map((p) => distanceMeters(lat, lng, p.lat, p.lng)));
      expect(found?.meters).toBeCloseTo(best, 3);
    }
  });

  it('measures distance and direction', () => {
    // one degree of latitude is about 111.2 km
    expect(distanceMeters(39, 116, 40, 116)).toBeCloseTo(111_195, -2);
    expect(compassName(bearingDegrees(39, 116, 40, 116))).toBe('北');
    expect(compassName(bearingDegrees(39, 116, 39, 117))).toBe('东');
    expect(compassName(bearingDegrees(39, 116, 38, 115))).toBe('西南');
    expect(compassName(359)).toBe('北');
  });
});

describe('coordinates', () => {
  it('match gcoord for GCJ-02 and BD-09 over China and leave points abroad alone', () => {
    for (let k = 0; k < 500; k++) {
      const lng = 74 + ((k * 0.977) % 60);
      const lat = 18 + ((k * 0.613) % 35);
      const [gLng, gLat] = wgs84ToGcj02(lng, lat);
      const [eLng, eLat] = gcoord.transform([lng, lat], gcoord.WGS84, gcoord.GCJ02) as [number, number];
      expect(Math.abs(gLng - eLng)).toBeLessThan(1e-9);
      expect(Math.abs(gLat - eLat)).toBeLessThan(1e-9);
      const [bLng, bLat] = gcj02ToBd09(gLng, gLat);
      const [fLng, fLat] = gcoord.transform([lng, lat], gcoord.WGS84, gcoord.BD09) as [number, number];
      expect(Math.abs(bLng - fLng)).toBeLessThan(1e-9);
      expect(Math.abs(bLat - fLat)).toBeLessThan(1e-9);
    }
    expect(wgs84ToGcj02(2.35, 48.85)).toEqual([2.35, 48.85]);
  });

  it('gives the three systems with 6 decimals and converts back to WGS-84', () => {
    const set = coordSet(116.404, 39.915);
    expect(set.lng).toBe(116.404);
    expect(set.gcj02Lng).not.toBe(set.lng);
    expect(set.bd09Lng).not.toBe(set.gcj02Lng);
    const [lng, lat] = toWgs84(set.bd09Lng, set.bd09Lat, 'bd09');
    expect(lng).toBeCloseTo(116.404, 5);
    expect(lat).toBeCloseTo(39.915, 5);
  });
});
