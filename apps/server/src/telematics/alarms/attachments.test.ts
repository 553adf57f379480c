import { describe, expect, it } from 'vitest';
import { decodeAdas, encodeAdas } from '../jt808/active-safety';
import { alarmNoTime, alarmNumber, mediaKind } from './attachments';

describe('active-safety evidence', () => {
  it('builds the alarm number a terminal sends in its identification', () => {
    const time = Date.UTC(2026, 10, 20, 1, 2, 3);
    const identification = {
      terminalId: 'T000042',
      time,
      timeBcd: '',
      serial: 7,
      attachments: 3,
      reserved: 0,
      raw: '',
    };
    const sent = decodeAdas(
      encodeAdas({
        alarmId: 1,
        flag: 0,
        type: 1,
        typeName: 'forwardCollision',
        level: 1,
        frontSpeed: 0,
        frontDistance: 0,
        departureType: 0,
        roadSignType: 0,
        roadSignValue: 0,
        speed: 50,
        altitude: 0,
        lat: 39.9,
        lon: 116.4,
        time,
        timeBcd: '',
        vehicleStatus: 0,
        identification,
      }),
    );
    expect(alarmNumber(identification)).toBe(sent.identification.raw);
    expect(alarmNoTime(sent.identification.raw)).toBe(time);
  });

  it('recognises photos and videos by their first bytes only', () => {
    expect(mediaKind(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))?.type).toBe('photo');
    expect(mediaKind(Buffer.from([0x89, 0x50, 0x4e, 0x47]))?.ext).toBe('png');
    expect(mediaKind(Buffer.from('\0\0\0\x18ftypmp42', 'latin1'))?.type).toBe('video');
    expect(mediaKind(Buffer.from('GIF89a'))).toBeNull();
  });
});
