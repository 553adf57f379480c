import { describe, expect, it } from 'vitest';
import { alarmDetailEntries, alarmDetailLabel } from './alarm-detail';

/** Every key the alarm rules of the server write into an alarm's detail. */
const RULE_KEYS = [
  'bit',
  'faultBit',
  'batteryVolts',
  'minBatteryVolts',
  'item',
  'eventType',
  'alarmId',
  'alarmNo',
  'attachments',
  'frontSpeed',
  'frontDistance',
  'departureType',
  'roadSignType',
  'roadSignValue',
  'fatigueDegree',
  'limitKmh',
  'minSeconds',
  'drivingMinutes',
  'since',
  'warnMinutes',
  'alarmMinutes',
  'parkedSince',
  'minutes',
  'beforeL',
  'afterL',
  'dropL',
  'addedL',
  'minLitres',
  'tankCapacityL',
  'reason',
  'mileageKm',
  'fuelUsedL',
  'lPer100km',
  'maxLPer100km',
  'stationName',
  'lineName',
  'corridorMeters',
  'maxMeters',
];

describe('alarm detail fields', () => {
  it('gives every key the rules write a Chinese label', () => {
    for (const key of RULE_KEYS) expect(alarmDetailLabel(key), key).toMatch(/^[^A-Za-z]+$/);
  });

  it('formats enumerations and units of active-safety items, leaving out fields the terminal left empty', () => {
    const entries = alarmDetailEntries({
      item: 'adas',
      eventType: 2,
      departureType: 1,
      frontSpeed: 0,
      frontDistance: 15,
      roadSignType: 0,
      roadSignValue: 0,
      alarmNo: 'abc',
      attachments: 2,
    });
    expect(entries.map((e) => [e.label, e.value])).toEqual([
      ['主动安全类别', '驾驶辅助(ADAS)'],
      ['事件类型', '车道偏离报警'],
      ['前车/行人距离', '1.5 秒'],
      ['偏离类型', '左侧偏离'],
      ['报警编号', 'abc'],
      ['附件数', '2 个'],
    ]);
    expect(alarmDetailEntries({ item: 'dsm', eventType: 1, fatigueDegree: 7 }).map((e) => e.value)).toEqual([
      '驾驶状态监测(DSM)',
      '疲劳驾驶报警',
      '7级(1-10)',
    ]);
    expect(
      alarmDetailEntries({ roadSignType: 9, fenceSetIds: [1, 2], since: Date.UTC(2026, 0, 1, 0, 0) }),
    ).toEqual([
      { key: 'since', label: '连续驾驶开始', value: '2026-01-01 08:00:00' },
      { key: 'roadSignType', label: '道路标志类型', value: '其他(9)' },
    ]);
  });
});
