import { Jt808Error } from './errors';

/**
 * Bounds-checked big-endian reader over a slice of a buffer. Every read past `end` throws
 * `Jt808Error('truncated')`, never a RangeError, so decoders cannot read past their input.
 */
export class Reader {
  pos: number;
  readonly end: number;

  constructor(
    readonly buf: Buffer,
    start = 0,
    end = buf.length,
    readonly what = 'body',
  ) {
    this.pos = start;
    this.end = end;
  }

  get remaining(): number {
    return this.end - this.pos;
  }

  need(n: number, field: string): void {
    if (this.pos + n > this.end) {
      throw new Jt808Error(
        'truncated',
        `${this.what}: ${field} needs ${n} byte(s) at offset ${this.pos}, only ${this.end - this.pos} left`,
      );
    }
  }

  u8(field: string): number {
    this.need(1, field);
    return this.buf[this.pos++] as number;
  }

  u16(field: string): number {
    this.need(2, field);
    const value = this.buf.readUInt16BE(this.pos);
    this.pos += 2;
    return value;
  }

  i16(field: string): number {
    this.need(2, field);
    const value = this.buf.readInt16BE(this.pos);
    this.pos += 2;
    return value;
  }

  u32(field: string): number {
    this.need(4, field);
    const value = this.buf.readUInt32BE(this.pos);
    this.pos += 4;
    return value;
  }

  bytes(n: number, field: string): Buffer {
    this.need(n, field);
    const slice = this.buf.subarray(this.pos, this.pos + n);
    this.pos += n;
    return slice;
  }

  rest(): Buffer {
    const slice = this.buf.subarray(this.pos, this.end);
    this.pos = this.end;
    return slice;
  }
}

/** Growable big-endian writer; integer writers check their range and throw `Jt808Error('range')`. */
export class Writer {
  private buf: Buffer;
  length = 0;

  constructor(initial = 64) {
    this.buf = Buffer.allocUnsafe(initial);
  }

  private reserve(n: number): void {
    if (this.length + n <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.length + n));
    this.buf.copy(next, 0, 0, this.length);
    this.buf = next;
  }

  u8(value: number, field: string): this {
    checkInt(value, 0, 0xff, field);
    this.reserve(1);
    this.buf[this.length++] = value;
    return this;
  }

  u16(value: number, field: string): this {
    checkInt(value, 0, 0xffff, field);
    this.reserve(2);
    this.buf.writeUInt16BE(value, this.length);
    this.length += 2;
    return this;
  }

  /** A WORD that may carry a two's-complement negative value (altitude). */
  word(value: number, field: string): this {
    checkInt(value, -0x8000, 0xffff, field);
    return this.u16(value & 0xffff, field);
  }

  u32(value: number, field: string): this {
    checkInt(value, 0, 0xffffffff, field);
    this.reserve(4);
    this.buf.writeUInt32BE(value, this.length);
    this.length += 4;
    return this;
  }

  bytes(data: Uint8Array): this {
    this.reserve(data.length);
    this.buf.set(data, this.length);
    this.length += data.length;
    return this;
  }

  /** `data` padded with 0x00 to exactly `size` bytes; longer data is an error. */
  fixed(data: Uint8Array, size: number, field: string): this {
    if (data.length > size) {
      throw new Jt808Error('range', `${field} is ${data.length} bytes, the field holds ${size}`);
    }
    this.bytes(data);
    this.reserve(size - data.length);
    this.buf.fill(0, this.length, this.length + size - data.length);
    this.length += size - data.length;
    return this;
  }

  toBuffer(): Buffer {
    return this.buf.subarray(0, this.length);
  }
}

export function checkInt(value: number, min: number, max: number, field: string): void {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Jt808Error('range', `${field} must be an integer in ${min}..${max}, got ${value}`);
  }
}

/** `data` as a Buffer over the same memory (no copy; no new object when it already is one). */
export function asBuffer(data: Uint8Array): Buffer {
  return Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
}

const HEX: string[] = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** Lower-case hex of `data[start..end)`; faster than Buffer#toString for the few bytes of a field. */
export function hex(data: Uint8Array, start = 0, end = data.length): string {
  let out = '';
  for (let i = start; i < end; i++) out += HEX[data[i] as number];
  return out;
}
