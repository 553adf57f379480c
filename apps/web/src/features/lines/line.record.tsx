import { LINE_RECORD, NOT_MAP_CALCULATED, ROUTE_TYPES } from '@fleet/domain';
import { Space, Tag, Tooltip } from 'antd';
import type { Line, LineFields } from '../../api/lines';
import { defineRecord, type SearchField } from '../../kit';
import { orDash } from '../../kit/format';
import { texts } from '../../locales';
import { linePaths } from './linePaths';

const t = texts.lines;

const searchFields: SearchField[] = [
  { name: 'routeName', label: t.routeName, placeholder: t.routeNamePlaceholder, width: 200 },
  {
    name: 'routeType',
    label: t.routeType,
    type: 'select',
    width: 140,
    options: ROUTE_TYPES.map((r) => ({ value: r.value, label: r.label })),
  },
  {
    name: 'status',
    label: t.status,
    type: 'select',
    width: 110,
    options: [
      { value: 1, label: t.enabled },
      { value: 0, label: t.disabled },
    ],
  },
  { name: 'teamCode', label: t.team, type: 'team', width: 200 },
];

/**
 * 线路管理 (/car-dispatch/route, /smart-coal/route, /tc/route): lines with their stations, added and
 * edited on the line page of the same menu (LineEditPage). Lines of the teams above are read and
 * picked, only the own subtree's changed.
 */
export const lineRecord = defineRecord<Line, LineFields>({
  meta: LINE_RECORD,
  texts: t,
  listKey: 'lines',
  searchFields,
  columns: [
    { key: 'routeName', dataIndex: 'routeName', title: t.routeName, fixed: 'left', width: 180 },
    { key: 'routeTypeName', dataIndex: 'routeTypeName', title: t.routeType, width: 100 },
    { key: 'startAddress', dataIndex: 'startAddress', title: t.start, ellipsis: true },
    { key: 'endAddress', dataIndex: 'endAddress', title: t.end, ellipsis: true },
    { key: 'stationCount', dataIndex: 'stationCount', title: t.stationCount, width: 80 },
    {
      key: 'distance',
      title: t.distance,
      width: 190,
      render: (_, line) => (
        <Space size={4}>
          <span>{line.distance.toFixed(1)}</span>
          {!line.baiduMapProduce && (
            <Tooltip title={t.noMapService}>
              <Tag color="orange">{NOT_MAP_CALCULATED}</Tag>
            </Tooltip>
          )}
        </Space>
      ),
    },
    {
      key: 'runningTime',
      title: t.runningTime,
      width: 110,
      render: (_, line) => t.timeText(line.runningHours, line.runningMins),
    },
    { key: 'customerName', dataIndex: 'customerName', title: t.customer, render: orDash },
    { key: 'teamName', dataIndex: 'teamName', title: t.team, render: orDash },
    {
      key: 'status',
      dataIndex: 'status',
      title: t.status,
      width: 80,
      render: (status: number) =>
        status === 1 ? <Tag color="success">{t.enabled}</Tag> : <Tag>{t.disabled}</Tag>,
    },
    { key: 'createTime', dataIndex: 'createTime', title: t.createTime, width: 170 },
  ],
  actionsWidth: 160,
  nameOf: (line) => line.routeName,
  formPage: {
    add: (listPath) => linePaths(listPath).add,
    edit: (line, listPath) => `${linePaths(listPath).edit}?id=${line.id}`,
  },
  reloadAfterImportErrors: true,
});
