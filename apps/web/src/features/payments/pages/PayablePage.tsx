import { fenToYuan, PAYABLE_STATES, PAYEE_TYPES, PAYMENT_PATHS } from '@fleet/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Select, Space, Table, Tabs, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useRef, useState } from 'react';
import { request } from '../../../api/request';
import {
  type ListColumn,
  ListPage,
  type ListPageHandle,
  type SearchField,
  useListExport,
  WithQueryClient,
} from '../../../kit';
import { texts } from '../../../locales';
import { exportPayables, fetchPayables, type Payable, type PayableTotals } from '../api';
import { PayDialog } from '../PayDialog';
import { PaymentsDrawer } from '../PaymentsDrawer';
import { truckSearchField } from '../searchFields';

const t = texts.payments;

const SEARCH: readonly SearchField[] = [
  {
    name: 'payeeType',
    label: t.payeeType,
    type: 'select',
    options: PAYEE_TYPES.map((p) => ({ value: p.value, label: p.label })),
    width: 120,
  },
  { name: 'payeeName', label: t.payeeName, placeholder: t.payeeNamePlaceholder },
  {
    name: 'payState',
    label: t.payState,
    type: 'select',
    options: PAYABLE_STATES.map((p) => ({ value: p.value, label: p.label })),
    width: 120,
  },
  { name: 'feeDate', label: t.feeDate, type: 'dateRange', rangeKeys: ['startDate', 'endDate'] },
  { name: 'billNo', label: t.billNo, placeholder: t.billNoPlaceholder },
  truckSearchField(t.carNo),
  { name: 'teamCode', label: t.team, type: 'team' },
];

const money = (key: 'approvedFen' | 'paidFen' | 'unpaidFen', title: string): ListColumn<Payable> => ({
  key,
  dataIndex: key,
  title,
  width: 120,
  align: 'right',
  render: (v: number) => fenToYuan(v),
});

function TotalsLine({ totals }: { totals: PayableTotals | undefined }) {
  if (!totals) return null;
  return (
    <Space wrap size={16} data-testid="payable-totals">
      <Typography.Text strong>
        {t.totals}：{t.totalsLine(totals.waybills)}
      </Typography.Text>
      {(
        [
          [t.approved, totals.approvedFen],
          [t.paid, totals.paidFen],
          [t.unpaid, totals.unpaidFen],
        ] as const
      ).map(([label, fen]) => (
        <Typography.Text key={label}>
          {label}：<Typography.Text strong>{fenToYuan(fen)}</Typography.Text>
        </Typography.Text>
      ))}
    </Space>
  );
}

function PayableReport() {
  const list = useRef<ListPageHandle>(null);
  const [totals, setTotals] = useState<PayableTotals>();
  const [paying, setPaying] = useState<Payable[]>();
  const [history, setHistory] = useState<Payable>();
  const onExport = useListExport(exportPayables, t.exported);
  const reload = () => void list.current?.reload();

  const columns = useMemo<ListColumn<Payable>[]>(
    () => [
      { key: 'billNo', dataIndex: 'billNo', title: t.billNo, width: 170, fixed: 'left' },
      {
        key: 'payee',
        title: t.payeeName,
        width: 150,
        render: (_, r) => (
          <Space size={4}>
            <Tag color={r.payeeType === 2 ? 'orange' : 'blue'}>{r.payeeTypeName}</Tag>
            {r.payeeName || '-'}
          </Space>
        ),
      },
      { key: 'payeePhone', dataIndex: 'payeePhone', title: t.payeePhone, width: 120 },
      { key: 'carNo', dataIndex: 'carNo', title: t.carNo, width: 110 },
      { key: 'driverName', dataIndex: 'driverName', title: t.driver, width: 90 },
      { key: 'waybillCreatedAt', dataIndex: 'waybillCreatedAt', title: t.waybillCreatedAt, width: 170 },
      { key: 'fees', dataIndex: 'fees', title: t.fees, width: 80, align: 'right' },
      money('approvedFen', t.approved),
      money('paidFen', t.paid),
      money('unpaidFen', t.unpaid),
      {
        key: 'payState',
        title: t.payState,
        width: 90,
        render: (_, r) => <Tag color={r.payState === 2 ? 'green' : 'gold'}>{r.payStateName}</Tag>,
      },
      {
        key: 'actions',
        title: t.actions,
        width: 140,
        locked: true,
        fixed: 'right',
        render: (_, r) => (
          <Space size={12}>
            {r.unpaidFen > 0 && <Typography.Link onClick={() => setPaying([r])}>{t.pay}</Typography.Link>}
            <Typography.Link onClick={() => setHistory(r)}>{t.history}</Typography.Link>
          </Space>
        ),
      },
    ],
    [],
  );

  return (
    <>
      <ListPage<Payable>
        ref={list}
        listKey="payables"
        fetchList={async (params, signal) => {
          const answer = await fetchPayables(params, signal);
          setTotals(answer.totalRow);
          return answer;
        }}
        columns={columns}
        rowKey="waybillId"
        searchFields={SEARCH}
        columnSettingsKey="billFeeDealReport"
        title={<TotalsLine totals={totals} />}
        toolbar={{
          onExport,
          batchActions: [
            {
              key: 'pay',
              label: t.batchPay,
              onClick: (rows) => setPaying(rows.filter((r) => r.unpaidFen > 0)),
            },
          ],
        }}
      />
      {paying && paying.length > 0 && (
        <PayDialog rows={paying} onClose={() => setPaying(undefined)} onPaid={reload} />
      )}
      {history && (
        <PaymentsDrawer
          waybillId={history.waybillId}
          billNo={history.billNo}
          onClose={() => setHistory(undefined)}
        />
      )}
    </>
  );
}

interface StatRow extends PayableTotals {
  payeeTypeName: string;
  payeeName: string;
  period: string;
}

/** 应付统计: by payee and day or month of the fees. */
function PayableStatistics() {
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().startOf('month'), dayjs()]);
  const [periodType, setPeriodType] = useState<'day' | 'month'>('month');
  const [query, setQuery] = useState({ range, periodType });
  const stats = useQuery({
    queryKey: ['payable-statistics', query.range[0].valueOf(), query.range[1].valueOf(), query.periodType],
    queryFn: ({ signal }) =>
      request<{ list: StatRow[]; totalRow: StatRow }>('POST', PAYMENT_PATHS.statistics, {
        body: {
          startDate: query.range[0].format('YYYY-MM-DD'),
          endDate: query.range[1].format('YYYY-MM-DD'),
          periodType: query.periodType,
        },
        signal,
      }),
  });
  const rows = stats.data ? [...stats.data.list, stats.data.totalRow] : [];
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <span>{t.range}</span>
        <DatePicker.RangePicker
          value={range}
          allowClear={false}
          onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
        />
        <span>{t.period}</span>
        <Select
          value={periodType}
          style={{ width: 100 }}
          onChange={setPeriodType}
          options={[
            { value: 'month', label: t.periodMonth },
            { value: 'day', label: t.periodDay },
          ]}
        />
        <Button type="primary" onClick={() => setQuery({ range, periodType })}>
          {t.query}
        </Button>
      </Space>
      <Table<StatRow>
        size="small"
        loading={stats.isLoading}
        rowKey={(r) => `${r.payeeTypeName}-${r.payeeName}-${r.period}`}
        pagination={false}
        dataSource={rows}
        columns={[
          { key: 'payeeTypeName', dataIndex: 'payeeTypeName', title: t.payeeType, width: 100 },
          { key: 'payeeName', dataIndex: 'payeeName', title: t.payeeName, width: 160 },
          { key: 'period', dataIndex: 'period', title: t.statPeriod, width: 120 },
          { key: 'waybills', dataIndex: 'waybills', title: t.waybills, width: 90, align: 'right' },
          ...(['approvedFen', 'paidFen', 'unpaidFen'] as const).map((k) => ({
            key: k,
            dataIndex: k,
            title: k === 'approvedFen' ? t.approved : k === 'paidFen' ? t.paid : t.unpaid,
            width: 120,
            align: 'right' as const,
            render: (v: number) => fenToYuan(v),
          })),
        ]}
      />
    </Space>
  );
}

/**
 * 应付对账 (/finance-management/reconciliation/payable car070302, /tc/finance/payable tc010203):
 * each waybill's approved cost fees by payee (the driver, or a hired truck's owner) with totals,
 * 付款 and 批量付款, the payment history, and the statistics by payee and period.
 */
export default function PayablePage() {
  return (
    <WithQueryClient>
      <Tabs
        items={[
          { key: 'report', label: t.tabs.report, children: <PayableReport /> },
          { key: 'statistics', label: t.tabs.statistics, children: <PayableStatistics /> },
        ]}
      />
    </WithQueryClient>
  );
}
