import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Flex, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DriverSelect, WithQueryClient } from '../../../kit';
import { LabeledSegmented } from '../../../kit/statistics/StatisticsParts';
import { texts } from '../../../locales';
import {
  type DriverDayResult,
  type DriverResult,
  exportDriverDays,
  exportDriverResults,
  exportSummary,
  exportTruckResults,
  fetchCards,
  fetchDayChart,
  fetchDriverDays,
  fetchDriverResults,
  fetchSummary,
  fetchTruckResults,
  type PeriodQuery,
  type SummaryGroup,
  type SummaryResult,
  type TruckResult,
} from '../api';
import { EnergySearch } from '../EnergySearch';
import {
  Chart,
  dayChartOption,
  FuelCards,
  figureCells,
  figureColumns,
  firstPeriod,
  QueryState,
} from '../parts';
import { ReportTable } from '../ReportTable';

const t = texts.energy;

/** 油耗统计 (/oil-consumption/index, car050301): 油耗管家 cards and chart, trucks, drivers, summary. */
function OilConsumption() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [query, setQuery] = useState<PeriodQuery>(firstPeriod);
  const [tab, setTab] = useState('trucks');
  const [driverView, setDriverView] = useState<'driver' | 'day'>('driver');
  const [driverId, setDriverId] = useState<number | undefined>();
  const [groupBy, setGroupBy] = useState<SummaryGroup>('team');
  const [exporting, setExporting] = useState(false);
  const cards = useQuery({
    queryKey: ['energyCards', query],
    queryFn: ({ signal }) => fetchCards(query, signal),
  });
  const chart = useQuery({
    queryKey: ['energyChart', query],
    queryFn: ({ signal }) => fetchDayChart(query, signal),
  });
  const link = (path: string, r: TruckResult) =>
    navigate(`${path}?truckId=${r.truckId}&startDate=${query.startDate}&endDate=${query.endDate}`);

  const truckColumns = [
    { key: 'carNo', dataIndex: 'carNo', title: t.carNo, width: 100, fixed: 'left' as const },
    { key: 'teamName', dataIndex: 'teamName', title: t.teamName, width: 110, ellipsis: true },
    { key: 'fuelTypeName', dataIndex: 'fuelTypeName', title: t.fuelType, width: 80 },
    ...figureColumns<TruckResult>({ refuel: true }),
    { key: 'days', dataIndex: 'days', title: t.days, width: 80, align: 'right' as const },
    {
      key: 'action',
      title: t.action,
      width: 90,
      fixed: 'right' as const,
      render: (_: unknown, r: TruckResult) => (
        <Flex gap={8}>
          <Typography.Link onClick={() => link('/oil-consumption/result-view', r)}>{t.view}</Typography.Link>
          <Typography.Link onClick={() => link('/oil-consumption/result-analysis', r)}>
            {t.analyse}
          </Typography.Link>
        </Flex>
      ),
    },
  ];

  const driverColumns = [
    { key: 'driverName', dataIndex: 'driverName', title: t.driver, width: 110 },
    { key: 'trucks', dataIndex: 'trucks', title: t.trucks, width: 80, align: 'right' as const },
    ...figureColumns<DriverResult>(),
    { key: 'days', dataIndex: 'days', title: t.days, width: 90, align: 'right' as const },
  ];
  const dayColumns = [
    { key: 'day', dataIndex: 'day', title: t.day, width: 110 },
    { key: 'driverName', dataIndex: 'driverName', title: t.driver, width: 110 },
    ...figureColumns<DriverDayResult>(),
  ];
  const summaryColumns = [
    { key: 'name', dataIndex: 'name', title: t.name, width: 160, ellipsis: true },
    { key: 'trucks', dataIndex: 'trucks', title: t.trucks, width: 80, align: 'right' as const },
    ...figureColumns<SummaryResult>({ refuel: true }),
  ];

  const exportNow = () => {
    setExporting(true);
    const run =
      tab === 'trucks'
        ? exportTruckResults(query)
        : tab === 'drivers'
          ? driverView === 'driver'
            ? exportDriverResults(query)
            : exportDriverDays({ ...query, driverId })
          : exportSummary({ ...query, groupBy });
    run
      .then(
        (done) => {
          if (done.kind === 'file') void message.success(t.exported(done.filename));
        },
        () => undefined,
      )
      .finally(() => setExporting(false));
  };

  return (
    <Flex vertical gap={12}>
      <EnergySearch name="oilConsumption" onSearch={setQuery} />
      <Card size="small">
        <QueryState query={cards}>
          {(c) => (
            <FuelCards cards={c.cards} previous={{ start: c.previousStartDate, end: c.previousEndDate }} />
          )}
        </QueryState>
      </Card>
      <Card size="small" title={t.chart.trend}>
        <QueryState query={chart} empty={(c) => c.series.length === 0}>
          {(c) => <Chart option={dayChartOption(c)} label={t.chart.trendLabel} height={260} />}
        </QueryState>
      </Card>
      <Card size="small">
        <Tabs
          activeKey={tab}
          onChange={setTab}
          tabBarExtraContent={
            <Button onClick={exportNow} loading={exporting}>
              {t.export}
            </Button>
          }
          items={[
            {
              key: 'trucks',
              label: t.tabs.trucks,
              children: (
                <ReportTable<TruckResult>
                  name={t.tabs.trucks}
                  queryKey={['energyTrucks', query]}
                  fetch={(p, signal) => fetchTruckResults({ ...query, ...p }, signal)}
                  columns={truckColumns}
                  rowKey={(r) => `${r.truckId}`}
                  width={1145}
                  leading={3}
                  totalCells={(r) => [...figureCells(r, { refuel: true }), '']}
                />
              ),
            },
            {
              key: 'drivers',
              label: t.tabs.drivers,
              children: (
                <Flex vertical gap={12}>
                  <Flex gap={16} align="center" wrap>
                    <LabeledSegmented<'driver' | 'day'>
                      label={t.groupBy}
                      value={driverView}
                      options={t.driverViews}
                      onChange={setDriverView}
                    />
                    {driverView === 'day' && (
                      <DriverSelect
                        style={{ width: 200 }}
                        value={driverId}
                        onChange={(v) => setDriverId(typeof v === 'number' ? v : undefined)}
                      />
                    )}
                  </Flex>
                  {driverView === 'driver' ? (
                    <ReportTable<DriverResult>
                      name={t.tabs.drivers}
                      queryKey={['energyDrivers', query]}
                      fetch={(p, signal) => fetchDriverResults({ ...query, ...p }, signal)}
                      columns={driverColumns}
                      rowKey={(r) => `${r.driverId}:${r.unit}`}
                      width={900}
                      leading={2}
                      totalCells={(r) => [...figureCells(r), '']}
                    />
                  ) : (
                    <ReportTable<DriverDayResult>
                      name={t.tabs.drivers}
                      queryKey={['energyDriverDays', query, driverId]}
                      fetch={(p, signal) => fetchDriverDays({ ...query, driverId, ...p }, signal)}
                      columns={dayColumns}
                      rowKey={(r) => `${r.driverId}:${r.day}:${r.unit}`}
                      width={900}
                    />
                  )}
                </Flex>
              ),
            },
            {
              key: 'summary',
              label: t.tabs.summary,
              children: (
                <Flex vertical gap={12}>
                  <LabeledSegmented<SummaryGroup>
                    label={t.groupBy}
                    value={groupBy}
                    options={t.groups}
                    onChange={setGroupBy}
                  />
                  <ReportTable<SummaryResult>
                    name={t.tabs.summary}
                    queryKey={['energySummary', query, groupBy]}
                    fetch={(p, signal) => fetchSummary({ ...query, groupBy, ...p }, signal)}
                    columns={summaryColumns}
                    rowKey={(r) => `${r.key}:${r.unit}`}
                    width={1000}
                  />
                </Flex>
              ),
            },
          ]}
        />
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t.rule}
        </Typography.Paragraph>
      </Card>
    </Flex>
  );
}

export default function OilConsumptionPage() {
  return (
    <WithQueryClient>
      <OilConsumption />
    </WithQueryClient>
  );
}
