/** The subscription page's checkbox rules: one group a kind, with its 全选 box. */

/** The 全选 box of a kind: checked when all its codes are, indeterminate when some are. */
export function kindState(
  selected: ReadonlySet<number>,
  codes: readonly number[],
): { checked: boolean; indeterminate: boolean; count: number } {
  const count = codes.filter((code) => selected.has(code)).length;
  return {
    checked: codes.length > 0 && count === codes.length,
    indeterminate: count > 0 && count < codes.length,
    count,
  };
}

/** Ticking or clearing a kind's 全选 box: all its codes in or out, the other kinds untouched. */
export function toggleKind(
  selected: ReadonlySet<number>,
  codes: readonly number[],
  on: boolean,
): Set<number> {
  const next = new Set(selected);
  for (const code of codes) {
    if (on) next.add(code);
    else next.delete(code);
  }
  return next;
}

/** A kind's group changed: its codes become exactly `chosen`. */
export function setKindCodes(
  selected: ReadonlySet<number>,
  codes: readonly number[],
  chosen: readonly number[],
): Set<number> {
  const next = toggleKind(selected, codes, false);
  for (const code of chosen) if (codes.includes(code)) next.add(code);
  return next;
}

/** The codes to save, in order. */
export function savedCodes(selected: ReadonlySet<number>): number[] {
  return [...selected].sort((a, b) => a - b);
}
