import { PAGE_SIZES } from '@fleet/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Space, Table, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { type CarListRow, fetchCarList } from '../../api/monitor';
import { texts } from '../../locales';
import { type CarFilterState, vehicleQueryOf } from './carFilter';
import { DriverName, StateTag } from './VehicleFacts';
import { realTimePath, trackReplayPath } from './vehicleLinks';

const t = texts.monitor;

export interface VehicleListDrawerProps {
  open: boolean;
  onClose: () => void;
  filter: CarFilterState;
  onLocate: (vin: string) => void;
  onFollow: (vin: string) => void;
}

/** 全图监控2.0's vehicle list: the vehicles of the filter in a table, with place and actions. */
export function VehicleListDrawer({ open, onClose, filter, onLocate, onFollow }: VehicleListDrawerProps) {
  const navigate = useNavigate();
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: 10 });
  const query = useMemo(() => vehicleQueryOf(filter), [filter]);
  const queryKey = JSON.stringify(query);
  // A new filter starts at page 1.
  const [pagedFor, setPagedFor] = useState(queryKey);
  if (pagedFor !== queryKey) {
    setPagedFor(queryKey);
    setPaging((p) => ({ ...p, pageNum: 1 }));
  }
  const list = useQuery({
    queryKey: ['monitor', 'carList', queryKey, paging],
    queryFn: ({ signal }) => fetchCarList({ ...query, ...paging }, signal),
    enabled: open,
    placeholderData: (previous) => previous,
  });

  const columns: TableColumnsType<CarListRow> = [
    {
      key: 'index',
      title: t.table.index,
      width: 60,
      render: (_, __, i) => (paging.pageNum - 1) * paging.pageSize + i + 1,
    },
    { key: 'carNo', dataIndex: 'carNo', title: t.table.carNo, width: 110 },
    { key: 'team', dataIndex: 'teamName', title: t.table.team, width: 120, ellipsis: true },
    {
      key: 'driver',
      dataIndex: 'driverName',
      title: t.table.driver,
      width: 90,
      render: (name: string) => <DriverName name={name} />,
    },
    { key: 'state', title: t.table.state, width: 70, render: (_, row) => <StateTag vehicle={row} /> },
    { key: 'speed', dataIndex: 'speed', title: t.table.speed, width: 90 },
    {
      key: 'fuel',
      title: t.card.fuel,
      width: 130,
      render: (_, row) => (row.fuel === null ? t.card.none : t.card.litres(row.fuel, row.fuelPercent)),
    },
    { key: 'place', dataIndex: 'place', title: t.table.place, width: 220, ellipsis: true },
    { key: 'reportTime', dataIndex: 'reportTime', title: t.table.reportTime, width: 160 },
    {
      key: 'actions',
      title: t.table.actions,
      width: 260,
      fixed: 'right',
      render: (_, row) => (
        <Space size={0}>
          <Button type="link" size="small" disabled={row.lng === null} onClick={() => onLocate(row.vin)}>
            {t.card.locate}
          </Button>
          <Button type="link" size="small" disabled={row.lng === null} onClick={() => onFollow(row.vin)}>
            {t.card.follow}
          </Button>
          <Button type="link" size="small" onClick={() => navigate(realTimePath(row.vin))}>
            {t.card.realTime}
          </Button>
          <Button type="link" size="small" onClick={() => navigate(trackReplayPath(row))}>
            {t.card.replay}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Drawer title={t.vehicleList} placement="left" size={1040} open={open} onClose={onClose} mask={false}>
      <Table<CarListRow>
        rowKey="vin"
        size="small"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        scroll={{ x: 1390 }}
        locale={{ emptyText: t.noVehicle }}
        pagination={{
          current: paging.pageNum,
          pageSize: paging.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES.map(String),
          showTotal: texts.kit.list.total,
          onChange: (pageNum, pageSize) => setPaging({ pageNum, pageSize }),
        }}
      />
    </Drawer>
  );
}
