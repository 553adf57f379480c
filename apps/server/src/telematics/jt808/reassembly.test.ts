import { describe, expect, it } from 'vitest';
import { reasonOf } from '../../test/jt808';
import { type Jt808Packet, parseFrame } from './decode';
import { encodeFrame, encodeHeartbeat } from './encode';
import { Reassembler } from './reassembly';

function part(phone: string, msgId: number, total: number, index: number, body: string): Jt808Packet {
  return parseFrame(
    encodeFrame({ msgId, phone, serial: 100 + index, packet: { total, index } }, Buffer.from(body)),
  );
}

/** A part as a peer may send it: any total and index, even ones the encoder refuses. */
function rawPart(total: number, index: number): Jt808Packet {
  const p = part('13800000001', 0x0801, 2, 1, 'x');
  return { ...p, header: { ...p.header, packet: { total, index } } };
}

describe('Reassembler', () => {
  it('passes whole packets through and joins parts in index order, whatever the arrival order', () => {
    const r = new Reassembler();
    const whole = parseFrame(encodeHeartbeat({ phone: '13800000001', serial: 1 }));
    expect(r.push(whole, 0)).toBe(whole);
    expect(r.push(part('13800000001', 0x0801, 3, 3, 'CCC'), 0)).toBeNull();
    expect(r.push(part('13800000001', 0x0801, 3, 1, 'A'), 1)).toBeNull();
    expect(r.size).toBe(1);
    const joined = r.push(part('13800000001', 0x0801, 3, 2, 'BB'), 2);
    expect(joined?.body.toString()).toBe('ABBCCC');
    expect(joined?.header).toMatchObject({ msgId: 0x0801, serial: 101, bodyLength: 6 });
    expect(joined?.header.packet).toBeUndefined();
    expect(r.size).toBe(0);
  });

  it('keeps sets of different terminals and message ids apart; a repeated part replaces the first', () => {
    const r = new Reassembler();
    expect(r.push(part('13800000001', 0x0801, 2, 1, 'a1'), 0)).toBeNull();
    expect(r.push(part('13800000002', 0x0801, 2, 1, 'b1'), 0)).toBeNull();
    expect(r.push(part('13800000001', 0x0704, 2, 1, 'c1'), 0)).toBeNull();
    expect(r.push(part('13800000001', 0x0801, 2, 1, 'A1'), 0)).toBeNull();
    expect(r.push(part('13800000002', 0x0801, 2, 2, 'b2'), 0)?.body.toString()).toBe('b1b2');
    expect(r.push(part('13800000001', 0x0801, 2, 2, 'A2'), 0)?.body.toString()).toBe('A1A2');
    expect(r.size).toBe(1);
  });

  it('drops a set idle past the timeout, on push or on sweep', () => {
    const r = new Reassembler({ timeoutMs: 1000 });
    r.push(part('13800000001', 0x0801, 2, 1, 'old'), 0);
    expect(r.push(part('13800000001', 0x0801, 2, 2, 'new'), 1000)).toBeNull(); // part 1 expired first
    expect(r.dropped).toBe(1);
    expect(r.sweep(1999)).toBe(0);
    expect(r.sweep(2000)).toBe(1);
    expect(r.size).toBe(0);
  });

  it('caps the bytes held per set and the number of open sets', () => {
    const r = new Reassembler({ maxBytesPerKey: 10, maxKeys: 2 });
    r.push(part('13800000001', 0x0801, 3, 1, '123456'), 0);
    expect(reasonOf(() => r.push(part('13800000001', 0x0801, 3, 2, '789012'), 0))).toBe('too-long');
    expect(r.size).toBe(0);
    r.push(part('13800000001', 0x0801, 2, 1, 'a'), 1);
    r.push(part('13800000002', 0x0801, 2, 1, 'b'), 2);
    r.push(part('13800000003', 0x0801, 2, 1, 'c'), 3); // evicts the one idle longest
    expect(r.size).toBe(2);
    expect(r.push(part('13800000002', 0x0801, 2, 2, 'b'), 4)?.body.toString()).toBe('bb');
    expect(r.push(part('13800000001', 0x0801, 2, 2, 'a'), 4)).toBeNull(); // its part 1 was evicted
  });

  it('restarts a set whose total changes and refuses impossible numbers', () => {
    const r = new Reassembler();
    r.push(part('13800000001', 0x0801, 3, 1, 'x'), 0);
    expect(r.push(part('13800000001', 0x0801, 2, 2, 'y'), 0)).toBeNull();
    expect(r.push(part('13800000001', 0x0801, 2, 1, 'z'), 0)?.body.toString()).toBe('zy');
    expect(reasonOf(() => r.push(rawPart(2, 0), 0))).toBe('subpackage');
    expect(reasonOf(() => r.push(rawPart(2, 3), 0))).toBe('subpackage');
    expect(reasonOf(() => r.push(rawPart(0, 0), 0))).toBe('subpackage');
    expect(r.push(rawPart(1, 1), 0)?.body.toString()).toBe('x');
  });

  it('names the missing parts of a quiet set (first serial from any part), at most three times', () => {
    const r = new Reassembler();
    expect(r.push(part('13800000001', 0x0704, 4, 3, 'C'), 0)).toBeNull();
    expect(r.missing(1000, 2000)).toEqual([]);
    const [first] = r.missing(2000, 2000);
    expect(first).toMatchObject({ msgId: 0x0704, firstSerial: 101, missing: [1, 2, 4], first: undefined });
    expect(r.push(part('13800000001', 0x0704, 4, 1, 'A'), 2500)).toBeNull();
    expect(r.missing(4000, 2000)).toEqual([]);
    expect(r.missing(4500, 2000)[0]).toMatchObject({ missing: [2, 4], first: { body: Buffer.from('A') } });
    expect(r.missing(6500, 2000)).toHaveLength(1);
    expect(r.missing(8500, 2000)).toEqual([]);
  });
});
