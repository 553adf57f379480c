import { describe, expect, it } from 'vitest';
import { hex, reasonOf } from '../../test/jt808';
import { bcdTimeDigits, readBcdTime, readBcdTimeValue, toBcd, toBcdTime } from './bcd';
import { parseFrame, readPacket } from './decode';
import { encodeFrame } from './encode';
import { wrapFrame } from './frame';
import { headerInputOf, readHeader } from './header';

describe('header', () => {
  it('reads a 2013 header: phone as BCD digits with leading zeros, tid without them', () => {
    const { header, size } = readHeader(hex('0102 0005 013812345678 0087'));
    expect(size).toBe(12);
    expect(header).toMatchObject({ msgId: 0x0102, bodyLength: 5, version: 2013, protocolVersion: 0 });
    expect(header).toMatchObject({ phone: '013812345678', tid: '13812345678', serial: 135 });
    expect(header.packet).toBeUndefined();
  });

  it('reads a 2019 header with subpackage fields and the encryption bits', () => {
    const { header, size } = readHeader(hex('0102 64ff 02 00000000013812345678 0087 0003 0002'));
    expect(size).toBe(21);
    expect(header).toMatchObject({ bodyLength: 255, encryption: 1, versionFlag: true, version: 2019 });
    expect(header).toMatchObject({ protocolVersion: 2, phone: '00000000013812345678', tid: '13812345678' });
    expect(header.packet).toEqual({ total: 3, index: 2 });
  });

  it('gives "0" as tid of an all-zero phone and reads a binary IMEI id the way Traccar does', () => {
    expect(readHeader(hex('0002 0000 000000000000 0001')).header.tid).toBe('0');
    const { header } = readHeader(hex('0200 0000 4eb6fb4afd9e 485b'));
    expect(header.phone).toBe('4eb6fb4afd9e');
    expect(header.tid).toBe('865478070102068');
  });

  it('checks the body length against the frame, else a typed error', () => {
    expect(reasonOf(() => readPacket(hex('0002 0001 013812345678 0001')))).toBe('length');
    expect(reasonOf(() => readPacket(hex('0002 0000 013812345678 0001 ff')))).toBe('length');
    expect(reasonOf(() => readHeader(hex('0002 00')))).toBe('truncated');
    expect(reasonOf(() => readHeader(hex('0002 4000 01 0000')))).toBe('truncated');
  });

  it('falls back to 2013 when the version flag is set over a 2013 layout (real devices)', () => {
    const packet = parseFrame(hex('7E0102400C01003000068109024A3130303330303030363831857E'));
    expect(packet.header).toMatchObject({
      version: 2013,
      versionFlag: true,
      phone: '010030000681',
      serial: 2306,
    });
    expect(packet.body.toString('latin1')).toBe('J10030000681');
  });

  it('writes headers back as read, both versions, with subpackages', () => {
    for (const content of [
      hex('0200 0003 013812345678 0007 010203'),
      hex('0200 4003 01 00000000013812345678 0007 010203'),
      hex('1205 2003 013812345678 0007 0002 0001 010203'),
      hex('1205 6403 01 12345678901234567890 ffff 0002 0002 010203'),
    ]) {
      const { header, body } = readPacket(content);
      expect(encodeFrame(headerInputOf(header), body).toString('hex')).toBe(
        wrapFrame(content).toString('hex'),
      );
    }
  });

  it('refuses encoder input out of range', () => {
    const base = { msgId: 2, phone: '13800000001', serial: 1 };
    expect(reasonOf(() => encodeFrame({ ...base, serial: 65536 }))).toBe('range');
    expect(reasonOf(() => encodeFrame({ ...base, phone: '1380000000123' }))).toBe('range');
    expect(reasonOf(() => encodeFrame({ ...base, phone: '138-0000' }))).toBe('bcd');
    expect(reasonOf(() => encodeFrame({ ...base, packet: { total: 2, index: 3 } }))).toBe('range');
    expect(reasonOf(() => encodeFrame(base, new Uint8Array(1024)))).toBe('too-long');
    expect(encodeFrame({ ...base, phone: '12345678901234567890', version: 2019 }).length).toBe(20);
  });
});

describe('BCD time', () => {
  it('reads GMT+8 digits as a UTC instant and keeps the digits', () => {
    expect(readBcdTime(hex('180715101010'), 0, true)).toEqual({
      time: Date.UTC(2018, 6, 15, 2, 10, 10),
      raw: '180715101010',
    });
    expect(readBcdTime(hex('200101000000'), 0, true).time).toBe(Date.UTC(2019, 11, 31, 16));
  });

  it('gives time null for digits that are not a date, and refuses nibbles above 9', () => {
    expect(readBcdTime(hex('000000000000'), 0, true)).toEqual({ time: null, raw: '000000000000' });
    expect(readBcdTime(hex('230229120000'), 0, true).time).toBeNull(); // 2023 is not a leap year
    expect(readBcdTime(hex('240229120000'), 0, true).time).not.toBeNull();
    expect(readBcdTime(hex('181315101010'), 0, true).time).toBeNull();
    expect(reasonOf(() => readBcdTime(hex('1807151010fa'), 0, true))).toBe('bcd');
    expect(readBcdTime(hex('1807151010fa'), 0, false)).toEqual({ time: null, raw: '1807151010fa' });
  });

  it('reads the instant alone without making the digits', () => {
    for (const digits of ['180715101010', '200101000000', '000000000000', '230229120000', '1807151010fa']) {
      expect(readBcdTimeValue(hex(digits), 0, false)).toBe(readBcdTime(hex(digits), 0, false).time);
    }
    expect(readBcdTimeValue(hex('00180715101010'), 1, true)).toBe(Date.UTC(2018, 6, 15, 2, 10, 10));
    expect(reasonOf(() => readBcdTimeValue(hex('1807151010fa'), 0, true))).toBe('bcd');
  });

  it('writes an instant as GMT+8 digits and round-trips', () => {
    const time = Date.UTC(2026, 10, 21, 23, 10, 5);
    expect(bcdTimeDigits(time)).toBe('261122071005');
    expect(readBcdTime(toBcdTime(time), 0, true).time).toBe(time);
    expect(reasonOf(() => toBcdTime(Date.UTC(1999, 0, 1)))).toBe('range');
    expect(reasonOf(() => toBcdTime('2401'))).toBe('bcd');
    expect(toBcd('13800000001', 6, 'phone').toString('hex')).toBe('013800000001');
  });
});
