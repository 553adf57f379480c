import { HEALTH_STATES } from '@fleet/domain';
import { useQuery } from '@tanstack/react-query';
import { Progress, Tag, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import {
  type ListColumn,
  ListPage,
  type ListPageHandle,
  type SearchField,
  useListExport,
} from '../../../kit';
import { orDash } from '../../../kit/format';
import { texts } from '../../../locales';
import { exportFleetHealth, fetchFleetHealth, type TruckHealth } from '../api';
import { HEALTH_COLORS, HealthDrawer } from '../HealthDrawer';
import { STATE_COLORS } from '../maintenancePlan.record';
import { StatRow } from '../StatRow';
import { TruckPicker } from '../TruckPicker';

const t = texts.maintenance;
const h = t.health;

const SEARCH: readonly SearchField[] = [
  { name: 'truckId', label: t.truck, type: 'custom', control: <TruckPicker /> },
  {
    name: 'state',
    label: h.state,
    type: 'select',
    options: HEALTH_STATES.map((s) => ({ value: s.value, label: s.label })),
  },
  { name: 'teamCode', label: t.team, type: 'team' },
];

/** 车队体检 (/intellect-repair/fleet-check, car050207): every truck's health score and why. */
export default function FleetCheckPage() {
  const list = useRef<ListPageHandle>(null);
  const [open, setOpen] = useState<number | null>(null);
  const onExport = useListExport(exportFleetHealth, t.exported);
  const totals = useQuery({
    queryKey: ['maintenance', 'healthTotals'],
    queryFn: ({ signal }) => fetchFleetHealth({ pageNum: 1, pageSize: 1 }, signal),
  });
  const s = totals.data?.summary;
  const columns = useMemo<ListColumn<TruckHealth>[]>(
    () => [
      { key: 'carNo', dataIndex: 'carNo', title: t.carNo, width: 110, fixed: 'left' },
      {
        key: 'score',
        title: h.score,
        width: 150,
        render: (_, r) => (
          <Progress
            percent={r.score}
            size="small"
            format={(p) => `${p}`}
            strokeColor={HEALTH_COLORS[r.state]}
          />
        ),
      },
      {
        key: 'stateName',
        title: h.state,
        width: 100,
        render: (_, r) => <Tag color={STATE_COLORS[r.state]}>{r.stateName}</Tag>,
      },
      { key: 'faultCount', dataIndex: 'faultCount', title: h.faults, width: 100, align: 'right' },
      {
        key: 'online',
        title: h.online,
        width: 90,
        render: (_, r) => (r.online ? <Tag color="green">{h.onlineYes}</Tag> : <Tag>{h.onlineNo}</Tag>),
      },
      { key: 'lastSeen', dataIndex: 'lastSeen', title: h.lastSeen, width: 165, render: orDash },
      { key: 'overdueCount', dataIndex: 'overdueCount', title: h.overdue, width: 90, align: 'right' },
      {
        key: 'deductionText',
        dataIndex: 'deductionText',
        title: h.deductions,
        width: 420,
        ellipsis: true,
        render: (v: string) => v || h.noDeduction,
      },
      { key: 'teamName', dataIndex: 'teamName', title: t.team, width: 130, render: orDash },
      {
        key: 'actions',
        title: texts.kit.common.actions,
        width: 90,
        fixed: 'right',
        locked: true,
        render: (_, r) => <Typography.Link onClick={() => setOpen(r.truckId)}>{h.detail}</Typography.Link>,
      },
    ],
    [],
  );
  return (
    <>
      <StatRow
        loading={totals.isLoading}
        items={[
          { title: h.truckCount, value: s?.truckCount },
          { title: h.averageScore, value: s?.averageScore },
          { title: h.healthy, value: s?.healthyCount, color: HEALTH_COLORS[1] },
          { title: h.subHealthy, value: s?.subHealthyCount, color: HEALTH_COLORS[2] },
          { title: h.abnormal, value: s?.abnormalCount, color: HEALTH_COLORS[3] },
          { title: h.faultTotal, value: s?.faultCount },
        ]}
      />
      <ListPage<TruckHealth>
        ref={list}
        listKey="fleet-check"
        fetchList={(params, signal) => fetchFleetHealth(params, signal)}
        columns={columns}
        rowKey="truckId"
        searchFields={SEARCH}
        columnSettingsKey="fleetCheckList"
        toolbar={{ onExport }}
      />
      <HealthDrawer
        truckId={open}
        onClose={() => setOpen(null)}
        onCleared={() => {
          void list.current?.reload();
          void totals.refetch();
        }}
      />
    </>
  );
}
