import { isInSubtree, PLAN_SCHEDULE_RECORD, SCHEDULE_STATUS, SCHEDULE_STATUSES } from '@fleet/domain';
import { Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { defineRecord, lineSearchField, type SearchField, type StoredRecordRow } from '../../kit';
import { orDash } from '../../kit/format';
import { texts } from '../../locales';
import { changeScheduleStatus, generateSchedulePlans, type PlanScheduleBody } from './api';
import { GenerateButton } from './GenerateButton';
import { PlanScheduleFormItems } from './PlanScheduleFormItems';

const t = texts.planSchedules;

/** 车辆排班计划 as listed by /scheduling/plan/page. */
export interface PlanSchedule extends StoredRecordRow {
  name: string;
  lineId: number;
  lineName: string;
  truckId: number;
  carNo: string;
  driverId: number;
  driverName: string;
  orderId: number | null;
  orderNo: string;
  cargo: string;
  plannedTons: string;
  weekdays: number[];
  weekdaysText: string;
  /** 'HH:mm'. */
  departTime: string;
  startDate: string;
  endDate: string;
  validity: string;
  /** 1 enabled, 2 paused. */
  status: 1 | 2;
  statusName: string;
  daysAhead: number;
  nextPlans: { id: number; planNo: string; departTime: string; stateName: string }[];
  lastSkipped: { day: string; reason: string } | null;
}

/** The form's values: times and dates as pickers hold them, sent as text. */
export interface PlanScheduleFields {
  name?: string;
  lineId?: number;
  truckId?: number;
  driverId?: number;
  orderId?: number | null;
  cargo?: string;
  plannedTons?: string;
  weekdays?: number[];
  departTime?: Dayjs | null;
  startDate?: Dayjs | null;
  endDate?: Dayjs | null;
  daysAhead?: number;
  teamCode?: string;
  remark?: string;
  /** 我已了解以上冲突: asked only when the check found conflicts; never sent. */
  acceptConflicts?: boolean;
}

/** The values as /add, /update and /check take them. */
export function scheduleBody(values: PlanScheduleFields): PlanScheduleBody {
  return {
    name: values.name?.trim() ?? '',
    lineId: values.lineId,
    truckId: values.truckId,
    driverId: values.driverId,
    orderId: values.orderId ?? null,
    cargo: values.cargo?.trim() ?? '',
    plannedTons: String(values.plannedTons ?? '').trim(),
    weekdays: values.weekdays ?? [],
    departTime: values.departTime ? values.departTime.format('HH:mm') : '',
    startDate: values.startDate ? values.startDate.format('YYYY-MM-DD') : '',
    endDate: values.endDate ? values.endDate.format('YYYY-MM-DD') : '',
    daysAhead: values.daysAhead ?? 3,
    teamCode: values.teamCode,
    remark: values.remark ?? '',
  };
}

const searchFields: SearchField[] = [
  { name: 'name', label: t.name, placeholder: t.namePlaceholder },
  lineSearchField(t.line, t.linePlaceholder),
  {
    name: 'status',
    label: t.status,
    type: 'select',
    options: SCHEDULE_STATUSES.map((s) => ({ value: s.value, label: s.label })),
  },
  { name: 'teamCode', label: t.team, type: 'team' },
];

const day = (time: string) => time.slice(5, 16);

/** 车辆排班计划 (/car-dispatch/vehicle-schedule, car050203). */
export const planScheduleRecord = defineRecord<PlanSchedule, PlanScheduleFields>({
  meta: PLAN_SCHEDULE_RECORD,
  texts: t,
  listKey: 'planSchedules',
  searchFields,
  columns: [
    { key: 'name', dataIndex: 'name', title: t.name, fixed: 'left', width: 120 },
    { key: 'lineName', dataIndex: 'lineName', title: t.line, width: 160, render: orDash },
    { key: 'carNo', dataIndex: 'carNo', title: t.truck, width: 95, render: orDash },
    { key: 'driverName', dataIndex: 'driverName', title: t.driver, width: 80, render: orDash },
    { key: 'weekdaysText', dataIndex: 'weekdaysText', title: t.weekdays, width: 150 },
    { key: 'departTime', dataIndex: 'departTime', title: t.departTime, width: 80 },
    {
      key: 'status',
      dataIndex: 'statusName',
      title: t.status,
      width: 70,
      render: (name: string, s) => (
        <Tag color={s.status === SCHEDULE_STATUS.enabled ? 'green' : 'default'}>{name}</Tag>
      ),
    },
    {
      key: 'nextPlans',
      title: t.nextPlans,
      width: 200,
      render: (_, s) => (
        <div data-testid="next-plans">
          {s.nextPlans.length === 0 ? (
            <Typography.Text type="secondary">{t.noPlans}</Typography.Text>
          ) : (
            s.nextPlans.slice(0, 3).map((p) => (
              <div key={p.id} title={p.planNo}>
                {day(p.departTime)} <Typography.Text type="secondary">{p.stateName}</Typography.Text>
              </div>
            ))
          )}
          {s.lastSkipped ? (
            <Typography.Text
              type="danger"
              ellipsis={{ tooltip: s.lastSkipped.reason }}
              style={{ maxWidth: 180 }}
            >
              {t.skipped(s.lastSkipped.day.slice(5), s.lastSkipped.reason)}
            </Typography.Text>
          ) : null}
        </div>
      ),
    },
    { key: 'validity', dataIndex: 'validity', title: t.validity, width: 190 },
    { key: 'daysAhead', dataIndex: 'daysAhead', title: t.daysAhead, width: 110, align: 'right' },
    { key: 'teamName', dataIndex: 'teamName', title: t.team, width: 130, render: orDash },
    { key: 'remark', dataIndex: 'remark', title: t.remark, width: 140, ellipsis: true, render: orDash },
    { key: 'updateTime', dataIndex: 'updateTime', title: t.updateTime, width: 170 },
  ],
  actionsWidth: 260,
  nameOf: (s) => s.name,
  rowActionsAt: 'beforeDelete',
  rowActions: (s, actions) =>
    isInSubtree(s.teamCode, actions.user.team.teamCode) ? (
      s.status === SCHEDULE_STATUS.enabled ? (
        <>
          <Typography.Link
            onClick={() =>
              actions.confirm({
                content: t.confirmGenerateOne(s.name),
                run: () => generateSchedulePlans(s.id),
                done: t.generatedDone,
              })
            }
          >
            {t.generateOne}
          </Typography.Link>
          <Typography.Link
            onClick={() =>
              actions.confirm({
                content: t.confirmPause(s.name),
                run: () => changeScheduleStatus(s.id, 2),
                done: t.statusChanged,
              })
            }
          >
            {t.pause}
          </Typography.Link>
        </>
      ) : (
        <Typography.Link
          onClick={() =>
            actions.confirm({
              content: t.confirmEnable(s.name),
              run: () => changeScheduleStatus(s.id, 1),
              done: t.statusChanged,
            })
          }
        >
          {t.enable}
        </Typography.Link>
      )
    ) : null,
  toolbarExtra: (actions) => <GenerateButton onDone={() => void actions.list.current?.reload()} />,
  FormItems: PlanScheduleFormItems,
  formWidth: 860,
  addValues: (user) => ({
    weekdays: [1, 2, 3, 4, 5],
    daysAhead: 3,
    teamCode: user.team.teamCode,
  }),
  editValues: (s) => ({
    name: s.name,
    lineId: s.lineId,
    truckId: s.truckId,
    driverId: s.driverId,
    orderId: s.orderId,
    cargo: s.cargo,
    plannedTons: s.plannedTons ? s.plannedTons.replace(/\.?0+$/, '') : '',
    weekdays: s.weekdays,
    departTime: dayjs(`2000-01-01 ${s.departTime}`),
    startDate: dayjs(s.startDate),
    endDate: s.endDate ? dayjs(s.endDate) : null,
    daysAhead: s.daysAhead,
    teamCode: s.teamCode,
    remark: s.remark,
  }),
  toFields: (values) => scheduleBody(values) as unknown as PlanScheduleFields,
});
