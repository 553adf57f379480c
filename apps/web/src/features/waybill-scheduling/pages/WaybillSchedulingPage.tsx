import { Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { type ListColumn, ListPage, lineSearchField, type SearchField } from '../../../kit';
import { orDash } from '../../../kit/format';
import { texts } from '../../../locales';
import { PLAN_STATE_COLORS } from '../../plans/plan.record';
import { fetchScheduledPlans, type ScheduledPlan } from '../api';

const t = texts.waybillScheduling;
export const ADD_WAYBILL_PATH = '/car-dispatch/waybill-scheduling/add-waybill';

const SEARCH: readonly SearchField[] = [
  { name: 'planNo', label: t.planNo, placeholder: t.planNoPlaceholder },
  { name: 'carNo', label: t.carNo, placeholder: t.carNoPlaceholder },
  lineSearchField(t.line, t.linePlaceholder),
  { name: 'teamCode', label: t.team, type: 'team' },
];

/** 运单调度 (/car-dispatch/waybill-scheduling, car060104): plans to make waybills for, and those made. */
export default function WaybillSchedulingPage() {
  const navigate = useNavigate();
  const columns = useMemo<ListColumn<ScheduledPlan>[]>(
    () => [
      { key: 'planNo', dataIndex: 'planNo', title: t.planNo, width: 200, fixed: 'left' },
      {
        key: 'state',
        title: t.state,
        width: 90,
        render: (_, p) => <Tag color={PLAN_STATE_COLORS[p.state]}>{p.stateName}</Tag>,
      },
      { key: 'lineName', dataIndex: 'lineName', title: t.line, width: 180, ellipsis: true, render: orDash },
      { key: 'carNo', dataIndex: 'carNo', title: t.carNo, width: 100, render: orDash },
      { key: 'driverName', dataIndex: 'driverName', title: t.driver, width: 90, render: orDash },
      { key: 'departTime', dataIndex: 'departTime', title: t.departTime, width: 170, render: orDash },
      { key: 'cargo', dataIndex: 'cargo', title: t.cargo, width: 90, render: orDash },
      { key: 'plannedTons', dataIndex: 'plannedTons', title: t.plannedTons, width: 90, render: orDash },
      { key: 'waybillCount', dataIndex: 'waybillCount', title: t.waybillCount, width: 90 },
      { key: 'waybillTons', dataIndex: 'waybillTons', title: t.waybillTons, width: 90 },
      { key: 'customerName', dataIndex: 'customerName', title: t.customer, width: 170, render: orDash },
      { key: 'orderNo', dataIndex: 'orderNo', title: t.order, width: 190, render: orDash },
      { key: 'teamName', dataIndex: 'teamName', title: t.team, width: 130, render: orDash },
      {
        key: 'actions',
        title: t.actions,
        width: 80,
        locked: true,
        fixed: 'right',
        render: (_, p) => (
          <Typography.Link onClick={() => void navigate(`${ADD_WAYBILL_PATH}?planId=${p.id}`)}>
            {t.dispatch}
          </Typography.Link>
        ),
      },
    ],
    [navigate],
  );
  return (
    <ListPage<ScheduledPlan>
      listKey="waybill-scheduling"
      fetchList={(params, signal) => fetchScheduledPlans(params, signal)}
      columns={columns}
      rowKey="id"
      searchFields={SEARCH}
      columnSettingsKey="waybillSchedulingList"
    />
  );
}
