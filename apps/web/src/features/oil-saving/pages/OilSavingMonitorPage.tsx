import { useQuery } from '@tanstack/react-query';
import { Button, Space, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { type ListColumn, ListPage, orDash, type SearchField } from '../../../kit';
import { texts } from '../../../locales';
import { truckSearchField } from '../../payments/searchFields';
import { fetchMonitorList, fetchPlan, type MonitorRow, OIL_SAVING_PATHS } from '../api';
import { RouteSelect } from '../RouteSelect';

const t = texts.oilSaving;

const SEARCH: readonly SearchField[] = [
  {
    name: 'lineId',
    label: t.line,
    type: 'custom',
    control: <RouteSelect allowClear style={{ width: 220 }} />,
  },
  truckSearchField(t.carNo),
  { name: 'onlyOver', label: t.result, type: 'select', options: t.onlyOverOptions, width: 120 },
];

/** 线路节油监控 (/oil-saving/monitor, car050105): each monitored truck's runs against the plan's target. */
export default function OilSavingMonitorPage() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const planId = search.get('planId');
  const [totals, setTotals] = useState<{ runs: number; overRuns: number; trucks: number }>();
  // the plan of 监控明细: named above the list, and closed to see every plan's runs
  const plan = useQuery({
    queryKey: ['oilSaving', 'plan', planId],
    queryFn: () => fetchPlan(Number(planId)),
    enabled: planId !== null && /^\d+$/.test(planId),
  });

  const columns = useMemo<ListColumn<MonitorRow>[]>(
    () => [
      { key: 'carNo', dataIndex: 'carNo', title: t.carNo, width: 100 },
      { key: 'lineName', dataIndex: 'lineName', title: t.line, width: 180, ellipsis: true },
      { key: 'departTime', dataIndex: 'departTime', title: t.departTime, width: 160 },
      {
        key: 'fuelPer100',
        title: t.per100,
        width: 100,
        align: 'right',
        render: (_, r) => (r.fuelPer100 === null ? '-' : r.fuelPer100.toFixed(1)),
      },
      {
        key: 'targetFuel',
        title: t.target,
        width: 80,
        align: 'right',
        render: (_, r) => r.targetFuel.toFixed(1),
      },
      {
        key: 'deviation',
        title: t.deviation,
        width: 90,
        align: 'right',
        render: (_, r) =>
          r.deviation === null ? (
            '-'
          ) : (
            <Typography.Text type={r.over ? 'danger' : undefined}>
              {r.deviation > 0 ? '+' : ''}
              {r.deviation.toFixed(1)}
            </Typography.Text>
          ),
      },
      {
        key: 'over',
        title: t.result,
        width: 100,
        render: (_, r) => (
          <Tag color={r.over ? 'red' : r.fuelPer100 === null ? undefined : 'green'}>{r.overName}</Tag>
        ),
      },
      {
        key: 'mileageKm',
        title: t.mileage,
        width: 100,
        align: 'right',
        render: (_, r) => r.mileageKm.toFixed(1),
      },
      { key: 'fuelL', title: t.fuel, width: 90, align: 'right', render: (_, r) => r.fuelL.toFixed(1) },
      { key: 'driverName', dataIndex: 'driverName', title: t.driver, width: 80, render: orDash },
      { key: 'arriveTime', dataIndex: 'arriveTime', title: t.arriveTime, width: 160 },
      { key: 'planNo', dataIndex: 'planNo', title: t.planNo, width: 200 },
    ],
    [],
  );

  const planTag = planId ? (
    <Tag
      color="blue"
      closable
      onClose={(e) => {
        e.preventDefault();
        navigate(OIL_SAVING_PATHS.monitor);
      }}
    >
      {plan.data
        ? t.planFilter(plan.data.lineName, plan.data.startDate, plan.data.endDate)
        : t.planFilterLoading}
    </Tag>
  ) : null;
  const title =
    totals && totals.runs === 0 ? (
      <Space wrap>
        {planTag}
        <Typography.Text type="secondary">{t.monitorEmpty}</Typography.Text>
        <Button type="link" size="small" onClick={() => navigate(OIL_SAVING_PATHS.list)}>
          {t.openPlans}
        </Button>
      </Space>
    ) : totals ? (
      <Space wrap>
        {planTag}
        <Typography.Text type="secondary">
          {t.monitorTotals(totals.runs, totals.overRuns, totals.trucks)}　{t.monitorRule}
        </Typography.Text>
      </Space>
    ) : (
      planTag
    );

  return (
    <ListPage<MonitorRow>
      // a plan's 监控明细 is a list of its own: another plan's (or all plans') runs are fetched afresh
      key={planId ?? ''}
      listKey={planId ? `oil-saving-monitor-${planId}` : 'oil-saving-monitor'}
      fetchList={async (params, signal) => {
        const page = await fetchMonitorList({ ...(planId ? { planId } : {}), ...params }, signal);
        setTotals(page.totalRow);
        return page;
      }}
      columns={columns}
      rowKey={(r) => `${r.fuelPlanId}-${r.planId}`}
      searchFields={SEARCH}
      columnSettingsKey="oilSavingMonitor"
      title={title}
    />
  );
}
