import { COST_RECORD, COST_TYPE } from '@fleet/domain';
import { Image, Space, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { defineRecord, type RecordDef, type SearchField } from '../../kit';
import { orDash } from '../../kit/format';
import { texts } from '../../locales';
import type { CostRow } from './api';
import { COST_FORM_ITEMS, type CostFields, TruckIdSelect } from './CostFormItems';

const t = texts.costs;

/** The search form's query as the list takes it: the date range as days. */
export function costQuery(query: Record<string, unknown>): Record<string, unknown> {
  const out = { ...query };
  for (const key of ['startDate', 'endDate'])
    if (typeof out[key] === 'string') out[key] = (out[key] as string).slice(0, 10);
  return out;
}

const dayText = (v: Dayjs | string | null | undefined, format: string) =>
  v == null || v === '' ? undefined : typeof v === 'string' ? v : v.format(format);

const moneyColumn = (key: keyof CostRow & string, title: string, width = 110) => ({
  key,
  dataIndex: key,
  title,
  width,
  align: 'right' as const,
  render: orDash,
});

function searchFields(kind: number, customTypes: { value: string; label: string }[]): SearchField[] {
  return [
    { name: 'teamCode', label: t.team, type: 'team', width: 180 },
    { name: 'truckId', label: t.truck, type: 'custom', control: <TruckIdSelect width={160} /> },
    { name: 'date', label: t.date, type: 'dateRange', rangeKeys: ['startDate', 'endDate'] },
    ...(kind === COST_TYPE.sundry
      ? [{ name: 'typeKey', label: t.costType, type: 'select' as const, width: 150, options: customTypes }]
      : []),
    { name: 'billNo', label: t.waybill, width: 170 },
  ];
}

/**
 * The cost list of one type: 加油 (litres and price), 路桥费, 保养, and 杂费 (sundry and the
 * merchant's custom types, with a type filter).
 */
export function costRecordOf(
  kind: number,
  customTypes: { value: string; label: string }[] = [],
): RecordDef<CostRow, CostFields> {
  const refuel = kind === COST_TYPE.refuel;
  return defineRecord<CostRow, CostFields>({
    meta: COST_RECORD,
    ownPaths: { page: '/miscellaneous/list/car' },
    texts: t,
    listKey: `costs-${kind}`,
    searchFields: searchFields(kind, customTypes),
    toQuery: (query) => {
      const { typeKey, ...rest } = costQuery(query);
      if (kind !== COST_TYPE.sundry) return { ...rest, costType: kind };
      if (typeof typeKey === 'string' && typeKey.startsWith('5-'))
        return { ...rest, costType: COST_TYPE.custom, feeTypeId: Number(typeKey.slice(2)) };
      if (typeKey) return { ...rest, costType: Number(typeKey) };
      return { ...rest, costTypes: [COST_TYPE.sundry, COST_TYPE.custom] };
    },
    columns: [
      { key: 'carNo', dataIndex: 'carNo', title: t.truck, fixed: 'left', width: 110 },
      { key: 'costDate', dataIndex: 'costDate', title: t.date, width: 110 },
      ...(kind === COST_TYPE.sundry
        ? [
            {
              key: 'costTypeName',
              title: t.costType,
              width: 120,
              render: (_: unknown, c: CostRow) =>
                c.costType === COST_TYPE.custom ? <Tag color="purple">{c.costTypeName}</Tag> : c.costTypeName,
            },
          ]
        : []),
      moneyColumn('amount', t.amount),
      ...(refuel
        ? [moneyColumn('quantity', t.litres, 100), moneyColumn('unitPrice', t.litrePrice, 110)]
        : []),
      ...(refuel || kind === COST_TYPE.roadBridge
        ? [{ key: 'occurredAt', dataIndex: 'occurredAt', title: t.occurredAt, width: 170, render: orDash }]
        : []),
      { key: 'payMethodName', dataIndex: 'payMethodName', title: t.payMethod, width: 110, render: orDash },
      { key: 'place', dataIndex: 'place', title: t.place, width: 150, ellipsis: true, render: orDash },
      { key: 'driverName', dataIndex: 'driverName', title: t.driver, width: 90, render: orDash },
      { key: 'billNo', dataIndex: 'billNo', title: t.waybill, width: 170, render: orDash },
      {
        key: 'invoiceImages',
        title: t.invoiceImages,
        width: 110,
        render: (_, c) =>
          c.invoiceImages.length ? (
            <Image.PreviewGroup>
              <Space size={4}>
                {c.invoiceImages.slice(0, 2).map((url) => (
                  <Image key={url} src={url} width={32} height={32} style={{ objectFit: 'cover' }} />
                ))}
              </Space>
            </Image.PreviewGroup>
          ) : (
            orDash(undefined)
          ),
      },
      { key: 'teamName', dataIndex: 'teamName', title: t.team, width: 130, render: orDash },
      { key: 'sourceName', dataIndex: 'sourceName', title: t.source, width: 80 },
      { key: 'remark', dataIndex: 'remark', title: t.remark, width: 160, ellipsis: true, render: orDash },
      {
        key: 'createdAt',
        dataIndex: 'createdAt',
        title: t.createTime,
        width: 170,
        render: (v: string) => <Typography.Text type="secondary">{v}</Typography.Text>,
      },
    ],
    nameOf: (c) => `${c.carNo} ${c.costDate} ${c.costTypeName} ${c.amount}元`,
    FormItems: COST_FORM_ITEMS[kind],
    formWidth: 760,
    addValues: () => ({
      costDate: dayjs(),
      ...(kind === COST_TYPE.sundry ? { typeKey: String(COST_TYPE.sundry) } : {}),
      ...(refuel ? { payMethod: 1 } : kind === COST_TYPE.roadBridge ? { payMethod: 1 } : {}),
      invoiceImages: [],
    }),
    editValues: (c) => ({
      truckId: c.truckId,
      costDate: dayjs(c.costDate),
      typeKey: c.costType === COST_TYPE.custom ? `5-${c.feeTypeId}` : String(c.costType),
      quantity: c.quantity ? String(Number(c.quantity)) : undefined,
      unitPrice: c.unitPrice || undefined,
      amount: c.amount,
      occurredAt: c.occurredAt ? dayjs(c.occurredAt) : null,
      driverId: c.driverId,
      waybillId: c.waybillId,
      tripId: c.tripId,
      payMethod: c.payMethod,
      place: c.place,
      invoiceImages: c.invoiceImages,
      remark: c.remark,
    }),
    toFields: ({ typeKey, ...v }) => {
      const custom = typeof typeKey === 'string' && typeKey.startsWith('5-');
      return {
        ...v,
        costType: kind === COST_TYPE.sundry ? (custom ? COST_TYPE.custom : Number(typeKey)) : kind,
        feeTypeId: custom ? Number((typeKey as string).slice(2)) : null,
        costDate: dayText(v.costDate, 'YYYY-MM-DD'),
        occurredAt: dayText(v.occurredAt, 'YYYY-MM-DD HH:mm:ss') ?? null,
        quantity: refuel ? v.quantity : undefined,
        unitPrice: refuel ? v.unitPrice : undefined,
        driverId: v.driverId ?? null,
        waybillId: v.waybillId ?? null,
        tripId: v.tripId ?? null,
        payMethod: v.payMethod ?? null,
      };
    },
  });
}
