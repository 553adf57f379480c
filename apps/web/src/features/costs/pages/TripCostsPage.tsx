import { Drawer, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useMemo, useState } from 'react';
import { type ListFetch, ListPage, type SearchField, useListExport } from '../../../kit';
import { orDash } from '../../../kit/format';
import { texts } from '../../../locales';
import { type CostRow, exportTripCosts, fetchCosts, fetchTripCosts, type TripCostRow } from '../api';
import { TruckIdSelect } from '../CostFormItems';

const t = texts.costs;
const tt = t.trips;

const firstRange = () => [dayjs().subtract(29, 'day'), dayjs()] as const;

/** The search as the trip list takes it: the range as days, the last 30 days when none is chosen. */
function tripQuery(params: Record<string, unknown>): Record<string, unknown> {
  const { date: _date, ...rest } = params;
  const [from, to] = firstRange();
  return {
    ...rest,
    startDate: typeof rest.startDate === 'string' ? rest.startDate.slice(0, 10) : from.format('YYYY-MM-DD'),
    endDate: typeof rest.endDate === 'string' ? rest.endDate.slice(0, 10) : to.format('YYYY-MM-DD'),
  };
}

const searchFields: SearchField[] = [
  { name: 'teamCode', label: t.team, type: 'team', width: 180 },
  { name: 'truckId', label: t.truck, type: 'custom', control: <TruckIdSelect width={160} /> },
  { name: 'date', label: tt.range, type: 'dateRange', rangeKeys: ['startDate', 'endDate'] },
];

const money = (key: keyof TripCostRow & string, title: string, width = 100) => ({
  key,
  dataIndex: key,
  title,
  width,
  align: 'right' as const,
});

/** The costs a trip's figures come from: linked to it, or the truck's costs of its day(s). */
function TripCostsDrawer({ trip, onClose }: { trip: TripCostRow | undefined; onClose: () => void }) {
  const [rows, setRows] = useState<CostRow[]>();
  const key = trip ? `${trip.tripId}` : '';
  const [loaded, setLoaded] = useState('');
  if (trip && loaded !== key) {
    setLoaded(key);
    setRows(undefined);
    const query =
      trip.costSource === 'trip'
        ? { tripId: trip.tripId }
        : {
            truckId: trip.truckId,
            startDate: trip.startTime.slice(0, 10),
            endDate: trip.endTime.slice(0, 10),
          };
    void fetchCosts({ ...query, pageNum: 1, pageSize: 100 }).then((page) =>
      setRows(trip.costSource === 'day' ? page.list.filter((c) => c.tripId === null) : page.list),
    );
  }
  return (
    <Drawer
      open={trip !== undefined}
      width={720}
      title={
        trip ? tt.costsOf(trip.carNo, `${trip.startTime.slice(0, 16)} ~ ${trip.endTime.slice(11, 16)}`) : ''
      }
      onClose={onClose}
    >
      <Table<CostRow>
        rowKey="id"
        size="small"
        loading={rows === undefined}
        dataSource={trip?.costSource === '' ? [] : rows}
        pagination={false}
        columns={[
          { key: 'costDate', dataIndex: 'costDate', title: t.date, width: 110 },
          { key: 'costTypeName', dataIndex: 'costTypeName', title: t.costType, width: 100 },
          { key: 'amount', dataIndex: 'amount', title: t.amount, width: 100, align: 'right' },
          {
            key: 'quantity',
            dataIndex: 'quantity',
            title: t.quantity,
            width: 90,
            align: 'right',
            render: orDash,
          },
          { key: 'place', dataIndex: 'place', title: t.place, ellipsis: true, render: orDash },
          { key: 'remark', dataIndex: 'remark', title: t.remark, ellipsis: true, render: orDash },
        ]}
      />
    </Drawer>
  );
}

/** 行程成本: /car-cost/trip-cost (car080101), each closed trip with its costs, fuel and cost per km. */
export default function TripCostsPage() {
  const [open, setOpen] = useState<TripCostRow>();
  const exportList = useListExport((q) => exportTripCosts(tripQuery(q)), t.exported);
  const fetchList = useCallback<ListFetch<TripCostRow>>(
    (params, signal) => fetchTripCosts(tripQuery(params), signal),
    [],
  );
  const initialQuery = useMemo(() => ({ date: firstRange() }), []);
  return (
    <>
      <ListPage<TripCostRow>
        listKey="trip-costs"
        columnSettingsKey="trip-costs"
        fetchList={fetchList}
        rowKey="tripId"
        searchFields={searchFields}
        initialQuery={initialQuery}
        toolbar={{ onExport: exportList }}
        columns={[
          { key: 'carNo', dataIndex: 'carNo', title: t.truck, fixed: 'left', width: 110 },
          { key: 'driverName', dataIndex: 'driverName', title: t.driver, width: 90, render: orDash },
          {
            key: 'startTime',
            dataIndex: 'startTime',
            title: tt.startTime,
            width: 112,
            render: (v: string) => v.slice(5, 16),
          },
          {
            key: 'endTime',
            dataIndex: 'endTime',
            title: tt.endTime,
            width: 112,
            render: (v: string) => v.slice(5, 16),
          },
          money('mileage', tt.mileage, 90),
          { ...money('fuelUsed', tt.fuelUsed, 85), render: orDash },
          {
            ...money('total', tt.total, 105),
            render: (v: string) => <Typography.Text strong>{v}</Typography.Text>,
          },
          { ...money('costPerKm', tt.costPerKm, 120), render: orDash },
          money('refuel', tt.refuel, 95),
          money('roadBridge', tt.roadBridge, 100),
          money('maintenance', tt.maintenance, 90),
          money('sundry', tt.sundry, 90),
          money('custom', tt.custom, 100),
          {
            key: 'costSource',
            title: tt.costSource,
            width: 120,
            render: (_, r) =>
              r.costSource === 'trip' ? (
                <Tag color="green">{tt.sourceTrip}</Tag>
              ) : r.costSource === 'day' ? (
                <Tag color="blue">{tt.sourceDay}</Tag>
              ) : (
                <Tag>{tt.sourceNone}</Tag>
              ),
          },
          { key: 'teamName', dataIndex: 'teamName', title: t.team, width: 130, render: orDash },
          {
            key: 'actions',
            title: texts.kit.common.actions,
            fixed: 'right',
            locked: true,
            width: 90,
            render: (_, r) => <Typography.Link onClick={() => setOpen(r)}>{tt.viewCosts}</Typography.Link>,
          },
        ]}
      />
      <TripCostsDrawer trip={open} onClose={() => setOpen(undefined)} />
    </>
  );
}
