import { bearingDegrees, compassName, type Gazetteer, gazetteer, type Place } from './gazetteer';
import type { GeoAddress, ReverseGeocoder } from './geo.types';

/** Beyond this distance from the nearest named place an address no longer says '附近'. */
const NEAR_METERS = 30_000;

function distanceText(meters: number): string {
  if (meters < 1000) return `约${Math.max(10, Math.round(meters / 10) * 10)}米`;
  return `约${(meters / 1000).toFixed(1)}公里`;
}

/** '内蒙古自治区鄂尔多斯市东胜区' for a place: municipalities are not named twice. */
function divisionText(place: Place): string {
  const city = place.city === place.province ? '' : place.city;
  const town = place.kind === 'place' ? place.name : '';
  return `${place.province}${city}${place.district}${town}`;
}

/** The address text of a point near a place, with distance and direction from the place. */
export function describe(place: Place, meters: number, bearing: number): string {
  const near = meters <= NEAR_METERS ? '附近' : '';
  return `${divisionText(place)}${near}，距${place.name}${distanceText(meters)}，方向：${compassName(bearing)}`;
}

/** The address of a point the gazetteer has no place near (abroad), or of impossible coordinates. */
function unnamed(valid: boolean): GeoAddress {
  return {
    address: valid ? '境外或未收录地区' : '无效坐标',
    province: '',
    city: '',
    district: '',
    cityCode: '',
    provider: 'offline',
  };
}

/**
 * The built-in provider: names the nearest place of the gazetteer the project ships (every
 * prefecture seat of China, and the districts, towns and ports along the demo lines). Needs no
 * network and never fails: a point far from every place, or impossible coordinates, get an
 * address that says so.
 */
export class OfflineGeocoder implements ReverseGeocoder {
  readonly name = 'offline' as const;

  constructor(private readonly places: Gazetteer = gazetteer()) {}

  async reverse(lat: number, lng: number): Promise<GeoAddress> {
    return this.reverseSync(lat, lng);
  }

  reverseSync(lat: number, lng: number): GeoAddress {
    const valid = Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
    const found = valid ? this.places.nearest(lat, lng) : undefined;
    if (!found) return unnamed(valid);
    const { place, meters } = found;
    return {
      address: describe(place, meters, bearingDegrees(place.lat, place.lng, lat, lng)),
      province: place.province,
      city: place.city,
      district: place.district,
      cityCode: place.cityCode,
      provider: 'offline',
    };
  }
}
