/**
 * Running median over a time window: out[i] is the median of the values whose time lies within
 * `halfWindowMs` of times[i] (times ascending). The window's values are kept sorted by insertion
 * (a window holds a few dozen reports), so a month of 10 s reports takes a few milliseconds.
 */
export function timeMedian(
  times: ArrayLike<number>,
  values: ArrayLike<number>,
  halfWindowMs: number,
): Float64Array {
  const n = times.length;
  const out = new Float64Array(n);
  let sorted = new Float64Array(64);
  let size = 0;
  let lo = 0; // first index in the window
  let hi = 0; // first index after the window
  for (let i = 0; i < n; i++) {
    const t = times[i] as number;
    while (hi < n && (times[hi] as number) <= t + halfWindowMs) {
      const v = values[hi++] as number;
      if (size === sorted.length) {
        const grown = new Float64Array(size * 2);
        grown.set(sorted);
        sorted = grown;
      }
      let k = size++;
      while (k > 0 && (sorted[k - 1] as number) > v) {
        sorted[k] = sorted[k - 1] as number;
        k--;
      }
      sorted[k] = v;
    }
    while ((times[lo] as number) < t - halfWindowMs) {
      const v = values[lo++] as number;
      let k = 0;
      while ((sorted[k] as number) !== v) k++;
      size--;
      for (; k < size; k++) sorted[k] = sorted[k + 1] as number;
    }
    const mid = size >> 1;
    out[i] =
      size % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
  }
  return out;
}
