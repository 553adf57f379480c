import { FEE_KINDS, FEE_TYPE_APPS, FEE_TYPE_RECORD } from '@fleet/domain';
import { Space, Tag, Typography } from 'antd';
import {
  defineRecord,
  type SearchField,
  type StoredRecordRow,
  validColumn,
  validSearchField,
} from '../../kit';
import { orDash } from '../../kit/format';
import { texts } from '../../locales';
import { FeeTypeFormItems } from './FeeTypeFormItems';

const t = texts.feeTypes;

/** 费用类型 as listed by /colliery/fee/type/page. */
export interface FeeType extends StoredRecordRow {
  feeName: string;
  /** 1 income, 2 cost. */
  feeKind: 1 | 2;
  feeKindName: string;
  /** Who enters it: 1 office, 2 driver app, 3 both. */
  feeTypeApp: 1 | 2 | 3;
  feeTypeAppName: string;
  /** 1 for the types every merchant has: name and kind fixed. */
  builtIn: 0 | 1;
  sort: number;
  /** 1 enabled, 0 disabled. */
  valid: 0 | 1;
}

/** What add and edit send; `builtIn` only tells the form to lock name and kind. */
export interface FeeTypeFields {
  feeName: string;
  feeKind: number;
  feeTypeApp: number;
  sort?: number | null;
  remark?: string;
  builtIn?: 0 | 1;
}

const options = (list: readonly { value: number; label: string }[]) =>
  list.map((o) => ({ value: o.value, label: o.label }));

const searchFields: SearchField[] = [
  { name: 'feeName', label: t.feeName, placeholder: t.feeNamePlaceholder, width: 180 },
  { name: 'feeKind', label: t.feeKind, type: 'select', width: 110, options: options(FEE_KINDS) },
  { name: 'feeTypeApp', label: t.feeTypeApp, type: 'select', width: 150, options: options(FEE_TYPE_APPS) },
  validSearchField(t),
];

/** 自定义费用类型: /car-cost/fee-type (car080107). */
export const feeTypeRecord = defineRecord<FeeType, FeeTypeFields>({
  meta: FEE_TYPE_RECORD,
  texts: t,
  listKey: 'feeTypes',
  searchFields,
  columns: [
    {
      key: 'feeName',
      title: t.feeName,
      fixed: 'left',
      width: 180,
      render: (_, f) => (
        <Space size={6}>
          {f.feeName}
          {f.builtIn === 1 && <Tag color="blue">{t.builtIn}</Tag>}
        </Space>
      ),
    },
    {
      key: 'feeKindName',
      title: t.feeKind,
      width: 100,
      render: (_, f) => <Tag color={f.feeKind === 1 ? 'green' : 'orange'}>{f.feeKindName}</Tag>,
    },
    { key: 'feeTypeAppName', dataIndex: 'feeTypeAppName', title: t.feeTypeApp, width: 140 },
    { key: 'sort', dataIndex: 'sort', title: t.sort, width: 80 },
    { key: 'teamName', dataIndex: 'teamName', title: t.team, width: 180, render: orDash },
    { key: 'remark', dataIndex: 'remark', title: t.remark, ellipsis: true, render: orDash },
    validColumn(t),
    { key: 'updateTime', dataIndex: 'updateTime', title: t.updateTime, width: 170 },
  ],
  nameOf: (f) => f.feeName,
  FormItems: FeeTypeFormItems,
  addValues: () => ({ feeKind: 2, feeTypeApp: 1 }),
  editValues: (f) => ({
    feeName: f.feeName,
    feeKind: f.feeKind,
    feeTypeApp: f.feeTypeApp,
    sort: f.sort,
    remark: f.remark,
    builtIn: f.builtIn,
  }),
  // the headquarters' types seen from a team below: looked at, not changed
  rowActions: (f, actions) =>
    !actions.canChange(f) && (
      <Typography.Link onClick={() => actions.openPreview(f)}>{texts.kit.common.preview}</Typography.Link>
    ),
  toFields: ({ builtIn: _builtIn, ...fields }) => ({ ...fields, sort: fields.sort ?? null }),
});
