import { PRICE_TYPES, TRANSPORT_PRICE_RECORD, yuanToFen } from '@fleet/domain';
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  customerSearchField,
  defineRecord,
  lineSearchField,
  type SearchField,
  type StoredRecordRow,
  validColumn,
  validSearchField,
} from '../../kit';
import { orDash } from '../../kit/format';
import { texts } from '../../locales';
import { TransportPriceFormItems } from './TransportPriceFormItems';

const t = texts.transportPrices;

/** 运价 as listed by /colliery/transport/price/page: amounts in fen and as yuan text. */
export interface TransportPrice extends StoredRecordRow {
  customerId: number;
  customerName: string;
  lineId: number;
  lineName: string;
  /** '' for any cargo. */
  cargo: string;
  /** 1 per ton, 2 per trip. */
  priceType: 1 | 2;
  priceTypeName: string;
  priceFen: number;
  priceYuan: string;
  /** 元/吨 or 元/车. */
  priceUnit: string;
  /** 1 loading, 2 unloading, 3 the lesser. */
  settleWeight: 1 | 2 | 3;
  settleWeightName: string;
  /** Whole ‰. */
  allowedLossPermille: number;
  deductionFen: number;
  deductionYuan: string;
  startDate: string;
  endDate: string;
  valid: 0 | 1;
}

/**
 * The form's values: the amounts typed in yuan and the validity period as one range; `toFields`
 * sends them as `priceFen`, `deductionFen`, `startDate` and `endDate`.
 */
export interface TransportPriceFields {
  customerId?: number;
  lineId?: number;
  cargo?: string;
  priceType?: number;
  priceYuan?: string;
  priceFen?: number;
  settleWeight?: number;
  allowedLossPermille?: number;
  deductionYuan?: string;
  deductionFen?: number;
  period?: [Dayjs, Dayjs];
  startDate?: string;
  endDate?: string;
  teamCode?: string;
  remark?: string;
}

const day = (d: Dayjs) => d.format('YYYY-MM-DD');

const searchFields: SearchField[] = [
  customerSearchField(t.customer, t.customerPlaceholder),
  lineSearchField(t.line, t.linePlaceholder),
  {
    name: 'validDate',
    label: t.validDate,
    type: 'custom',
    control: <DatePicker placeholder={t.validDatePlaceholder} style={{ width: 160 }} />,
  },
  validSearchField(t),
];

/** 线路运价 of 财务设置: /finance-management/finance-set (car090107) and /tc/finance-set (tc010504). */
export const transportPriceRecord = defineRecord<TransportPrice, TransportPriceFields>({
  meta: TRANSPORT_PRICE_RECORD,
  texts: t,
  listKey: 'transportPrices',
  searchFields,
  toQuery: ({ validDate, ...query }) => ({
    ...query,
    ...(validDate ? { validDate: day(validDate as Dayjs) } : {}),
  }),
  columns: [
    { key: 'customerName', dataIndex: 'customerName', title: t.customer, fixed: 'left', width: 200 },
    { key: 'lineName', dataIndex: 'lineName', title: t.line, width: 200 },
    {
      key: 'cargo',
      dataIndex: 'cargo',
      title: t.cargo,
      width: 110,
      render: (cargo: string) => cargo || t.anyCargo,
    },
    { key: 'priceTypeName', dataIndex: 'priceTypeName', title: t.priceType, width: 90 },
    {
      key: 'price',
      title: t.price,
      width: 140,
      align: 'right',
      render: (_, p) => `${p.priceYuan} ${p.priceUnit}`,
    },
    { key: 'settleWeightName', dataIndex: 'settleWeightName', title: t.settleWeight, width: 100 },
    {
      key: 'allowedLossPermille',
      dataIndex: 'allowedLossPermille',
      title: t.allowedLoss,
      width: 90,
      render: (n: number) => `${n}‰`,
    },
    {
      key: 'deduction',
      title: t.deduction,
      width: 130,
      align: 'right',
      render: (_, p) => `${p.deductionYuan} ${t.deductionUnit}`,
    },
    {
      key: 'period',
      title: t.period,
      width: 210,
      render: (_, p) => `${p.startDate} 至 ${p.endDate}`,
    },
    { key: 'teamName', dataIndex: 'teamName', title: t.team, width: 160, render: orDash },
    { key: 'remark', dataIndex: 'remark', title: t.remark, width: 160, ellipsis: true, render: orDash },
    validColumn(t),
    { key: 'updateTime', dataIndex: 'updateTime', title: t.updateTime, width: 170 },
  ],
  actionsWidth: 220,
  nameOf: (p) => `${p.customerName} ${p.lineName} ${p.priceYuan}${p.priceUnit}`,
  FormItems: TransportPriceFormItems,
  formWidth: 720,
  addValues: (user) => ({
    priceType: PRICE_TYPES[0].value,
    settleWeight: 3,
    allowedLossPermille: 0,
    deductionYuan: '0',
    teamCode: user.team.teamCode,
  }),
  editValues: (p) => ({
    customerId: p.customerId,
    lineId: p.lineId,
    cargo: p.cargo,
    priceType: p.priceType,
    priceYuan: p.priceYuan,
    settleWeight: p.settleWeight,
    allowedLossPermille: p.allowedLossPermille,
    deductionYuan: p.deductionYuan,
    period: [dayjs(p.startDate), dayjs(p.endDate)],
    teamCode: p.teamCode,
    remark: p.remark,
  }),
  toFields: ({ priceYuan, deductionYuan, period, ...fields }) => ({
    ...fields,
    cargo: fields.cargo?.trim() ?? '',
    priceFen: yuanToFen(priceYuan ?? '0'),
    deductionFen: yuanToFen(deductionYuan || '0'),
    startDate: period ? day(period[0]) : undefined,
    endDate: period ? day(period[1]) : undefined,
  }),
});
