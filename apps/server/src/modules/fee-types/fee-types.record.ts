import {
  BUILT_IN_FEE_TYPES,
  enumRecord,
  FEE_KINDS as FEE_KIND_OPTIONS,
  FEE_TYPE_APPS as FEE_TYPE_APP_OPTIONS,
  FEE_TYPE_RECORD,
  formatDateTime,
  nameTextSchema,
} from '@fleet/domain';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import { badInput } from '../../http/envelope';
import { optionalText } from '../../http/form-fields';
import { route } from '../../http/route';
import { blank, enabledFilter, withTeamName } from '../../records/filters';
import { defineRecord, type ListedRow, type RecordQuery } from '../../records/record';
import { filteredRows } from '../../records/repository';
import type { FeeTypeTable } from './fee-types.table';

export const FEE_KINDS = enumRecord(FEE_KIND_OPTIONS);
export const FEE_TYPE_APPS = enumRecord(FEE_TYPE_APP_OPTIONS);

const SORT_MESSAGE = '排序须为0-9999的整数';

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);
const enumField = (values: Readonly<Record<number, string>>, message: string) =>
  z.coerce.number({ error: message }).refine((n) => n in values, message);
const kindField = enumField(FEE_KINDS, '请选择收支类型');
const appField = enumField(FEE_TYPE_APPS, '请选择录入端');

const feeTypeForm = z.object({
  feeName: z.preprocess(trimmed, nameTextSchema),
  feeKind: kindField,
  feeTypeApp: appField,
  /** Left out: a new type comes after the built-in ones (99), an edited one keeps its place. */
  sort: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.coerce
      .number({ error: SORT_MESSAGE })
      .int(SORT_MESSAGE)
      .min(0, SORT_MESSAGE)
      .max(9999, SORT_MESSAGE)
      .optional(),
  ),
  remark: optionalText(200),
});
type FeeTypeForm = z.output<typeof feeTypeForm> & { teamCode?: string };

/** 录入端 of a search or a picker: office (1) or driver app (2) also finds the types of both (3). */
function enteredBy(q: RecordQuery, app: number | undefined): RecordQuery {
  if (!app) return q;
  return q.where('fee_type.fee_type_app', 'in', app === 3 ? [3] : [app, 3]);
}

/** The filter of /colliery/fee/type/page. */
const feeTypeFilter = z.object({
  feeName: z.preprocess(blank, z.string().max(30, '最多输入30个字符').optional()),
  feeKind: z.preprocess(blank, kindField.optional()),
  feeTypeApp: z.preprocess(blank, appField.optional()),
  valid: enabledFilter,
});
type FeeTypeFilter = z.output<typeof feeTypeFilter>;

type FeeTypeRow = ListedRow<FeeTypeTable>;

/** A fee type as the API answers it. */
function feeTypeView(row: FeeTypeRow) {
  return {
    id: row.id,
    feeName: row.fee_name,
    feeKind: row.fee_kind,
    feeKindName: FEE_KINDS[row.fee_kind] ?? '-',
    feeTypeApp: row.fee_type_app,
    feeTypeAppName: FEE_TYPE_APPS[row.fee_type_app] ?? '-',
    builtIn: row.built_in,
    sort: row.sort,
    teamCode: row.team_code,
    teamName: row.team_name ?? '',
    remark: row.remark ?? '',
    valid: row.valid,
    createTime: formatDateTime(new Date(row.created_at)),
    updateTime: formatDateTime(new Date(row.updated_at)),
  };
}
type FeeTypeView = ReturnType<typeof feeTypeView>;

/**
 * The built-in fee types of a new merchant, at its headquarters (the migration gave them to the
 * merchants before it).
 */
export async function addBuiltInFeeTypes(
  db: Kysely<Database>,
  merchantId: number,
  teamCode: string,
  at: number,
): Promise<void> {
  await db
    .insertInto('fee_type')
    .values(
      BUILT_IN_FEE_TYPES.map((t, i) => ({
        merchant_id: merchantId,
        team_code: teamCode,
        fee_name: t.feeName,
        fee_kind: t.feeKind,
        fee_type_app: t.feeTypeApp,
        built_in: 1,
        sort: i + 1,
        created_by: null,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
}

/**
 * 费用类型: the headquarters' types (the built-in ones among them) are read and picked by every team,
 * changed within the own subtree. A name names one type of the merchant; a built-in type keeps its
 * name and kind, and no type is deleted (waybill fees refer to it): they are disabled instead.
 */
export const feeTypeRecord = defineRecord<FeeTypeForm, FeeTypeFilter, FeeTypeView>({
  meta: FEE_TYPE_RECORD,
  tag: '费用类型',
  summaries: {
    page: '费用类型分页：名称、收支类型（1收入 2支出）、录入端（1管理端 2司机端 3两者）、状态（valid 1启用 0停用）',
    add: '新增费用类型（所属车队为新增人所在车队）：名称在商户内唯一',
    edit: '修改费用类型：内置费用类型不能修改名称和收支类型',
    valid: '启用（valid 1）或停用（valid 0）费用类型；停用的不再出现在费用类型选项中',
  },
  joins: withTeamName('fee_type'),
  selection: [
    'fee_type.id',
    'fee_type.team_code',
    'fee_type.fee_name',
    'fee_type.fee_kind',
    'fee_type.fee_type_app',
    'fee_type.built_in',
    'fee_type.sort',
    'fee_type.remark',
    'fee_type.valid',
    'fee_type.created_at',
    'fee_type.updated_at',
    'team.team_name',
  ],
  view: feeTypeView,
  order: (q) => q.orderBy('fee_type.sort').orderBy('fee_type.id'),
  filter: {
    schema: feeTypeFilter,
    apply: (q, f) => {
      if (f.feeName) q = q.where('fee_type.fee_name', 'like', `%${f.feeName}%`);
      if (f.feeKind) q = q.where('fee_type.fee_kind', '=', f.feeKind);
      if (f.valid !== undefined) q = q.where('fee_type.valid', '=', f.valid);
      return enteredBy(q, f.feeTypeApp);
    },
  },
  form: {
    schema: feeTypeForm,
    columns: (form) => ({
      team_code: form.teamCode,
      fee_name: form.feeName,
      fee_kind: form.feeKind,
      fee_type_app: form.feeTypeApp,
      ...(form.sort === undefined ? {} : { sort: form.sort }),
      remark: form.remark,
    }),
    addColumns: { built_in: 0 },
    logFields: (c) => ({
      feeName: c.fee_name,
      feeKind: FEE_KINDS[c.fee_kind as number],
      feeTypeApp: FEE_TYPE_APPS[c.fee_type_app as number],
      ...('sort' in c ? { sort: c.sort } : {}),
      remark: c.remark,
    }),
  },
  unique: [{ field: 'feeName', column: 'fee_name', taken: '该费用类型名称已存在' }],
  check: async (_db, _auth, form, before) => {
    if (before?.built_in === 1 && (form.feeName !== before.fee_name || form.feeKind !== before.fee_kind))
      throw badInput('内置费用类型不能修改费用名称和收支类型');
  },
  routes: (app, { db }) => {
    route(app, '费用类型', {
      method: 'POST',
      url: '/colliery/fee/type/list',
      summary:
        '费用类型下拉（启用的，按排序）：可按收支类型、录入端筛选；[{ id, feeName, feeKind, feeTypeApp }]',
      access: 'login',
      list: true,
      labels: FEE_TYPE_RECORD.labels,
      body: feeTypeFilter.pick({ feeKind: true, feeTypeApp: true }),
      handler: async ({ auth, body }) => {
        const rows = await filteredRows(db, auth, feeTypeRecord, { ...body, valid: 1 })
          .select(['fee_type.id', 'fee_type.fee_name', 'fee_type.fee_kind', 'fee_type.fee_type_app'])
          .orderBy('fee_type.sort')
          .orderBy('fee_type.id')
          .execute();
        return rows.map((r) => ({
          id: r.id,
          feeName: r.fee_name,
          feeKind: r.fee_kind,
          feeTypeApp: r.fee_type_app,
        }));
      },
    });
  },
});
