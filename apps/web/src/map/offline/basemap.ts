/**
 * The offline base map's data (china-basemap.json, built by apps/web/scripts/offline-basemap.ts):
 * China's provinces and prefecture-level cities, each a name, a label point and outline rings of
 * integer thousandths of a degree, the first point absolute and the rest as deltas.
 */

export interface BaseShape {
  name: string;
  /** Label point, [lng, lat]. */
  at: [number, number];
  rings: number[][];
}

export interface BaseMapData {
  source: string;
  provinces: BaseShape[];
  cities: BaseShape[];
}

/** A packed ring as [lng, lat] points. */
export function unpackRing(packed: readonly number[]): [number, number][] {
  const points: [number, number][] = [];
  let x = 0;
  let y = 0;
  for (let i = 0; i + 1 < packed.length; i += 2) {
    x += packed[i] as number;
    y += packed[i + 1] as number;
    points.push([x / 1000, y / 1000]);
  }
  return points;
}

/** What the base map shows at a zoom: city outlines from 6, province names to 7, city names from 7. */
export function shownAt(zoom: number): { cityOutlines: boolean; provinceNames: boolean; cityNames: boolean } {
  return { cityOutlines: zoom >= 6, provinceNames: zoom >= 4 && zoom < 8, cityNames: zoom >= 7 };
}

/** Soft fills that tell neighbouring provinces apart (by the province's place in the data). */
export const PROVINCE_FILLS = ['#efe6cf', '#e3ecd5', '#f2dfd5', '#dfe7ee', '#ece3ef', '#e8ead0'];
