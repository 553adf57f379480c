/**
 * 付款与应付 (payments and the payable ledger), and the fee ledgers (运单费用明细, 路桥费台账).
 * Payable of a waybill = its approved cost fees (fee_kind 2, state 2 已审核), paid to the driver for
 * an own truck and to the truck's owner for a hired truck (外协车, car_info_type 3). The freight is
 * the customer's side (income), not a fee row, and is not part of the payable.
 */

/** The calls, all POST. */
export const PAYMENT_PATHS = {
  payBillFee: '/colliery/waybill/fee/tc/payBillFee',
  batchPayBillFee: '/colliery/waybill/fee/tc/batchPayBillFee',
  report: '/colliery/waybill/fee/tc/billFeeDealReport',
  statistics: '/colliery/waybill/fee/tc/billFeeDealStatistics',
  reportExport: '/colliery/waybill/fee/tc/billFeeDealReportExport',
  payments: '/colliery/waybill/fee/tc/payRecords',
  feeDetails: '/colliery/waybill/fee/tc/feeDetails',
  feeDetailsExport: '/colliery/waybill/fee/tc/feeDetailsExport',
} as const;

/** 应付对账 of finance and of capacity business. */
export const PAYABLE_CODES = ['car070302', 'tc010203'] as const;
/** 运单费用明细 (finance, capacity) and 路桥费台账. */
export const FEE_DETAIL_CODES = ['car070102', 'tc010301', 'car070101'] as const;

/** 收款方类型. */
export const PAYEE_TYPES = [
  { value: 1, label: '司机' },
  { value: 2, label: '车主' },
] as const;

/** 付款方式. */
export const PAY_METHODS = [
  { value: 1, label: '银行转账' },
  { value: 2, label: '现金' },
  { value: 3, label: '微信' },
  { value: 4, label: '支付宝' },
  { value: 5, label: '其他' },
] as const;

/** 付款状态 of a waybill's payable: 1 未付清 (approved fees unpaid), 2 已付清. */
export const PAYABLE_STATES = [
  { value: 1, label: '未付清' },
  { value: 2, label: '已付清' },
] as const;

/** The built-in fee type of the road-and-bridge ledger. */
export const ROAD_BRIDGE_FEE_NAME = '过路过桥费';

/** The most waybills one batch payment names. */
export const BATCH_PAY_MAX = 200;

/** Invoice image messages (business section 5), for the payment's 发票图片. */
export const INVOICE_NOUN = '发票图片';
export const invoiceWrongTypeMessage = (noun = INVOICE_NOUN) => `${noun}只能是 JPG/PNG 格式!`;
export const invoiceTooLargeMessage = (mb: number, noun = INVOICE_NOUN) => `${noun}大小不能超过 ${mb}MB!`;
export const invoiceTooManyMessage = (limit: number, total: number, noun = INVOICE_NOUN) =>
  `${noun}最多支持上传 ${limit} 张，当前共选择了 ${total} 张`;

/** Approved, paid and unpaid cost fees of a set of waybills, in fen. */
export interface PayableTotals {
  waybills: number;
  approvedFen: number;
  paidFen: number;
  unpaidFen: number;
}

/** A waybill's payable to its payee (a row of billFeeDealReport). */
export interface PayableRow extends PayableTotals {
  waybillId: number;
  billNo: string;
  teamCode: string;
  waybillCreatedAt: string;
  truckId: number;
  carNo: string;
  driverId: number | null;
  driverName: string;
  payeeType: number;
  payeeTypeName: string;
  payeeName: string;
  payeePhone: string;
  fees: number;
  payState: number;
  payStateName: string;
}

/** A row of the payable statistics by payee and period. */
export interface PayableStatisticsRow extends PayableTotals {
  payeeType: number | null;
  payeeTypeName: string;
  payeeName: string;
  period: string;
}

/** Sums of the fee detail's rows by kind and state, in fen. */
export interface FeeDetailTotals {
  fees: number;
  amountFen: number;
  incomeFen: number;
  costFen: number;
  pendingFen: number;
  approvedFen: number;
  rejectedFen: number;
  paidFen: number;
}

/** A fee row of the fee detail and road-and-bridge ledgers. */
export interface FeeDetailRow {
  id: number;
  waybillId: number;
  billNo: string;
  teamCode: string;
  truckId: number;
  carNo: string;
  driverId: number | null;
  driverName: string;
  customerId: number;
  customerName: string;
  feeTypeId: number;
  feeTypeName: string;
  feeKind: number;
  feeKindName: string;
  amountFen: number;
  state: number;
  stateName: string;
  remark: string;
  createdAt: string;
  /** The fee's last change: its approval (state 2, 3) or payment. */
  updatedAt: string;
  paymentId: number | null;
  paidAt: string;
  payMethod: number | null;
  payMethodName: string;
  payer: string;
  payeeName: string;
}
