import { WAYBILL_APPROVAL, WAYBILL_APPROVAL_STATES, WAYBILL_RECORD, WAYBILL_STATES } from '@fleet/domain';
import { Dropdown, Space, Typography } from 'antd';
import { createContext, useContext } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Waybill, WaybillFields } from '../../api/waybills';
import {
  customerSearchField,
  DriverSelect,
  defineRecord,
  inOwnSubtree,
  lineSearchField,
  type RecordActions,
  type SearchField,
} from '../../kit';
import { orDash } from '../../kit/format';
import { texts } from '../../locales';
import { WaybillStateTag } from './waybillParts';
import { waybillPaths } from './waybillPaths';
import { canRecordBack, isOpen } from './waybillRules';

const t = texts.waybills;

/** 已取消 in the state filter: cancelled waybills, whatever state they were cancelled in. */
const CANCELLED = -1;

/** What the list page lets its row links do beside navigating. */
export interface WaybillListActions {
  cancel: (row: Waybill) => void;
  tabulate: (taskCode: string) => void;
}

export const WaybillListContext = createContext<WaybillListActions>({
  cancel: () => undefined,
  tabulate: () => undefined,
});

/** The bill number, a link to the detail of the list's own set. */
function BillNoLink({ row }: { row: Waybill }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <Typography.Link onClick={() => navigate(waybillPaths(pathname).detail(row.id))}>
      {row.billNo}
    </Typography.Link>
  );
}

/** 详情, 回单录入 / 回单编辑, 制表 (pending), 取消 (open ones), beside the recipe's 编辑 and 操作日志. */
function WaybillRowLinks({ row, actions }: { row: Waybill; actions: RecordActions<Waybill> }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const list = useContext(WaybillListContext);
  const paths = waybillPaths(pathname);
  const own = inOwnSubtree(row, actions.user);
  const more = [
    ...(own && row.approvalState === WAYBILL_APPROVAL.pending && row.cancelled !== 1
      ? [{ key: 'tabulate', label: t.tabulate, onClick: () => list.tabulate(row.billNo) }]
      : []),
    ...(own && isOpen(row)
      ? [{ key: 'cancel', label: t.cancel, danger: true, onClick: () => list.cancel(row) }]
      : []),
  ];
  return (
    <Space size={12}>
      <Typography.Link onClick={() => navigate(paths.detail(row.id))}>{t.detail}</Typography.Link>
      {own && canRecordBack(row) && (
        <Typography.Link onClick={() => navigate(paths.back(row.id))}>{t.back}</Typography.Link>
      )}
      {own && row.status === 6 && row.cancelled !== 1 && (
        <Typography.Link onClick={() => navigate(paths.editBack(row.id))}>{t.editBack}</Typography.Link>
      )}
      {more.length > 0 && (
        <Dropdown menu={{ items: more }} trigger={['click']}>
          <Typography.Link>{t.more}</Typography.Link>
        </Dropdown>
      )}
    </Space>
  );
}

const searchFields: SearchField[] = [
  { name: 'billNo', label: t.billNo, placeholder: t.billNoPlaceholder, width: 170 },
  customerSearchField(t.customer, t.customerPlaceholder),
  lineSearchField(t.line, t.linePlaceholder),
  {
    name: 'status',
    label: t.status,
    type: 'select',
    width: 120,
    options: [
      ...WAYBILL_STATES.map((s) => ({ value: s.value, label: s.label })),
      { value: CANCELLED, label: t.cancelledName },
    ],
  },
  { name: 'carNo', label: t.truck, placeholder: t.carNoPlaceholder, width: 140 },
  {
    name: 'driverId',
    label: t.driver,
    type: 'custom',
    control: <DriverSelect style={{ width: 160 }} />,
  },
  {
    name: 'approvalState',
    label: t.approvalState,
    type: 'select',
    width: 120,
    options: WAYBILL_APPROVAL_STATES.map((s) => ({ value: s.value, label: s.label })),
  },
  { name: 'createTime', label: t.createTime, type: 'dateRange', rangeKeys: ['startTime', 'endTime'] },
  { name: 'teamCode', label: t.team, type: 'team', width: 200 },
];

/** 运单: the list of 运单列表 (car110102, tc010102) and 运单管理 (car050204). */
export const waybillRecord = defineRecord<Waybill, WaybillFields>({
  meta: WAYBILL_RECORD,
  texts: t,
  listKey: 'waybills',
  searchFields,
  toQuery: ({ status, ...query }) => {
    if (status === CANCELLED) return { ...query, cancelled: 1 };
    if (status !== undefined) return { ...query, status, cancelled: 0 };
    return query;
  },
  columns: [
    {
      key: 'billNo',
      dataIndex: 'billNo',
      title: t.billNo,
      fixed: 'left',
      width: 160,
      render: (_, row) => <BillNoLink row={row} />,
    },
    {
      key: 'status',
      title: t.status,
      width: 90,
      render: (_, w) => <WaybillStateTag waybill={w} />,
    },
    { key: 'customerName', dataIndex: 'customerName', title: t.customer, width: 190, ellipsis: true },
    { key: 'lineName', dataIndex: 'lineName', title: t.line, width: 190, ellipsis: true },
    {
      key: 'stations',
      title: t.stations,
      width: 220,
      ellipsis: true,
      render: (_, w) => `${orDash(w.loadingStationName)} → ${orDash(w.unloadingStationName)}`,
    },
    { key: 'cargo', dataIndex: 'cargo', title: t.cargo, width: 100, render: orDash },
    { key: 'carNo', dataIndex: 'carNo', title: t.truck, width: 110 },
    { key: 'driverName', dataIndex: 'driverName', title: t.driver, width: 90, render: orDash },
    { key: 'approvalStateName', dataIndex: 'approvalStateName', title: t.approvalState, width: 90 },
    {
      key: 'loadingNetTons',
      dataIndex: 'loadingNetTons',
      title: t.loadingNet,
      width: 110,
      align: 'right',
      render: orDash,
    },
    {
      key: 'unloadingNetTons',
      dataIndex: 'unloadingNetTons',
      title: t.unloadingNet,
      width: 110,
      align: 'right',
      render: orDash,
    },
    {
      key: 'freightYuan',
      dataIndex: 'freightYuan',
      title: t.freight,
      width: 110,
      align: 'right',
      render: orDash,
    },
    { key: 'teamName', dataIndex: 'teamName', title: t.team, width: 140, render: orDash },
    { key: 'createTime', dataIndex: 'createTime', title: t.createTime, width: 170 },
  ],
  actionsWidth: 230,
  rowActionsAt: 'first',
  rowActions: (row, actions) => <WaybillRowLinks row={row} actions={actions} />,
  nameOf: (w) => w.billNo,
  // 编辑 only while the waybill is open
  canChange: (row, user) => inOwnSubtree(row, user) && isOpen(row),
  formPage: {
    add: (listPath) => waybillPaths(listPath).create,
    edit: (row, listPath) => waybillPaths(listPath).edit(row.id),
  },
});
