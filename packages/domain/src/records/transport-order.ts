import { OPERATE_LOG_PAGES } from '../catalogue/operate-log-pages';
import { defineRecordMeta } from './types';

/**
 * 运输订单: what a customer asked to have moved on a line (cargo, a quantity in tons or truckloads,
 * a time window), kept by a team and fulfilled by its plans and their waybills. Reached from 计划管理
 * (car050202) as the hidden page /transport/order. Quantities in tons are whole kg in the database
 * and the API answers both.
 */
export const TRANSPORT_ORDER_RECORD = defineRecordMeta({
  key: 'transportOrder',
  entity: '运输订单',
  table: 'transport_order',
  scope: 'own',
  softDelete: true,
  nameColumn: 'order_no',
  pageEnum: OPERATE_LOG_PAGES.transportOrder,
  readCodes: ['car050202'],
  paths: {
    page: '/transport/order/page',
    info: '/transport/order/info',
    add: '/transport/order/add',
    edit: '/transport/order/edit',
    delete: '/transport/order/delete',
    export: '/transport/order/export',
  },
  labels: {
    id: '运输订单',
    orderNo: '订单号',
    customerId: '客户',
    lineId: '线路',
    cargo: '货物名称',
    quantityUnit: '数量单位',
    quantity: '数量',
    startTime: '开始时间',
    endTime: '结束时间',
    status: '订单状态',
    teamCode: '所属车队',
    remark: '备注',
  },
});
