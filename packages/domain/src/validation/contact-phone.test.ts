import { describe, expect, it } from 'vitest';
import { CONTACT_PHONE_MESSAGE, contactPhoneField, isContactPhone } from './contact-phone';

describe('isContactPhone', () => {
  it('accepts empty, mobiles, landlines with area code, 400/800 numbers and extensions', () => {
    for (const value of [
      '',
      '13800138000',
      '19912345678',
      '010-12345678',
      '01012345678',
      '021 62345678',
      '0755-1234567',
      '0571-87654321',
      '400-123-4567',
      '4001234567',
      '800 810 8888',
      '010-12345678-801',
      '0755-1234567转123',
      '400-123-4567转2',
      '010-12345678#66',
      '010-12345678 ext 9',
    ]) {
      expect(isContactPhone(value), value).toBe(true);
    }
  });

  it('refuses what is no phone number', () => {
    for (const value of [
      '12345',
      '1380013800',
      '138001380001',
      '23812345678',
      '010-1234',
      '010-123456789',
      '10-12345678',
      '010-02345678',
      '500-123-4567',
      '400-12-34567',
      '13800138000-12',
      '010-12345678-1234567',
      'abc',
      '010-1234567a',
      '-12345678',
      '0571-87654321 ext 123456',
    ]) {
      expect(isContactPhone(value), value).toBe(false);
    }
  });
});

describe('contactPhoneField', () => {
  it('trims, gives null for empty and refuses with the message', () => {
    expect(contactPhoneField.parse(' 010-12345678 ')).toBe('010-12345678');
    expect(contactPhoneField.parse('')).toBeNull();
    expect(contactPhoneField.parse(undefined)).toBeNull();
    expect(contactPhoneField.safeParse('12345').error?.issues[0]?.message).toBe(CONTACT_PHONE_MESSAGE);
    expect(contactPhoneField.safeParse(12345).error?.issues[0]?.message).toBe(CONTACT_PHONE_MESSAGE);
  });
});
