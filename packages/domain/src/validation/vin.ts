import { z } from 'zod';

export const VIN_MESSAGE = '车架号须为17位字母或数字（不含I、O、Q），且校验位正确';

const VALUES: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
const PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;

function value(ch: string): number {
  return /\d/.test(ch) ? Number(ch) : (VALUES[ch] ?? 0);
}

/** The check character (9th position) of a VIN under ISO 3779 / GB 16735: '0'-'9' or 'X'. */
export function vinCheckChar(vin: string): string | null {
  if (vin.length !== 17 || !PATTERN.test(`${vin.slice(0, 8)}0${vin.slice(9)}`)) return null;
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += value(vin[i] as string) * (WEIGHTS[i] as number);
  const rest = sum % 11;
  return rest === 10 ? 'X' : String(rest);
}

/** A VIN: 17 letters or digits without I, O, Q, whose 9th character is the check character. */
export function isVin(vin: string): boolean {
  return /^[A-HJ-NPR-Z0-9]{8}[0-9X][A-HJ-NPR-Z0-9]{8}$/.test(vin) && vinCheckChar(vin) === vin[8];
}

export const vinSchema = z
  .string({ error: VIN_MESSAGE })
  .trim()
  .transform((v) => v.toUpperCase())
  .refine(isVin, { error: VIN_MESSAGE });
