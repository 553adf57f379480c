import { vinCheckChar } from '@fleet/domain';

/** A VIN with a correct check character, different for each serial (tests only). */
export function makeVin(serial: number): string {
  const draft = `LFWADRJF0${String(serial).padStart(8, '0')}`;
  return `${draft.slice(0, 8)}${vinCheckChar(draft)}${draft.slice(9)}`;
}

/** 干线一分队 and 干线二分队 of the demo merchant. */
export const TEAM_1 = '10000010010001';
export const TEAM_2 = '10000010010002';
