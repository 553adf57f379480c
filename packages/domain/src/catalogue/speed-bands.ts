/** Speed colour bands of the track (km/h); each band covers (min, max], the first starts at 0. */
export interface SpeedBand {
  readonly min: number;
  readonly max: number;
  readonly label: string;
  readonly color: string;
}

export const SPEED_BANDS = [
  { min: 0, max: 30, label: '0-30km/h', color: '#2f9e44' },
  { min: 30, max: 60, label: '30-60km/h', color: '#1c7ed6' },
  { min: 60, max: 80, label: '60-80km/h', color: '#f59f00' },
  { min: 80, max: 100, label: '80-100km/h', color: '#f76707' },
  { min: 100, max: Number.POSITIVE_INFINITY, label: '>100km/h', color: '#e03131' },
] as const satisfies readonly SpeedBand[];

/**
 * The band of a speed: 0-30 includes 0 and 30, 30-60 is above 30 up to 60, ..., '>100' is above 100.
 * A negative or non-numeric speed (a missing report) falls in the first band.
 */
export function speedBand(kmh: number): SpeedBand {
  const speed = Number.isFinite(kmh) ? kmh : 0;
  return SPEED_BANDS.find((band) => speed <= band.max) ?? SPEED_BANDS[4];
}

export function speedColor(kmh: number): string {
  return speedBand(kmh).color;
}
