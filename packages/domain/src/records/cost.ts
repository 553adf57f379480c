import { OPERATE_LOG_PAGES } from '../catalogue/operate-log-pages';
import { defineRecordMeta } from './types';

/** 费用类型 of a cost (`cost.cost_type`); 自定义 names the merchant's cost fee type (fee_type_id). */
export const COST_TYPE = {
  refuel: 1,
  roadBridge: 2,
  maintenance: 3,
  sundry: 4,
  custom: 5,
} as const;

export type CostType = (typeof COST_TYPE)[keyof typeof COST_TYPE];

export const COST_TYPE_LABELS: Readonly<Record<CostType, string>> = {
  1: '加油',
  2: '路桥费',
  3: '保养',
  4: '杂费',
  5: '自定义',
};

/** The built-in types, as 费用类型 lists them before the merchant's own. */
export const BUILT_IN_COST_TYPES = [
  COST_TYPE.refuel,
  COST_TYPE.roadBridge,
  COST_TYPE.maintenance,
  COST_TYPE.sundry,
] as const;

/** The type 成本分析 shows the trucks' depreciation as (no cost row has it). */
export const DEPRECIATION_COST_TYPE = 9;
export const DEPRECIATION_LABEL = '折旧';

/** Unit of a cost type's quantity (a refuel's litres); the others have none. */
export const COST_QUANTITY_UNIT: Partial<Record<CostType, string>> = { 1: '升' };

/** 支付方式 of a cost. */
export const COST_PAY_METHOD_LABELS: Readonly<Record<number, string>> = {
  1: '油卡/ETC卡',
  2: '现金',
  3: '转账',
  4: '其他',
};

/** 来源 of a cost: entered, imported, or written by a maintenance record. */
export const COST_SOURCE_LABELS: Readonly<Record<number, string>> = { 1: '录入', 2: '导入', 3: '保养记录' };

/** 来源 of the costs a maintenance record writes and keeps: they change only with their record. */
export const COST_SOURCE_MAINTENANCE = 3;

/** Said when the cost pages are asked to change or delete a cost a maintenance record keeps. */
export const MAINTENANCE_COST_MESSAGE =
  '该费用由保养记录生成，不能在成本中心修改或删除，请到「保养提醒 - 保养记录」中修改或删除该保养记录';

/** The largest difference (fen) allowed between a cost's amount and its quantity × unit price. */
export const COST_AMOUNT_TOLERANCE_FEN = 1;

/**
 * The amount (fen) of `quantity` (hundredths of the unit) at `unitPrice` (fen a unit), rounded to
 * the fen.
 */
export function costAmountFen(quantity: number, unitPrice: number): number {
  return Math.round((quantity * unitPrice) / 100);
}

/** Purchase and life of a truck (`truck_depreciation`). */
export interface DepreciationTerms {
  /** Fen. */
  purchasePrice: number;
  /** 'YYYY-MM-DD'. */
  purchaseDate: string;
  lifeMonths: number;
  /** Fen. */
  residual: number;
}

const monthIndex = (yyyyMm: string) => Number(yyyyMm.slice(0, 4)) * 12 + Number(yyyyMm.slice(5, 7)) - 1;

/**
 * The depreciation (fen) of a truck in `month` ('YYYY-MM' or 'YYYY-MM-DD'): (price − residual) /
 * life months for each month from the month of purchase to the end of its life, 0 outside; the
 * months' fen are spread so that they add up to exactly price − residual.
 */
export function depreciationFen(terms: DepreciationTerms, month: string): number {
  const k = monthIndex(month) - monthIndex(terms.purchaseDate);
  const life = Math.trunc(terms.lifeMonths);
  const total = terms.purchasePrice - terms.residual;
  if (life <= 0 || total <= 0 || k < 0 || k >= life) return 0;
  return Math.floor(((k + 1) * total) / life) - Math.floor((k * total) / life);
}

/**
 * 成本 (car08): one cost of a truck: refuel, road and bridge, maintenance, sundry or a merchant's
 * own cost fee type, on a date, optionally on a waybill or trip. Deleted by setting deleted_at.
 */
export const COST_RECORD = defineRecordMeta({
  key: 'cost',
  entity: '费用',
  table: 'cost',
  scope: 'own',
  softDelete: true,
  nameColumn: 'cost_date',
  pageEnum: OPERATE_LOG_PAGES.cost,
  readCodes: ['car080101', 'car080102', 'car080103', 'car080104', 'car080105', 'car080201'],
  writeCodes: ['car080102', 'car080103', 'car080104', 'car080105'],
  paths: {
    add: '/miscellaneous/add',
    edit: '/miscellaneous/update',
    delete: '/miscellaneous/deleteBatch',
    export: '/miscellaneous/export/car',
    import: '/miscellaneous/import',
  },
  labels: {
    id: '费用',
    truckId: '车牌号',
    driverId: '司机',
    costType: '费用类型',
    feeTypeId: '自定义费用类型',
    costDate: '日期',
    occurredAt: '发生时间',
    amount: '金额(元)',
    quantity: '数量',
    unitPrice: '单价(元)',
    waybillId: '运单',
    tripId: '行程',
    payMethod: '支付方式',
    place: '地点',
    invoiceImages: '发票图片',
    remark: '备注',
    teamCode: '所属车队',
  },
});

/** 车辆折旧: a truck's purchase price, date, life and residual (成本分析's settings). */
export const DEPRECIATION_LABELS = {
  truckId: '车牌号',
  purchasePrice: '购置价格(元)',
  purchaseDate: '购置日期',
  lifeMonths: '折旧月数',
  residual: '残值(元)',
} as const;
