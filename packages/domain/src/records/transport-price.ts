import { OPERATE_LOG_PAGES } from '../catalogue/operate-log-pages';
import { defineRecordMeta } from './types';

/**
 * 运价: what a customer pays on a line (for a cargo, or any cargo when none is named), per ton or
 * per trip, in a validity period; kept on 财务设置 (car090107, tc010504). Amounts are whole fen in
 * the database and the API (`priceFen`, `deductionFen`) and yuan with two decimals on the page.
 * Deleted softly: waybills will keep pointing at the price they were settled with.
 */
export const TRANSPORT_PRICE_RECORD = defineRecordMeta({
  key: 'transportPrice',
  entity: '运价',
  table: 'transport_price',
  scope: 'shared',
  softDelete: true,
  nameColumn: 'cargo',
  pageEnum: OPERATE_LOG_PAGES.transportPrice,
  readCodes: ['car090107', 'tc010504'],
  paths: {
    page: '/colliery/transport/price/page',
    info: '/colliery/transport/price/info',
    add: '/colliery/transport/price/add',
    edit: '/colliery/transport/price/edit',
    valid: '/colliery/transport/price/changeStatus',
    delete: '/colliery/transport/price/delete',
    export: '/colliery/transport/price/export',
  },
  labels: {
    id: '运价',
    customerId: '客户',
    lineId: '线路',
    cargo: '货物名称',
    priceType: '计价方式',
    priceFen: '运价',
    settleWeight: '结算重量',
    allowedLossPermille: '合理损耗',
    deductionFen: '亏吨扣款单价',
    startDate: '生效日期',
    endDate: '失效日期',
    teamCode: '所属车队',
    remark: '备注',
    valid: '状态',
  },
});
