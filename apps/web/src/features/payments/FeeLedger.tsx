import { FEE_KINDS, fenToYuan, WAYBILL_FEE_STATES } from '@fleet/domain';
import { Space, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import {
  customerSearchField,
  type ListColumn,
  ListPage,
  type SearchField,
  useListExport,
  WithQueryClient,
} from '../../kit';
import { texts } from '../../locales';
import { exportFeeDetails, type FeeDetail, type FeeDetailTotals, fetchFeeDetails } from './api';
import { driverSearchField, feeTypeSearchField, truckSearchField } from './searchFields';

const t = texts.feeLedger;

const STATE_COLORS: Record<number, string> = { 1: 'gold', 2: 'blue', 3: 'red', 4: 'green' };

function TotalsLine({ totals, roadBridge }: { totals: FeeDetailTotals | undefined; roadBridge: boolean }) {
  if (!totals) return null;
  const items: [string, number][] = roadBridge
    ? [[t.amountTotal, totals.amountFen]]
    : [
        [t.amountTotal, totals.amountFen],
        [t.income, totals.incomeFen],
        [t.cost, totals.costFen],
      ];
  items.push(
    [t.pending, totals.pendingFen],
    [t.approved, totals.approvedFen],
    [t.rejected, totals.rejectedFen],
    [t.paid, totals.paidFen],
  );
  return (
    <Space wrap size={16} data-testid="fee-totals">
      <Typography.Text strong>
        {t.totals}：{t.totalsLine(totals.fees)}
      </Typography.Text>
      {items.map(([label, fen]) => (
        <Typography.Text key={label}>
          {label}：<Typography.Text strong>{fenToYuan(fen)}</Typography.Text>
        </Typography.Text>
      ))}
    </Space>
  );
}

/**
 * 运单费用明细 and 路桥费台账 (`roadBridge`: only 过路过桥费): every fee row with its waybill, truck,
 * driver, customer, type, amount, state and payment, with filters, totals of all filtered rows and
 * export.
 */
export function FeeLedger({ roadBridge }: { roadBridge: boolean }) {
  const [totals, setTotals] = useState<FeeDetailTotals>();
  const exportList = useMemo(
    () => (query: Record<string, unknown>) => exportFeeDetails({ ...query, roadBridge }),
    [roadBridge],
  );
  const onExport = useListExport(exportList, t.exported);
  const search = useMemo<SearchField[]>(
    () => [
      { name: 'feeDate', label: t.feeDate, type: 'dateRange', rangeKeys: ['startDate', 'endDate'] },
      { name: 'billNo', label: t.billNo, placeholder: t.billNoPlaceholder },
      ...(roadBridge
        ? []
        : [
            {
              name: 'feeKind',
              label: t.feeKind,
              type: 'select' as const,
              options: FEE_KINDS.map((k) => ({ value: k.value, label: k.label })),
              width: 110,
            },
          ]),
      {
        name: 'state',
        label: t.state,
        type: 'select',
        options: WAYBILL_FEE_STATES.map((s) => ({ value: s.value, label: s.label })),
        width: 110,
      },
      ...(roadBridge ? [] : [feeTypeSearchField(t.feeType)]),
      truckSearchField(t.carNo),
      driverSearchField(t.driver),
      customerSearchField(t.customer, t.customerPlaceholder),
      { name: 'teamCode', label: t.team, type: 'team' },
    ],
    [roadBridge],
  );
  const columns = useMemo<ListColumn<FeeDetail>[]>(
    () => [
      { key: 'billNo', dataIndex: 'billNo', title: t.billNo, width: 170, fixed: 'left' },
      { key: 'carNo', dataIndex: 'carNo', title: t.carNo, width: 110 },
      { key: 'driverName', dataIndex: 'driverName', title: t.driver, width: 90 },
      { key: 'customerName', dataIndex: 'customerName', title: t.customer, width: 160, ellipsis: true },
      { key: 'feeTypeName', dataIndex: 'feeTypeName', title: t.feeType, width: 110 },
      ...(roadBridge
        ? []
        : [
            {
              key: 'feeKindName',
              dataIndex: 'feeKindName',
              title: t.feeKind,
              width: 80,
            } as ListColumn<FeeDetail>,
          ]),
      {
        key: 'amountFen',
        dataIndex: 'amountFen',
        title: t.amount,
        width: 110,
        align: 'right',
        render: (v: number) => fenToYuan(v),
      },
      {
        key: 'state',
        title: t.state,
        width: 90,
        render: (_, r) => <Tag color={STATE_COLORS[r.state] ?? 'default'}>{r.stateName}</Tag>,
      },
      { key: 'createdAt', dataIndex: 'createdAt', title: t.createdAt, width: 170 },
      { key: 'updatedAt', dataIndex: 'updatedAt', title: t.updatedAt, width: 170 },
      { key: 'paidAt', dataIndex: 'paidAt', title: t.paidAt, width: 170, render: (v: string) => v || '-' },
      {
        key: 'payMethodName',
        dataIndex: 'payMethodName',
        title: t.payMethod,
        width: 100,
        render: (v: string) => v || '-',
      },
      { key: 'payer', dataIndex: 'payer', title: t.payer, width: 90, render: (v: string) => v || '-' },
      {
        key: 'payeeName',
        dataIndex: 'payeeName',
        title: t.payee,
        width: 90,
        render: (v: string) => v || '-',
      },
      {
        key: 'remark',
        dataIndex: 'remark',
        title: t.remark,
        width: 160,
        ellipsis: true,
        render: (v: string) => v || '-',
      },
    ],
    [roadBridge],
  );
  return (
    <WithQueryClient>
      <ListPage<FeeDetail>
        listKey={roadBridge ? 'road-bridge-ledger' : 'waybill-fee-ledger'}
        columnSettingsKey={roadBridge ? 'roadBridgeLedger' : 'feeDetails'}
        fetchList={async (params, signal) => {
          const answer = await fetchFeeDetails({ ...params, roadBridge }, signal);
          setTotals(answer.totalRow);
          return answer;
        }}
        columns={columns}
        rowKey="id"
        searchFields={search}
        title={<TotalsLine totals={totals} roadBridge={roadBridge} />}
        toolbar={{ onExport }}
      />
    </WithQueryClient>
  );
}
