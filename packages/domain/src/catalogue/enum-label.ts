/** One entry of a display enumeration. */
export interface EnumOption<V extends number | string = number> {
  readonly value: V;
  readonly label: string;
}

/**
 * The label of a value in an enumeration; unknown, empty or missing values show the fallback
 * ('-' by default, '--' where a page uses that). Numeric text matches a numeric value ('3' → 3).
 */
export function enumLabel<V extends number | string>(
  list: readonly EnumOption<V>[],
  value: V | number | string | null | undefined,
  fallback = '-',
): string {
  if (value === null || value === undefined || value === '') return fallback;
  const found = list.find((option) => option.value === value || String(option.value) === String(value));
  return found ? found.label : fallback;
}
