import { App, Space, Tabs, Tag, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import {
  customerSearchField,
  type ListColumn,
  ListPage,
  type ListPageHandle,
  type SearchField,
  useListExport,
  WithQueryClient,
} from '../../../kit';
import { texts } from '../../../locales';
import { type ActResult, type ApprovalRound, exportRounds, fetchRounds, resubmit } from '../api';
import { ActDialog, BatchResultDialog, RoundDrawer, STATUS_COLOR, yuan } from '../FeeApprovalDialogs';

const t = texts.approvals;
const l = t.list;

const SEARCH: readonly SearchField[] = [
  { name: 'billNo', label: l.billNo, placeholder: l.billNoPlaceholder },
  { name: 'carNo', label: l.carNo, placeholder: l.carNoPlaceholder },
  customerSearchField(l.customer, l.customerPlaceholder),
  {
    name: 'status',
    label: l.status,
    type: 'select',
    options: l.statuses.map((s) => ({ value: s.value, label: s.label })),
    width: 120,
  },
  { name: 'time', label: l.time, type: 'dateRange', rangeKeys: ['startTime', 'endTime'] },
  { name: 'taskCode', label: l.taskCode },
];

function RoundList({ mine, initialQuery }: { mine: boolean; initialQuery: Record<string, unknown> }) {
  const list = useRef<ListPageHandle>(null);
  const { modal, message } = App.useApp();
  const [open, setOpen] = useState<number>();
  const [acting, setActing] = useState<{ ids: number[]; pass: boolean; batch?: boolean }>();
  const [results, setResults] = useState<ActResult[]>();
  const onExport = useListExport((q) => exportRounds({ ...q, mine }), l.exported);
  const reload = () => void list.current?.reload();

  const confirmResubmit = (row: ApprovalRound) =>
    modal.confirm({
      title: l.resubmit,
      content: t.act.resubmitConfirm,
      onOk: async () => {
        try {
          await resubmit(row.id);
          void message.success(t.act.resubmitted);
          reload();
        } catch {
          // shown by the request client
        }
      },
    });

  const columns: ListColumn<ApprovalRound>[] = [
    {
      key: 'taskCode',
      title: l.taskCode,
      width: 160,
      fixed: 'left',
      render: (_, r) => <Typography.Link onClick={() => setOpen(r.id)}>{r.taskCode}</Typography.Link>,
    },
    // the money and the round's state next to the bill: at 1440 px the columns up to 线路 stay clear
    // of the fixed 操作
    { key: 'billNo', dataIndex: 'billNo', title: l.billNo, width: 150 },
    { key: 'amountFen', title: l.amount, width: 110, align: 'right', render: (_, r) => yuan(r.amountFen) },
    {
      key: 'status',
      title: l.status,
      width: 90,
      render: (_, r) => <Tag color={STATUS_COLOR[r.status]}>{r.statusName}</Tag>,
    },
    { key: 'feeCount', dataIndex: 'feeCount', title: l.feeCount, width: 80, align: 'right' },
    { key: 'carNo', dataIndex: 'carNo', title: l.carNo, width: 100 },
    { key: 'customerName', dataIndex: 'customerName', title: l.customer, width: 140, ellipsis: true },
    { key: 'lineName', dataIndex: 'lineName', title: l.line, width: 150, ellipsis: true },
    {
      key: 'currentNodeName',
      dataIndex: 'currentNodeName',
      title: l.currentNode,
      width: 110,
      render: (v) => v || '-',
    },
    {
      key: 'currentApprovers',
      dataIndex: 'currentApprovers',
      title: l.currentApprovers,
      width: 150,
      ellipsis: true,
      render: (v) => v || '-',
    },
    { key: 'submitterName', dataIndex: 'submitterName', title: l.submitter, width: 100 },
    { key: 'submitTime', dataIndex: 'submitTime', title: l.submitTime, width: 170 },
    {
      key: 'finishTime',
      dataIndex: 'finishTime',
      title: l.finishTime,
      width: 170,
      render: (v) => v || '-',
    },
    {
      key: 'actions',
      title: l.actions,
      // 详情 with 通过 and 驳回, or with 重新提交 (never all four)
      width: 150,
      locked: true,
      fixed: 'right',
      render: (_, r) => (
        <Space size={12}>
          <Typography.Link onClick={() => setOpen(r.id)}>{l.detail}</Typography.Link>
          {r.mayApprove && (
            <>
              <Typography.Link onClick={() => setActing({ ids: [r.id], pass: true })}>
                {l.approve}
              </Typography.Link>
              <Typography.Link type="danger" onClick={() => setActing({ ids: [r.id], pass: false })}>
                {l.reject}
              </Typography.Link>
            </>
          )}
          {r.mayResubmit && (
            <Typography.Link onClick={() => confirmResubmit(r)}>{l.resubmit}</Typography.Link>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <ListPage<ApprovalRound>
        ref={list}
        listKey={mine ? 'feeApprovalMine' : 'feeApprovalAll'}
        fetchList={(params, signal) => fetchRounds({ ...params, mine }, signal)}
        columns={columns}
        rowKey="id"
        searchFields={SEARCH}
        initialQuery={initialQuery}
        columnSettingsKey="feeApproval"
        toolbar={{
          onExport,
          batchActions: [
            {
              key: 'approve',
              label: l.batchApprove,
              onClick: (rows) => setActing({ ids: rows.map((r) => r.id), pass: true, batch: true }),
            },
            {
              key: 'reject',
              label: l.batchReject,
              danger: true,
              onClick: (rows) => setActing({ ids: rows.map((r) => r.id), pass: false, batch: true }),
            },
          ],
        }}
      />
      {open !== undefined && <RoundDrawer id={open} onClose={() => setOpen(undefined)} onChanged={reload} />}
      {acting && (
        <ActDialog
          ids={acting.ids}
          pass={acting.pass}
          batch={acting.batch}
          onClose={() => setActing(undefined)}
          onDone={(answer) => {
            if (answer) setResults(answer);
            reload();
          }}
        />
      )}
      {results && <BatchResultDialog results={results} onClose={() => setResults(undefined)} />}
    </>
  );
}

/**
 * 运单费用审批 (/smart-coal/wayBill-cost-approval car070207, /tc/wayBill-cost-approval tc010201):
 * the rounds of waybill fees, 待我审批 and all, a round's detail with its fees and timeline,
 * approve, reject, batch and resubmit. Opened from reminder 8001 (taskCode, startTime, endTime in
 * the query) it lists that round.
 */
export default function FeeApprovalPage() {
  const location = useLocation();
  const fromReminder = useMemo(() => {
    const search = new URLSearchParams(location.search);
    const query: Record<string, unknown> = {};
    for (const key of ['taskCode', 'startTime', 'endTime']) {
      const value = search.get(key);
      if (value) query[key] = value;
    }
    return query;
  }, [location.search]);
  const jumped = Object.keys(fromReminder).length > 0;
  return (
    <WithQueryClient>
      <Tabs
        key={location.search}
        defaultActiveKey={jumped ? 'all' : 'mine'}
        destroyOnHidden
        items={[
          { key: 'mine', label: l.mineTab, children: <RoundList mine initialQuery={{}} /> },
          { key: 'all', label: l.allTab, children: <RoundList mine={false} initialQuery={fromReminder} /> },
        ]}
      />
    </WithQueryClient>
  );
}
