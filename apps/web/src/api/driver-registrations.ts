import { UPLOAD_TIMEOUT_MS } from '@fleet/domain';
import type { ListPage, Paging, UploadedFile } from './common';
import { type Envelope, request, requestEnvelope } from './request';

/** Calls of 司机自助注册 (invitation links), 司机车辆注册审核 (review) and the public registration page. */

export interface RegisterInvite {
  id: number;
  code: string;
  /** Path of the public registration page, e.g. '/driver-register?code=…'. */
  path: string;
  teamCode: string;
  teamName: string;
  remark: string;
  /** 1 open, 0 closed. */
  enabled: 0 | 1;
  pendingCount: number;
  approvedCount: number;
  rejectedCount: number;
  createTime: string;
}

export function fetchInvites(query: Paging & { teamCode?: string }, signal?: AbortSignal) {
  return request<ListPage<RegisterInvite>>('POST', '/driver/register/invite/page', {
    body: query,
    dedupe: true,
    signal,
  });
}

export function addInvite(fields: { teamCode: string; remark?: string }) {
  return requestEnvelope<{ id: number; code: string; path: string }>('POST', '/driver/register/invite/add', {
    body: fields,
  });
}

export function setInviteEnabled(id: number, enabled: 0 | 1): Promise<unknown> {
  return request<unknown>('POST', '/driver/register/invite/valid', { body: { id, enabled } });
}

export interface Registration {
  id: number;
  /** 1 waiting for review, 2 approved, 3 rejected. */
  status: 1 | 2 | 3;
  statusName: string;
  driverName: string;
  driverPhone: string;
  idCard: string;
  licenseClass: string;
  licenseClassName: string;
  licenseExpiry: string;
  qualificationNo: string;
  qualificationExpiry: string;
  photos: string;
  carNo: string;
  plateColor: number | null;
  plateColorName: string;
  vin: string;
  teamCode: string;
  teamName: string;
  rejectReason: string;
  driverId: number | null;
  truckId: number | null;
  reviewerName: string;
  reviewTime: string;
  submitTime: string;
}

export interface RegistrationQuery extends Paging {
  status?: 1 | 2 | 3;
  keyword?: string;
  teamCode?: string;
}

export function fetchRegistrations(query: RegistrationQuery, signal?: AbortSignal) {
  return request<ListPage<Registration>>('POST', '/driver/register/review/page', {
    body: query,
    dedupe: true,
    signal,
  });
}

export function approveRegistration(id: number, teamCode?: string) {
  return requestEnvelope<{ driverId: number; truckId: number | null; truckNote: string }>(
    'POST',
    '/driver/register/review/approve',
    { body: { id, teamCode } },
  );
}

export function rejectRegistration(id: number, reason: string): Promise<Envelope<null>> {
  return requestEnvelope<null>('POST', '/driver/register/review/reject', { body: { id, reason } });
}

// --- the public registration page (no login) ---

export function fetchInviteInfo(code: string) {
  return request<{ merchantName: string; teamName: string }>('GET', '/driver/register/invite', {
    query: { code },
    quiet: true,
  });
}

export function sendRegisterSms(phone: string): Promise<unknown> {
  return request<unknown>('POST', '/sms/send', { body: { phone } });
}

export interface VerifyAnswer {
  /** 0 the form may be filled in, 1 an earlier form waits for review. */
  status: 0 | 1;
  ticket: string | null;
  /** Why the last form was rejected, if it was. */
  rejectReason: string;
}

export function verifyRegisterPhone(code: string, phone: string, smsCode: string) {
  return request<VerifyAnswer>('POST', '/driver/register/verify', { body: { code, phone, smsCode } });
}

/** Uploads a registration photo with the ticket as a form field before the file (the kit uploader's `upload`). */
export function uploadRegisterPhoto(ticket: string) {
  return (file: Blob, name: string, options: { quiet?: boolean; signal?: AbortSignal } = {}) => {
    const form = new FormData();
    form.append('ticket', ticket);
    form.append('file', file, name);
    return request<UploadedFile>('POST', '/driver/register/upload', {
      form,
      timeoutMs: UPLOAD_TIMEOUT_MS,
      ...options,
    });
  };
}

export interface RegistrationForm {
  ticket: string;
  driverName: string;
  idCard: string;
  licenseClass: string;
  licenseExpiry: string;
  qualificationNo?: string;
  qualificationExpiry?: string;
  photos: string[];
  carNo?: string;
  plateColor?: number;
  vin?: string;
}

export function submitRegistration(form: RegistrationForm) {
  return request<{ id: number; status: 1 }>('POST', '/driver/register/submit', { body: form });
}
