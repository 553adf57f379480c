import { describe, expect, it } from 'vitest';
import { headingOf, VEHICLE_COLORS, vehicleColor, vehicleLook } from './vehicleStyle';

describe('vehicleLook', () => {
  it('colours 行驶 green, 停车 blue, 离线 grey and 报警 red', () => {
    expect(vehicleLook({ stateCode: 'moving' })).toBe('moving');
    expect(vehicleLook({ stateCode: 'parked' })).toBe('parked');
    expect(vehicleLook({ stateCode: 'offline' })).toBe('offline');
    expect(vehicleLook({ stateCode: 'moving', alarm: true })).toBe('alarm');
    expect(vehicleColor({ stateCode: 'parked', alarm: true })).toBe(VEHICLE_COLORS.alarm);
    expect(VEHICLE_COLORS.moving).toBe('#2f9e44');
  });

  it('shows an offline vehicle grey even with a stale alarm, and unknown states as offline', () => {
    expect(vehicleLook({ stateCode: 'offline', alarm: true })).toBe('offline');
    expect(vehicleLook({ stateCode: 'weird' })).toBe('offline');
    expect(vehicleLook({})).toBe('offline');
  });
});

describe('headingOf', () => {
  it('keeps headings within 0..359', () => {
    expect(headingOf(90)).toBe(90);
    expect(headingOf(360)).toBe(0);
    expect(headingOf(-90)).toBe(270);
    expect(headingOf(Number.NaN)).toBe(0);
    expect(headingOf('east')).toBe(0);
  });
});
