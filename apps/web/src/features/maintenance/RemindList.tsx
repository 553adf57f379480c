import { Tag, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { type ListColumn, ListPage, type ListPageHandle, type SearchField, useListExport } from '../../kit';
import { orDash } from '../../kit/format';
import { texts } from '../../locales';
import { exportRemindItems, fetchRemindItems, type RemindItem } from './api';
import { JumpNotice, jumpIds } from './JumpNotice';
import { STATE_COLORS } from './maintenancePlan.record';
import { RecordDialog } from './RecordDialog';
import { TruckPicker } from './TruckPicker';

const t = texts.maintenance;

const searchFields = (carNo?: string): SearchField[] => [
  {
    name: 'state',
    label: t.dueState,
    type: 'select',
    options: [
      { value: 2, label: t.stateOptions.dueSoon },
      { value: 3, label: t.stateOptions.overdue },
    ],
  },
  { name: 'truckId', label: t.truck, type: 'custom', control: <TruckPicker carNo={carNo} /> },
  { name: 'planName', label: t.planName, placeholder: t.planNamePlaceholder },
  { name: 'teamCode', label: t.team, type: 'team' },
];

const km = (v: number | null) => (v === null ? '-' : `${v}${t.km}`);

/**
 * 到期提醒: the plans due soon or overdue, a row per truck, with 记录保养. A 保养到期提醒's 去处理
 * (?carNo&truckId&planId) opens it on the truck's plan.
 */
export function RemindList() {
  const list = useRef<ListPageHandle>(null);
  const location = useLocation();
  const [search] = useSearchParams();
  const jump = useMemo(() => jumpIds(search, ['truckId', 'planId']), [search]);
  const carNo = search.get('carNo') ?? undefined;
  const fields = useMemo(() => searchFields(carNo), [carNo]);
  const onExport = useListExport(exportRemindItems, t.exported);
  const [recording, setRecording] = useState<RemindItem>();
  const columns = useMemo<ListColumn<RemindItem>[]>(
    () => [
      { key: 'carNo', dataIndex: 'carNo', title: t.carNo, width: 110, fixed: 'left' },
      { key: 'planName', dataIndex: 'planName', title: t.planName, width: 150 },
      {
        key: 'stateName',
        title: t.dueState,
        width: 100,
        render: (_, r) => <Tag color={STATE_COLORS[r.state]}>{r.stateName}</Tag>,
      },
      { key: 'leftText', dataIndex: 'leftText', title: t.left, width: 190 },
      { key: 'nextDate', dataIndex: 'nextDate', title: t.nextDate, width: 120, render: orDash },
      { key: 'nextKm', title: t.nextKm, width: 120, align: 'right', render: (_, r) => km(r.nextKm) },
      { key: 'currentKm', title: t.currentKm, width: 120, align: 'right', render: (_, r) => km(r.currentKm) },
      { key: 'intervalText', dataIndex: 'intervalText', title: t.interval, width: 170 },
      { key: 'lastDate', dataIndex: 'lastDate', title: t.lastDate, width: 120, render: orDash },
      { key: 'lastKm', title: t.lastKm, width: 120, align: 'right', render: (_, r) => km(r.lastKm) },
      { key: 'items', dataIndex: 'items', title: t.items, width: 160, ellipsis: true, render: orDash },
      { key: 'teamName', dataIndex: 'teamName', title: t.team, width: 130, render: orDash },
      {
        key: 'actions',
        title: texts.kit.common.actions,
        width: 100,
        fixed: 'right',
        locked: true,
        render: (_, r) => <Typography.Link onClick={() => setRecording(r)}>{t.addRecord}</Typography.Link>,
      },
    ],
    [],
  );
  return (
    <>
      {jump && <JumpNotice text={t.jumped.service} />}
      <ListPage<RemindItem>
        key={location.search}
        ref={list}
        listKey="maintenance-remind"
        fetchList={(params, signal) => fetchRemindItems(params, signal)}
        columns={columns}
        rowKey="id"
        searchFields={fields}
        initialQuery={jump}
        columnSettingsKey="maintenanceRemindList"
        toolbar={{ onExport }}
      />
      {recording && (
        <RecordDialog
          open
          truck={{ id: recording.truckId, carNo: recording.carNo }}
          planId={recording.planId}
          onClose={() => setRecording(undefined)}
          onSaved={() => void list.current?.reload()}
        />
      )}
    </>
  );
}
