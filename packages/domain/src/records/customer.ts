import { OPERATE_LOG_PAGES } from '../catalogue/operate-log-pages';
import { defineRecordMeta } from './types';

/** 客户: a shipper or consignee of the merchant; 客户管理 of the coal (car090106) and capacity (tc010501) business. */
export const CUSTOMER_RECORD = defineRecordMeta({
  key: 'customer',
  entity: '客户',
  table: 'customer',
  scope: 'shared',
  softDelete: false,
  nameColumn: 'customer_name',
  pageEnum: OPERATE_LOG_PAGES.customer,
  readCodes: ['car090106', 'tc010501'],
  paths: {
    page: '/colliery/customer/page',
    info: '/colliery/customer/info',
    add: '/colliery/customer/add',
    edit: '/colliery/customer/edit',
    valid: '/colliery/customer/valid',
    export: '/colliery/customer/export',
    import: '/colliery/customer/import',
  },
  labels: {
    id: '客户',
    customerName: '客户名称',
    creditCode: '统一社会信用代码',
    customerType: '客户类型',
    contactName: '联系人',
    contactPhone: '联系电话',
    address: '地址',
    settlementType: '结算方式',
    settlementDays: '账期天数',
    teamCode: '所属车队',
    remark: '备注',
    valid: '状态',
  },
});
