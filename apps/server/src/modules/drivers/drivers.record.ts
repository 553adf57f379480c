import {
  DAY_MS,
  DICTIONARIES,
  DRIVER_RECORD,
  DRIVER_SOURCES,
  enumRecord,
  formatDate,
  formatDateTime,
  nameTextSchema,
  PHONE_MESSAGE,
  phoneLooseSchema,
} from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import {
  idField,
  isDateText,
  optionalDate,
  optionalNationalId,
  optionalText,
  requiredText,
  teamCodeField,
  teamCodeListField,
} from '../../http/form-fields';
import { pageOf, paging, route } from '../../http/route';
import { blank, teamFilter, withTeamName } from '../../records/filters';
import { defineRecord, type ListedRow, type RecordDef } from '../../records/record';
import { readableRows, recordLog } from '../../records/repository';
import { recordOperation } from '../operate-log/operate-log.repository';
import { registerDriverExtraRoutes } from './drivers.extra.routes';
import type { DriverTable } from './drivers.table';

// The rules of a driver's fields, shared by the add and edit forms, the import and the
// self-registration (spec core section 5: name/text, phone variant 2, national ID).

export const LICENSE_CLASS_MESSAGE = '准驾车型不正确';
const PHOTOS_MESSAGE = '照片须为本平台上传的jpg或png图片，最多9张';
export const MAX_DRIVER_PHOTOS = 9;

const LICENSE_CLASSES: readonly string[] = DICTIONARIES.QUASI_DRIVING_MODEL.map((entry) => entry.code);

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
const photosField = z.preprocess(
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
const licenseClassField = z.preprocess(
  (value) => (value === undefined || value === null ? '' : typeof value === 'string' ? value.trim() : value),
  z
    .string({ error: LICENSE_CLASS_MESSAGE })
    .transform((text) => text.split(/\s+/)[0]?.toUpperCase() ?? '')
    .refine((code) => code === '' || LICENSE_CLASSES.includes(code), LICENSE_CLASS_MESSAGE)
    .transform((code) => code || null),
);

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

/** The fields a driver record has, whoever enters them. */
export const driverFields = {
  driverName: z.preprocess(trimmed, nameTextSchema),
  driverPhone: z.preprocess(trimmed, z.string({ error: PHONE_MESSAGE }).pipe(phoneLooseSchema)),
  idCard: optionalNationalId,
  licenseClass: licenseClassField,
  licenseExpiry: optionalDate,
  qualificationNo: optionalText(30),
  qualificationExpiry: optionalDate,
  remark: optionalText(200),
};

const driverForm = z.object({
  ...driverFields,
  photos: photosField,
  teamCode: teamCodeField,
  /** 1 on duty (在职), 0 left (离职). */
  status: z.union([z.literal(0), z.literal(1)], { error: '状态只能为0或1' }).default(1),
});
export type DriverForm = z.output<typeof driverForm>;

const importRow = z.object({ ...driverFields, team: requiredText(36, '请填写所属车队') });
type DriverImportRow = z.output<typeof importRow>;

/** The table columns of a driver's form. */
function driverColumns(form: DriverForm) {
  return {
    team_code: form.teamCode,
    name: form.driverName,
    phone: form.driverPhone,
    id_card: form.idCard,
    license_class: form.licenseClass,
    license_expiry: form.licenseExpiry,
    qualification_no: form.qualificationNo,
    qualification_expiry: form.qualificationExpiry,
    photos: form.photos,
    status: form.status,
    remark: form.remark,
  };
}

/** A driver in the log: '张三（13912345678）'. */
const named = (c: Record<string, unknown>) => `${c.name}（${c.phone}）`;

/** Days before a licence expires from which it counts as expiring soon. */
const EXPIRING_DAYS = 30;

/** 'YYYY-MM-DD', or the day of 'YYYY-MM-DD HH:mm:ss' (what date range pickers send). */
const filterDate = z.preprocess((value) => {
  const v = blank(value);
  return typeof v === 'string' && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(v) ? v.slice(0, 10) : v;
}, z.string().refine(isDateText, '日期格式应为YYYY-MM-DD').optional());

/** The filter of GET /driver/list, also the input of /driver/export. */
const driverFilter = z.object({
  driverName: z.preprocess(blank, z.string().max(30, '最多输入30个字符').optional()),
  driverPhone: z.preprocess(blank, z.string().max(20, '最多输入20个字符').optional()),
  teamCode: teamFilter,
  teamCodeList: teamCodeListField,
  licenseClass: z.preprocess(blank, z.string().max(10).optional()),
  licenseExpiryStart: filterDate,
  licenseExpiryEnd: filterDate,
  /** 1 licence expired, 2 expiring within 30 days. */
  expiryState: z.preprocess(
    blank,
    z.coerce
      .number()
      .pipe(z.union([z.literal(1), z.literal(2)], { error: '证件状态不正确' }))
      .optional(),
  ),
  /** 1 on duty, 0 left. */
  status: z.preprocess(
    blank,
    z.coerce
      .number()
      .pipe(z.union([z.literal(0), z.literal(1)], { error: '状态只能为0或1' }))
      .optional(),
  ),
});
type DriverFilter = z.output<typeof driverFilter>;

type DriverRow = ListedRow<DriverTable>;

/** Today and the last day of 'expiring soon', 'YYYY-MM-DD' in Shanghai. */
function expiryDays(now: number) {
  return { today: formatDate(new Date(now)), soon: formatDate(new Date(now + EXPIRING_DAYS * DAY_MS)) };
}

/** A driver as the API answers it, with the plates of the trucks it is bound to. */
function driverView(row: DriverRow, plates: readonly string[], now: number) {
  const { today, soon } = expiryDays(now);
  const expiry = row.license_expiry;
  return {
    id: row.id,
    driverName: row.name,
    driverPhone: row.phone,
    idCard: row.id_card ?? '',
    licenseClass: row.license_class ?? '',
    licenseClassName: licenseClassName(row.license_class),
    licenseExpiry: expiry ?? '',
    /** 0 valid or unknown, 1 expired, 2 expiring within 30 days. */
    licenseState: expiry === null ? 0 : expiry < today ? 1 : expiry <= soon ? 2 : 0,
    qualificationNo: row.qualification_no ?? '',
    qualificationExpiry: row.qualification_expiry ?? '',
    photos: row.photos ?? '',
    photosChecked: row.photos === null || row.photos_checked_at !== null,
    teamCode: row.team_code,
    teamName: row.team_name ?? '',
    carNo: plates.join(','),
    status: row.status,
    source: row.source,
    remark: row.remark ?? '',
    createTime: formatDateTime(new Date(row.created_at)),
    updateTime: formatDateTime(new Date(row.updated_at)),
  };
}
type DriverView = ReturnType<typeof driverView>;

/** Plates of the trucks each driver is bound to (trucks not deleted). */
async function boundPlates(db: Kysely<Database>, driverIds: readonly number[]) {
  const plates = new Map<number, string[]>();
  if (driverIds.length === 0) return plates;
  const rows = await db
    .selectFrom('truck')
    .select(['driver_id', 'car_no'])
    .where('driver_id', 'in', [...driverIds])
    .where('deleted_at', 'is', null)
    .orderBy('car_no')
    .execute();
  for (const row of rows) {
    if (row.driver_id === null) continue;
    plates.set(row.driver_id, [...(plates.get(row.driver_id) ?? []), row.car_no]);
  }
  return plates;
}

const SOURCES = enumRecord(DRIVER_SOURCES);

export type DriverRecord = RecordDef<DriverForm, DriverFilter, DriverView, DriverImportRow>;

/**
 * 司机: drivers of the caller's team subtree, deleted softly. Phone and national ID each name one
 * driver of the merchant. Licence states are of the server's clock, so the definition is made with
 * the app's context.
 */
export function driverRecord(ctx: AppContext): DriverRecord {
  const now = ctx.config.now;
  const def: DriverRecord = defineRecord<DriverForm, DriverFilter, DriverView, DriverImportRow>({
    meta: DRIVER_RECORD,
    tag: '司机管理',
    summaries: {
      page: '司机列表：姓名、手机号、车队、准驾车型、驾驶证有效期（区间或已过期/30天内到期）、在职状态',
      info: '司机详情（含绑定车辆）',
      add: '新增司机：手机号、身份证号在商户内唯一；照片为上传地址，以;分隔',
      delete: '删除司机（可批量；已绑定车辆的司机需先解绑）',
      import: '导入司机',
    },
    joins: withTeamName('driver'),
    selection: [
      'driver.id',
      'driver.team_code',
      'driver.name',
      'driver.phone',
      'driver.id_card',
      'driver.license_class',
      'driver.license_expiry',
      'driver.qualification_no',
      'driver.qualification_expiry',
      'driver.photos',
      'driver.photos_checked_at',
      'driver.status',
      'driver.source',
      'driver.remark',
      'driver.created_at',
      'driver.updated_at',
      'team.team_name',
    ],
    view: (row: DriverRow) => driverView(row, [], now()),
    views: async (db, rows: DriverRow[]) => {
      const plates = await boundPlates(
        db,
        rows.map((r) => r.id),
      );
      return rows.map((r) => driverView(r, plates.get(r.id) ?? [], now()));
    },
    filter: {
      schema: driverFilter,
      apply: (q, f) => {
        if (f.driverName) q = q.where('driver.name', 'like', `%${f.driverName}%`);
        if (f.driverPhone) q = q.where('driver.phone', 'like', `%${f.driverPhone}%`);
        if (f.teamCode) q = q.where('driver.team_code', 'like', `${f.teamCode}%`);
        const codes = f.teamCodeList ?? [];
        if (codes.length)
          q = q.where((eb) => eb.or(codes.map((code) => eb('driver.team_code', 'like', `${code}%`))));
        if (f.licenseClass) q = q.where('driver.license_class', '=', f.licenseClass.toUpperCase());
        if (f.licenseExpiryStart) q = q.where('driver.license_expiry', '>=', f.licenseExpiryStart);
        if (f.licenseExpiryEnd) q = q.where('driver.license_expiry', '<=', f.licenseExpiryEnd);
        const { today, soon } = expiryDays(now());
        if (f.expiryState === 1) q = q.where('driver.license_expiry', '<', today);
        if (f.expiryState === 2)
          q = q.where('driver.license_expiry', '>=', today).where('driver.license_expiry', '<=', soon);
        if (f.status !== undefined) q = q.where('driver.status', '=', f.status);
        return q;
      },
    },
    form: {
      schema: driverForm,
      editSchema: driverForm.extend({ id: idField('司机不正确') }),
      columns: driverColumns,
      addColumns: { source: 1 },
      noCreatedBy: true,
      logFields: (c) => ({
        driverName: c.name,
        driverPhone: c.phone,
        idCard: c.id_card,
        licenseClass: c.license_class,
        licenseExpiry: c.license_expiry,
        qualificationNo: c.qualification_no,
        qualificationExpiry: c.qualification_expiry,
        photos: c.photos,
        teamCode: c.team_code,
        status: c.status === 1 ? '在职' : '离职',
        remark: c.remark,
      }),
      hiddenChanges: ['photos'],
      addedText: named,
      deletedText: named,
      // photos staff enter are checked by them; unchanged photos keep their state
      savedColumns: (c, at, before) => ({
        photos_checked_at:
          before && c.photos === before.photos ? before.photos_checked_at : c.photos ? at : null,
      }),
    },
    unique: [
      { field: 'driverPhone', column: 'phone', taken: '该手机号已被其他司机使用' },
      { field: 'idCard', column: 'id_card', taken: '该身份证号已被其他司机使用' },
    ],
    deleteCheck: async (db, _auth, rows) => {
      const plates = await boundPlates(
        db,
        rows.map((r) => r.id),
      );
      const bound = rows.find((d) => plates.has(d.id));
      return bound
        ? `司机 ${bound.name} 已绑定车辆 ${(plates.get(bound.id) ?? []).join('、')}，请先在车辆管理中解绑`
        : null;
    },
    export: {
      title: '司机列表',
      columns: [
        { header: '司机姓名', value: (d) => d.driverName },
        { header: '手机号', width: 14, value: (d) => d.driverPhone },
        { header: '身份证号', width: 22, value: (d) => d.idCard },
        { header: '准驾车型', value: (d) => d.licenseClassName },
        { header: '驾驶证有效期', width: 14, value: (d) => d.licenseExpiry },
        { header: '从业资格证号', width: 20, value: (d) => d.qualificationNo },
        { header: '从业资格证有效期', width: 16, value: (d) => d.qualificationExpiry },
        { header: '所属车队', width: 20, value: (d) => d.teamName },
        { header: '绑定车辆', width: 20, value: (d) => d.carNo },
        { header: '状态', width: 8, value: (d) => (d.status === 1 ? '在职' : '离职') },
        { header: '来源', width: 10, value: (d) => SOURCES[d.source] ?? '' },
        { header: '备注', width: 24, value: (d) => d.remark },
        { header: '创建时间', width: 20, value: (d) => d.createTime },
      ],
    },
    import: {
      title: '司机',
      columns: [
        { header: '司机姓名', key: 'driverName', required: true, example: '张三' },
        { header: '手机号', key: 'driverPhone', required: true, example: '13912345678', width: 14 },
        { header: '身份证号', key: 'idCard', example: '110101198001010010', width: 22 },
        { header: '所属车队', key: 'team', required: true, example: '干线一分队', width: 20 },
        { header: '准驾车型', key: 'licenseClass', example: 'A2' },
        { header: '驾驶证有效期', key: 'licenseExpiry', example: '2030-06-30', width: 14 },
        { header: '从业资格证号', key: 'qualificationNo', example: '110101198001010010', width: 20 },
        { header: '从业资格证有效期', key: 'qualificationExpiry', example: '2029-12-31', width: 16 },
        { header: '备注', key: 'remark', width: 24 },
      ],
      row: importRow,
      toForm: ({ team: _team, ...row }, teamCode) => ({ ...row, teamCode, photos: null, status: 1 }),
      addColumns: { source: 2 },
    },
    routes: (app) => {
      registerDriverPickers(app, ctx, def);
      registerDriverExtraRoutes(app, ctx, def);
    },
  });
  return def;
}

/**
 * Adds one driver whose form was checked by the caller (team, phone and ID unique) and logs it, e.g.
 * a self-registration approved (source 3, its photos still to be checked); returns the id.
 */
export async function insertDriver(
  tx: Kysely<Database>,
  auth: AuthContext,
  form: DriverForm,
  now: number,
  source: 1 | 2 | 3,
  logText = '新增司机',
) {
  const columns = driverColumns(form);
  const row = await tx
    .insertInto('driver')
    .values({
      merchant_id: auth.merchantId,
      ...columns,
      source,
      photos_checked_at: source === 1 && form.photos ? now : null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await recordOperation(
    tx,
    auth,
    recordLog(DRIVER_RECORD, row.id, form.teamCode, `${logText} ${named(columns)}`),
    now,
  );
  return row.id;
}

/** The drivers' pickers: by name or phone, at most 500, or a page of them. */
function registerDriverPickers(app: FastifyInstance, { db }: AppContext, def: DriverRecord): void {
  const nameFilter = z.object({
    driverName: z
      .string()
      .trim()
      .max(30, '最多输入30个字符')
      .optional()
      .transform((text) => text || undefined),
  });
  const nameRows = (auth: AuthContext, keyword: string | undefined) => {
    let q = readableRows(db, auth, def);
    if (keyword)
      q = q.where((eb) =>
        eb.or([eb('driver.name', 'like', `%${keyword}%`), eb('driver.phone', 'like', `%${keyword}%`)]),
      );
    return q;
  };
  const picked = ['driver.id', 'driver.name', 'driver.phone'];
  const option = (r: Record<string, unknown>) => ({
    id: r.id as number,
    driverName: r.name as string,
    phone: r.phone as string,
  });

  route(app, 'lookups', {
    method: 'GET',
    url: '/driver/name/list',
    summary: '司机下拉（按姓名或手机号筛选，最多500条）',
    access: 'login',
    list: true,
    query: nameFilter,
    handler: async ({ auth, query }) => {
      const rows = await nameRows(auth, query.driverName)
        .select(picked)
        .orderBy('driver.name')
        .orderBy('driver.id')
        .limit(500)
        .execute();
      return rows.map(option);
    },
  });

  route(app, 'lookups', {
    method: 'GET',
    url: '/driver/name/listPage',
    summary: '司机下拉分页（每页20条，按姓名或手机号筛选）：{ list: [{ id, driverName, phone }], total }',
    access: 'login',
    list: true,
    query: nameFilter.extend({
      pageNum: paging.pageNum,
      pageSize: z.coerce.number().int().min(1, '每页条数必须大于0').max(100, '每页最多100条').default(20),
    }),
    handler: async ({ auth, query }) => {
      const { rows, total } = await pageOf(
        nameRows(auth, query.driverName),
        (q) => q.select(picked).orderBy('driver.name').orderBy('driver.id'),
        query,
      );
      return { list: rows.map(option), total };
    },
  });
}
