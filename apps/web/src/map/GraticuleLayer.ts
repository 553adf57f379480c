import * as L from 'leaflet';
import { graticuleStep, gridLines } from './graticuleMath';
import { latToTilePixel, tileLat, tileLng } from './graticuleTiles';

export const PLAIN_BACKGROUND = '#f3f1ec';
const LINE = 'rgba(120, 110, 90, 0.22)';
const MAJOR_LINE = 'rgba(120, 110, 90, 0.42)';

/**
 * The plain background: light canvas tiles with meridians and parallels, drawn without any tile
 * server. It sits under the tile layers, so it also shows while tiles load, and alone when none come.
 */
export class GraticuleLayer extends L.GridLayer {
  constructor() {
    super({ pane: 'tilePane', zIndex: 0, tileSize: 512, updateWhenZooming: false, keepBuffer: 1 });
  }

  override createTile(coords: L.Coords): HTMLElement {
    const tile = document.createElement('canvas');
    const size = this.getTileSize();
    const ratio = Math.min(2, window.devicePixelRatio || 1);
    tile.width = size.x * ratio;
    tile.height = size.y * ratio;
    const ctx = tile.getContext('2d');
    if (!ctx) return tile;
    ctx.scale(ratio, ratio);
    ctx.fillStyle = PLAIN_BACKGROUND;
    ctx.fillRect(0, 0, size.x, size.y);

    // 512 px tiles (a quarter of the layers of 256 px ones): the tile grid of one zoom level less.
    const { x, y } = coords;
    const z = coords.z - Math.log2(size.x / 256);
    const west = tileLng(x, z);
    const east = tileLng(x + 1, z);
    const north = tileLat(y, z);
    const south = tileLat(y + 1, z);
    const step = graticuleStep(coords.z);
    const major = step * 5;
    const isMajor = (value: number) => Math.abs(value / major - Math.round(value / major)) < 1e-9;

    ctx.lineWidth = 1;
    for (const lng of gridLines(west, east, step)) {
      const px = Math.round(((lng - west) / (east - west)) * size.x) + 0.5;
      ctx.strokeStyle = isMajor(lng) ? MAJOR_LINE : LINE;
      ctx.beginPath();
      ctx.moveTo(px, 0);
      ctx.lineTo(px, size.y);
      ctx.stroke();
    }
    for (const lat of gridLines(south, north, step)) {
      const py = Math.round(latToTilePixel(lat, y, z, size.y)) + 0.5;
      ctx.strokeStyle = isMajor(lat) ? MAJOR_LINE : LINE;
      ctx.beginPath();
      ctx.moveTo(0, py);
      ctx.lineTo(size.x, py);
      ctx.stroke();
    }
    return tile;
  }
}
