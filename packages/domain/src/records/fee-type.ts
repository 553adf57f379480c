import { OPERATE_LOG_PAGES } from '../catalogue/operate-log-pages';
import { defineRecordMeta } from './types';

/**
 * 费用类型: income or cost kinds of the waybill fees, the built-in ones and the merchant's own;
 * 自定义费用类型 of the cost centre (car080107), also read by the finance settings (car090107,
 * tc010504) and the waybill pages. Never deleted: fees refer to them; disabled ones are not picked.
 */
export const FEE_TYPE_RECORD = defineRecordMeta({
  key: 'feeType',
  entity: '费用类型',
  table: 'fee_type',
  scope: 'shared',
  softDelete: false,
  nameColumn: 'fee_name',
  pageEnum: OPERATE_LOG_PAGES.feeType,
  readCodes: ['car080107', 'car090107', 'tc010504'],
  writeCodes: ['car080107', 'car090107', 'tc010504'],
  paths: {
    page: '/colliery/fee/type/page',
    info: '/colliery/fee/type/info',
    add: '/colliery/fee/type/add',
    edit: '/colliery/fee/type/edit',
    valid: '/colliery/fee/type/changeStatus',
  },
  labels: {
    id: '费用类型',
    feeName: '费用名称',
    feeKind: '收支类型',
    feeTypeApp: '录入端',
    sort: '排序',
    teamCode: '所属车队',
    remark: '备注',
    valid: '状态',
  },
});
