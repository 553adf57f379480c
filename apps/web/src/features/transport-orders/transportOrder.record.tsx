import { isInSubtree, ORDER_STATUS, ORDER_STATUSES, TRANSPORT_ORDER_RECORD } from '@fleet/domain';
import { Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { changeOrderStatus } from '../../api/transport-orders';
import {
  customerSearchField,
  defineRecord,
  lineSearchField,
  type SearchField,
  type StoredRecordRow,
} from '../../kit';
import { orDash } from '../../kit/format';
import { texts } from '../../locales';
import { OrderProgressText } from './OrderProgress';
import { TransportOrderFormItems } from './TransportOrderFormItems';

const t = texts.transportOrders;

/** 运输订单 as listed by /transport/order/page, with its progress from its plans and waybills. */
export interface TransportOrder extends StoredRecordRow {
  orderNo: string;
  customerId: number;
  customerName: string;
  lineId: number;
  lineName: string;
  cargo: string;
  /** 1 tons, 2 truckloads. */
  quantityUnit: 1 | 2;
  /** Tons with three decimals, or truckloads. */
  quantity: string;
  quantityText: string;
  startTime: string;
  endTime: string;
  /** 1 open, 2 finished, 3 cancelled. */
  status: 1 | 2 | 3;
  statusName: string;
  plannedTrips: number;
  plannedTons: string;
  loadedTrips: number;
  loadedTons: string;
  deliveredTrips: number;
  deliveredTons: string;
  plannedPercent: number;
  loadedPercent: number;
  deliveredPercent: number;
}

/** The form's values: the window as one range, sent as startTime and endTime. */
export interface TransportOrderFields {
  customerId?: number;
  lineId?: number;
  cargo?: string;
  quantityUnit?: number;
  quantity?: string;
  window?: [Dayjs, Dayjs];
  startTime?: string;
  endTime?: string;
  teamCode?: string;
  remark?: string;
}

const STATUS_COLORS: Record<number, string> = { 1: 'processing', 2: 'success', 3: 'default' };
const time = (d: Dayjs) => d.format('YYYY-MM-DD HH:mm:ss');

const searchFields: SearchField[] = [
  { name: 'orderNo', label: t.orderNo, placeholder: t.orderNoPlaceholder },
  customerSearchField(t.customer, t.customerPlaceholder),
  lineSearchField(t.line, t.linePlaceholder),
  { name: 'cargo', label: t.cargo, placeholder: t.cargoPlaceholder },
  {
    name: 'status',
    label: t.status,
    type: 'select',
    options: ORDER_STATUSES.map((s) => ({ value: s.value, label: s.label })),
  },
  { name: 'window', label: t.window, type: 'dateRange', rangeKeys: ['startTime', 'endTime'], width: 260 },
  { name: 'teamCode', label: t.team, type: 'team' },
];

const QUESTIONS = { 1: t.confirmReopen, 2: t.confirmFinish, 3: t.confirmCancel } as const;
const MOVE_TEXTS = { 1: t.reopen, 2: t.finish, 3: t.cancel } as const;
/** The moves an order may make from its status: finish or cancel an open one, open a finished one again. */
const MOVES: Record<number, readonly (1 | 2 | 3)[]> = { 1: [2, 3], 2: [1], 3: [] };

/** 运输订单: /transport/order, reached from 计划管理 (car050202). */
export const transportOrderRecord = defineRecord<TransportOrder, TransportOrderFields>({
  meta: TRANSPORT_ORDER_RECORD,
  texts: t,
  listKey: 'transportOrders',
  searchFields,
  columns: [
    { key: 'orderNo', dataIndex: 'orderNo', title: t.orderNo, fixed: 'left', width: 200 },
    { key: 'customerName', dataIndex: 'customerName', title: t.customer, width: 180 },
    { key: 'lineName', dataIndex: 'lineName', title: t.line, width: 180 },
    { key: 'cargo', dataIndex: 'cargo', title: t.cargo, width: 100 },
    { key: 'quantityText', dataIndex: 'quantityText', title: t.quantity, width: 110, align: 'right' },
    {
      key: 'progress',
      title: t.progress,
      width: 230,
      render: (_, o) => <OrderProgressText order={o} />,
    },
    {
      key: 'window',
      title: t.window,
      width: 190,
      render: (_, o) => (
        <>
          <div>{o.startTime}</div>
          <div>{o.endTime}</div>
        </>
      ),
    },
    {
      key: 'status',
      dataIndex: 'statusName',
      title: t.status,
      width: 90,
      render: (name: string, o) => <Tag color={STATUS_COLORS[o.status]}>{name}</Tag>,
    },
    { key: 'teamName', dataIndex: 'teamName', title: t.team, width: 140, render: orDash },
    { key: 'remark', dataIndex: 'remark', title: t.remark, width: 140, ellipsis: true, render: orDash },
    { key: 'updateTime', dataIndex: 'updateTime', title: t.updateTime, width: 170 },
  ],
  actionsWidth: 300,
  nameOf: (o) => o.orderNo,
  // only an open order is edited
  canChange: (o, user) => o.status === ORDER_STATUS.open && isInSubtree(o.teamCode, user.team.teamCode),
  rowActionsAt: 'beforeDelete',
  rowActions: (o, actions) => (
    <>
      <Typography.Link onClick={() => actions.openPreview(o)}>{texts.kit.common.preview}</Typography.Link>
      {isInSubtree(o.teamCode, actions.user.team.teamCode)
        ? (MOVES[o.status] ?? []).map((to) => (
            <Typography.Link
              key={to}
              onClick={() =>
                actions.confirm({
                  content: QUESTIONS[to](o.orderNo),
                  run: () => changeOrderStatus(o.id, to),
                  done: t.statusChanged,
                  danger: to === 3,
                })
              }
            >
              {MOVE_TEXTS[to]}
            </Typography.Link>
          ))
        : null}
    </>
  ),
  FormItems: TransportOrderFormItems,
  formWidth: 760,
  addValues: (user) => ({ quantityUnit: 1, teamCode: user.team.teamCode }),
  editValues: (o) => ({
    customerId: o.customerId,
    lineId: o.lineId,
    cargo: o.cargo,
    quantityUnit: o.quantityUnit,
    quantity: o.quantityUnit === 1 ? o.quantity.replace(/\.?0+$/, '') : o.quantity,
    window: [dayjs(o.startTime), dayjs(o.endTime)],
    teamCode: o.teamCode,
    remark: o.remark,
  }),
  toFields: ({ window, ...fields }) => ({
    ...fields,
    cargo: fields.cargo?.trim() ?? '',
    quantity: String(fields.quantity ?? '').trim(),
    startTime: window ? time(window[0]) : undefined,
    endTime: window ? time(window[1]) : undefined,
  }),
});
