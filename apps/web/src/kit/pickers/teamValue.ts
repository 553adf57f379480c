/** The team picker's value: an array of team codes, or the same codes as one comma string. */
export type TeamValueFormat = 'array' | 'string';

/** The codes of a value given as an array or a comma string (blanks dropped). */
export function toCodeList(value: readonly string[] | string | null | undefined): string[] {
  const parts = typeof value === 'string' ? value.split(',') : [...(value ?? [])];
  return parts.map((code) => code.trim()).filter((code) => code !== '');
}

/** Codes as the picker hands them out: the array, or the comma string. */
export function fromCodeList(codes: readonly string[], format: TeamValueFormat): string[] | string {
  return format === 'string' ? codes.join(',') : [...codes];
}
