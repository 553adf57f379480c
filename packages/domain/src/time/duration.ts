const UNITS = [
  { ms: 86_400_000, label: '天' },
  { ms: 3_600_000, label: '小时' },
  { ms: 60_000, label: '分' },
  { ms: 1000, label: '秒' },
] as const;

/**
 * A duration in milliseconds as days, hours, minutes and seconds: 93784000 → '1天2小时3分4秒'.
 * Units that are zero are left out ('1小时5秒'); under a second is '0秒'; a negative or non-finite
 * input is shown as '-'.
 */
export function durationText(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '-';
  let rest = Math.floor(ms / 1000) * 1000;
  let text = '';
  for (const unit of UNITS) {
    const count = Math.floor(rest / unit.ms);
    rest -= count * unit.ms;
    if (count > 0) text += `${count}${unit.label}`;
  }
  return text === '' ? '0秒' : text;
}
