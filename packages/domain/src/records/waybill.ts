import { OPERATE_LOG_PAGES } from '../catalogue/operate-log-pages';
import { defineRecordMeta } from './types';

/**
 * 运单: one load for a customer on a line, from its loading to its unloading station, carried by a
 * truck and a driver, settled by the transport price in force at loading. Kept by the team of its
 * truck (a dispatcher sees the own team's subtree); listed on 运单列表 (car110102, tc010102) and
 * 运单管理 of transportation management (car050204), created on 创建运单 (car110101, tc010101).
 * Never deleted: a waybill is cancelled with a reason, fees and receivables keep pointing at it.
 * Weights are whole kg (`loadingNetKg`), money whole fen (`freightFen`).
 */
export const WAYBILL_RECORD = defineRecordMeta({
  key: 'waybill',
  entity: '运单',
  table: 'waybill',
  scope: 'own',
  softDelete: false,
  nameColumn: 'bill_no',
  pageEnum: OPERATE_LOG_PAGES.waybill,
  readCodes: ['car110102', 'tc010102', 'car050204'],
  writeCodes: ['car110101', 'car110102', 'tc010101', 'tc010102', 'car050204'],
  paths: {
    page: '/colliery/waybill/page',
    info: '/colliery/waybill/info',
    add: '/colliery/waybill/add',
    edit: '/colliery/waybill/edit',
    export: '/colliery/waybill/export',
    import: '/colliery/waybill/import',
  },
  labels: {
    id: '运单',
    billNo: '运单号',
    customerId: '客户',
    lineId: '线路',
    loadingStationId: '装货地',
    unloadingStationId: '卸货地',
    cargo: '货物名称',
    truckId: '车辆',
    driverId: '司机',
    planId: '计划',
    plannedLoadTime: '计划装货时间',
    plannedArriveTime: '计划到达时间',
    loadingGrossKg: '装车毛重',
    loadingTareKg: '装车皮重',
    loadingNetKg: '装车净重',
    unloadingGrossKg: '卸车毛重',
    unloadingTareKg: '卸车皮重',
    unloadingNetKg: '卸车净重',
    status: '运单状态',
    teamCode: '所属车队',
    remark: '备注',
    // the search form
    source: '来源',
    cancelled: '是否取消',
    carNo: '车牌号',
    approvalState: '审核状态',
    approvalRemark: '审核意见',
    // weighbridge slips, the receipt, exceptions, fees, cancelling and the line change
    waybillId: '运单',
    kind: '磅单类型',
    grossKg: '毛重',
    tareKg: '皮重',
    weighTime: '过磅时间',
    photos: '照片',
    loadingWeighTime: '装车过磅时间',
    loadingPhotos: '装车磅单照片',
    unloadingWeighTime: '卸车过磅时间',
    unloadingPhotos: '卸车磅单照片',
    backPhotos: '回单照片',
    backRemark: '回单备注',
    exceptionType: '异常类型',
    description: '异常描述',
    lat: '纬度',
    lng: '经度',
    address: '地址',
    feeTypeId: '费用类型',
    amountFen: '金额',
    reason: '原因',
    keyword: '关键字',
  },
});

/**
 * The waybill's calls beside the recipe's (page, info, add, edit, export, import): bill numbers,
 * moves of state and the timeline, weighbridge slips, the receipt, cancelling, exceptions, fees,
 * the line change and the tabulation review (运单制表) with its task picker.
 */
export const WAYBILL_PATHS = {
  billNo: '/colliery/waybill/billNo',
  changeStatus: '/colliery/waybill/changeStatus',
  statusFlow: '/colliery/waybill/statusFlow',
  poundAdd: '/colliery/waybill/pound/add',
  poundInfo: '/colliery/waybill/pound/info',
  addBack: '/colliery/waybill/addBack',
  backInfo: '/colliery/waybill/backInfo',
  cancel: '/colliery/waybill/cancel',
  exceptionAdd: '/colliery/waybill/exception/add',
  feeAdd: '/colliery/waybill/fee/add',
  changeLine: '/colliery/waybill/change/line',
  approval: '/colliery/waybill/approval',
  approvalEdit: '/colliery/waybill/approval/edit',
  taskOptions: '/colliery/waybill/taskOptions',
} as const;
