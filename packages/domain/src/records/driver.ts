import { OPERATE_LOG_PAGES } from '../catalogue/operate-log-pages';
import { defineRecordMeta } from './types';

/**
 * 司机: a driver of the merchant's own teams (司机管理, car090103); the registration review page
 * (car090109) opens the drivers it admitted. Phone and national ID each name one driver of the
 * merchant; a driver bound to a truck is unbound before it is deleted.
 */
export const DRIVER_RECORD = defineRecordMeta({
  key: 'driver',
  entity: '司机',
  table: 'driver',
  scope: 'own',
  softDelete: true,
  nameColumn: 'name',
  pageEnum: OPERATE_LOG_PAGES.driver,
  readCodes: ['car090103'],
  infoCodes: ['car090103', 'car090109'],
  listByQuery: true,
  exportMethod: 'POST',
  paths: {
    page: '/driver/list',
    info: '/driver/info',
    add: '/driver/add',
    edit: '/driver/update',
    delete: '/driver/delete',
    export: '/driver/export',
    import: '/driver/import',
  },
  labels: {
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
  },
});
