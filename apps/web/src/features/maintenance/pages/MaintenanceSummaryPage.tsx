import { useQuery } from '@tanstack/react-query';
import { Button, Tag, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  type ListColumn,
  ListPage,
  type ListPageHandle,
  type SearchField,
  useListExport,
} from '../../../kit';
import { orDash } from '../../../kit/format';
import { texts } from '../../../locales';
import { exportSummary, fetchSummary, type SummaryRow } from '../api';
import { STATE_COLORS } from '../maintenancePlan.record';
import { RecordDialog } from '../RecordDialog';
import { StatRow } from '../StatRow';
import { TruckPicker } from '../TruckPicker';

const t = texts.maintenance;
const s = t.summary;

const SEARCH: readonly SearchField[] = [
  { name: 'truckId', label: t.truck, type: 'custom', control: <TruckPicker /> },
  {
    name: 'state',
    label: s.state,
    type: 'select',
    options: [
      { value: 1, label: t.stateOptions.normal },
      { value: 2, label: t.stateOptions.dueSoon },
      { value: 3, label: t.stateOptions.overdue },
    ],
  },
  { name: 'teamCode', label: t.team, type: 'team' },
];

/** 车辆保养汇总 (/maintenance-summary/index, car1401): per truck its plans, services and cost. */
export default function MaintenanceSummaryPage() {
  const navigate = useNavigate();
  const list = useRef<ListPageHandle>(null);
  const [adding, setAdding] = useState<SummaryRow | null | undefined>(undefined);
  const onExport = useListExport(exportSummary, t.exported);
  const totals = useQuery({
    queryKey: ['maintenance', 'summaryTotals'],
    queryFn: ({ signal }) => fetchSummary({ pageNum: 1, pageSize: 1 }, signal),
  });
  const sum = totals.data?.summary;
  const columns = useMemo<ListColumn<SummaryRow>[]>(
    () => [
      { key: 'carNo', dataIndex: 'carNo', title: t.carNo, width: 110, fixed: 'left' },
      { key: 'brandSeries', dataIndex: 'brandSeries', title: s.brandSeries, width: 130, render: orDash },
      {
        key: 'planNames',
        dataIndex: 'planNames',
        title: s.plans,
        width: 200,
        ellipsis: true,
        render: orDash,
      },
      {
        key: 'lastDate',
        title: s.lastDate,
        width: 210,
        render: (_, r) =>
          r.lastDate ? `${r.lastDate}${r.lastKm !== null ? ` / ${r.lastKm}${t.km}` : ''}` : '-',
      },
      {
        key: 'nextDate',
        title: s.nextDate,
        width: 210,
        render: (_, r) =>
          [r.nextDate, r.nextKm !== null ? `${r.nextKm}${t.km}` : ''].filter(Boolean).join(' / ') || '-',
      },
      {
        key: 'stateName',
        title: s.state,
        width: 110,
        render: (_, r) =>
          r.planCount ? <Tag color={STATE_COLORS[r.state]}>{r.stateName}</Tag> : r.stateName,
      },
      { key: 'leftText', dataIndex: 'leftText', title: t.left, width: 180, render: orDash },
      { key: 'recordCount', dataIndex: 'recordCount', title: s.recordCount, width: 90, align: 'right' },
      { key: 'yearCostYuan', dataIndex: 'yearCostYuan', title: s.yearCost, width: 150, align: 'right' },
      { key: 'teamName', dataIndex: 'teamName', title: t.team, width: 130, render: orDash },
      {
        key: 'actions',
        title: texts.kit.common.actions,
        width: 140,
        fixed: 'right',
        locked: true,
        render: (_, r) => (
          <>
            <Typography.Link
              onClick={() => navigate(`/maintenance-summary/detail/${encodeURIComponent(r.vin)}`)}
            >
              {s.detail}
            </Typography.Link>
            <Typography.Link style={{ marginLeft: 12 }} onClick={() => setAdding(r)}>
              {t.addRecord}
            </Typography.Link>
          </>
        ),
      },
    ],
    [navigate],
  );
  return (
    <>
      <StatRow
        loading={totals.isLoading}
        items={[
          { title: s.truckCount, value: sum?.truckCount },
          { title: s.overdue, value: sum?.overdueCount, color: '#ff4d4f' },
          { title: s.dueSoon, value: sum?.dueSoonCount, color: '#faad14' },
          { title: s.yearCostTotal, value: sum?.yearCostYuan },
        ]}
      />
      <ListPage<SummaryRow>
        ref={list}
        listKey="maintenance-summary"
        fetchList={(params, signal) => fetchSummary(params, signal)}
        columns={columns}
        rowKey="truckId"
        searchFields={SEARCH}
        columnSettingsKey="maintenanceSummaryList"
        toolbar={{
          onExport,
          extra: (
            <Button type="primary" onClick={() => setAdding(null)}>
              {t.record.title}
            </Button>
          ),
        }}
      />
      {adding !== undefined && (
        <RecordDialog
          open
          truck={adding ? { id: adding.truckId, carNo: adding.carNo } : undefined}
          onClose={() => setAdding(undefined)}
          onSaved={() => {
            void list.current?.reload();
            void totals.refetch();
          }}
        />
      )}
    </>
  );
}
