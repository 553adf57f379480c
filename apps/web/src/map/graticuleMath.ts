/** Graticule of the plain background: line spacing by zoom, the lines in view and their labels. */

const STEPS = [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 30] as const;

/** Degrees between graticule lines at a zoom, so that lines stand at least `minPixels` apart. */
export function graticuleStep(zoom: number, minPixels = 120): number {
  const degreesPerPixel = 360 / (256 * 2 ** zoom);
  for (const step of STEPS) if (step / degreesPerPixel >= minPixels) return step;
  return STEPS[STEPS.length - 1] as number;
}

function decimalsOf(step: number): number {
  const text = String(step);
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/** The multiples of `step` from `min` to `max`, rounded to the step's decimals. */
export function gridLines(min: number, max: number, step: number): number[] {
  const lines: number[] = [];
  if (!(step > 0) || !Number.isFinite(min) || !Number.isFinite(max)) return lines;
  const digits = decimalsOf(step);
  for (let k = Math.ceil(min / step); k * step <= max + 1e-12 && lines.length < 1000; k++) {
    lines.push(Number((k * step).toFixed(digits)));
  }
  return lines;
}

/** 116.5°E, 39.5°N, 0°; longitudes beyond ±180 are wrapped. */
export function degreesText(value: number, axis: 'lat' | 'lng', step = 1): string {
  let v = value;
  if (axis === 'lng') v = ((((v + 180) % 360) + 360) % 360) - 180;
  const digits = decimalsOf(step);
  const abs = Number(Math.abs(v).toFixed(digits));
  if (abs === 0) return '0°';
  const hemisphere = axis === 'lat' ? (v > 0 ? 'N' : 'S') : v > 0 ? 'E' : 'W';
  return `${abs}°${hemisphere}`;
}
