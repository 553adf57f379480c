import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Space, Spin, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { type ListColumn, ListPage, useListExport, WithQueryClient } from '../../../kit';
import { texts } from '../../../locales';
import {
  exportRefuels,
  fetchRefuels,
  fetchRefuelTendency,
  type RefuelRecord,
  type RefuelTotals,
} from '../api';
import { FuelChart } from '../FuelLevelChart';
import { FuelTrendDrawer, type FuelTrendTarget } from '../FuelTrendDrawer';
import { periodField, refuelStateField, teamField, truckField } from '../searchFields';

const t = texts.fuel;
const STATE_COLORS: Record<number, string> = { 1: 'green', 2: 'orange' };

function Tendency({ query }: { query: Record<string, unknown> }) {
  const { pageNum: _p, pageSize: _s, ...filter } = query;
  const days = useQuery({
    queryKey: ['fuel', 'tendency', filter],
    queryFn: ({ signal }) => fetchRefuelTendency(filter, signal),
  });
  const option = useMemo(
    () => ({
      animation: false,
      grid: { left: 56, right: 56, top: 36, bottom: 32 },
      tooltip: { trigger: 'axis' },
      legend: { data: [t.litres, t.count], top: 0 },
      xAxis: { type: 'category', data: (days.data ?? []).map((d) => d.day.slice(5)) },
      yAxis: [
        { type: 'value', name: 'L' },
        { type: 'value', name: t.count, minInterval: 1, splitLine: { show: false } },
      ],
      series: [
        { type: 'bar', name: t.litres, barMaxWidth: 28, data: (days.data ?? []).map((d) => d.litres) },
        {
          type: 'line',
          name: t.count,
          yAxisIndex: 1,
          data: (days.data ?? []).map((d) => d.count),
        },
      ],
    }),
    [days.data],
  );
  return (
    <Card size="small" title={t.tendencyTitle} style={{ marginBottom: 12 }}>
      {days.isPending ? (
        <Spin style={{ display: 'block', margin: '40px auto' }} />
      ) : days.isError ? (
        <Empty description={t.loadFailed} />
      ) : (days.data ?? []).every((d) => d.count === 0) ? (
        <Empty description={t.noData} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <FuelChart option={option} height={200} label={t.tendencyTitle} />
      )}
    </Card>
  );
}

function Totals({ totals }: { totals: RefuelTotals | undefined }) {
  if (!totals) return null;
  return (
    <Typography.Text data-testid="refuel-totals">
      {t.totals(totals.count, totals.litres, totals.amount, totals.matched, totals.unmatched)}
    </Typography.Text>
  );
}

/** 加油记录 (/oil-consumption/refuel, car050112): refuels found in the trucks' fuel curves and their records. */
export default function RefuelRecordsPage() {
  const [totals, setTotals] = useState<RefuelTotals>();
  const [query, setQuery] = useState<Record<string, unknown>>({});
  const [trend, setTrend] = useState<FuelTrendTarget | null>(null);
  const onExport = useListExport(exportRefuels, t.exported);
  const search = useMemo(() => [truckField(), teamField(), periodField(), refuelStateField()], []);
  const columns = useMemo<ListColumn<RefuelRecord>[]>(
    () => [
      { key: 'carNo', dataIndex: 'carNo', title: t.carNo, width: 100, fixed: 'left' },
      { key: 'teamName', dataIndex: 'teamName', title: t.team, width: 90, ellipsis: true },
      {
        key: 'driverName',
        dataIndex: 'driverName',
        title: t.driver,
        width: 64,
        render: (v: string) => v || '-',
      },
      { key: 'startTime', dataIndex: 'startTime', title: t.startTime, width: 155 },
      { key: 'beforeOil', dataIndex: 'beforeOil', title: t.beforeOil, width: 85, align: 'right' },
      { key: 'afterOil', dataIndex: 'afterOil', title: t.afterOil, width: 85, align: 'right' },
      {
        key: 'changeOil',
        dataIndex: 'changeOil',
        title: t.addOil,
        width: 80,
        align: 'right',
        render: (v: number) => <Typography.Text strong>{v}</Typography.Text>,
      },
      {
        key: 'place',
        dataIndex: 'place',
        title: t.place,
        width: 110,
        ellipsis: true,
        render: (v: string) => v || '-',
      },
      {
        key: 'costLitres',
        dataIndex: 'costLitres',
        title: t.costLitres,
        width: 95,
        align: 'right',
        render: (v: number | null) => (v === null ? '-' : v),
      },
      {
        key: 'costAmount',
        dataIndex: 'costAmount',
        title: t.costAmount,
        width: 90,
        align: 'right',
        render: (v: string | null) => v ?? '-',
      },
      {
        key: 'state',
        title: t.state,
        width: 125,
        render: (_, r) => <Tag color={STATE_COLORS[r.state] ?? 'default'}>{r.stateName}</Tag>,
      },
      {
        key: 'action',
        title: t.action,
        width: 80,
        fixed: 'right',
        render: (_, r) => (
          <Button
            type="link"
            size="small"
            onClick={() =>
              setTrend({ truckId: r.truckId, carNo: r.carNo, startTime: r.startTime, endTime: r.endTime })
            }
          >
            {t.trend}
          </Button>
        ),
      },
    ],
    [],
  );
  return (
    <WithQueryClient>
      <Tendency query={query} />
      <ListPage<RefuelRecord>
        listKey="fuel-refuels"
        columnSettingsKey="refuelRecords"
        fetchList={async (params, signal) => {
          const { pageNum: _n, pageSize: _s, ...filter } = params;
          setQuery(filter);
          const answer = await fetchRefuels(params, signal);
          setTotals(answer.totals);
          return answer;
        }}
        columns={columns}
        rowKey="id"
        searchFields={search}
        title={
          <Space>
            <Totals totals={totals} />
          </Space>
        }
        toolbar={{ onExport }}
      />
      <FuelTrendDrawer target={trend} onClose={() => setTrend(null)} />
    </WithQueryClient>
  );
}
