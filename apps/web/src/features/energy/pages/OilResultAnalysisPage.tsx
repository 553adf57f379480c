import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Flex, Row } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { useNavigate } from 'react-router';
import { WithQueryClient } from '../../../kit';
import { texts } from '../../../locales';
import { fetchDayChart, fetchDriverResults, fetchLineResults } from '../api';
import { Chart, dayChartOption, QueryState } from '../parts';
import { PeriodPicker, useResultQuery } from './OilResultViewPage';

const t = texts.energy;

/** Bars of per 100 km by name, one series a unit. */
function per100Bars(rows: { name: string; unit: string; per100Km: number | null }[]): EChartsCoreOption {
  const names = [...new Set(rows.map((r) => r.name))];
  const units = [...new Set(rows.map((r) => r.unit))];
  return {
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0 },
    xAxis: {
      type: 'category',
      data: names,
      axisLabel: {
        interval: 0,
        rotate: names.length > 6 ? 30 : 0,
        formatter: (v: string) => (v.length > 8 ? `${v.slice(0, 8)}…` : v),
      },
    },
    yAxis: { type: 'value', name: t.per100 },
    series: units.map((unit) => ({
      type: 'bar',
      name: `${unit}/百公里`,
      barMaxWidth: 24,
      data: names.map((n) => rows.find((r) => r.name === n && r.unit === unit)?.per100Km ?? null),
    })),
  };
}

/** 油耗结果分析 (/oil-consumption/result-analysis, car050301): by day, by driver and by line. */
function OilResultAnalysis() {
  const navigate = useNavigate();
  const { truckId, startDate, endDate, setPeriod } = useResultQuery();
  const query = { truckId, startDate, endDate };
  const days = useQuery({
    queryKey: ['energyChart', query],
    queryFn: ({ signal }) => fetchDayChart(query, signal),
  });
  const drivers = useQuery({
    queryKey: ['energyDriversTop', query],
    queryFn: ({ signal }) => fetchDriverResults({ ...query, pageNum: 1, pageSize: 20 }, signal),
  });
  const lines = useQuery({
    queryKey: ['energyLines', query],
    queryFn: ({ signal }) => fetchLineResults(query, signal),
  });
  return (
    <Flex vertical gap={12}>
      <Card size="small">
        <Flex justify="space-between" align="center">
          <PeriodPicker startDate={startDate} endDate={endDate} onChange={setPeriod} />
          <Button onClick={() => navigate('/oil-consumption/index')}>{t.back}</Button>
        </Flex>
      </Card>
      <Card size="small" title={t.chart.byDay}>
        <QueryState query={days} empty={(c) => c.series.length === 0}>
          {(c) => <Chart option={dayChartOption(c)} label={t.chart.trendLabel} height={260} />}
        </QueryState>
      </Card>
      <Row gutter={12}>
        <Col span={12}>
          <Card size="small" title={t.chart.byDriver}>
            <QueryState query={drivers} empty={(d) => d.list.length === 0}>
              {(d) => (
                <Chart
                  option={per100Bars(
                    d.list.map((r) => ({ name: r.driverName, unit: r.unit, per100Km: r.per100Km })),
                  )}
                  label={t.chart.byDriverLabel}
                  height={260}
                />
              )}
            </QueryState>
          </Card>
        </Col>
        <Col span={12}>
          <Card size="small" title={t.chart.byLine}>
            <QueryState query={lines} empty={(d) => d.list.length === 0}>
              {(d) => (
                <Chart
                  option={per100Bars(
                    d.list.map((r) => ({ name: r.lineName, unit: r.unit, per100Km: r.per100Km })),
                  )}
                  label={t.chart.byLineLabel}
                  height={260}
                />
              )}
            </QueryState>
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}

export default function OilResultAnalysisPage() {
  return (
    <WithQueryClient>
      <OilResultAnalysis />
    </WithQueryClient>
  );
}
