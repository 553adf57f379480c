import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Col, Empty, Flex, Form, Row, Spin, Statistic, Table } from 'antd';
import dayjs from 'dayjs';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo, useState } from 'react';
import { TeamTreeSelect, WithQueryClient } from '../../../kit';
import {
  LabeledSegmented,
  StatisticsSearch,
  StatisticsTotalRow,
} from '../../../kit/statistics/StatisticsParts';
import { texts } from '../../../locales';
import { type CostAnalysis, fetchAnalysis } from '../api';
import { CostChart } from '../CostChart';
import { TruckIdSelect } from '../CostFormItems';
import { DepreciationDialog } from '../DepreciationDialog';

const t = texts.costs;
const a = t.analysis;

type Group = 'truck' | 'team' | 'type';
type Period = 'day' | 'month';

const firstRange = () => ({
  startDate: dayjs().startOf('month').subtract(2, 'month').format('YYYY-MM-DD'),
  endDate: dayjs().format('YYYY-MM-DD'),
});

const COLORS = [
  '#1677ff',
  '#52c41a',
  '#fa8c16',
  '#13c2c2',
  '#722ed1',
  '#eb2f96',
  '#faad14',
  '#2f54eb',
  '#8c8c8c',
];

function trendOption(data: CostAnalysis): EChartsCoreOption {
  const types = data.types.filter((ty) => Number(data.total.byType[ty.key] ?? 0) > 0);
  return {
    color: COLORS,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0 },
    grid: { left: 60, right: 20, top: 40, bottom: 30 },
    xAxis: { type: 'category', data: data.series.map((s) => s.period) },
    yAxis: { type: 'value', name: '元' },
    series: types.map((ty) => ({
      name: ty.name,
      type: 'bar',
      stack: 'cost',
      barMaxWidth: 36,
      data: data.series.map((s) => Number(s.byType[ty.key] ?? 0)),
    })),
  };
}

function pieOption(data: CostAnalysis): EChartsCoreOption {
  return {
    color: COLORS,
    tooltip: { trigger: 'item', formatter: '{b}: ¥{c} ({d}%)' },
    legend: { bottom: 0, type: 'scroll' },
    series: [
      {
        type: 'pie',
        radius: ['36%', '60%'],
        center: ['50%', '45%'],
        label: { formatter: '{b}\n{d}%', overflow: 'none' },
        data: data.byType
          .filter((x) => Number(x.amount) > 0)
          .map((x) => ({ name: x.name, value: Number(x.amount) })),
      },
    ],
  };
}

interface TableRow {
  key: string;
  name: string;
  sub?: string;
  count?: number;
  total: string;
  byType: Record<string, string>;
}

function AnalysisContent() {
  const [query, setQuery] = useState<Record<string, unknown>>(firstRange);
  const [period, setPeriod] = useState<Period>('month');
  const [group, setGroup] = useState<Group>('truck');
  const [settings, setSettings] = useState(false);
  const analysis = useQuery({
    queryKey: ['costs', 'analysis', query, period],
    queryFn: ({ signal }) => fetchAnalysis({ ...query, periodType: period }, signal),
    retry: false,
  });
  const data = analysis.data;
  const trend = useMemo(() => (data ? trendOption(data) : undefined), [data]);
  const pie = useMemo(() => (data ? pieOption(data) : undefined), [data]);
  const typeColumns = (data?.types ?? []).map((ty) => ({
    key: ty.key,
    title: `${ty.name}(元)`,
    width: 110,
    align: 'right' as const,
    render: (_: unknown, r: TableRow) => r.byType[ty.key] ?? '0.00',
  }));
  const rows: TableRow[] = !data
    ? []
    : group === 'truck'
      ? data.byTruck.map((r) => ({
          key: String(r.truckId),
          name: r.carNo,
          sub: r.teamName,
          count: r.count,
          total: r.total,
          byType: r.byType,
        }))
      : group === 'team'
        ? data.byTeam.map((r) => ({
            key: r.teamCode,
            name: r.teamName,
            count: r.count,
            total: r.total,
            byType: r.byType,
          }))
        : data.series.map((s) => ({ key: s.period, name: s.period, total: s.total, byType: s.byType }));
  const nameTitle = group === 'truck' ? t.truck : group === 'team' ? t.team : a.periodCol;
  const leading = group === 'truck' ? 2 : 1;
  const empty = data !== undefined && Number(data.total.amount) === 0;
  return (
    <Flex vertical gap={12}>
      <StatisticsSearch<{ teamCode?: string; truckId?: number; withoutDepreciation?: boolean }>
        name="costAnalysis"
        rangeLabel={a.range}
        firstRange={firstRange}
        onSearch={(v) => setQuery({ ...v })}
        onReset={() => setQuery(firstRange())}
      >
        <Form.Item name="teamCode" label={t.team}>
          <TeamTreeSelect style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="truckId" label={t.truck}>
          <TruckIdSelect width={160} />
        </Form.Item>
        <Form.Item name="withoutDepreciation" valuePropName="checked">
          <Checkbox>{a.withoutDepreciation}</Checkbox>
        </Form.Item>
      </StatisticsSearch>
      {analysis.isError && <Alert type="error" showIcon message={(analysis.error as Error).message} />}
      <Card size="small">
        <Flex justify="space-between" align="center" wrap gap={12}>
          <Flex gap={32} wrap>
            <Statistic
              title={a.total}
              value={data?.total.amount ?? '-'}
              prefix="¥"
              valueStyle={{ color: '#cf1322' }}
            />
            <Statistic title={a.depreciation} value={data?.total.depreciation ?? '-'} prefix="¥" />
            <Statistic title={a.count} value={data?.total.count ?? '-'} />
            <Statistic title={a.litres} value={data?.total.litres ?? '-'} />
          </Flex>
          <Flex gap={16} align="center" wrap>
            <LabeledSegmented<Period>
              label={a.period}
              value={period}
              options={[
                { value: 'day', label: a.byDay },
                { value: 'month', label: a.byMonth },
              ]}
              onChange={setPeriod}
            />
            <Button onClick={() => setSettings(true)}>{a.depreciationSettings}</Button>
          </Flex>
        </Flex>
      </Card>
      <Spin spinning={analysis.isFetching}>
        <Row gutter={12}>
          <Col span={16}>
            <Card size="small" title={a.trend}>
              {trend && !empty ? (
                <CostChart option={trend} height={300} label={a.chartLabel} />
              ) : (
                <Empty style={{ height: 300, paddingTop: 100 }} description={texts.kit.common.empty} />
              )}
            </Card>
          </Col>
          <Col span={8}>
            <Card size="small" title={a.composition}>
              {pie && !empty ? (
                <CostChart option={pie} height={300} label={a.pieLabel} />
              ) : (
                <Empty style={{ height: 300, paddingTop: 100 }} description={texts.kit.common.empty} />
              )}
            </Card>
          </Col>
        </Row>
      </Spin>
      <Card size="small">
        <Flex style={{ marginBottom: 12 }}>
          <LabeledSegmented<Group>
            label={a.groupBy}
            value={group}
            options={[
              { value: 'truck', label: a.byTruck },
              { value: 'team', label: a.byTeam },
              { value: 'type', label: a.periodCol },
            ]}
            onChange={setGroup}
          />
        </Flex>
        <Table<TableRow>
          rowKey="key"
          size="small"
          loading={analysis.isFetching}
          dataSource={rows}
          pagination={rows.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
          scroll={{ x: 400 + typeColumns.length * 110 }}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={texts.kit.common.empty} />,
          }}
          columns={[
            { key: 'name', dataIndex: 'name', title: nameTitle, width: 130, fixed: 'left' },
            ...(group === 'truck' ? [{ key: 'sub', dataIndex: 'sub', title: t.team, width: 130 }] : []),
            ...typeColumns,
            {
              key: 'total',
              dataIndex: 'total',
              title: a.total,
              width: 120,
              align: 'right' as const,
              fixed: 'right' as const,
            },
          ]}
          summary={() =>
            data && rows.length > 0 ? (
              <StatisticsTotalRow
                label={t.total}
                leading={leading}
                cells={[
                  ...(data.types ?? []).map((ty) => data.total.byType[ty.key] ?? '0.00'),
                  data.total.amount,
                ]}
              />
            ) : null
          }
        />
      </Card>
      <DepreciationDialog
        open={settings}
        onClose={() => setSettings(false)}
        onChanged={() => void analysis.refetch()}
      />
    </Flex>
  );
}

/** 成本分析: /car-cost/analysis (car080201), costs by period, truck, team and type with depreciation. */
export default function CostAnalysisPage() {
  return (
    <WithQueryClient>
      <AnalysisContent />
    </WithQueryClient>
  );
}
