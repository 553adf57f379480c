import { daysBetween } from './due';

/**
 * 证件到期: the certificates whose expiry the trucks and drivers carry. A certificate is valid
 * through its expiry day; 已过期 the day after.
 */
export const CERTIFICATE_KINDS = [
  { key: 'drivingLicense', owner: 'truck', column: 'driving_license_expiry', label: '行驶证' },
  { key: 'operatingLicense', owner: 'truck', column: 'operating_license_expiry', label: '道路运输证' },
  { key: 'insurance', owner: 'truck', column: 'insurance_expiry', label: '车辆保险' },
  { key: 'annualInspection', owner: 'truck', column: 'annual_inspection_expiry', label: '车辆年检' },
  { key: 'driverLicense', owner: 'driver', column: 'license_expiry', label: '驾驶证' },
  { key: 'qualification', owner: 'driver', column: 'qualification_expiry', label: '从业资格证' },
] as const;
export type CertificateKind = (typeof CERTIFICATE_KINDS)[number]['key'];

/** Reminded this many days before a certificate expires. */
export const CERTIFICATE_REMIND_DAYS = 30;

/** 1 即将到期, 2 已过期 (a certificate further out is not listed). */
export const CERTIFICATE_STATES = [
  { value: 1, label: '即将到期' },
  { value: 2, label: '已过期' },
] as const;
export const CERTIFICATE_STATE = { expiring: 1, expired: 2 } as const;

export function certificateLabel(key: string): string {
  return CERTIFICATE_KINDS.find((k) => k.key === key)?.label ?? key;
}

/** Days left until the expiry day (0 on the day itself, negative once expired) and the state. */
export function certificateDue(
  expiry: string,
  today: string,
  withinDays: number = CERTIFICATE_REMIND_DAYS,
): { daysLeft: number; state: 1 | 2 | null } {
  const daysLeft = daysBetween(today, expiry);
  if (Number.isNaN(daysLeft)) return { daysLeft, state: null };
  if (daysLeft < 0) return { daysLeft, state: CERTIFICATE_STATE.expired };
  if (daysLeft <= withinDays) return { daysLeft, state: CERTIFICATE_STATE.expiring };
  return { daysLeft, state: null };
}
