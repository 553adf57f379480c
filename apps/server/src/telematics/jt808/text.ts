import { Jt808Error } from './errors';

/**
 * GBK text, the encoding of every STRING of JT/T 808. Decoding uses Node's WHATWG 'gbk' decoder
 * (a GB18030 decoder, so it never throws). Encoding uses a reverse table built once, lazily, by
 * decoding every two-byte GBK code (lead 0x81-0xFE, trail 0x40-0xFE except 0x7F); a character
 * outside ASCII and that table (emoji, characters only GB18030's four-byte form has) is refused
 * with `Jt808Error('encoding')` rather than silently replaced.
 */
const decoder = new TextDecoder('gbk');
let reverse: Uint16Array | undefined;

function reverseTable(): Uint16Array {
  if (reverse) return reverse;
  const table = new Uint16Array(0x10000);
  const pair = new Uint8Array(2);
  for (let lead = 0x81; lead <= 0xfe; lead++) {
    for (let trail = 0x40; trail <= 0xfe; trail++) {
      if (trail === 0x7f) continue;
      pair[0] = lead;
      pair[1] = trail;
      const text = decoder.decode(pair);
      if (text.length !== 1) continue;
      const code = text.charCodeAt(0);
      if (code === 0xfffd || code < 0x80 || table[code] !== 0) continue;
      table[code] = (lead << 8) | trail;
    }
  }
  reverse = table;
  return table;
}

export function decodeGbk(data: Uint8Array): string {
  return decoder.decode(data);
}

export function encodeGbk(text: string, field = 'text'): Buffer {
  const out = Buffer.allocUnsafe(text.length * 2);
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) {
      out[n++] = code;
      continue;
    }
    if (code === 0x20ac) {
      out[n++] = 0x80; // the euro sign, GBK's one single-byte character above ASCII
      continue;
    }
    const gbk = reverseTable()[code] ?? 0;
    if (gbk === 0) {
      const char = String.fromCodePoint(text.codePointAt(i) ?? code);
      throw new Jt808Error('encoding', `${field}: "${char}" (U+${code.toString(16)}) has no GBK code`);
    }
    out[n++] = gbk >> 8;
    out[n++] = gbk & 0xff;
  }
  return out.subarray(0, n);
}

/**
 * A fixed-width or trailing STRING: GBK decoded, with the 0x00 padding (either side) and
 * surrounding spaces removed. Left padding with ASCII '0', which some devices use, is kept.
 */
export function decodeField(data: Uint8Array): string {
  let start = 0;
  let end = data.length;
  while (start < end && (data[start] === 0 || data[start] === 0x20)) start++;
  while (end > start && (data[end - 1] === 0 || data[end - 1] === 0x20)) end--;
  return decodeGbk(data.subarray(start, end));
}
