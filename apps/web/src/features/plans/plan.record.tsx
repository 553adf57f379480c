import {
  isInSubtree,
  PLAN_RECORD,
  PLAN_STATE,
  PLAN_STATES,
  planDeletable,
  planEditable,
} from '@fleet/domain';
import { Button, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { cancelPlan, deletePlans, distributePlan, type PlanStation } from '../../api/plans';
import {
  customerSearchField,
  defineRecord,
  lineSearchField,
  type SearchField,
  type StoredRecordRow,
} from '../../kit';
import { orDash } from '../../kit/format';
import { texts } from '../../locales';
import { openPlanDrawer, planNotifiable } from './planDrawer';

const t = texts.plans;

/** The plan pages: the list and its add and edit pages (car050202). */
export const PLAN_PATHS = {
  list: '/car-dispatch/plan',
  add: '/car-dispatch/plan/info/add',
  edit: '/car-dispatch/plan/info/edit',
  orders: '/transport/order',
} as const;

/** 发车计划 as listed by GET /plan/list. */
export interface Plan extends StoredRecordRow {
  planNo: string;
  /** PLAN_STATES: 0 draft … 5 cancelled. */
  state: number;
  stateName: string;
  orderId: number | null;
  orderNo: string;
  customerId: number | null;
  customerName: string;
  lineId: number | null;
  lineName: string;
  truckId: number | null;
  carNo: string;
  driverId: number | null;
  driverName: string;
  cargo: string;
  plannedTons: string;
  departTime: string;
  arriveTime: string;
  maxSeq: number;
  cancelReason: string;
  stations: PlanStation[];
}

export const PLAN_STATE_COLORS: Record<number, string> = {
  0: 'default',
  1: 'blue',
  2: 'cyan',
  3: 'processing',
  4: 'success',
  5: 'default',
};

const searchFields: SearchField[] = [
  { name: 'planNo', label: t.planNo, placeholder: t.planNoPlaceholder },
  {
    name: 'state',
    label: t.state,
    type: 'select',
    options: PLAN_STATES.map((s) => ({ value: s.value, label: s.label })),
  },
  customerSearchField(t.customer, t.customerPlaceholder),
  lineSearchField(t.line, t.linePlaceholder),
  {
    name: 'depart',
    label: t.departWindow,
    type: 'dateRange',
    rangeKeys: ['startTime', 'endTime'],
    width: 260,
  },
  { name: 'teamCode', label: t.team, type: 'team' },
];

/** 计划管理 (/car-dispatch/plan): the plans with their state, and the moves each state allows. */
export const planRecord = defineRecord<Plan, object>({
  meta: PLAN_RECORD,
  texts: t,
  listKey: 'plans',
  searchFields,
  columns: [
    { key: 'planNo', dataIndex: 'planNo', title: t.planNo, fixed: 'left', width: 200 },
    {
      key: 'state',
      dataIndex: 'stateName',
      title: t.state,
      width: 90,
      render: (name: string, p) => <Tag color={PLAN_STATE_COLORS[p.state]}>{name}</Tag>,
    },
    { key: 'lineName', dataIndex: 'lineName', title: t.line, width: 180, render: orDash },
    { key: 'carNo', dataIndex: 'carNo', title: t.truck, width: 100, render: orDash },
    { key: 'driverName', dataIndex: 'driverName', title: t.driver, width: 90, render: orDash },
    { key: 'departTime', dataIndex: 'departTime', title: t.departTime, width: 170, render: orDash },
    { key: 'arriveTime', dataIndex: 'arriveTime', title: t.arriveTime, width: 170, render: orDash },
    { key: 'customerName', dataIndex: 'customerName', title: t.customer, width: 170, render: orDash },
    { key: 'orderNo', dataIndex: 'orderNo', title: t.order, width: 190, render: orDash },
    { key: 'cargo', dataIndex: 'cargo', title: t.cargo, width: 90, render: orDash },
    { key: 'plannedTons', dataIndex: 'plannedTons', title: t.plannedTons, width: 120, render: orDash },
    { key: 'teamName', dataIndex: 'teamName', title: t.team, width: 130, render: orDash },
    { key: 'remark', dataIndex: 'remark', title: t.remark, width: 140, ellipsis: true, render: orDash },
    { key: 'updateTime', dataIndex: 'updateTime', title: t.updateTime, width: 170 },
  ],
  actionsWidth: 400,
  nameOf: (p) => p.planNo,
  formPage: {
    add: () => PLAN_PATHS.add,
    edit: (p) => `${PLAN_PATHS.edit}?id=${p.id}`,
  },
  // 编辑 while a draft or published
  canChange: (p, user) => planEditable(p.state) && isInSubtree(p.teamCode, user.team.teamCode),
  rowActions: (p, actions) =>
    isInSubtree(p.teamCode, actions.user.team.teamCode) ? (
      <>
        {planNotifiable(p.state) ? (
          <Typography.Link
            onClick={() =>
              openPlanDrawer({ id: p.id, planNo: p.planNo, tab: 'notice', canNotify: true, owner: 'list' })
            }
          >
            {texts.planDispatch.notice}
          </Typography.Link>
        ) : null}
        {p.lineId && p.state !== PLAN_STATE.cancelled ? (
          <Typography.Link
            onClick={() =>
              openPlanDrawer({
                id: p.id,
                planNo: p.planNo,
                tab: 'cost',
                owner: 'list',
                canNotify: planNotifiable(p.state),
              })
            }
          >
            {texts.planDispatch.cost}
          </Typography.Link>
        ) : null}
        {p.state === PLAN_STATE.published ? (
          <Typography.Link
            onClick={() =>
              actions.confirm({
                content: t.confirmDistribute(p.planNo),
                run: () => distributePlan(p.id),
                done: t.distributed,
              })
            }
          >
            {t.distribute}
          </Typography.Link>
        ) : null}
        {p.state <= PLAN_STATE.distributed ? (
          <Typography.Link
            onClick={() =>
              actions.confirm({
                content: t.confirmCancel(p.planNo),
                run: () => cancelPlan(p.id),
                done: t.cancelled,
                danger: true,
              })
            }
          >
            {t.cancel}
          </Typography.Link>
        ) : null}
        {planDeletable(p.state) ? (
          <Typography.Link
            type="danger"
            onClick={() =>
              actions.confirm({
                content: t.confirmDelete(p.planNo),
                run: () => deletePlans([p.id]),
                done: t.deleted,
                danger: true,
              })
            }
          >
            {t.delete}
          </Typography.Link>
        ) : null}
      </>
    ) : null,
  toolbarExtra: () => (
    <Link to={PLAN_PATHS.orders}>
      <Button>{t.orders}</Button>
    </Link>
  ),
});
