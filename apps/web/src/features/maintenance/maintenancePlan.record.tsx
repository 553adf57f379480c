import { MAINTENANCE_PLAN_RECORD, MAINTENANCE_TARGETS } from '@fleet/domain';
import { Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  defineRecord,
  type SearchField,
  type StoredRecordRow,
  validColumn,
  validSearchField,
} from '../../kit';
import { orDash } from '../../kit/format';
import { texts } from '../../locales';
import { MaintenancePlanFormItems } from './MaintenancePlanFormItems';
import { TruckPicker } from './TruckPicker';

const t = texts.maintenance;

/** 保养计划 as listed by /maintenance/plan/page. */
export interface MaintenancePlan extends StoredRecordRow {
  planName: string;
  targetType: 1 | 2;
  targetTypeName: string;
  truckId: number | null;
  carNo: string;
  brand: string;
  series: string;
  target: string;
  intervalKm: number | null;
  intervalMonths: number | null;
  intervalText: string;
  lastDate: string;
  lastKm: number | null;
  remindKm: number | null;
  remindDays: number | null;
  items: string;
  valid: 0 | 1;
  truckCount: number;
  overdueCount: number;
  dueSoonCount: number;
  nextDate: string;
  nextKm: number | null;
  state: 1 | 2 | 3;
  stateName: string;
}

export interface MaintenancePlanFields {
  planName?: string;
  targetType?: number;
  truckId?: number;
  brand?: string;
  series?: string;
  intervalKm?: number | null;
  intervalMonths?: number | null;
  lastDate?: Dayjs | string | null;
  lastKm?: number | null;
  remindKm?: number | null;
  remindDays?: number | null;
  items?: string;
  teamCode?: string;
  remark?: string;
}

export const STATE_COLORS: Record<number, string> = { 1: 'green', 2: 'orange', 3: 'red' };

const searchFields: SearchField[] = [
  { name: 'planName', label: t.planName, placeholder: t.planNamePlaceholder },
  { name: 'truckId', label: t.truck, type: 'custom', control: <TruckPicker /> },
  {
    name: 'targetType',
    label: t.targetType,
    type: 'select',
    options: MAINTENANCE_TARGETS.map((o) => ({ value: o.value, label: o.label })),
  },
  validSearchField(t),
];

/** 保养计划 of 保养提醒 (car050206) and 维修管家 (car1401). */
export const maintenancePlanRecord = defineRecord<MaintenancePlan, MaintenancePlanFields>({
  meta: MAINTENANCE_PLAN_RECORD,
  texts: t,
  listKey: 'maintenancePlans',
  searchFields,
  columns: [
    { key: 'planName', dataIndex: 'planName', title: t.planName, fixed: 'left', width: 150 },
    { key: 'targetTypeName', dataIndex: 'targetTypeName', title: t.targetType, width: 90 },
    { key: 'target', dataIndex: 'target', title: t.target, width: 130, render: orDash },
    { key: 'truckCount', dataIndex: 'truckCount', title: t.truckCount, width: 90, align: 'right' },
    {
      key: 'stateName',
      title: t.dueState,
      width: 100,
      render: (_, p) => (p.truckCount ? <Tag color={STATE_COLORS[p.state]}>{p.stateName}</Tag> : '-'),
    },
    { key: 'intervalText', dataIndex: 'intervalText', title: t.interval, width: 170 },
    { key: 'lastDate', dataIndex: 'lastDate', title: t.lastDate, width: 120, render: orDash },
    {
      key: 'lastKm',
      dataIndex: 'lastKm',
      title: t.lastKm,
      width: 120,
      align: 'right',
      render: (v: number | null) => (v === null ? '-' : `${v}${t.km}`),
    },
    {
      key: 'remind',
      title: t.remindDays,
      width: 150,
      render: (_, p) =>
        [
          p.remindKm !== null ? `${p.remindKm}${t.km}` : '',
          p.remindDays !== null ? `${p.remindDays}${t.days}` : '',
        ]
          .filter(Boolean)
          .join(' / ') || '-',
    },
    { key: 'items', dataIndex: 'items', title: t.items, width: 180, ellipsis: true, render: orDash },
    { key: 'teamName', dataIndex: 'teamName', title: t.team, width: 140, render: orDash },
    validColumn(t),
  ],
  actionsWidth: 220,
  nameOf: (p) => p.planName,
  FormItems: MaintenancePlanFormItems,
  formWidth: 760,
  addValues: (user) => ({ targetType: 1, teamCode: user.team.teamCode }),
  editValues: (p) => ({
    planName: p.planName,
    targetType: p.targetType,
    truckId: p.truckId ?? undefined,
    brand: p.brand,
    series: p.series,
    intervalKm: p.intervalKm,
    intervalMonths: p.intervalMonths,
    lastDate: p.lastDate ? dayjs(p.lastDate) : null,
    lastKm: p.lastKm,
    remindKm: p.remindKm,
    remindDays: p.remindDays,
    items: p.items,
    teamCode: p.teamCode,
    remark: p.remark,
  }),
  toFields: ({ lastDate, ...fields }) => ({
    ...fields,
    lastDate: lastDate ? dayjs(lastDate).format('YYYY-MM-DD') : '',
  }),
});
