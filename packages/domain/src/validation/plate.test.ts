import { describe, expect, it } from 'vitest';
import { isPlate, normalizePlate, PLATE_MESSAGE, plateSchema } from './plate';

describe('plate number', () => {
  it('accepts ordinary, trailer, new-energy and cross-border plates', () => {
    for (const plate of [
      '京A12345',
      '蒙K8L2F6',
      '冀B1234挂',
      '京AD12345',
      '沪AFA1234',
      '苏E12345D',
      '粤Z1234港',
    ])
      expect(isPlate(plate), plate).toBe(true);
  });
  it('refuses unknown provinces, I and O, and wrong lengths', () => {
    for (const plate of [
      '',
      'AA12345',
      '京I12345',
      '京A1234',
      '京A123456',
      '京AO2345',
      '港A12345',
      '京A12345挂',
      '京AD123D4',
    ])
      expect(isPlate(plate), plate).toBe(false);
  });
  it('normalises spaces, the middle dot and lower-case letters', () => {
    expect(normalizePlate(' 京a·12345 ')).toBe('京A12345');
    expect(plateSchema.parse('京a 12345')).toBe('京A12345');
    const r = plateSchema.safeParse('京A1234');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(PLATE_MESSAGE);
  });
});
