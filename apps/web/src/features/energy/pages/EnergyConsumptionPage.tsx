import { App, Button, Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { WithQueryClient } from '../../../kit';
import { texts } from '../../../locales';
import { exportEnergyReport, fetchEnergyReport, type PeriodQuery, type TruckResult } from '../api';
import { EnergySearch } from '../EnergySearch';
import { figureCells, figureColumns, firstPeriod } from '../parts';
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
      <EnergySearch name="energyConsumption" onSearch={setQuery} />
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
          totalCells={(r) => [...figureCells(r), '', '', '']}
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
