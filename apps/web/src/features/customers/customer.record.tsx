import { CUSTOMER_RECORD, CUSTOMER_TYPES } from '@fleet/domain';
import {
  defineRecord,
  type SearchField,
  type StoredRecordRow,
  validColumn,
  validSearchField,
} from '../../kit';
import { orDash } from '../../kit/format';
import { texts } from '../../locales';
import { CustomerFormItems } from './CustomerFormItems';

const t = texts.customers;

/** 客户 as listed by /colliery/customer/page. */
export interface Customer extends StoredRecordRow {
  customerName: string;
  creditCode: string;
  /** 1 shipper, 2 consignee, 3 both. */
  customerType: 1 | 2 | 3;
  customerTypeName: string;
  contactName: string;
  contactPhone: string;
  address: string;
  /** 1 cash, 2 monthly, 3 after agreed days. */
  settlementType: 1 | 2 | 3;
  settlementTypeName: string;
  settlementDays: number;
  /** 1 enabled, 0 disabled. */
  valid: 0 | 1;
}

/** What add and edit send. */
export interface CustomerFields {
  customerName: string;
  creditCode?: string;
  customerType: number;
  contactName?: string;
  contactPhone?: string;
  address?: string;
  settlementType: number;
  settlementDays?: number;
  teamCode: string;
  remark?: string;
}

const searchFields: SearchField[] = [
  { name: 'customerName', label: t.customerName, placeholder: t.customerNamePlaceholder, width: 180 },
  { name: 'creditCode', label: t.creditCode, width: 200 },
  { name: 'contactName', label: t.contactName, width: 140 },
  {
    name: 'customerType',
    label: t.customerType,
    type: 'select',
    width: 130,
    options: CUSTOMER_TYPES.map((c) => ({ value: c.value, label: c.label })),
  },
  validSearchField(t),
  { name: 'teamCode', label: t.team, type: 'team', width: 200 },
];

/** 客户管理: /smart-coal/customer (car090106) and /tc/customer (tc010501), one page. */
export const customerRecord = defineRecord<Customer, CustomerFields>({
  meta: CUSTOMER_RECORD,
  texts: t,
  listKey: 'customers',
  searchFields,
  columns: [
    { key: 'customerName', dataIndex: 'customerName', title: t.customerName, fixed: 'left', width: 200 },
    { key: 'creditCode', dataIndex: 'creditCode', title: t.creditCode, width: 190, render: orDash },
    { key: 'customerTypeName', dataIndex: 'customerTypeName', title: t.customerType, width: 110 },
    { key: 'contactName', dataIndex: 'contactName', title: t.contactName, render: orDash },
    { key: 'contactPhone', dataIndex: 'contactPhone', title: t.contactPhone, render: orDash },
    {
      key: 'settlement',
      title: t.settlementType,
      width: 130,
      render: (_, c) =>
        c.settlementType === 3 ? `${c.settlementTypeName}（${c.settlementDays}天）` : c.settlementTypeName,
    },
    { key: 'address', dataIndex: 'address', title: t.address, ellipsis: true, render: orDash },
    { key: 'teamName', dataIndex: 'teamName', title: t.team, render: orDash },
    validColumn(t),
    { key: 'createTime', dataIndex: 'createTime', title: t.createTime, width: 170 },
  ],
  nameOf: (c) => c.customerName,
  FormItems: CustomerFormItems,
  addValues: (user) => ({
    customerType: 1,
    settlementType: 2,
    settlementDays: 0,
    teamCode: user.team.teamCode,
  }),
  editValues: (c) => ({
    customerName: c.customerName,
    creditCode: c.creditCode,
    customerType: c.customerType,
    contactName: c.contactName,
    contactPhone: c.contactPhone,
    address: c.address,
    settlementType: c.settlementType,
    settlementDays: c.settlementDays,
    teamCode: c.teamCode,
    remark: c.remark,
  }),
  toFields: (values) => ({ ...values, creditCode: values.creditCode?.trim().toUpperCase() }),
});
