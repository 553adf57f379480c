import { describe, expect, it } from 'vitest';
import { hex, reasonOf } from '../../test/jt808';
import type { AdasAlarm, BsdAlarm, DsmAlarm, TyreAlarm } from './active-safety';
import { alarmNames, alarmWord, statusFlags, statusWord, vehicleSignalNames } from './flags';
import { decodeLocation } from './location';
import { encodeLocationBody, type LocationInput, locationInputOf } from './location-encode';

// alarm 0x00000001, status 0x0000000e (located, south, west), 22.5 / 113.9, alt 40 m, 60.5 km/h, 90°
const BASIC = '00000001 0000000e 0157 52a0 06c9 f9e0 0028 025d 005a 260315080910';

describe('location basic information', () => {
  it('reads position, signs from the hemisphere bits, units and time', () => {
    const loc = decodeLocation(hex(BASIC));
    expect(loc).toMatchObject({ alarm: 1, alarms: ['emergency'], status: 0x0e, lat: -22.5, lon: -113.9 });
    expect(loc).toMatchObject({ altitude: 40, speed: 60.5, direction: 90, timeBcd: '260315080910' });
    expect(loc.time).toBe(Date.UTC(2026, 2, 15, 0, 9, 10));
    expect(loc.flags).toMatchObject({
      acc: false,
      located: true,
      south: true,
      west: true,
      loadState: 'empty',
    });
    expect(loc).toMatchObject({ extras: {}, unknown: [] });
  });

  it('reads altitude below sea level as negative metres', () => {
    expect(decodeLocation(hex(BASIC.replace('0028', 'ff66'))).altitude).toBe(-154);
  });

  it('needs the 28 basic bytes and BCD time', () => {
    expect(reasonOf(() => decodeLocation(hex(BASIC).subarray(0, 27)))).toBe('truncated');
    expect(reasonOf(() => decodeLocation(hex(BASIC.replace('260315080910', '2603150809a0'))))).toBe('bcd');
  });
});

describe('additional items', () => {
  it('decodes the standard items and keeps unknown ones raw', () => {
    const items =
      '01 04 0000 04d2   02 02 0037   03 02 0258   04 02 0007   11 05 01 0000 0009' +
      ' 12 06 02 0000 000a 01   13 07 0000 000b 012c 00   14 04 0000 0004   15 04 0000 0002' +
      ' 16 04 0000 0001   17 02 0003   18 03 0005 02   25 04 0000 0011   2a 02 0002' +
      ' 2b 04 000b 00f2   30 01 17   31 01 0c   e1 03 aabbcc   01 02 ffff';
    const loc = decodeLocation(hex(BASIC + items));
    expect(loc.extras).toEqual({
      mileageKm: 123.4,
      fuelL: 5.5,
      recorderSpeedKmh: 60,
      manualAlarmEventId: 7,
      overspeed: { areaType: 1, areaId: 9 },
      areaAlarm: { areaType: 2, areaId: 10, direction: 1 },
      routeTimeAlarm: { routeId: 11, drivingTime: 300, result: 0 },
      videoAlarm: 4,
      videoSignalLoss: 2,
      videoOcclusion: 1,
      storageFault: 3,
      abnormalDriving: { types: 5, fatigueLevel: 2 },
      vehicleSignal: 0x11,
      ioStatus: 2,
      analog: { ad0: 0xf2, ad1: 0x0b },
      signalStrength: 23,
      satellites: 12,
    });
    // Unknown id, and a known id with a length other than the standard's, stay raw.
    expect(loc.unknown.map((i) => [i.id, i.bytes.toString('hex')])).toEqual([
      [0xe1, 'aabbcc'],
      [0x01, 'ffff'],
    ]);
    expect(vehicleSignalNames(0x11)).toEqual(['lowBeam', 'brake']);
  });

  it('refuses the whole location when an item runs past the end', () => {
    expect(reasonOf(() => decodeLocation(hex(`${BASIC} 01 04 0000`)))).toBe('truncated');
    expect(reasonOf(() => decodeLocation(hex(`${BASIC} 30 01 17 31`)))).toBe('truncated');
    // An item ending exactly at the end, zero-length items included, is fine.
    expect(decodeLocation(hex(`${BASIC} 30 01 17 ee 00`)).unknown).toHaveLength(1);
  });

  it('reads an ADAS item with its alarm identification (Traccar TR-109)', () => {
    const adas =
      '64 2f 0000000b 00 04 01 00 00 00 00 00 2a 0008 01aab338 04ea7e54 260327155245 0400' +
      ' 30303734323432 260327155245 0b 05 00';
    const a = decodeLocation(hex(BASIC + adas)).extras.adas as AdasAlarm;
    expect(a).toMatchObject({ alarmId: 11, flag: 0, type: 4, typeName: 'pedestrianCollision', level: 1 });
    expect(a).toMatchObject({
      speed: 42,
      altitude: 8,
      lat: 27.964216,
      lon: 82.476628,
      timeBcd: '260327155245',
    });
    expect(a.vehicleStatus).toBe(0x0400);
    expect(a.identification).toEqual({
      terminalId: '0074242',
      time: Date.UTC(2026, 2, 27, 7, 52, 45),
      timeBcd: '260327155245',
      serial: 11,
      attachments: 5,
      reserved: 0,
      raw: '303037343234322603271552450b0500',
    });
  });

  it('keeps an active-safety item of another length (vendor layout) raw', () => {
    const loc = decodeLocation(hex(`${BASIC} 66 0b ${'00'.repeat(11)} 67 08 ${'00'.repeat(8)}`));
    expect(loc.extras).toEqual({});
    expect(loc.unknown.map((i) => i.id)).toEqual([0x66, 0x67]);
  });
});

const common = {
  alarmId: 7,
  flag: 1,
  speed: 80,
  altitude: 35,
  lat: 30.123456,
  lon: 120.654321,
  time: Date.UTC(2026, 0, 2, 3, 4, 5),
  timeBcd: '260102110405',
  vehicleStatus: 0x0401,
  identification: {
    terminalId: 'T000001',
    time: Date.UTC(2026, 0, 2, 3, 4, 5),
    timeBcd: '260102110405',
    serial: 3,
    attachments: 2,
    reserved: 0,
    raw: '54303030303031260102110405030200',
  },
};

describe('location encoding', () => {
  it('round-trips every typed item, active safety included, in id order', () => {
    const adas: AdasAlarm = {
      ...common,
      type: 1,
      typeName: 'forwardCollision',
      level: 2,
      frontSpeed: 70,
      frontDistance: 12,
      departureType: 0,
      roadSignType: 0,
      roadSignValue: 0,
    };
    const dsm: DsmAlarm = { ...common, type: 2, typeName: 'phoneCall', level: 1, fatigueDegree: 0 };
    const tyre: TyreAlarm = {
      ...common,
      tyres: [{ position: 1, alarmType: 4, pressure: 850, temperature: 60, battery: 90 }],
    };
    const bsd: BsdAlarm = { ...common, type: 3, typeName: 'rightRearApproach' };
    const input: LocationInput = {
      alarm: alarmWord(['overspeed', 'fatigue']),
      status: statusWord({ acc: true, located: true, beidou: true, loadState: 'full' }),
      lat: -33.868819,
      lon: 151.209295,
      altitude: -20,
      speed: 88.8,
      direction: 359,
      time: Date.UTC(2026, 4, 6, 7, 8, 9),
      extras: {
        mileageKm: 98765.4,
        fuelL: 321.5,
        satellites: 14,
        signalStrength: 25,
        vehicleSignal: 0x0010,
        ioStatus: 1,
        overspeed: { areaType: 0 },
        analog: { ad0: 1, ad1: 2 },
        adas,
        dsm,
        tyre,
        bsd,
      },
      items: [{ id: 0x05, bytes: Buffer.alloc(30, 0xff) }],
    };
    const body = encodeLocationBody(input);
    const loc = decodeLocation(body);
    expect(loc.alarms).toEqual(['overspeed', 'fatigue']);
    expect(loc.flags).toMatchObject({
      acc: true,
      located: true,
      south: true,
      west: false,
      beidou: true,
      loadState: 'full',
    });
    expect(loc).toMatchObject({
      lat: -33.868819,
      lon: 151.209295,
      altitude: -20,
      speed: 88.8,
      direction: 359,
    });
    expect(loc.time).toBe(input.time);
    expect(loc.extras).toEqual(input.extras);
    expect(loc.unknown.map((i) => i.id)).toEqual([0x05]);
    expect(encodeLocationBody(locationInputOf(loc))).toEqual(body);
    const ids: number[] = [];
    for (let pos = 28; pos < body.length; pos += 2 + (body[pos + 1] as number)) ids.push(body[pos] as number);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('derives alarm names, status flags and time digits when first read, and lets them be set', () => {
    const loc = decodeLocation(hex('80000001 00c0030f 0157 52a0 06c9 f9e0 0028 025d 005a 261315080910'));
    // Derived, not stored: a spread or JSON of the location leaves them out.
    expect(Object.keys(loc)).not.toContain('flags');
    expect(Object.keys(loc)).not.toContain('alarms');
    expect(JSON.parse(JSON.stringify(loc))).not.toHaveProperty('timeBcd');
    expect(loc.alarms).toEqual(['emergency', 'illegalDoorOpen']);
    expect(loc.alarms).toBe(loc.alarms);
    expect(loc.flags).toEqual(statusFlags(0x00c0030f));
    expect(loc.flags).toBe(loc.flags);
    // Digits as received, also when they are not a date.
    expect(loc.timeBcd).toBe('261315080910');
    expect(loc.time).toBeNull();
    expect(decodeLocation(hex(BASIC.replace('260315080910', '000000000000'))).timeBcd).toBe('000000000000');
    loc.alarms = [];
    loc.flags = statusFlags(0);
    loc.timeBcd = '260315080910';
    expect([loc.alarms, loc.flags.acc, loc.timeBcd]).toEqual([[], false, '260315080910']);
  });

  it('names alarm and status bits both ways', () => {
    expect(alarmNames(0x80000001)).toEqual(['emergency', 'illegalDoorOpen']);
    expect(alarmWord(['emergency', 'illegalDoorOpen'])).toBe(0x80000001);
    expect(statusFlags(0x00c0300)).toMatchObject({ loadState: 'full', gps: true, beidou: true });
    expect(statusWord(statusFlags(0x7fffff))).toBe(0x7fffff);
  });

  it('refuses values outside their fields', () => {
    const base: LocationInput = { lat: 0, lon: 0, time: Date.UTC(2026, 0, 1) };
    expect(reasonOf(() => encodeLocationBody({ ...base, speed: 7000 }))).toBe('range');
    expect(reasonOf(() => encodeLocationBody({ ...base, lat: 116.3 }))).toBe('no error'); // not range-checked
    expect(reasonOf(() => encodeLocationBody({ ...base, lat: 5000 }))).toBe('range'); // past u32
    expect(reasonOf(() => encodeLocationBody({ ...base, extras: { satellites: 300 } }))).toBe('range');
    expect(
      reasonOf(() => encodeLocationBody({ ...base, items: [{ id: 1, bytes: Buffer.alloc(256) }] })),
    ).toBe('range');
  });
});
