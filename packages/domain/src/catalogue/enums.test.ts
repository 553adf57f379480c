import { describe, expect, it } from 'vitest';
import {
  carOwnership,
  carOwnershipName,
  DIALOG_STATUSES,
  drivingModeName,
  isDialogStatus,
  PLATE_COLOURS,
  PROFIT_TABLE_TYPES,
  plateColourName,
  profitTableTypeName,
  STATION_TYPES,
  stationTypeName,
  WAYBILL_STATES,
  waybillStateName,
} from './enums';

describe('waybill states', () => {
  it('name the states of the spec', () => {
    expect(WAYBILL_STATES.map((s) => s.value)).toEqual([1, 2, 3, 4, 6]);
    expect(waybillStateName(1)).toBe('待装货');
    expect(waybillStateName(2)).toBe('装货中');
    expect(waybillStateName(3)).toBe('运输中');
    expect(waybillStateName('4')).toBe('已到达');
    expect(waybillStateName(6)).toBe('已完成');
  });

  it('show - for other values', () => {
    for (const value of [0, 5, 7, null, undefined, '', 'x']) expect(waybillStateName(value)).toBe('-');
  });
});

describe('station types', () => {
  it('name start, waypoint and end', () => {
    expect(STATION_TYPES).toHaveLength(3);
    expect([1, 2, 3].map(stationTypeName)).toEqual(['起点', '途经点', '终点']);
    expect(stationTypeName(4)).toBe('-');
  });
});

describe('profit table types', () => {
  it('name the five dimensions', () => {
    expect(PROFIT_TABLE_TYPES.map((t) => t.label)).toEqual([
      '按组织',
      '按客户',
      '按线路',
      '按司机',
      '按车辆',
    ]);
    expect(profitTableTypeName(5)).toBe('按车辆');
    expect(profitTableTypeName(6)).toBe('-');
  });
});

describe('carOwnership', () => {
  it('treats carInfoType 3 as hired', () => {
    expect(carOwnership(3)).toBe('hired');
    expect(carOwnership('3')).toBe('hired');
    expect(carOwnershipName(3)).toBe('外协车');
  });

  it('treats any other value as own', () => {
    for (const value of [1, 2, 4, '', null, undefined]) {
      expect(carOwnership(value)).toBe('own');
      expect(carOwnershipName(value)).toBe('自有车');
    }
  });
});

describe('plate colours', () => {
  it('name the JT/T 808 codes', () => {
    expect(plateColourName(1)).toBe('蓝色');
    expect(plateColourName(2)).toBe('黄色');
    expect(plateColourName(3)).toBe('黑色');
    expect(plateColourName(4)).toBe('白色');
    expect(plateColourName(5)).toBe('绿色');
    expect(plateColourName(9)).toBe('其他');
    expect(plateColourName(93)).toBe('黄绿色');
    expect(new Set(PLATE_COLOURS.map((c) => c.value)).size).toBe(PLATE_COLOURS.length);
  });

  it('show - for unknown codes', () => {
    expect(plateColourName(6)).toBe('-');
  });
});

describe('driving modes and dialog status', () => {
  it('name the driving modes', () => {
    expect(drivingModeName(1)).toBe('智能驾驶');
    expect(drivingModeName(0)).toBe('人工驾驶');
    expect(drivingModeName(2)).toBe('-');
  });

  it('knows the dialog statuses', () => {
    expect(DIALOG_STATUSES).toEqual(['add', 'edit', 'preview']);
    expect(isDialogStatus('edit')).toBe(true);
    expect(isDialogStatus('delete')).toBe(false);
    expect(isDialogStatus(1)).toBe(false);
  });
});
