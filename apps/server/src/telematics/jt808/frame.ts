import { asBuffer } from './bytes';
import { Jt808Error } from './errors';

/**
 * Framing of JT/T 808: 0x7e | escaped(header + body + check code) | 0x7e.
 * Escaping: 0x7e -> 7d 02, 0x7d -> 7d 01 (check code included). Check code: XOR of header and body.
 */
export const FLAG = 0x7e;
const ESC = 0x7d;

/** Default cap of one frame on the wire, delimiters and escapes included (a body is at most 1023 bytes). */
export const DEFAULT_MAX_FRAME_LENGTH = 4096;

export function xorChecksum(data: Uint8Array, start = 0, end = data.length): number {
  let x = 0;
  for (let i = start; i < end; i++) x ^= data[i] as number;
  return x;
}

/** Escaped form of `data` (no delimiters added). */
export function escapeBytes(data: Uint8Array): Buffer {
  let extra = 0;
  for (let i = 0; i < data.length; i++) if (data[i] === FLAG || data[i] === ESC) extra++;
  const out = Buffer.allocUnsafe(data.length + extra);
  let n = 0;
  for (let i = 0; i < data.length; i++) {
    const b = data[i] as number;
    if (b === FLAG || b === ESC) {
      out[n++] = ESC;
      out[n++] = b === FLAG ? 0x02 : 0x01;
    } else {
      out[n++] = b;
    }
  }
  return out;
}

/** Reverses `escapeBytes`; any 0x7d not followed by 0x01 or 0x02, and any bare 0x7e, is an error. */
export function unescapeBytes(data: Uint8Array): Buffer {
  const src = asBuffer(data);
  const first = src.indexOf(ESC);
  const flag = src.indexOf(FLAG);
  if (flag >= 0) throw new Jt808Error('frame', `0x7e inside frame content at offset ${flag}`);
  if (first < 0) return src;
  const out = Buffer.allocUnsafe(src.length);
  src.copy(out, 0, 0, first);
  let n = first;
  for (let i = first; i < src.length; i++) {
    const b = src[i] as number;
    if (b !== ESC) {
      out[n++] = b;
      continue;
    }
    const next = src[i + 1];
    if (next === 0x01) out[n++] = ESC;
    else if (next === 0x02) out[n++] = FLAG;
    else {
      const what = next === undefined ? 'at the end' : `followed by 0x${next.toString(16).padStart(2, '0')}`;
      throw new Jt808Error('escape', `0x7d ${what} (offset ${i})`);
    }
    i++;
  }
  return out.subarray(0, n);
}

/** A complete frame of `content` (header + body): check code appended, escaped, delimited. */
export function wrapFrame(content: Uint8Array): Buffer {
  const check = xorChecksum(content);
  let extra = 0;
  for (let i = 0; i < content.length; i++) if (content[i] === FLAG || content[i] === ESC) extra++;
  if (check === FLAG || check === ESC) extra++;
  const out = Buffer.allocUnsafe(content.length + extra + 3);
  out[0] = FLAG;
  let n = 1;
  for (let i = 0; i <= content.length; i++) {
    const b = i < content.length ? (content[i] as number) : check;
    if (b === FLAG || b === ESC) {
      out[n++] = ESC;
      out[n++] = b === FLAG ? 0x02 : 0x01;
    } else {
      out[n++] = b;
    }
  }
  out[n] = FLAG;
  return out;
}

export interface UnwrappedFrame {
  /** Header and body, unescaped, check code removed. */
  content: Buffer;
  /** The check code byte as received. */
  checksum: number;
}

/**
 * Content of one frame (with or without its 0x7e delimiters): unescaped, and the check code
 * verified unless `verifyChecksum` is false (for tools reading captures with known-bad codes).
 */
export function unwrapFrame(frame: Uint8Array, verifyChecksum = true): UnwrappedFrame {
  const data = asBuffer(frame);
  let start = 0;
  let end = data.length;
  if (end > 0 && data[0] === FLAG) start++;
  if (end > start && data[end - 1] === FLAG) end--;
  if (end <= start) throw new Jt808Error('frame', 'empty frame');
  const escaped = data.indexOf(ESC, start);
  const raw = escaped >= 0 && escaped < end ? unescapeBytes(data.subarray(start, end)) : data;
  if (raw === data) {
    const flag = data.indexOf(FLAG, start);
    if (flag >= 0 && flag < end) throw new Jt808Error('frame', `0x7e inside frame content at offset ${flag}`);
  } else {
    start = 0;
    end = raw.length;
  }
  if (end - start < 2) throw new Jt808Error('truncated', `frame content is ${end - start} byte(s)`);
  const content = raw.subarray(start, end - 1);
  const checksum = raw[end - 1] as number;
  if (verifyChecksum) {
    const computed = xorChecksum(content);
    if (computed !== checksum) {
      const hex2 = (n: number) => `0x${n.toString(16).padStart(2, '0')}`;
      throw new Jt808Error('checksum', `check code ${hex2(checksum)} received, ${hex2(computed)} computed`);
    }
  }
  return { content, checksum };
}

export interface FrameSplitterOptions {
  /** Longest frame accepted, in wire bytes including both 0x7e; longer ones are dropped. */
  maxFrameLength?: number;
}

/**
 * Cuts a TCP byte stream into frames. Feed it chunks as they arrive; it answers the complete frames
 * (escaped, both 0x7e included, each in its own buffer). Bytes outside frames are skipped and
 * counted; 7e 7e (a closing flag followed by an opening one, or two flags after a lost byte) never
 * makes an empty frame: the second flag opens the next frame. A frame growing past
 * `maxFrameLength` is dropped up to and including its closing flag, so a peer cannot make the
 * splitter hold more than `maxFrameLength` bytes.
 */
export class FrameSplitter {
  private readonly max: number;
  private state: 'hunt' | 'frame' | 'skip' = 'hunt';
  private parts: Buffer[] = [];
  private partLength = 0;
  /** Bytes skipped outside frames and inside dropped (oversized) frames. */
  discardedBytes = 0;
  /** Frames dropped for exceeding `maxFrameLength`. */
  oversizedFrames = 0;

  constructor(options: FrameSplitterOptions = {}) {
    this.max = Math.max(16, options.maxFrameLength ?? DEFAULT_MAX_FRAME_LENGTH);
  }

  /** Bytes held for a frame not yet closed. */
  get buffered(): number {
    return this.partLength;
  }

  push(chunk: Uint8Array): Buffer[] {
    const data = asBuffer(chunk);
    const frames: Buffer[] = [];
    let pos = 0;
    while (pos < data.length) {
      const flag = data.indexOf(FLAG, pos);
      if (this.state === 'hunt' || this.state === 'skip') {
        const skipped = (flag < 0 ? data.length : flag) - pos;
        this.discardedBytes += skipped + (this.state === 'skip' && flag >= 0 ? 1 : 0);
        if (flag < 0) break;
        this.state = this.state === 'skip' ? 'hunt' : 'frame';
        pos = flag + 1;
        continue;
      }
      // Inside a frame: content runs from `pos` to the next flag (or the end of the chunk).
      const stop = flag < 0 ? data.length : flag;
      const length = this.partLength + (stop - pos);
      if (length + 2 > this.max) {
        this.oversizedFrames++;
        this.discardedBytes += length + 1;
        this.parts = [];
        this.partLength = 0;
        this.state = flag < 0 ? 'skip' : 'hunt';
        pos = flag < 0 ? data.length : flag + 1;
        continue;
      }
      if (flag < 0) {
        this.parts.push(Buffer.from(data.subarray(pos)));
        this.partLength = length;
        break;
      }
      pos = flag + 1;
      if (length === 0) continue; // 7e 7e: this flag opens the frame instead
      const frame = Buffer.allocUnsafe(length + 2);
      frame[0] = FLAG;
      let n = 1;
      for (const part of this.parts) {
        part.copy(frame, n);
        n += part.length;
      }
      data.copy(frame, n, stop - (length - this.partLength), stop);
      frame[length + 1] = FLAG;
      frames.push(frame);
      this.parts = [];
      this.partLength = 0;
      this.state = 'hunt';
    }
    return frames;
  }

  /** Forgets a partial frame (e.g. after the connection was reset). */
  reset(): void {
    this.parts = [];
    this.partLength = 0;
    this.state = 'hunt';
  }
}
