import { bearingDegrees, CHINA_AREAS, distanceMeters, findArea } from '@fleet/domain';
import { DISTRICT_ENTRIES } from './districts';
import { PREFECTURE_SEATS } from './prefectures';

/** A named point of the gazetteer with the divisions it lies in. */
export interface Place {
  /** What the address says the point is near: '东胜区', '天津港', '张家口市'. */
  readonly name: string;
  readonly kind: 'prefecture' | 'district' | 'place';
  /** GB/T 2260 code of the smallest division that holds the place. */
  readonly code: string;
  readonly province: string;
  readonly city: string;
  /** County-level division, '' for a prefecture seat. */
  readonly district: string;
  /** The prefecture's code ('110100' for Beijing): the address's cityCode. */
  readonly cityCode: string;
  readonly lng: number;
  readonly lat: number;
}

const MUNICIPALITIES = new Set(['11', '12', '31', '50']);

function provinceOf(code: string) {
  return CHINA_AREAS.find((p) => p.code.slice(0, 2) === code.slice(0, 2));
}

function buildPlaces(): Place[] {
  const places: Place[] = [];
  for (const seat of PREFECTURE_SEATS) {
    const province = provinceOf(seat.code);
    const area = findArea(seat.code);
    if (!province || !area) throw new Error(`gazetteer: unknown prefecture code ${seat.code}`);
    places.push({
      name: area.name,
      kind: 'prefecture',
      code: seat.code,
      province: province.name,
      city: area.name,
      district: '',
      cityCode: seat.code,
      lng: seat.lng,
      lat: seat.lat,
    });
  }
  const countyNames = new Map<string, string>();
  for (const e of DISTRICT_ENTRIES) if (!e.inside) countyNames.set(e.code, e.name);
  for (const e of DISTRICT_ENTRIES) {
    const province = provinceOf(e.code);
    const prefix = e.code.slice(0, 2);
    const municipality = MUNICIPALITIES.has(prefix);
    const cityCode = municipality ? `${prefix}0100` : `${e.code.slice(0, 4)}00`;
    const city = municipality ? province?.name : findArea(cityCode)?.name;
    const district = countyNames.get(e.code);
    if (!province || !city || !district) throw new Error(`gazetteer: unknown division code ${e.code}`);
    places.push({
      name: e.name,
      kind: e.inside ? 'place' : 'district',
      code: e.code,
      province: province.name,
      city,
      district,
      cityCode,
      lng: e.lng,
      lat: e.lat,
    });
  }
  return places;
}

const COMPASS = ['北', '东北', '东', '东南', '南', '西南', '西', '西北'] as const;

/** The eight-point compass name of a bearing: 0 北, 45 东北, 90 东, ... */
export function compassName(bearing: number): string {
  return COMPASS[Math.round((((bearing % 360) + 360) % 360) / 45) % 8] as string;
}

const CELL_DEG = 0.5;
/** Ground distance of one cell of latitude, and a floor for one of longitude (cos 60° covers China). */
const CELL_MIN_M = CELL_DEG * 111_320 * 0.5;
const MAX_RING = 240;

/** Nearest-place search over a grid of 0.5° cells, growing square rings until nothing closer can lie beyond. */
export class Gazetteer {
  private readonly cells = new Map<number, Place[]>();

  constructor(readonly places: readonly Place[]) {
    for (const place of places) {
      const key = this.key(this.cell(place.lng), this.cell(place.lat));
      const list = this.cells.get(key);
      if (list) list.push(place);
      else this.cells.set(key, [place]);
    }
  }

  private cell(deg: number): number {
    return Math.floor(deg / CELL_DEG);
  }

  private key(i: number, j: number): number {
    return (i + 1000) * 10_000 + (j + 1000);
  }

  /** The nearest place and its distance in metres; undefined only for an empty gazetteer. */
  nearest(lat: number, lng: number): { place: Place; meters: number } | undefined {
    const ci = this.cell(lng);
    const cj = this.cell(lat);
    let best: Place | undefined;
    let bestMeters = Number.POSITIVE_INFINITY;
    for (let ring = 0; ring <= MAX_RING; ring++) {
      for (let i = ci - ring; i <= ci + ring; i++) {
        for (let j = cj - ring; j <= cj + ring; j++) {
          if (Math.max(Math.abs(i - ci), Math.abs(j - cj)) !== ring) continue;
          const list = this.cells.get(this.key(i, j));
          if (!list) continue;
          for (const place of list) {
            const meters = distanceMeters(lat, lng, place.lat, place.lng);
            if (meters < bestMeters) {
              best = place;
              bestMeters = meters;
            }
          }
        }
      }
      // every cell of the next ring lies at least `ring` whole cells away
      if (best && bestMeters <= ring * CELL_MIN_M) break;
    }
    return best ? { place: best, meters: bestMeters } : undefined;
  }
}

let shared: Gazetteer | undefined;

/** The gazetteer the project ships, built once. */
export function gazetteer(): Gazetteer {
  shared ??= new Gazetteer(buildPlaces());
  return shared;
}

export { bearingDegrees, distanceMeters };
