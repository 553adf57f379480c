import { describe, expect, it } from 'vitest';
import { isVin, VIN_MESSAGE, vinCheckChar, vinSchema } from './vin';

describe('VIN', () => {
  it('accepts real VINs with a correct check digit', () => {
    // the worked example of ISO 3779 / 49 CFR 565 and real vehicles
    expect(isVin('1M8GDM9AXKP042788')).toBe(true);
    expect(isVin('11111111111111111')).toBe(true);
    expect(vinCheckChar('1M8GDM9A_KP042788'.replace('_', '0'))).toBe('X');
  });
  it('refuses a wrong check digit, I/O/Q, and wrong lengths', () => {
    expect(isVin('1M8GDM9A1KP042788')).toBe(false);
    expect(isVin('1M8GDM9AXKP04278')).toBe(false);
    expect(isVin('1M8GDM9AXKP0427O8')).toBe(false);
    expect(isVin('IM8GDM9AXKP042788')).toBe(false);
  });
  it('upper-cases input in the schema and says why it fails in Chinese', () => {
    expect(vinSchema.parse(' 1m8gdm9axkp042788 ')).toBe('1M8GDM9AXKP042788');
    const r = vinSchema.safeParse('123');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(VIN_MESSAGE);
  });
});
