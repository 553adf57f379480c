import { durationText, OVER_SPEED_RISK_LEVELS } from '@fleet/domain';
import { DatePicker, Space, Tag, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { fetchOverSpeedRisk, type OverSpeedData, type OverSpeedRow } from '../../../api/alarms';
import { type ListColumn, ListPage, type SearchField } from '../../../kit';
import { texts } from '../../../locales';
import { apiQuery, lastDays } from '../alarmFilters';
import { DriverName } from '../cells';

const t = texts.alarms;
const o = t.overSpeed;
const COLOR = Object.fromEntries(OVER_SPEED_RISK_LEVELS.map((l) => [l.value, l.color]));

const FIELDS: SearchField[] = [
  { name: 'teamCode', label: t.team, type: 'team', width: 200 },
  { name: 'carNo', label: t.plate, placeholder: t.platePlaceholder, width: 160 },
  {
    name: 'range',
    label: o.period,
    type: 'custom',
    control: (
      <DatePicker.RangePicker showTime style={{ width: 360 }} placeholder={[t.startTime, t.endTime]} />
    ),
  },
  {
    name: 'riskLevel',
    label: o.riskLevel,
    type: 'select',
    width: 120,
    options: OVER_SPEED_RISK_LEVELS.map((l) => ({ value: l.value, label: l.label })),
  },
];

/**
 * 超速风险 (/alarm/violation/over-speed-risk): each vehicle's speeding in a period (default the last
 * 7 days), how often and how long, the highest speed, and the risk level; riskiest first.
 */
export default function OverSpeedRiskPage() {
  const navigate = useNavigate();
  const [summary, setSummary] = useState<OverSpeedData['summary']>([]);
  // the period of the last search, for the drill-down to the vehicle's violations
  const period = useRef<{ startTime?: unknown; endTime?: unknown }>({});
  const initialQuery = useMemo(() => ({ range: lastDays(new Date(), 7) }), []);
  const columns = useMemo<ListColumn<OverSpeedRow>[]>(
    () => [
      { key: 'carNo', dataIndex: 'carNo', title: t.plate, fixed: 'left' },
      { key: 'teamName', dataIndex: 'teamName', title: t.team, render: (v: string) => v || '--' },
      {
        key: 'driverName',
        dataIndex: 'driverName',
        title: t.driver,
        render: (v: string) => <DriverName name={v} />,
      },
      {
        key: 'riskLevel',
        dataIndex: 'riskLevel',
        title: o.riskLevel,
        render: (level: number, row) => <Tag color={COLOR[level]}>{row.riskLevelName}</Tag>,
      },
      { key: 'overSpeedCount', dataIndex: 'overSpeedCount', title: o.count },
      {
        key: 'overSpeedDuration',
        dataIndex: 'overSpeedDuration',
        title: o.totalDuration,
        render: (ms: number) => durationText(ms),
      },
      { key: 'maxSpeed', dataIndex: 'maxSpeed', title: `${o.maxSpeed}(${t.speedUnit})` },
      {
        key: 'speedLimit',
        dataIndex: 'speedLimit',
        title: `${o.speedLimit}(${t.speedUnit})`,
        render: (v: number | null) => v ?? '--',
      },
      {
        key: 'actions',
        title: t.actions,
        locked: true,
        fixed: 'right',
        render: (_, row) => (
          <Typography.Link
            onClick={() => {
              const query = new URLSearchParams({ carNo: row.carNo });
              const { startTime, endTime } = period.current;
              if (startTime && endTime) {
                query.set('startTime', String(startTime));
                query.set('endTime', String(endTime));
              }
              navigate(`/alarm/violation?${query}`);
            }}
          >
            {o.viewAlarms}
          </Typography.Link>
        ),
      },
    ],
    [navigate],
  );
  return (
    <ListPage<OverSpeedRow>
      listKey="alarms/overSpeedRisk"
      fetchList={async (params, signal) => {
        const query = apiQuery(params);
        period.current = { startTime: query.startTime, endTime: query.endTime };
        const data = await fetchOverSpeedRisk(query as typeof params, signal);
        setSummary(data.summary);
        return data;
      }}
      columns={columns}
      rowKey="truckId"
      searchFields={FIELDS}
      initialQuery={initialQuery}
      title={
        <Space>
          {o.title}
          {summary.map((s) => (
            <Tag key={s.riskLevel} color={COLOR[s.riskLevel]}>
              {o.summary(s.name, s.count)}
            </Tag>
          ))}
        </Space>
      }
    />
  );
}
