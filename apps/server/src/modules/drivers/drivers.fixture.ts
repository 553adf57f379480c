import { nationalIdCheckChar } from '@fleet/domain';

/** A valid 18-digit national ID (Beijing Dongcheng) for a birth date 'YYYYMMDD' and a serial. */
export function testIdCard(birth: string, serial: number): string {
  const first17 = `110101${birth}${String(serial).padStart(3, '0')}`;
  return first17 + nationalIdCheckChar(first17);
}
