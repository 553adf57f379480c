import { App, Space, Tabs, Tag, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import {
  customerSearchField,
  type ListColumn,
  ListPage,
  type ListPageHandle,
  lineSearchField,
  type SearchField,
  useListExport,
  WithQueryClient,
} from '../../../kit';
import { orDash } from '../../../kit/format';
import { texts } from '../../../locales';
import { batchCheck, exportReport, fetchReport, type Receivable, type ReceivableTotals } from '../api';
import {
  AdjustmentsDrawer,
  AmountDialog,
  type AmountKind,
  StatementDialog,
  yuan,
} from '../ReceivableDialogs';
import { ReceivableStatistics } from '../ReceivableStatistics';

const t = texts.receivables;

const SEARCH: readonly SearchField[] = [
  customerSearchField(t.customer, t.customerPlaceholder),
  lineSearchField(t.line, t.linePlaceholder),
  { name: 'completed', label: t.completedRange, type: 'dateRange', rangeKeys: ['startDate', 'endDate'] },
  { name: 'checkName', label: t.checkName, placeholder: t.checkNamePlaceholder },
  {
    name: 'checkState',
    label: t.checkState,
    type: 'select',
    options: t.checkStates.map((s) => ({ value: s.value, label: s.label })),
    width: 120,
  },
  { name: 'billNo', label: t.billNo, placeholder: t.billNoPlaceholder },
  { name: 'teamCode', label: t.team, type: 'team' },
];

const tons = (kg: number | null) => (kg === null ? '-' : (kg / 1000).toFixed(3));
const money = (key: keyof Receivable, title: string, width = 110): ListColumn<Receivable> => ({
  key,
  dataIndex: key,
  title,
  width,
  align: 'right',
  render: (v: number | null) => yuan(v),
});

/** The totals of every filtered row, above the table. */
function TotalsLine({ totals }: { totals: ReceivableTotals | undefined }) {
  if (!totals) return null;
  const items: [string, string][] = [
    [t.income, yuan(totals.incomeFen)],
    [t.adjust, yuan(totals.adjustFen)],
    [t.confirmed, yuan(totals.confirmedFen)],
    [t.checked, yuan(totals.checkFen)],
    [t.anomaly, yuan(totals.anomalyFen)],
  ];
  return (
    <Space wrap size={16} data-testid="receivable-totals">
      <Typography.Text strong>
        {t.totals}：{t.totalsLine(totals.waybills)}
      </Typography.Text>
      {items.map(([label, value]) => (
        <Typography.Text key={label}>
          {label}：<Typography.Text strong>{value}</Typography.Text>
        </Typography.Text>
      ))}
    </Space>
  );
}

function ReceivableReport() {
  const { modal, message } = App.useApp();
  const list = useRef<ListPageHandle>(null);
  const [totals, setTotals] = useState<ReceivableTotals>();
  const [amount, setAmount] = useState<{ kind: AmountKind; row: Receivable }>();
  const [history, setHistory] = useState<Receivable>();
  const [statementRows, setStatementRows] = useState<Receivable[]>();
  const onExport = useListExport(exportReport, t.exported);
  const reload = () => void list.current?.reload();

  const columns = useMemo<ListColumn<Receivable>[]>(
    () => [
      { key: 'billNo', dataIndex: 'billNo', title: t.billNo, width: 170, fixed: 'left' },
      { key: 'customerName', dataIndex: 'customerName', title: t.customer, width: 180, ellipsis: true },
      { key: 'lineName', dataIndex: 'lineName', title: t.line, width: 200, ellipsis: true },
      { key: 'completedAt', dataIndex: 'completedAt', title: t.completedAt, width: 170 },
      {
        key: 'loadingNetKg',
        dataIndex: 'loadingNetKg',
        title: t.loadingNet,
        width: 110,
        align: 'right',
        render: tons,
      },
      {
        key: 'unloadingNetKg',
        dataIndex: 'unloadingNetKg',
        title: t.unloadingNet,
        width: 110,
        align: 'right',
        render: tons,
      },
      { key: 'settleKg', dataIndex: 'settleKg', title: t.settle, width: 110, align: 'right', render: tons },
      money('freightFen', t.freight),
      money('feeIncomeFen', t.feeIncome),
      money('incomeFen', t.income),
      money('adjustFen', t.adjust),
      money('confirmedFen', t.confirmed),
      {
        key: 'checkFen',
        dataIndex: 'checkFen',
        title: t.checked,
        width: 110,
        align: 'right',
        render: (v: number | null) =>
          v === null ? <Typography.Text type="secondary">{t.notChecked}</Typography.Text> : yuan(v),
      },
      money('anomalyFen', t.anomaly),
      {
        key: 'anomalyReason',
        dataIndex: 'anomalyReason',
        title: t.anomalyReason,
        width: 160,
        ellipsis: true,
        render: orDash,
      },
      {
        key: 'checkName',
        dataIndex: 'checkName',
        title: t.checkName,
        width: 180,
        ellipsis: true,
        render: orDash,
      },
      {
        key: 'checkState',
        title: t.checkState,
        width: 90,
        render: (_, row) => (
          <Tag color={row.checkState === 1 ? 'green' : 'default'}>{row.checkStateName}</Tag>
        ),
      },
      {
        key: 'actions',
        title: t.actions,
        width: 250,
        locked: true,
        fixed: 'right',
        render: (_, row) => (
          <Space size={12}>
            <Typography.Link onClick={() => setAmount({ kind: 'check', row })}>
              {t.checkMoney}
            </Typography.Link>
            <Typography.Link onClick={() => setAmount({ kind: 'anomaly', row })}>
              {t.anomalyMoney}
            </Typography.Link>
            <Typography.Link onClick={() => setAmount({ kind: 'adjust', row })}>
              {t.adjustAction}
            </Typography.Link>
            <Typography.Link onClick={() => setHistory(row)}>{t.history}</Typography.Link>
          </Space>
        ),
      },
    ],
    [],
  );

  const confirmBatch = (rows: Receivable[]) =>
    modal.confirm({
      title: t.batchCheck,
      content: t.batchCheckConfirm(rows.length),
      onOk: async () => {
        try {
          const done = await batchCheck(rows.map((r) => r.waybillId));
          void message.success(t.batchChecked(done.changed, done.total));
          reload();
        } catch {
          // the request client showed why; nothing was checked
        }
      },
    });

  return (
    <>
      <ListPage<Receivable>
        ref={list}
        listKey="receivables"
        fetchList={async (params, signal) => {
          const answer = await fetchReport(params, signal);
          setTotals(answer.totalRow);
          return answer;
        }}
        columns={columns}
        rowKey="id"
        searchFields={SEARCH}
        columnSettingsKey="billReceiveReport"
        title={<TotalsLine totals={totals} />}
        toolbar={{
          onExport,
          batchActions: [
            { key: 'check', label: t.batchCheck, onClick: confirmBatch },
            { key: 'statement', label: t.joinStatement, onClick: (rows) => setStatementRows(rows) },
          ],
        }}
      />
      {amount && (
        <AmountDialog
          kind={amount.kind}
          row={amount.row}
          onClose={() => setAmount(undefined)}
          onSaved={reload}
        />
      )}
      {history && <AdjustmentsDrawer row={history} onClose={() => setHistory(undefined)} />}
      {statementRows && (
        <StatementDialog rows={statementRows} onClose={() => setStatementRows(undefined)} onSaved={reload} />
      )}
    </>
  );
}

/**
 * 应收对账 (/finance-management/reconciliation/receivable car070301, /tc/finance/receivable
 * tc010202): completed waybills' receivables with totals, checking, anomalies, adjustments and
 * statements, and the statistics by customer and period.
 */
export default function ReceivablesPage() {
  return (
    <WithQueryClient>
      <Tabs
        items={[
          { key: 'report', label: t.tabs.report, children: <ReceivableReport /> },
          { key: 'statistics', label: t.tabs.statistics, children: <ReceivableStatistics /> },
        ]}
      />
    </WithQueryClient>
  );
}
