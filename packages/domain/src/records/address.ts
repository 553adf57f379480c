import { OPERATE_LOG_PAGES } from '../catalogue/operate-log-pages';
import { defineRecordMeta } from './types';

/** 常用地址: a named place of loading, unloading, parking…; system management (car090404) and capacity business (tc010506). */
export const ADDRESS_RECORD = defineRecordMeta({
  key: 'address',
  entity: '地址',
  table: 'common_address',
  scope: 'shared',
  softDelete: true,
  nameColumn: 'name',
  pageEnum: OPERATE_LOG_PAGES.address,
  readCodes: ['car090404', 'tc010506'],
  paths: {
    page: '/common/address/list',
    add: '/common/address/add',
    edit: '/common/address/edit',
    delete: '/common/address/del',
    export: '/common/address/export',
    import: '/common/address/import',
  },
  labels: {
    id: '地址',
    name: '地址名称',
    address: '详细地址',
    lng: '经度',
    lat: '纬度',
    addressType: '地址类型',
    contactName: '联系人',
    contactPhone: '联系电话',
    teamCode: '所属车队',
    remark: '备注',
  },
});
