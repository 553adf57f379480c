import { alarmTypesOf } from '@fleet/domain';
import { useMemo } from 'react';
import { type ListColumn, ListPage, type SearchField, useListExport } from '../../../kit';
import { orDash } from '../../../kit/format';
import { texts } from '../../../locales';
import { exportClearRecords, type FaultClearRow, fetchClearRecords } from '../api';
import { TruckPicker } from '../TruckPicker';

const t = texts.maintenance;
const c = t.clearCode;

const SEARCH: readonly SearchField[] = [
  { name: 'time', label: c.timeRange, type: 'dateRange', rangeKeys: ['startTime', 'endTime'] },
  { name: 'truckId', label: t.truck, type: 'custom', control: <TruckPicker /> },
  {
    name: 'code',
    label: c.faultType,
    type: 'select',
    options: alarmTypesOf('fault').map((a) => ({ value: a.code, label: a.name })),
  },
  { name: 'teamCode', label: t.team, type: 'team' },
];

/** 清码记录 (/intellect-repair/clear-code, car050208): faults cleared, by whom, when and why. */
export default function ClearCodePage() {
  const onExport = useListExport(exportClearRecords, t.exported);
  const columns = useMemo<ListColumn<FaultClearRow>[]>(
    () => [
      { key: 'clearTime', dataIndex: 'clearTime', title: c.time, width: 170, fixed: 'left' },
      { key: 'carNo', dataIndex: 'carNo', title: t.carNo, width: 110 },
      { key: 'codeNames', dataIndex: 'codeNames', title: c.codes, width: 320, ellipsis: true },
      { key: 'alarmCount', dataIndex: 'alarmCount', title: c.alarmCount, width: 90, align: 'right' },
      { key: 'reason', dataIndex: 'reason', title: c.reason, width: 240, ellipsis: true },
      { key: 'clearedByName', dataIndex: 'clearedByName', title: c.operator, width: 110 },
      { key: 'teamName', dataIndex: 'teamName', title: t.team, width: 140, render: orDash },
    ],
    [],
  );
  return (
    <ListPage<FaultClearRow>
      listKey="clear-code"
      fetchList={(params, signal) => fetchClearRecords(params, signal)}
      columns={columns}
      rowKey="id"
      searchFields={SEARCH}
      columnSettingsKey="clearCodeList"
      toolbar={{ onExport }}
    />
  );
}
