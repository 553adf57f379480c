import { Card, Descriptions, Empty, Flex, Spin, Table, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { orDash } from '../../kit';
import { texts } from '../../locales';
import type { Analysis, RunRow } from './api';

const FuelChart = lazy(() => import('./FuelChart'));
const t = texts.oilSaving;

const num = (v: number | null) => (v === null ? t.noFigures : v.toFixed(1));
const fixed1 = (v: number) => v.toFixed(1);

/** The analysis of a line's history: the whole, a chart and table per truck, and every run. */
export function AnalysisView({ analysis, extra }: { analysis: Analysis; extra?: React.ReactNode }) {
  const s = analysis.summary;
  if (s.runs === 0) return <Empty description={t.analysisEmpty(analysis.lineName)} />;
  return (
    <Flex vertical gap={12}>
      <Descriptions
        size="small"
        bordered
        column={4}
        title={`${t.summary}：${analysis.lineName}`}
        extra={extra}
        items={[
          { key: 'runs', label: t.runs, children: s.runs },
          { key: 'trucks', label: t.trucks, children: s.trucks },
          { key: 'mileage', label: t.mileage, children: fixed1(s.mileageKm) },
          { key: 'fuel', label: t.fuel, children: fixed1(s.fuelL) },
          { key: 'average', label: t.average, children: num(s.average) },
          { key: 'best', label: t.best, children: num(s.best) },
          { key: 'worst', label: t.worst, children: num(s.worst) },
          {
            key: 'suggested',
            label: t.suggested,
            children: <Typography.Text strong>{num(s.suggested)}</Typography.Text>,
          },
        ]}
      />
      <Typography.Text type="secondary">
        {t.analysisRule}
        {t.suggestedHint}
      </Typography.Text>
      <Card size="small" title={t.perTruck}>
        <Suspense fallback={<Spin />}>
          <FuelChart
            rows={analysis.trucks.map((x) => ({ name: x.carNo, value: x.average }))}
            target={s.suggested}
            targetLabel={t.chartTarget}
            label={t.chartLabel}
          />
        </Suspense>
        <Table
          rowKey="truckId"
          size="small"
          pagination={false}
          dataSource={analysis.trucks}
          scroll={{ x: 800 }}
          columns={[
            { key: 'carNo', dataIndex: 'carNo', title: t.carNo, width: 110 },
            { key: 'series', dataIndex: 'series', title: t.series, width: 110, render: orDash },
            { key: 'runs', dataIndex: 'runs', title: t.runs, width: 70, align: 'right' },
            {
              key: 'mileageKm',
              dataIndex: 'mileageKm',
              title: t.mileage,
              width: 100,
              align: 'right',
              render: fixed1,
            },
            { key: 'fuelL', dataIndex: 'fuelL', title: t.fuel, width: 100, align: 'right', render: fixed1 },
            {
              key: 'average',
              dataIndex: 'average',
              title: t.average,
              width: 110,
              align: 'right',
              render: num,
            },
            { key: 'best', dataIndex: 'best', title: t.best, width: 110, align: 'right', render: num },
            { key: 'worst', dataIndex: 'worst', title: t.worst, width: 110, align: 'right', render: num },
          ]}
        />
      </Card>
      <Card size="small" title={t.perRun}>
        <Table<RunRow>
          rowKey="planId"
          size="small"
          dataSource={analysis.runs}
          pagination={{ pageSize: 10, showSizeChanger: false }}
          scroll={{ x: 900 }}
          columns={[
            { key: 'planNo', dataIndex: 'planNo', title: t.planNo, width: 200 },
            { key: 'carNo', dataIndex: 'carNo', title: t.carNo, width: 100 },
            { key: 'driverName', dataIndex: 'driverName', title: t.driver, width: 80, render: orDash },
            { key: 'departTime', dataIndex: 'departTime', title: t.departTime, width: 160 },
            { key: 'arriveTime', dataIndex: 'arriveTime', title: t.arriveTime, width: 160 },
            {
              key: 'mileageKm',
              dataIndex: 'mileageKm',
              title: t.mileage,
              width: 100,
              align: 'right',
              render: fixed1,
            },
            { key: 'fuelL', dataIndex: 'fuelL', title: t.fuel, width: 90, align: 'right', render: fixed1 },
            {
              key: 'fuelPer100',
              dataIndex: 'fuelPer100',
              title: t.per100,
              width: 100,
              align: 'right',
              render: num,
            },
          ]}
        />
      </Card>
    </Flex>
  );
}
