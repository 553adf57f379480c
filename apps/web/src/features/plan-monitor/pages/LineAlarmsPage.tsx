import { alarmJump, alarmTypesOf } from '@fleet/domain';
import { Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { type ListColumn, ListPage, lineSearchField, type SearchField, useListExport } from '../../../kit';
import { orDash } from '../../../kit/format';
import { texts } from '../../../locales';
import { useShell } from '../../../shell/ShellContext';
import { exportLineAlarms, fetchLineAlarms, type LineAlarm } from '../api';

const t = texts.lineAlarm;
const LINE_ALARM_TYPES = alarmTypesOf('timing');

const SEARCH: readonly SearchField[] = [
  { name: 'time', label: t.timeRange, type: 'dateRange', rangeKeys: ['startTime', 'endTime'] },
  {
    name: 'alarmCode',
    label: t.alarmType,
    type: 'select',
    options: LINE_ALARM_TYPES.map((a) => ({ value: a.code, label: a.name })),
  },
  lineSearchField(t.line, t.linePlaceholder),
  { name: 'carNo', label: t.carNo, placeholder: t.carNoPlaceholder },
];

/** 线路报警 (/car-dispatch/line-alarm, car0602): the plan alarms 4001–4006 of the user's scope. */
export default function LineAlarmsPage() {
  const { user } = useShell();
  const navigate = useNavigate();
  const onExport = useListExport(exportLineAlarms, t.exported);

  const columns = useMemo<ListColumn<LineAlarm>[]>(
    () => [
      {
        key: 'alarmName',
        title: t.alarmType,
        width: 130,
        render: (_, row) => <Tag color={row.alarmCode === 4005 ? 'purple' : 'orange'}>{row.alarmName}</Tag>,
      },
      { key: 'carNo', dataIndex: 'carNo', title: t.carNo, width: 110 },
      { key: 'driverName', dataIndex: 'driverName', title: t.driver, width: 90, render: orDash },
      { key: 'lineName', dataIndex: 'lineName', title: t.line, width: 200, ellipsis: true, render: orDash },
      { key: 'planNo', dataIndex: 'planNo', title: t.planNo, width: 200, render: orDash },
      { key: 'startTime', dataIndex: 'startTime', title: t.startTime, width: 170 },
      { key: 'endTime', dataIndex: 'endTime', title: t.endTime, width: 170, render: orDash },
      { key: 'detail', dataIndex: 'detail', title: t.detail, width: 280, ellipsis: true, render: orDash },
      {
        key: 'handled',
        title: t.handled,
        width: 90,
        render: (_, row) =>
          row.handled ? <Tag color="green">{t.handledYes}</Tag> : <Tag>{t.handledNo}</Tag>,
      },
      {
        key: 'actions',
        title: t.actions,
        width: 80,
        locked: true,
        fixed: 'right',
        render: (_, row) => {
          const jump = alarmJump(
            { alarmCode: row.alarmCode, carNo: row.carNo, startTime: row.startTime },
            user.elemCodes,
          );
          if (!jump || 'denied' in jump) return null;
          return (
            <Typography.Link
              onClick={() =>
                void navigate({ pathname: jump.path, search: `?${new URLSearchParams(jump.query)}` })
              }
            >
              {t.view}
            </Typography.Link>
          );
        },
      },
    ],
    [user.elemCodes, navigate],
  );

  return (
    <ListPage<LineAlarm>
      listKey="line-alarms"
      fetchList={(params, signal) => fetchLineAlarms(params, signal)}
      columns={columns}
      rowKey="id"
      searchFields={SEARCH}
      columnSettingsKey="lineAlarmList"
      toolbar={{ onExport }}
    />
  );
}
