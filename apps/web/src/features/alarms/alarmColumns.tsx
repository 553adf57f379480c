import { alarmDetailText, durationText } from '@fleet/domain';
import { Space, Typography } from 'antd';
import type { AlarmRow } from '../../api/alarms';
import type { ListColumn } from '../../kit';
import { texts } from '../../locales';
import { AddressCell } from './AddressCell';
import { DriverName, HandleStatusTag, LevelTag } from './cells';
import { Evidence } from './Evidence';

const t = texts.alarms;

/** What a row's 操作 column offers. */
export interface RowActions {
  onDetail: (row: AlarmRow) => void;
  onHandle: (row: AlarmRow) => void;
  onLog: (row: AlarmRow) => void;
}

/** Columns a page may add after 报警类型 (by key), besides the ones every alarm list has. */
export const OPTIONAL_COLUMNS = {
  category: { key: 'categoryName', dataIndex: 'categoryName', title: t.category },
  station: {
    key: 'stationName',
    dataIndex: 'stationName',
    title: t.station,
    render: (name: string) => name || '--',
  },
  line: { key: 'lineName', dataIndex: 'lineName', title: t.line, render: (name: string) => name || '--' },
  detail: {
    key: 'detail',
    title: t.detailText,
    width: 220,
    render: (_: unknown, row: AlarmRow) => alarmDetailText(row.detail) || '--',
  },
  evidence: {
    key: 'evidence',
    title: t.evidence,
    width: 140,
    render: (_: unknown, row: AlarmRow) => <Evidence photos={row.photoList} video={row.video} />,
  },
} satisfies Record<string, ListColumn<AlarmRow>>;

export type OptionalColumn = keyof typeof OPTIONAL_COLUMNS;

/**
 * The columns of an alarm list: plate, team, driver (未知司机 in red), type, level, start, end,
 * duration (天/小时/分/秒), speed, location (address on demand), the page's own columns, handling
 * state and the row actions (详情, 处理, 操作日志).
 */
export function alarmColumns(extra: readonly OptionalColumn[], actions: RowActions): ListColumn<AlarmRow>[] {
  return [
    { key: 'carNo', dataIndex: 'carNo', title: t.plate, fixed: 'left', render: (v: string) => v || '--' },
    { key: 'teamName', dataIndex: 'teamName', title: t.team, render: (v: string) => v || '--' },
    {
      key: 'driverName',
      dataIndex: 'driverName',
      title: t.driver,
      render: (v: string) => <DriverName name={v} />,
    },
    { key: 'eventName', dataIndex: 'eventName', title: t.type, width: 150 },
    ...extra.filter((key) => key === 'category').map((key) => OPTIONAL_COLUMNS[key]),
    {
      key: 'level',
      dataIndex: 'level',
      title: t.level,
      render: (_: unknown, row: AlarmRow) => <LevelTag level={row.level} name={row.levelName} />,
    },
    { key: 'startTime', dataIndex: 'startTime', title: t.startTime, width: 170 },
    {
      key: 'endTime',
      dataIndex: 'endTime',
      title: t.endTime,
      width: 170,
      render: (v: string) => v || <Typography.Text type="warning">{t.ongoing}</Typography.Text>,
    },
    { key: 'duration', dataIndex: 'duration', title: t.duration, render: (ms: number) => durationText(ms) },
    { key: 'speed', dataIndex: 'speed', title: `${t.speed}(${t.speedUnit})` },
    {
      key: 'location',
      title: t.location,
      width: 200,
      render: (_: unknown, row: AlarmRow) => <AddressCell lng={row.longitude} lat={row.latitude} />,
    },
    ...extra.filter((key) => key !== 'category').map((key) => OPTIONAL_COLUMNS[key]),
    {
      key: 'handleStatus',
      dataIndex: 'handleStatus',
      title: t.handleStatus,
      render: (_: unknown, row: AlarmRow) => (
        <span title={row.handleRemark || undefined}>
          <HandleStatusTag status={row.handleStatus} name={row.handleStatusName} />
          {row.handlerName && <Typography.Text type="secondary">{row.handlerName}</Typography.Text>}
        </span>
      ),
    },
    {
      key: 'actions',
      title: t.actions,
      locked: true,
      fixed: 'right',
      width: 180,
      render: (_: unknown, row: AlarmRow) => (
        <Space size={12}>
          <Typography.Link onClick={() => actions.onDetail(row)}>{t.detail}</Typography.Link>
          <Typography.Link onClick={() => actions.onHandle(row)}>
            {row.handleStatus === 0 ? t.handle : t.rehandle}
          </Typography.Link>
          <Typography.Link onClick={() => actions.onLog(row)}>{t.log}</Typography.Link>
        </Space>
      ),
    },
  ];
}
