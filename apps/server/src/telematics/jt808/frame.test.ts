import { describe, expect, it } from 'vitest';
import { hex, reasonOf } from '../../test/jt808';
import { parseFrame } from './decode';
import { encodeHeartbeat } from './encode';
import { escapeBytes, FrameSplitter, unescapeBytes, unwrapFrame, wrapFrame, xorChecksum } from './frame';

const hexes = (frames: Buffer[]) => frames.map((f) => f.toString('hex'));

// A heartbeat (SmallChi JT808_0x0002Test) and a frame whose check code is 0x7e, sent escaped.
const A = '7e00020000012345678900000a817e';
const B = '7e0002000004002167928700 2b7d027e'.replace(' ', '');

describe('escaping', () => {
  it('escapes 0x7e and 0x7d and reverses it', () => {
    expect(escapeBytes(hex('307e087d55')).toString('hex')).toBe('307d02087d0155');
    expect(unescapeBytes(hex('307d02087d0155')).toString('hex')).toBe('307e087d55');
    expect(unescapeBytes(hex('0102')).toString('hex')).toBe('0102');
  });

  it('refuses 0x7d followed by anything but 01 / 02, a trailing 0x7d, and a bare 0x7e', () => {
    expect(reasonOf(() => unescapeBytes(hex('307d03')))).toBe('escape');
    expect(reasonOf(() => unescapeBytes(hex('307d')))).toBe('escape');
    expect(reasonOf(() => unescapeBytes(hex('307e08')))).toBe('frame');
  });

  it('wraps content with check code, escapes included, and unwraps it', () => {
    const content = hex('00020000 012345678900 000a');
    expect(wrapFrame(content).toString('hex')).toBe(A);
    expect(xorChecksum(content)).toBe(0x81);
    const wrapped = wrapFrame(hex('00020000 040021679287 002b'));
    expect(wrapped.toString('hex')).toBe(B); // check code 0x7e goes out as 7d 02
    expect(unwrapFrame(wrapped).checksum).toBe(0x7e);
  });

  it('refuses a wrong check code with a typed error, and reads it when told not to verify', () => {
    const bad = hex(A.replace(/817e$/, '807e'));
    expect(reasonOf(() => unwrapFrame(bad))).toBe('checksum');
    expect(reasonOf(() => parseFrame(bad))).toBe('checksum');
    expect(parseFrame(bad, { verifyChecksum: false }).header.serial).toBe(10);
    expect(reasonOf(() => unwrapFrame(hex('7e7e')))).toBe('frame');
    expect(reasonOf(() => unwrapFrame(hex('7e017e')))).toBe('truncated');
  });
});

describe('FrameSplitter', () => {
  it('yields several frames of one chunk, skipping garbage between and around them', () => {
    const s = new FrameSplitter();
    expect(hexes(s.push(hex(`2424${A}55aa${B}99`)))).toEqual([A, B]);
    expect(s.discardedBytes).toBe(5);
    expect(s.buffered).toBe(0);
  });

  it('joins a frame split across chunks at every position', () => {
    const stream = hex(`${A}${B}${A}`);
    for (let cut = 1; cut < stream.length; cut++) {
      const s = new FrameSplitter();
      const frames = [...s.push(stream.subarray(0, cut)), ...s.push(stream.subarray(cut))];
      expect(hexes(frames)).toEqual([A, B, A]);
    }
  });

  it('treats 7e 7e as close-then-open, never as an empty frame', () => {
    const s = new FrameSplitter();
    expect(hexes(s.push(hex(`7e7e7e${A.slice(2)}7e${B.slice(2)}`)))).toEqual([A, `7e${B.slice(2)}`]);
    // Joining mid-frame: the tail reads as garbage, its closing flag opens an empty frame that the
    // next opening flag turns into the real start.
    const late = new FrameSplitter();
    expect(hexes(late.push(hex(`3456789000000a817e${A}`)))).toEqual([A]);
  });

  it('copies frames out of the chunk, so the caller may reuse its buffer', () => {
    const chunk = hex(A);
    const [frame] = new FrameSplitter().push(chunk);
    chunk.fill(0);
    expect(frame?.toString('hex')).toBe(A);
  });

  it('drops a frame longer than the cap and holds no more than the cap meanwhile', () => {
    const s = new FrameSplitter({ maxFrameLength: 64 });
    expect(s.push(hex(`7e${'11'.repeat(40)}`))).toEqual([]);
    expect(s.buffered).toBe(40);
    expect(s.push(hex('11'.repeat(40)))).toEqual([]); // now over 64: dropped
    expect(s.buffered).toBe(0);
    expect(s.oversizedFrames).toBe(1);
    for (let i = 0; i < 100; i++) {
      expect(s.push(hex('22'.repeat(1000)))).toEqual([]); // still inside the dropped frame
      expect(s.buffered).toBe(0);
    }
    // Its closing flag ends the skipping; the next frame comes through.
    expect(hexes(s.push(hex(`33337e${A}`)))).toEqual([A]);
  });

  it('drops an over-long frame that closes within one chunk and keeps the next', () => {
    const s = new FrameSplitter({ maxFrameLength: 32 });
    expect(hexes(s.push(hex(`7e${'44'.repeat(50)}7e${A}`)))).toEqual([A]);
    expect(s.oversizedFrames).toBe(1);
  });

  it('passes frames the encoder writes, byte by byte', () => {
    const frames = [0, 1, 2, 0x7e, 0x7d].map((serial) => encodeHeartbeat({ phone: '13800000001', serial }));
    const s = new FrameSplitter();
    const out: Buffer[] = [];
    for (const byte of Buffer.concat(frames)) out.push(...s.push(Uint8Array.of(byte)));
    expect(hexes(out)).toEqual(hexes(frames));
    expect(out.map((f) => parseFrame(f).header.serial)).toEqual([0, 1, 2, 0x7e, 0x7d]);
  });
});
