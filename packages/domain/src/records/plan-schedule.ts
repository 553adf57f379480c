import { OPERATE_LOG_PAGES } from '../catalogue/operate-log-pages';
import { defineRecordMeta } from './types';

/**
 * 车辆排班计划 (car050203): a line, truck and driver on chosen weekdays at a departure time in a
 * validity period; while enabled it creates the published plans of its days ahead of time (计划管理,
 * car050202, reads them too). Pausing, the conflict check and generating now are its own routes.
 */
export const PLAN_SCHEDULE_RECORD = defineRecordMeta({
  key: 'planSchedule',
  entity: '排班计划',
  table: 'plan_schedule',
  scope: 'own',
  softDelete: false,
  nameColumn: 'name',
  pageEnum: OPERATE_LOG_PAGES.planSchedule,
  readCodes: ['car050203', 'car050202'],
  writeCodes: ['car050203'],
  paths: {
    page: '/scheduling/plan/page',
    info: '/scheduling/plan/info',
    add: '/scheduling/plan/add',
    edit: '/scheduling/plan/update',
    delete: '/scheduling/plan/delete',
    export: '/scheduling/plan/export',
  },
  labels: {
    id: '排班计划',
    name: '排班名称',
    lineId: '线路',
    truckId: '车辆',
    driverId: '司机',
    orderId: '运输订单',
    cargo: '货物名称',
    plannedTons: '计划装载量',
    weekdays: '执行日',
    departTime: '发车时间',
    startDate: '开始日期',
    endDate: '结束日期',
    status: '状态',
    daysAhead: '提前生成天数',
    teamCode: '所属车队',
    remark: '备注',
  },
});
