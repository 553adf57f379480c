import { OPERATE_LOG_PAGES } from '../catalogue/operate-log-pages';
import { defineRecordMeta } from './types';

/**
 * 发车计划: a truck and driver to run a line at planned times (a row per station), optionally for a
 * transport order; 计划管理 (car050202). The list, detail and export are the recipe's (GET, the
 * spec's /plan/list); drafting, publishing, editing, handing to the driver, cancelling and deleting
 * are the plan's own routes, since each moves its state.
 */
export const PLAN_RECORD = defineRecordMeta({
  key: 'plan',
  entity: '发车计划',
  table: 'plan',
  scope: 'own',
  softDelete: false,
  nameColumn: 'plan_no',
  pageEnum: OPERATE_LOG_PAGES.plan,
  readCodes: ['car050202'],
  listByQuery: true,
  paths: {
    page: '/plan/list',
    info: '/plan/info',
    export: '/plan/export',
    import: '/plan/import',
  },
  labels: {
    id: '发车计划',
    planNo: '计划编号',
    state: '计划状态',
    orderId: '运输订单',
    customerId: '客户',
    lineId: '线路',
    truckId: '车辆',
    driverId: '司机',
    cargo: '货物名称',
    plannedTons: '计划装载量',
    departTime: '计划发车时间',
    stations: '站点计划',
    reason: '取消原因',
    teamCode: '所属车队',
    remark: '备注',
  },
});
