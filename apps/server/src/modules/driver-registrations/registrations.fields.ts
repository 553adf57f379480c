import {
  enumRecord,
  formatDateTime,
  PLATE_COLOURS,
  plateColourName,
  plateSchema,
  REGISTRATION_STATUSES,
  vinSchema,
} from '@fleet/domain';
import { z } from 'zod';
import { optionalDate } from '../../http/form-fields';
import {
  driverFields,
  isUploadedImage,
  LICENSE_CLASS_MESSAGE,
  licenseClassName,
  MAX_DRIVER_PHOTOS,
} from '../drivers/drivers.record';
import type { DriverRegistrationTable } from './driver-registrations.table';

/** 0 phone verified (being filled in), 1 waiting for review, 2 approved, 3 rejected. */
export const REGISTRATION_STATUS = { filling: 0, pending: 1, approved: 2, rejected: 3 } as const;
export const REGISTRATION_STATUS_NAMES: Readonly<Record<number, string>> = {
  0: '填写中',
  ...enumRecord(REGISTRATION_STATUSES),
};

/** A registration ticket lives this long after the phone is verified. */
export const TICKET_TTL_MS = 30 * 60_000;
/** Pictures one registration may upload (the driver may replace some before submitting). */
export const MAX_REGISTRATION_UPLOADS = 20;

const blankToUndefined = (value: unknown) =>
  value === '' || value === null ? undefined : typeof value === 'string' ? value.trim() || undefined : value;

export const ticketField = z.string({ error: '请先验证手机号' }).regex(/^[0-9a-f]{64}$/, '请先验证手机号');
export const inviteCodeField = z
  .string({ error: '注册链接无效' })
  .trim()
  .regex(/^[0-9a-f]{16}$/, '注册链接无效');

/** What a driver fills in: the driver's own fields (ID, licence class and expiry required) and a truck. */
export const registrationFormSchema = z
  .object({
    ticket: ticketField,
    driverName: driverFields.driverName,
    idCard: driverFields.idCard.refine((v) => v !== null, '请输入身份证号'),
    licenseClass: driverFields.licenseClass.refine((v) => v !== null, LICENSE_CLASS_MESSAGE),
    licenseExpiry: optionalDate.refine((v) => v !== null, '请选择驾驶证有效期'),
    qualificationNo: driverFields.qualificationNo,
    qualificationExpiry: driverFields.qualificationExpiry,
    photos: z
      .array(z.string().trim(), { error: '照片格式不正确' })
      .max(MAX_DRIVER_PHOTOS, `照片最多${MAX_DRIVER_PHOTOS}张`)
      .default([]),
    carNo: z.preprocess(blankToUndefined, plateSchema.optional()),
    plateColor: z.preprocess(
      blankToUndefined,
      z.coerce
        .number()
        .refine((v) => PLATE_COLOURS.some((c) => c.value === v), '车牌颜色不正确')
        .optional(),
    ),
    vin: z.preprocess(
      (v) => (typeof blankToUndefined(v) === 'string' ? String(v).trim().toUpperCase() : blankToUndefined(v)),
      vinSchema.optional(),
    ),
  })
  .refine((r) => (r.carNo === undefined) === (r.vin === undefined), {
    message: '登记车辆时车牌号和车架号都须填写',
    path: ['vin'],
  })
  .refine((r) => r.photos.every(isUploadedImage), { message: '照片格式不正确', path: ['photos'] });

export const REGISTRATION_LABELS: Record<string, string> = {
  ticket: '手机验证',
  code: '注册链接',
  phone: '手机号',
  smsCode: '验证码',
  driverName: '姓名',
  idCard: '身份证号',
  licenseClass: '准驾车型',
  licenseExpiry: '驾驶证有效期',
  qualificationNo: '从业资格证号',
  qualificationExpiry: '从业资格证有效期',
  photos: '照片',
  carNo: '车牌号',
  plateColor: '车牌颜色',
  vin: '车架号',
  reason: '驳回原因',
  teamCode: '所属车队',
  id: '注册申请',
};

type RegistrationRow = Omit<DriverRegistrationTable, 'id' | 'status' | 'upload_count'> & {
  id: number;
  status: number;
  team_name?: string | null;
  reviewer_name?: string | null;
};

/** A registration as the review page sees it. */
export function registrationView(row: RegistrationRow) {
  return {
    id: row.id,
    status: row.status,
    statusName: REGISTRATION_STATUS_NAMES[row.status] ?? '-',
    driverName: row.name ?? '',
    driverPhone: row.phone,
    idCard: row.id_card ?? '',
    licenseClass: row.license_class ?? '',
    licenseClassName: licenseClassName(row.license_class),
    licenseExpiry: row.license_expiry ?? '',
    qualificationNo: row.qualification_no ?? '',
    qualificationExpiry: row.qualification_expiry ?? '',
    photos: row.photos ?? '',
    carNo: row.car_no ?? '',
    plateColor: row.plate_color,
    plateColorName: row.plate_color === null ? '' : plateColourName(row.plate_color),
    vin: row.vin ?? '',
    teamCode: row.team_code,
    teamName: row.team_name ?? '',
    rejectReason: row.reject_reason ?? '',
    driverId: row.driver_id,
    truckId: row.truck_id,
    reviewerName: row.reviewer_name ?? '',
    reviewTime: row.reviewed_at ? formatDateTime(new Date(row.reviewed_at)) : '',
    submitTime: row.submitted_at ? formatDateTime(new Date(row.submitted_at)) : '',
  };
}
