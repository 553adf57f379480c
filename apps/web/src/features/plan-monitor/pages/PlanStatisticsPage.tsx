import { formatDate, last7Days } from '@fleet/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Empty, Flex, Form, Spin, Table, Typography } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { TeamTreeSelect, WithQueryClient } from '../../../kit';
import {
  LabeledSegmented,
  StatisticsSearch,
  StatisticsTotalRow,
} from '../../../kit/statistics/StatisticsParts';
import { texts } from '../../../locales';
import {
  exportStatistics,
  fetchStatistics,
  type StatisticsGroup,
  type StatisticsQuery,
  type StatisticsRow,
} from '../api';

const StatisticsChart = lazy(() => import('../StatisticsChart'));

const t = texts.planStatistics;
const common = texts.kit.common;

function firstQuery(): StatisticsQuery {
  const [from, to] = last7Days(new Date());
  return { startDate: formatDate(from), endDate: formatDate(to), groupBy: 'team' };
}

const rateCell = (value: number | null) => t.rate(value);

/** 发车统计 (/car-dispatch/car-mileage, car060102): plans, departures and arrivals on time by group. */
function PlanStatistics() {
  const { message } = App.useApp();
  const [query, setQuery] = useState<StatisticsQuery>(firstQuery);
  const [exporting, setExporting] = useState(false);
  const answer = useQuery({
    queryKey: ['planStatistics', query],
    queryFn: ({ signal }) => fetchStatistics(query, signal),
    placeholderData: keepPreviousData,
  });
  const rows = answer.data?.list ?? [];
  const total = answer.data?.totalRow;
  const groupLabel = t.groups.find((g) => g.value === query.groupBy)?.label ?? '';

  const columns = useMemo(
    () => [
      { key: 'name', dataIndex: 'name', title: groupLabel, width: 200, ellipsis: true },
      { key: 'plans', dataIndex: 'plans', title: t.plans, width: 90, align: 'right' as const },
      { key: 'departed', dataIndex: 'departed', title: t.departed, width: 90, align: 'right' as const },
      {
        key: 'onTimeDepart',
        dataIndex: 'onTimeDepart',
        title: t.onTimeDepart,
        width: 100,
        align: 'right' as const,
      },
      {
        key: 'onTimeDepartRate',
        dataIndex: 'onTimeDepartRate',
        title: t.onTimeDepartRate,
        width: 110,
        align: 'right' as const,
        render: rateCell,
      },
      { key: 'arrived', dataIndex: 'arrived', title: t.arrived, width: 90, align: 'right' as const },
      {
        key: 'onTimeArrive',
        dataIndex: 'onTimeArrive',
        title: t.onTimeArrive,
        width: 100,
        align: 'right' as const,
      },
      {
        key: 'onTimeArriveRate',
        dataIndex: 'onTimeArriveRate',
        title: t.onTimeArriveRate,
        width: 110,
        align: 'right' as const,
        render: rateCell,
      },
    ],
    [groupLabel],
  );

  const exportNow = () => {
    setExporting(true);
    exportStatistics(query)
      .then(
        (done) => {
          if (done.kind === 'file') void message.success(t.exported(done.filename));
        },
        () => undefined,
      )
      .finally(() => setExporting(false));
  };

  const totalCells = (row: StatisticsRow) => [
    row.plans,
    row.departed,
    row.onTimeDepart,
    t.rate(row.onTimeDepartRate),
    row.arrived,
    row.onTimeArrive,
    t.rate(row.onTimeArriveRate),
  ];

  return (
    <Flex vertical gap={12}>
      <StatisticsSearch<{ teamCode?: string }>
        name="statistics"
        rangeLabel={t.dateRange}
        firstRange={firstQuery}
        onSearch={({ startDate, endDate, teamCode }) =>
          setQuery((q) => ({ ...q, startDate, endDate, teamCode: teamCode || undefined }))
        }
        onReset={() => setQuery(firstQuery())}
      >
        <Form.Item name="teamCode" label={t.team}>
          <TeamTreeSelect style={{ width: 200 }} />
        </Form.Item>
      </StatisticsSearch>
      <Card size="small">
        <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
          <LabeledSegmented<StatisticsGroup>
            label={t.groupBy}
            value={query.groupBy}
            options={t.groups}
            onChange={(groupBy) => setQuery((q) => ({ ...q, groupBy }))}
          />
          <Button onClick={exportNow} loading={exporting}>
            {common.export}
          </Button>
        </Flex>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
          {t.rule}
        </Typography.Paragraph>
        {rows.length > 0 && (
          <Suspense fallback={<Spin style={{ display: 'block', margin: '24px auto' }} />}>
            <StatisticsChart rows={rows} />
          </Suspense>
        )}
        <Table<StatisticsRow>
          rowKey="key"
          size="middle"
          loading={answer.isFetching}
          columns={columns}
          dataSource={rows}
          pagination={false}
          scroll={{ x: 890 }}
          locale={{ emptyText: <Empty description={t.empty}>{t.emptyHint}</Empty> }}
          summary={() => (
            <StatisticsTotalRow
              label={t.total}
              cells={total && rows.length > 0 ? totalCells(total) : undefined}
            />
          )}
        />
      </Card>
    </Flex>
  );
}

export default function PlanStatisticsPage() {
  return (
    <WithQueryClient>
      <PlanStatistics />
    </WithQueryClient>
  );
}
