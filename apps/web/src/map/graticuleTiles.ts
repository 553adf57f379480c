/** Web Mercator tile geometry for the graticule background (no map instance needed). */

/** Longitude of the west edge of tile column x at zoom z. */
export function tileLng(x: number, z: number): number {
  return (x / 2 ** z) * 360 - 180;
}

/** Latitude of the north edge of tile row y at zoom z. */
export function tileLat(y: number, z: number): number {
  const n = Math.PI - (2 * Math.PI * y) / 2 ** z;
  return (180 / Math.PI) * Math.atan(Math.sinh(n));
}

/** Pixel row (0..size) of a latitude within tile row y at zoom z. */
export function latToTilePixel(lat: number, y: number, z: number, size: number): number {
  const rad = (lat * Math.PI) / 180;
  const worldY = ((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * 2 ** z;
  return (worldY - y) * size;
}
