/** Driving score and behaviour rules (business section 9). */

/** Vehicles under this mileage (km) in the period show no score. */
export const SCORE_MIN_MILEAGE = 50;
/** The trip and driver views use a lower minimum. */
export const SCORE_MIN_MILEAGE_TRIP = 10;
/** A speed or accelerator bucket with a share above this percentage counts. */
export const ABNORMAL_SHARE_PERCENT = 5;

/** Whether a score is shown for this mileage. */
export function hasDrivingScore(mileageKm: number, view: 'vehicle' | 'trip' = 'vehicle'): boolean {
  const min = view === 'trip' ? SCORE_MIN_MILEAGE_TRIP : SCORE_MIN_MILEAGE;
  return Number.isFinite(mileageKm) && mileageKm >= min;
}

/** One bucket of a distribution: [from, to) and its share in percent (0-100). */
export interface ShareBucket {
  from: number;
  to: number;
  share: number;
}

/**
 * Speed distribution rule: a bucket is abnormal when it lies under 30 km/h, or within 90-120 km/h,
 * and its share is over 5%.
 */
export function isSpeedBucketAbnormal(bucket: ShareBucket): boolean {
  if (!(bucket.share > ABNORMAL_SHARE_PERCENT)) return false;
  return bucket.to <= 30 || (bucket.from >= 90 && bucket.to <= 120);
}

export function isSpeedDistributionAbnormal(buckets: readonly ShareBucket[]): boolean {
  return buckets.some(isSpeedBucketAbnormal);
}

export type AcceleratorDepthLevel = 'high' | 'ordinary' | 'normal';

/**
 * Accelerator depth rule: a bucket within 90-100% pedal depth with a mileage share over 5% is a
 * high-level abnormality; within 80-90% with a share over 5% an ordinary one; anything else normal.
 */
export function acceleratorDepthLevel(bucket: ShareBucket): AcceleratorDepthLevel {
  if (!(bucket.share > ABNORMAL_SHARE_PERCENT)) return 'normal';
  if (bucket.from >= 90 && bucket.to <= 100) return 'high';
  if (bucket.from >= 80 && bucket.to <= 90) return 'ordinary';
  return 'normal';
}

/** The worst level over a whole accelerator-depth distribution. */
export function acceleratorDistributionLevel(buckets: readonly ShareBucket[]): AcceleratorDepthLevel {
  const levels = buckets.map(acceleratorDepthLevel);
  if (levels.includes('high')) return 'high';
  if (levels.includes('ordinary')) return 'ordinary';
  return 'normal';
}
