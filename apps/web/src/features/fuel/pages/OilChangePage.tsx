import { FUEL_EVENT_KIND, formatDateTime } from '@fleet/domain';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Empty, Result, Space, Spin, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { type ListColumn, ListPage, WithQueryClient } from '../../../kit';
import { texts } from '../../../locales';
import { exportLevel, fetchLevel, fetchOilChangeTrucks, type OilChangeTruck } from '../api';
import { type ChartHandle, FuelChart, levelOption } from '../FuelLevelChart';
import { teamField, truckField } from '../searchFields';

const t = texts.fuel;
const c = t.change;
const CALIBRATION_PATH = '/oil-consumption/oil-consumption-calibration';

function History({ truck }: { truck: OilChangeTruck }) {
  const { message } = App.useApp();
  const chart = useRef<ChartHandle>(null);
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [
    dayjs().subtract(2, 'day').startOf('day'),
    dayjs(),
  ]);
  const query = useMemo(
    () => ({
      truckId: truck.truckId,
      beginTime: formatDateTime(range[0].toDate()),
      endTime: formatDateTime(range[1].toDate()),
    }),
    [truck.truckId, range],
  );
  const level = useQuery({
    queryKey: ['fuel', 'level', query],
    queryFn: ({ signal }) => fetchLevel(query, signal),
  });
  const points = level.data?.list ?? [];
  const option = useMemo(
    () => levelOption(points, { oil: t.drawer.oil, axis: t.drawer.litresAxis, start: '', end: '' }),
    [points],
  );
  return (
    <Card
      size="small"
      title={c.historyOf(truck.carNo)}
      style={{ marginTop: 12 }}
      extra={
        <Space>
          <DatePicker.RangePicker
            showTime
            value={range}
            allowClear={false}
            onChange={(v) => {
              if (v?.[0] && v[1]) setRange([v[0], v[1]]);
            }}
          />
          <Button
            onClick={() =>
              void exportLevel(query).then(
                (done) => {
                  if (done.kind === 'file') void message.success(c.exported(done.filename));
                },
                () => undefined,
              )
            }
            disabled={points.length === 0}
          >
            {c.exportHistory}
          </Button>
        </Space>
      }
    >
      {level.data ? (
        <Typography.Text type="secondary">
          {level.data.calibrated ? t.drawer.calibrated : t.drawer.uncalibrated}
        </Typography.Text>
      ) : null}
      {level.isError ? (
        <Result
          status="warning"
          title={t.loadFailed}
          extra={<Button onClick={() => level.refetch()}>{t.retry}</Button>}
        />
      ) : level.isPending ? (
        <Spin style={{ display: 'block', margin: '60px auto' }} />
      ) : points.length > 0 ? (
        <FuelChart ref={chart} option={option} height={300} label={c.history} />
      ) : (
        <Empty description={t.noData} />
      )}
    </Card>
  );
}

/** 油量变化监控 (/oil-consumption/oil-change, car050104): the trucks' level now and over the last day, and a truck's history. */
export default function OilChangePage() {
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<OilChangeTruck | null>(null);
  const search = useMemo(() => [truckField(), teamField()], []);
  const columns = useMemo<ListColumn<OilChangeTruck>[]>(
    () => [
      { key: 'carNo', dataIndex: 'carNo', title: t.carNo, width: 110, fixed: 'left' },
      { key: 'teamName', dataIndex: 'teamName', title: t.team, width: 130, ellipsis: true },
      {
        key: 'tankCapacity',
        dataIndex: 'tankCapacity',
        title: c.tank,
        width: 100,
        align: 'right',
        render: (v: number | null) => v ?? '-',
      },
      {
        key: 'oil',
        dataIndex: 'oil',
        title: c.oil,
        width: 110,
        align: 'right',
        render: (v: number | null) => v ?? '-',
      },
      {
        key: 'oilValue',
        dataIndex: 'oilValue',
        title: c.percent,
        width: 100,
        align: 'right',
        render: (v: number | null) => (v === null ? '-' : `${v}%`),
      },
      {
        key: 'change24h',
        dataIndex: 'change24h',
        title: c.change24h,
        width: 130,
        align: 'right',
        render: (v: number | null) =>
          v === null ? (
            '-'
          ) : (
            <Typography.Text type={v < 0 ? 'danger' : v > 0 ? 'success' : undefined}>
              {v > 0 ? `+${v}` : v}
            </Typography.Text>
          ),
      },
      {
        key: 'lastEvent',
        title: c.lastEvent,
        width: 240,
        render: (_, r) =>
          r.lastEventKind === null ? (
            '-'
          ) : (
            <Space size={4}>
              <Tag color={r.lastEventKind === FUEL_EVENT_KIND.refuel ? 'green' : 'red'}>
                {r.lastEventKind === FUEL_EVENT_KIND.refuel ? c.refuel : c.drain} {r.lastEventLitres} L
              </Tag>
              <span>{r.lastEventTime.slice(5, 16)}</span>
            </Space>
          ),
      },
      {
        key: 'reportTime',
        dataIndex: 'reportTime',
        title: c.reportTime,
        width: 170,
        render: (v: string) => v || '-',
      },
      {
        key: 'action',
        title: t.action,
        width: 100,
        fixed: 'right',
        render: (_, r) => (
          <Button type="link" size="small" onClick={() => setChosen(r)}>
            {c.history}
          </Button>
        ),
      },
    ],
    [],
  );
  return (
    <WithQueryClient>
      <ListPage<OilChangeTruck>
        listKey="fuel-oil-change"
        columnSettingsKey="oilChange"
        fetchList={(params, signal) => fetchOilChangeTrucks(params, signal)}
        columns={columns}
        rowKey="truckId"
        searchFields={search}
        toolbar={{ extra: <Button onClick={() => navigate(CALIBRATION_PATH)}>{c.calibration}</Button> }}
      />
      {chosen ? (
        <History truck={chosen} />
      ) : (
        <Card size="small" style={{ marginTop: 12 }}>
          <Empty description={c.pickTruck} image={Empty.PRESENTED_IMAGE_SIMPLE} />
        </Card>
      )}
    </WithQueryClient>
  );
}
