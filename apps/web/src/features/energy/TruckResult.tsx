import { figureUnits as units } from '@fleet/domain';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Flex, Table, Tag } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { texts } from '../../locales';
import { fetchTruckInfo, type PeriodQuery, type TripResult, type TruckInfo } from './api';
import { Chart, Lines, per100Text, QueryState, short } from './parts';

const t = texts.energy;

function dayOption(info: TruckInfo): EChartsCoreOption {
  const unit = info.total.fuelUnit;
  const power = info.total.powerUnit;
  return {
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    xAxis: { type: 'category', data: info.days.map((d) => d.day.slice(5)) },
    yAxis: [
      { type: 'value', name: 'km', axisLabel: { formatter: short } },
      { type: 'value', name: power ? `${unit}、${power}/百公里` : `${unit}/百公里` },
    ],
    series: [
      { type: 'bar', name: t.mileage, data: info.days.map((d) => d.mileage), barMaxWidth: 18 },
      { type: 'line', name: `${t.fuelUsed}(${unit})`, data: info.days.map((d) => d.fuelUsed) },
      {
        type: 'line',
        name: `${t.per100}(${unit}/百公里)`,
        data: info.days.map((d) => d.per100Km),
        yAxisIndex: 1,
      },
      ...(power
        ? [
            {
              type: 'line',
              name: `${t.per100Power}(${power}/百公里)`,
              data: info.days.map((d) => d.powerPer100Km ?? null),
              yAxisIndex: 1,
            },
          ]
        : []),
    ],
  };
}

/**
 * One truck's result over a period: its totals, each day as a chart and its trips (油耗结果查看,
 * 里程能耗详情, 车辆里程详情); `trips` is the trips call of the page.
 */
export function TruckResultView({
  query,
  trips,
}: {
  query: PeriodQuery & { truckId: number };
  trips: (
    q: PeriodQuery & { truckId: number },
    signal: AbortSignal,
  ) => Promise<{ unit: string; list: TripResult[] }>;
}) {
  const info = useQuery({
    queryKey: ['energyTruck', query],
    queryFn: ({ signal }) => fetchTruckInfo(query, signal),
  });
  const tripList = useQuery({
    queryKey: ['energyTrips', query],
    queryFn: ({ signal }) => trips(query, signal),
  });
  return (
    <Flex vertical gap={12}>
      <QueryState query={info}>
        {(i) => (
          <>
            <Card size="small" title={t.truckInfo}>
              <Descriptions
                size="small"
                column={4}
                items={[
                  { key: 'carNo', label: t.carNo, children: i.truck.carNo },
                  { key: 'vin', label: t.vin, children: i.truck.vin },
                  { key: 'team', label: t.teamName, children: i.truck.teamName || '-' },
                  { key: 'series', label: t.series, children: i.truck.series || '-' },
                  {
                    key: 'fuelType',
                    label: t.fuelType,
                    children: <Tag>{`${i.truck.fuelTypeName}（${i.total.unit}）`}</Tag>,
                  },
                  { key: 'mileage', label: t.mileage, children: i.total.mileage },
                  {
                    key: 'fuelUsed',
                    label: t.fuelUsed,
                    children: `${i.total.fuelUsed} ${i.total.fuelUnit}`,
                  },
                  {
                    key: 'per100',
                    label: t.per100,
                    children: per100Text(i.total.per100Km, i.total.fuelUnit),
                  },
                  ...(i.total.powerUnit
                    ? [
                        {
                          key: 'powerUsed',
                          label: t.powerUsed,
                          children: `${i.total.powerUsed} ${i.total.powerUnit}`,
                        },
                        {
                          key: 'per100Power',
                          label: t.per100Power,
                          children: per100Text(i.total.powerPer100Km, i.total.powerUnit),
                        },
                      ]
                    : []),
                  { key: 'trips', label: t.trips, children: i.total.trips },
                  { key: 'hours', label: t.driveHours, children: i.total.driveHours },
                  { key: 'refuel', label: t.refuel, children: i.total.refuel },
                  { key: 'drain', label: t.drain, children: i.total.drain },
                ]}
              />
            </Card>
            <Card size="small" title={t.chart.days}>
              <Chart option={dayOption(i)} label={t.chart.trendLabel} height={260} />
            </Card>
          </>
        )}
      </QueryState>
      <Card size="small" title={t.tripsTitle}>
        <QueryState query={tripList}>
          {(list) => (
            <Table<TripResult>
              aria-label={t.tripsTitle}
              rowKey="id"
              size="middle"
              dataSource={list.list}
              pagination={{ pageSize: 10, showTotal: (n) => `共 ${n} 条` }}
              locale={{ emptyText: t.empty }}
              scroll={{ x: 1100 }}
              columns={[
                { key: 'startTime', dataIndex: 'startTime', title: t.startTime, width: 170 },
                { key: 'endTime', dataIndex: 'endTime', title: t.endTime, width: 170 },
                { key: 'driverName', dataIndex: 'driverName', title: t.driver, width: 100 },
                { key: 'mileage', dataIndex: 'mileage', title: t.mileage, width: 100, align: 'right' },
                {
                  key: 'fuelUsed',
                  title: t.fuelUsed,
                  width: 110,
                  align: 'right',
                  render: (_, r) => (
                    <Lines
                      texts={[
                        r.fuelUsed === null ? '-' : `${r.fuelUsed} ${units(list.unit).fuel}`,
                        ...(r.powerUsed === null ? [] : [`${r.powerUsed} ${units(list.unit).power}`]),
                      ]}
                    />
                  ),
                },
                {
                  key: 'per100',
                  title: t.per100,
                  width: 150,
                  align: 'right',
                  render: (_, r) => (
                    <Lines
                      texts={[
                        per100Text(r.per100Km, units(list.unit).fuel),
                        ...(r.powerUsed === null
                          ? []
                          : [per100Text(r.powerPer100Km, units(list.unit).power ?? '')]),
                      ]}
                    />
                  ),
                },
                {
                  key: 'duration',
                  dataIndex: 'durationMinutes',
                  title: t.duration,
                  width: 100,
                  align: 'right',
                },
                { key: 'avgSpeed', dataIndex: 'avgSpeed', title: t.avgSpeed, width: 120, align: 'right' },
              ]}
            />
          )}
        </QueryState>
      </Card>
    </Flex>
  );
}
