import { App, Button, Card, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { TeamTreeSelect, WithQueryClient } from '../../../kit';
import { StatisticsSearch } from '../../../kit/statistics/StatisticsParts';
import { texts } from '../../../locales';
import { exportEnergyReport, fetchEnergyReport, type PeriodQuery, type TruckResult } from '../api';
import { figureColumns, firstPeriod, per100Text } from '../parts';
import { ReportTable } from '../ReportTable';

const t = texts.energy;

/** 里程能耗报表 (/car-cost/energy-consumption, car100102): each truck's mileage and energy. */
function EnergyConsumption() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [query, setQuery] = useState<PeriodQuery>(firstPeriod);
  const [exporting, setExporting] = useState(false);
  const columns = [
    { key: 'carNo', dataIndex: 'carNo', title: t.carNo, width: 110, fixed: 'left' as const },
    { key: 'teamName', dataIndex: 'teamName', title: t.teamName, width: 130, ellipsis: true },
    { key: 'fuelTypeName', dataIndex: 'fuelTypeName', title: t.fuelType, width: 90 },
    ...figureColumns<TruckResult>({ energy: true }),
    { key: 'days', dataIndex: 'days', title: t.days, width: 90, align: 'right' as const },
    {
      key: 'avg',
      dataIndex: 'avgDailyMileage',
      title: t.avgDailyMileage,
      width: 120,
      align: 'right' as const,
    },
    {
      key: 'action',
      title: t.action,
      width: 80,
      fixed: 'right' as const,
      render: (_: unknown, r: TruckResult) => (
        <Typography.Link
          onClick={() =>
            navigate(
              `/car-cost/energy-consumption/mileage/${r.truckId}?startDate=${query.startDate}&endDate=${query.endDate}`,
            )
          }
        >
          {t.detail}
        </Typography.Link>
      ),
    },
  ];
  const exportNow = () => {
    setExporting(true);
    exportEnergyReport(query)
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
      <StatisticsSearch<{ teamCode?: string; carNo?: string }>
        name="energyConsumption"
        rangeLabel={t.dateRange}
        firstRange={firstPeriod}
        onSearch={({ startDate, endDate, teamCode, carNo }) =>
          setQuery({ startDate, endDate, teamCode: teamCode || undefined, carNo: carNo?.trim() || undefined })
        }
        onReset={() => setQuery(firstPeriod())}
      >
        <Form.Item name="teamCode" label={t.team}>
          <TeamTreeSelect style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="carNo" label={t.carNo}>
          <Input placeholder={t.carNoPlaceholder} allowClear style={{ width: 160 }} />
        </Form.Item>
      </StatisticsSearch>
      <Card
        size="small"
        title={t.energyTitle}
        extra={
          <Button onClick={exportNow} loading={exporting}>
            {t.export}
          </Button>
        }
      >
        <ReportTable<TruckResult>
          name={t.energyTitle}
          queryKey={['energyReport', query]}
          fetch={(p, signal) => fetchEnergyReport({ ...query, ...p }, signal)}
          columns={columns}
          rowKey={(r) => `${r.truckId}`}
          width={1300}
          leading={3}
          totalCells={(r) => [
            r.mileage,
            `${r.fuelUsed} ${r.unit}`,
            per100Text(r.per100Km, r.unit),
            r.driveHours,
            r.trips,
            '',
            '',
            '',
          ]}
        />
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
          {t.rule}
        </Typography.Paragraph>
      </Card>
    </Flex>
  );
}

export default function EnergyConsumptionPage() {
  return (
    <WithQueryClient>
      <EnergyConsumption />
    </WithQueryClient>
  );
}
