import { DICTIONARIES, nameTextSchema, PHONE_MESSAGE, phoneLooseSchema } from '@fleet/domain';
import { z } from 'zod';
import { optionalDate, optionalNationalId, optionalText, teamCodeField } from '../../http/form-fields';

// The rules of a driver's fields, shared by the add and edit forms, the import and the
// self-registration (spec core section 5: name/text, phone variant 2, national ID).

export const LICENSE_CLASS_MESSAGE = '准驾车型不正确';
export const PHOTOS_MESSAGE = '照片须为本平台上传的jpg或png图片，最多9张';
export const MAX_DRIVER_PHOTOS = 9;

export const LICENSE_CLASSES: readonly string[] = DICTIONARIES.QUASI_DRIVING_MODEL.map((entry) => entry.code);

/** The dictionary name of a licence class ('A2 重型牵引挂车'), or '' when none. */
export function licenseClassName(code: string | null): string {
  if (!code) return '';
  return DICTIONARIES.QUASI_DRIVING_MODEL.find((entry) => entry.code === code)?.name ?? code;
}

/** An address /file/upload gave: /api/file/uploads/YYYY/MM/<32 hex>.jpg|png. */
const UPLOADED_IMAGE = /^\/api\/file\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{32}\.(jpg|png)$/;

export function isUploadedImage(url: string): boolean {
  return UPLOADED_IMAGE.test(url);
}

/** Picture URLs joined with ';' (business section 3), or an array of them; '' for none. */
export const photosField = z.preprocess(
  (value) =>
    Array.isArray(value)
      ? value
      : typeof value === 'string'
        ? value.split(';')
        : value === undefined
          ? []
          : value,
  z
    .array(z.string({ error: PHOTOS_MESSAGE }).trim(), { error: PHOTOS_MESSAGE })
    .transform((urls) => urls.filter((url) => url !== ''))
    .refine((urls) => urls.length <= MAX_DRIVER_PHOTOS && urls.every(isUploadedImage), PHOTOS_MESSAGE)
    .transform((urls) => (urls.length ? urls.join(';') : null)),
);

/** Licence class code; accepts the code alone or the dictionary name ('A2 重型牵引挂车'). */
export const licenseClassField = z.preprocess(
  (value) => (value === undefined || value === null ? '' : typeof value === 'string' ? value.trim() : value),
  z
    .string({ error: LICENSE_CLASS_MESSAGE })
    .transform((text) => text.split(/\s+/)[0]?.toUpperCase() ?? '')
    .refine((code) => code === '' || LICENSE_CLASSES.includes(code), LICENSE_CLASS_MESSAGE)
    .transform((code) => code || null),
);

export const driverNameField = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim() : value),
  nameTextSchema,
);
export const driverPhoneField = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim() : value),
  z.string({ error: PHONE_MESSAGE }).pipe(phoneLooseSchema),
);

/** The fields a driver record has, whoever enters them. */
export const driverFields = {
  driverName: driverNameField,
  driverPhone: driverPhoneField,
  idCard: optionalNationalId,
  licenseClass: licenseClassField,
  licenseExpiry: optionalDate,
  qualificationNo: optionalText(30),
  qualificationExpiry: optionalDate,
  remark: optionalText(200),
};

export const driverFormSchema = z.object({
  ...driverFields,
  photos: photosField,
  teamCode: teamCodeField,
  /** 1 on duty (在职), 0 left (离职). */
  status: z.union([z.literal(0), z.literal(1)], { error: '状态只能为0或1' }).default(1),
});

export type DriverForm = z.output<typeof driverFormSchema>;

export const DRIVER_LABELS: Record<string, string> = {
  id: '司机',
  driverName: '司机姓名',
  driverPhone: '手机号',
  idCard: '身份证号',
  licenseClass: '准驾车型',
  licenseExpiry: '驾驶证有效期',
  qualificationNo: '从业资格证号',
  qualificationExpiry: '从业资格证有效期',
  photos: '照片',
  teamCode: '所属车队',
  status: '状态',
  remark: '备注',
};
