import { OPERATE_LOG_PAGES } from '../catalogue/operate-log-pages';
import { defineRecordMeta } from './types';

/**
 * 保养计划: when a truck (or every truck of a brand and series) is serviced, by odometer interval
 * and/or time interval after its last service, reminded some km or days before; listed on 保养提醒
 * (car050206) and read by 车辆保养汇总 (car1401).
 */
export const MAINTENANCE_PLAN_RECORD = defineRecordMeta({
  key: 'maintenancePlan',
  entity: '保养计划',
  table: 'maintenance_plan',
  scope: 'own',
  softDelete: true,
  nameColumn: 'plan_name',
  pageEnum: OPERATE_LOG_PAGES.maintenancePlan,
  readCodes: ['car050206', 'car1401'],
  writeCodes: ['car050206', 'car1401'],
  paths: {
    page: '/maintenance/plan/page',
    info: '/maintenance/plan/info',
    add: '/maintenance/plan/add',
    edit: '/maintenance/plan/edit',
    valid: '/maintenance/plan/changeStatus',
    delete: '/maintenance/plan/delete',
    export: '/maintenance/plan/export',
    import: '/maintenance/plan/import',
  },
  labels: {
    id: '保养计划',
    planName: '计划名称',
    targetType: '适用范围',
    truckId: '车辆',
    brand: '品牌',
    series: '车系',
    intervalKm: '保养间隔里程',
    intervalMonths: '保养间隔时间',
    lastDate: '上次保养日期',
    lastKm: '上次保养里程',
    remindKm: '提前提醒里程',
    remindDays: '提前提醒天数',
    items: '保养项目',
    teamCode: '所属车队',
    remark: '备注',
    valid: '状态',
  },
});

/**
 * 保养记录: one service of a truck (date, odometer, items, workshop, amount, invoice images); saving
 * it writes the truck's 保养 cost and moves its plan's last service.
 */
export const MAINTENANCE_RECORD_RECORD = defineRecordMeta({
  key: 'maintenanceRecord',
  entity: '保养记录',
  table: 'maintenance_record',
  scope: 'own',
  softDelete: true,
  nameColumn: 'items',
  pageEnum: OPERATE_LOG_PAGES.maintenanceRecord,
  readCodes: ['car1401', 'car050206'],
  paths: {},
  labels: {
    id: '保养记录',
    truckId: '车辆',
    planId: '保养计划',
    maintainDate: '保养日期',
    mileageKm: '保养里程',
    items: '保养项目',
    workshop: '维修厂',
    amountFen: '保养费用',
    invoiceImages: '发票图片',
    remark: '备注',
  },
});
