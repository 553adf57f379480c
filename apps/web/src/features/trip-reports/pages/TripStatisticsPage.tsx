import { formatDate, last31Days } from '@fleet/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Empty, Flex, Result, Space, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { WithQueryClient } from '../../../kit';
import {
  LabeledSegmented,
  StatisticsSearch,
  StatisticsTotalRow,
} from '../../../kit/statistics/StatisticsParts';
import { texts } from '../../../locales';
import {
  type Dimension,
  exportStatistics,
  fetchStatistics,
  type StatisticsQuery,
  type StatisticsRow,
  TRIP_PATHS,
} from '../api';

const t = texts.tripReports;
const common = texts.kit.common;

function firstQuery(): StatisticsQuery {
  const [from, to] = last31Days(new Date());
  return {
    startDate: formatDate(from),
    endDate: formatDate(to),
    dimension: 'truck',
    pageNum: 1,
    pageSize: 20,
  };
}

const dash = (v: number | null) => (v === null ? '-' : v.toFixed(1));
const fixed1 = (v: number) => v.toFixed(1);

/** 行程统计 (/car-cost/trip-statistics, car080202): recorded trips per truck, driver or line, the reported ones beside them. */
function TripStatistics() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [query, setQuery] = useState<StatisticsQuery>(firstQuery);
  const [exporting, setExporting] = useState(false);
  const answer = useQuery({
    queryKey: ['tripStatistics', query],
    queryFn: ({ signal }) => fetchStatistics(query, signal),
    placeholderData: keepPreviousData,
  });
  const rows = answer.data?.list ?? [];
  const total = answer.data?.totalRow;
  const columns = useMemo(
    () => [
      { key: 'name', dataIndex: 'name', title: t.names[query.dimension] ?? '', width: 200, ellipsis: true },
      { key: 'trips', dataIndex: 'trips', title: t.trips, width: 90, align: 'right' as const },
      {
        key: 'mileageKm',
        dataIndex: 'mileageKm',
        title: t.mileage,
        width: 120,
        align: 'right' as const,
        render: fixed1,
      },
      {
        key: 'fuelL',
        dataIndex: 'fuelL',
        title: t.fuel,
        width: 110,
        align: 'right' as const,
        render: fixed1,
      },
      {
        key: 'fuelPer100',
        dataIndex: 'fuelPer100',
        title: t.per100,
        width: 100,
        align: 'right' as const,
        render: dash,
      },
      {
        key: 'durationHours',
        dataIndex: 'durationHours',
        title: t.duration,
        width: 120,
        align: 'right' as const,
        render: fixed1,
      },
      {
        key: 'reportedTrips',
        dataIndex: 'reportedTrips',
        title: t.reportedTrips,
        width: 90,
        align: 'right' as const,
      },
      {
        key: 'reportedMileageKm',
        dataIndex: 'reportedMileageKm',
        title: t.reportedMileage,
        width: 120,
        align: 'right' as const,
        render: fixed1,
      },
      {
        key: 'reportedFuelL',
        dataIndex: 'reportedFuelL',
        title: t.reportedFuel,
        width: 110,
        align: 'right' as const,
        render: fixed1,
      },
    ],
    [query.dimension],
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
  const totalCells = (r: StatisticsRow) => [
    r.trips,
    fixed1(r.mileageKm),
    fixed1(r.fuelL),
    dash(r.fuelPer100),
    fixed1(r.durationHours),
    r.reportedTrips,
    fixed1(r.reportedMileageKm),
    fixed1(r.reportedFuelL),
  ];
  return (
    <Flex vertical gap={12}>
      <StatisticsSearch
        name="tripStatistics"
        rangeLabel={t.dateRange}
        firstRange={firstQuery}
        onSearch={({ startDate, endDate }) => setQuery((q) => ({ ...q, startDate, endDate, pageNum: 1 }))}
        onReset={() => setQuery(firstQuery())}
      />
      <Card size="small">
        <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
          <LabeledSegmented<Dimension>
            label={t.dimension}
            value={query.dimension}
            options={t.dimensions}
            onChange={(dimension) => setQuery((q) => ({ ...q, dimension, pageNum: 1 }))}
          />
          <Space>
            <Button onClick={exportNow} loading={exporting}>
              {common.export}
            </Button>
            <Button onClick={() => navigate(TRIP_PATHS.reports)}>{t.openReports}</Button>
          </Space>
        </Flex>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
          {t.statisticsRule}
        </Typography.Paragraph>
        {answer.isError ? (
          <Result
            status="warning"
            title={t.loadFailed}
            extra={<Button onClick={() => void answer.refetch()}>{t.retry}</Button>}
          />
        ) : (
          <Table<StatisticsRow>
            rowKey="key"
            size="middle"
            loading={answer.isFetching}
            columns={columns}
            dataSource={rows}
            scroll={{ x: 1060 }}
            pagination={{
              current: query.pageNum,
              pageSize: query.pageSize,
              total: answer.data?.total ?? 0,
              showSizeChanger: true,
              showTotal: (n) => `共 ${n} 条`,
              onChange: (pageNum, pageSize) => setQuery((q) => ({ ...q, pageNum, pageSize })),
            }}
            locale={{ emptyText: <Empty description={t.empty} /> }}
            summary={() => (
              <StatisticsTotalRow
                label={t.total}
                cells={total && rows.length > 0 ? totalCells(total) : undefined}
              />
            )}
          />
        )}
      </Card>
    </Flex>
  );
}

export default function TripStatisticsPage() {
  return (
    <WithQueryClient>
      <TripStatistics />
    </WithQueryClient>
  );
}
