import { deflateSync } from 'node:zlib';
import { formatDateTime } from '@fleet/domain';

/**
 * Evidence photos of simulated active-safety alarms: a 320×180 camera frame drawn in memory (the
 * road ahead with the vehicle or lane at issue, the driver in the cab, or the lane beside the
 * truck) with the camera's caption bands (time and channel above, plate and event below, in a
 * 5×7 pixel font) and written as a PNG with zlib. Deterministic: the same event gives the same bytes.
 */

export const FRAME_WIDTH = 320;
export const FRAME_HEIGHT = 180;

/** What a camera saw: which camera, what happened, when and on which truck. */
export interface EvidenceScene {
  /** 'adas' front camera, 'dsm' driver camera, 'bsd' side camera. */
  camera: 'adas' | 'dsm' | 'bsd';
  /** Event type of the item (苏标: ADAS 1-7, DSM 1-5, BSD 1-3). */
  type: number;
  /** Short caption of the event, ASCII. */
  label: string;
  plate: string;
  channel: number;
  /** Epoch ms. */
  time: number;
  /** km/h */
  speed: number;
  /** 0 for the first photo of an event, 1 for the next (a moment later). */
  shot: number;
}

type Rgb = readonly [number, number, number];

/** 5×7 glyphs, one hex byte a row (bit 4 the leftmost pixel). */
const GLYPHS: Record<string, string> = {
  '0': '0e11131519110e',
  '1': '040c040404040e',
  '2': '0e11010204081f',
  '3': '1f02040201110e',
  '4': '02060a121f0202',
  '5': '1f101e0101110e',
  '6': '0608101e11110e',
  '7': '1f010204080808',
  '8': '0e11110e11110e',
  '9': '0e11110f01020c',
  A: '0e11111f111111',
  B: '1e11111e11111e',
  C: '0e11101010110e',
  D: '1c12111111121c',
  E: '1f10101e10101f',
  F: '1f10101e101010',
  G: '0e11101711110f',
  H: '1111111f111111',
  I: '0e04040404040e',
  J: '0702020202120c',
  K: '11121418141211',
  L: '1010101010101f',
  M: '111b1515111111',
  N: '11111915131111',
  O: '0e11111111110e',
  P: '1e11111e101010',
  Q: '0e11111115120d',
  R: '1e11111e141211',
  S: '0f10100e01011e',
  T: '1f040404040404',
  U: '1111111111110e',
  V: '11111111110a04',
  W: '1111111515150a',
  X: '11110a040a1111',
  Y: '1111110a040404',
  Z: '1f01020408101f',
  '-': '0000001f000000',
  ':': '000c0c000c0c00',
  '.': '00000000000c0c',
  '/': '00010204081000',
  ' ': '00000000000000',
};

class Canvas {
  readonly pixels = new Uint8Array(FRAME_WIDTH * FRAME_HEIGHT * 3);

  set(x: number, y: number, c: Rgb): void {
    if (x < 0 || y < 0 || x >= FRAME_WIDTH || y >= FRAME_HEIGHT) return;
    const i = (Math.floor(y) * FRAME_WIDTH + Math.floor(x)) * 3;
    this.pixels[i] = c[0];
    this.pixels[i + 1] = c[1];
    this.pixels[i + 2] = c[2];
  }

  rect(x: number, y: number, w: number, h: number, c: Rgb): void {
    for (let yy = Math.max(0, Math.round(y)); yy < Math.min(FRAME_HEIGHT, Math.round(y + h)); yy++) {
      for (let xx = Math.max(0, Math.round(x)); xx < Math.min(FRAME_WIDTH, Math.round(x + w)); xx++) {
        this.set(xx, yy, c);
      }
    }
  }

  /** Rows from `top` to `bottom`, each filled between the edges the functions give. */
  rows(top: number, bottom: number, left: (y: number) => number, right: (y: number) => number, c: Rgb): void {
    for (let y = Math.max(0, top); y < Math.min(FRAME_HEIGHT, bottom); y++) {
      for (let x = Math.max(0, Math.round(left(y))); x < Math.min(FRAME_WIDTH, Math.round(right(y))); x++) {
        this.set(x, y, c);
      }
    }
  }

  disc(cx: number, cy: number, r: number, c: Rgb): void {
    this.rows(
      Math.round(cy - r),
      Math.round(cy + r),
      (y) => cx - Math.sqrt(Math.max(0, r * r - (y - cy) ** 2)),
      (y) => cx + Math.sqrt(Math.max(0, r * r - (y - cy) ** 2)),
      c,
    );
  }

  text(x: number, y: number, text: string, c: Rgb, scale = 1): void {
    let left = x;
    for (const ch of text.toUpperCase()) {
      const glyph = GLYPHS[ch] ?? GLYPHS[' '];
      for (let row = 0; row < 7; row++) {
        const bits = Number.parseInt((glyph as string).slice(row * 2, row * 2 + 2), 16);
        for (let col = 0; col < 5; col++) {
          if (bits & (0x10 >> col)) this.rect(left + col * scale, y + row * scale, scale, scale, c);
        }
      }
      left += 6 * scale;
    }
  }
}

const WHITE: Rgb = [240, 240, 240];
const ROAD: Rgb = [88, 90, 94];

/** Road ahead from the front camera: vanishing point at the middle of the horizon. */
function roadAhead(c: Canvas, scene: EvidenceScene): void {
  const horizon = 78;
  for (let y = 14; y < horizon; y++) c.rect(0, y, FRAME_WIDTH, 1, [150 + (y >> 2), 180 + (y >> 3), 215]);
  c.rect(0, horizon, FRAME_WIDTH, FRAME_HEIGHT - horizon, [104, 122, 84]);
  const cx = FRAME_WIDTH / 2;
  const spread = (y: number) => ((y - horizon) / (FRAME_HEIGHT - horizon)) * 190;
  c.rows(
    horizon,
    FRAME_HEIGHT - 14,
    (y) => cx - spread(y) - 4,
    (y) => cx + spread(y) + 4,
    ROAD,
  );
  // Lane lines; a lane departure puts one under the middle of the picture.
  const drift = scene.type === 2 ? 60 + scene.shot * 15 : 0;
  for (const lane of [-0.55, 0.55]) {
    for (let y = horizon + 2; y < FRAME_HEIGHT - 14; y++) {
      if (Math.floor((y - horizon) / 6 + scene.shot) % 2 === 1) continue;
      const x = cx + lane * spread(y) + drift * ((y - horizon) / (FRAME_HEIGHT - horizon));
      c.rect(x - 1, y, 2 + (y - horizon) / 30, 1, WHITE);
    }
  }
  if (scene.type === 1 || scene.type === 3 || scene.type === 7) {
    // The vehicle or obstacle ahead, nearer in the second shot and nearer still for a collision.
    const size = (scene.type === 1 ? 46 : 34) + scene.shot * 10;
    const top = horizon + 30 - size / 4;
    c.rect(cx - size / 2, top, size, size * 0.7, scene.type === 7 ? [120, 84, 40] : [40, 44, 56]);
    c.rect(cx - size / 2 + 3, top + size * 0.5, 6, 4, [220, 30, 30]);
    c.rect(cx + size / 2 - 9, top + size * 0.5, 6, 4, [220, 30, 30]);
  } else if (scene.type === 4) {
    const x = cx + 20 - scene.shot * 12;
    c.disc(x, horizon + 28, 5, [230, 190, 150]);
    c.rect(x - 5, horizon + 33, 10, 22, [200, 60, 40]);
  } else if (scene.type === 6) {
    c.rect(cx + 110, horizon - 30, 3, 40, [120, 120, 120]);
    c.disc(cx + 111, horizon - 36, 14, [220, 30, 30]);
    c.disc(cx + 111, horizon - 36, 10, WHITE);
  }
}

/** The cab from the driver camera: seat, driver, and the object of a phone call or a cigarette. */
function cab(c: Canvas, scene: EvidenceScene): void {
  c.rect(0, 14, FRAME_WIDTH, FRAME_HEIGHT - 28, [46, 48, 52]);
  c.rect(90, 40, 140, 140, [70, 62, 58]);
  const tilt = scene.type === 1 || scene.type === 4 ? 10 + scene.shot * 6 : 0;
  c.rect(110, 120, 100, 60, [40, 70, 120]);
  c.disc(160 + tilt, 88, 26, [215, 175, 140]);
  c.rect(134 + tilt, 62, 52, 12, [30, 26, 24]);
  if (scene.type === 1) {
    c.rect(146 + tilt, 86, 10, 2, [40, 30, 30]);
    c.rect(166 + tilt, 86, 10, 2, [40, 30, 30]);
  } else if (scene.type === 2) {
    c.rect(186, 74, 12, 24, [20, 20, 24]);
  } else if (scene.type === 3) {
    c.rect(166, 104, 22, 3, WHITE);
    c.disc(190, 100 - scene.shot * 4, 4, [200, 200, 200]);
  }
}

/** The lane beside the truck from the side camera, with the vehicle that came close. */
function side(c: Canvas, scene: EvidenceScene): void {
  c.rect(0, 14, FRAME_WIDTH, 50, [160, 185, 215]);
  c.rect(0, 64, FRAME_WIDTH, FRAME_HEIGHT - 78, ROAD);
  c.rect(0, 100, FRAME_WIDTH, 3, WHITE);
  const x = 60 + scene.shot * 40 + (scene.type === 1 ? 0 : 30);
  c.rect(x, 70, 120, 60, [150, 30, 30]);
  c.disc(x + 25, 132, 12, [20, 20, 20]);
  c.disc(x + 95, 132, 12, [20, 20, 20]);
}

function crcTable(): Uint32Array {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let v = n;
    for (let k = 0; k < 8; k++) v = v & 1 ? 0xedb88320 ^ (v >>> 1) : v >>> 1;
    table[n] = v >>> 0;
  }
  return table;
}
const CRC = crcTable();

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  let crc = 0xffffffff;
  for (const byte of body) crc = (CRC[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE((crc ^ 0xffffffff) >>> 0, body.length + 4);
  return out;
}

/** RGB pixels as a PNG (colour type 2, 8 bits, no filter). */
export function encodePng(width: number, height: number, rgb: Uint8Array): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 3 + 1)] = 0;
    Buffer.from(rgb.buffer, rgb.byteOffset + y * width * 3, width * 3).copy(raw, y * (width * 3 + 1) + 1);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The photo of an event as a PNG. */
export function evidencePhoto(scene: EvidenceScene): Buffer {
  const c = new Canvas();
  if (scene.camera === 'adas') roadAhead(c, scene);
  else if (scene.camera === 'dsm') cab(c, scene);
  else side(c, scene);
  const band: Rgb = [16, 16, 16];
  c.rect(0, 0, FRAME_WIDTH, 14, band);
  c.rect(0, FRAME_HEIGHT - 14, FRAME_WIDTH, 14, band);
  // Shanghai time as the camera's clock shows it; the plate without its province character.
  c.text(4, 4, `${formatDateTime(new Date(scene.time))} CH${scene.channel}`, WHITE);
  const plate = scene.plate.replace(/[^0-9A-Za-z]/g, '');
  c.text(4, FRAME_HEIGHT - 11, `${plate} ${scene.label} ${Math.round(scene.speed)}KM/H`, [255, 210, 60]);
  return encodePng(FRAME_WIDTH, FRAME_HEIGHT, c.pixels);
}

/**
 * A photo of a paper form (a weighbridge slip, a signed receipt) as the demo's waybills show them:
 * lines of text, the first as the title, on white paper with a stamp. ASCII only.
 */
export function paperPhoto(lines: readonly string[]): Buffer {
  const c = new Canvas();
  c.rect(0, 0, FRAME_WIDTH, FRAME_HEIGHT, [120, 116, 108]);
  c.rect(24, 8, FRAME_WIDTH - 48, FRAME_HEIGHT - 16, [248, 246, 238]);
  const ink: Rgb = [40, 40, 60];
  lines.forEach((line, i) => {
    c.text(40, i === 0 ? 20 : 30 + i * 16, line, ink, i === 0 ? 2 : 1);
  });
  c.disc(FRAME_WIDTH - 70, FRAME_HEIGHT - 42, 22, [200, 40, 40]);
  c.disc(FRAME_WIDTH - 70, FRAME_HEIGHT - 42, 18, [248, 246, 238]);
  c.text(FRAME_WIDTH - 84, FRAME_HEIGHT - 45, 'OK', [200, 40, 40], 2);
  return encodePng(FRAME_WIDTH, FRAME_HEIGHT, c.pixels);
}
