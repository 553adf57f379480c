import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Col, Empty, Flex, Form, Row, Spin, Statistic, Table } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { LineSelect, TeamTreeSelect, WithQueryClient } from '../../../kit';
import {
  LabeledSegmented,
  StatisticsSearch,
  StatisticsTotalRow,
} from '../../../kit/statistics/StatisticsParts';
import { texts } from '../../../locales';
import { lineOption, pieOption, trendOption } from '../analysisCharts';
import { fetchAnalysis } from '../api';
import { CostChart } from '../CostChart';
import { TruckIdSelect } from '../CostFormItems';
import { DepreciationDialog } from '../DepreciationDialog';

const t = texts.costs;
const a = t.analysis;

type Group = 'truck' | 'team' | 'line' | 'type';
type Period = 'day' | 'month';

const firstRange = () => ({
  startDate: dayjs().startOf('month').subtract(2, 'month').format('YYYY-MM-DD'),
  endDate: dayjs().format('YYYY-MM-DD'),
});

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
  // each 查询 asks again, also with the same conditions (new costs since)
  const [searches, setSearches] = useState(0);
  const [period, setPeriod] = useState<Period>('month');
  const [group, setGroup] = useState<Group>('truck');
  const [settings, setSettings] = useState(false);
  // the server's dimension: by line, or by truck (its teams and periods alike)
  const groupBy = group === 'line' ? 'line' : 'truck';
  const analysis = useQuery({
    queryKey: ['costs', 'analysis', query, period, groupBy, searches],
    queryFn: ({ signal }) => fetchAnalysis({ ...query, periodType: period, groupBy }, signal),
    retry: false,
  });
  const data = analysis.data;
  const trend = useMemo(() => (data ? trendOption(data) : undefined), [data]);
  const pie = useMemo(() => (data ? pieOption(data) : undefined), [data]);
  const lines = useMemo(() => (data?.byLine.length ? lineOption(data) : undefined), [data]);
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
        : group === 'line'
          ? data.byLine.map((r) => ({
              key: String(r.lineId),
              name: r.lineId === 0 ? a.noLine : r.lineName,
              count: r.count,
              total: r.total,
              byType: r.byType,
            }))
          : data.series.map((s) => ({ key: s.period, name: s.period, total: s.total, byType: s.byType }));
  const nameTitle = { truck: t.truck, team: t.team, line: a.line, type: a.periodCol }[group];
  const leading = group === 'truck' ? 2 : 1;
  const empty = data !== undefined && Number(data.total.amount) === 0;
  return (
    <Flex vertical gap={12}>
      <StatisticsSearch<{
        teamCode?: string;
        truckId?: number;
        lineId?: number;
        withoutDepreciation?: boolean;
      }>
        name="costAnalysis"
        rangeLabel={a.range}
        firstRange={firstRange}
        onSearch={(v) => {
          setQuery({ ...v });
          setSearches((n) => n + 1);
        }}
        onReset={() => setQuery(firstRange())}
      >
        <Form.Item name="teamCode" label={t.team}>
          <TeamTreeSelect style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="truckId" label={t.truck}>
          <TruckIdSelect width={160} />
        </Form.Item>
        <Form.Item name="lineId" label={a.line}>
          <LineSelect allowClear style={{ width: 180 }} />
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
              { value: 'line', label: a.byLine },
              { value: 'type', label: a.periodCol },
            ]}
            onChange={setGroup}
          />
        </Flex>
        {group === 'line' && lines && !empty && (
          <div style={{ marginBottom: 12 }}>
            <CostChart
              option={lines}
              height={Math.max(160, 60 + Math.min(data?.byLine.length ?? 0, 15) * 32)}
              label={a.lineChartLabel}
            />
          </div>
        )}
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

/**
 * 成本分析: /car-cost/analysis (car080201), costs by period, truck, team, line (未关联线路 its own row)
 * and type with depreciation.
 */
export default function CostAnalysisPage() {
  return (
    <WithQueryClient>
      <AnalysisContent />
    </WithQueryClient>
  );
}
