import { Button, Image, Space, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { type ListColumn, ListPage, type ListPageHandle, type SearchField, useRowConfirm } from '../../kit';
import { orDash } from '../../kit/format';
import { texts } from '../../locales';
import { deleteRecord, fetchRecords, type MaintenanceRecord } from './api';
import { RecordDialog } from './RecordDialog';
import { TruckPicker } from './TruckPicker';

const t = texts.maintenance;

const SEARCH: readonly SearchField[] = [
  { name: 'truckId', label: t.truck, type: 'custom', control: <TruckPicker /> },
  { name: 'date', label: t.record.date, type: 'dateRange', rangeKeys: ['startDate', 'endDate'] },
  { name: 'teamCode', label: t.team, type: 'team' },
];

/** The columns of a maintenance record list (also the truck's detail page). */
export function recordColumns(): ListColumn<MaintenanceRecord>[] {
  return [
    { key: 'maintainDate', dataIndex: 'maintainDate', title: t.record.date, width: 110, fixed: 'left' },
    { key: 'carNo', dataIndex: 'carNo', title: t.carNo, width: 110 },
    { key: 'planName', dataIndex: 'planName', title: t.record.plan, width: 140, render: orDash },
    {
      key: 'mileageKm',
      dataIndex: 'mileageKm',
      title: t.record.mileage,
      width: 130,
      align: 'right',
      render: (v: number | null) => v ?? '-',
    },
    { key: 'items', dataIndex: 'items', title: t.record.items, width: 200, ellipsis: true },
    { key: 'workshop', dataIndex: 'workshop', title: t.record.workshop, width: 140, render: orDash },
    { key: 'amountYuan', dataIndex: 'amountYuan', title: t.record.amount, width: 130, align: 'right' },
    {
      key: 'invoiceImages',
      title: t.record.invoice,
      width: 120,
      render: (_, r) =>
        r.invoiceImages.length ? (
          <Image.PreviewGroup>
            <Space size={4}>
              {r.invoiceImages.map((url) => (
                <Image key={url} src={url} width={32} height={32} />
              ))}
            </Space>
          </Image.PreviewGroup>
        ) : (
          '-'
        ),
    },
    { key: 'createdBy', dataIndex: 'createdBy', title: t.record.createdBy, width: 100, render: orDash },
  ];
}

/**
 * 保养记录: the services recorded, each with its 保养 cost; 新增保养记录, and 修改 and 删除 of a record,
 * whose 保养 cost in the cost centre follows it.
 */
export function RecordList() {
  const list = useRef<ListPageHandle>(null);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<MaintenanceRecord>();
  const confirm = useRowConfirm(() => list.current?.reload());
  const columns = useMemo<ListColumn<MaintenanceRecord>[]>(
    () => [
      ...recordColumns(),
      {
        key: 'actions',
        title: texts.kit.common.actions,
        width: 110,
        fixed: 'right',
        locked: true,
        render: (_, r) => (
          <Space size={12}>
            <Typography.Link onClick={() => setEditing(r)}>{t.record.edit}</Typography.Link>
            <Typography.Link
              type="danger"
              onClick={() =>
                confirm({
                  content: t.record.removeConfirm(r.carNo, r.maintainDate, r.amountYuan),
                  run: () => deleteRecord(r.id),
                  done: t.record.removed,
                  danger: true,
                })
              }
            >
              {t.record.remove}
            </Typography.Link>
          </Space>
        ),
      },
    ],
    [confirm],
  );
  return (
    <>
      <ListPage<MaintenanceRecord>
        ref={list}
        listKey="maintenance-records"
        fetchList={(params, signal) => fetchRecords(params, signal)}
        columns={columns}
        rowKey="id"
        searchFields={SEARCH}
        columnSettingsKey="maintenanceRecordList"
        toolbar={{
          extra: (
            <Button type="primary" onClick={() => setAdding(true)}>
              {t.record.title}
            </Button>
          ),
        }}
      />
      {adding && (
        <RecordDialog open onClose={() => setAdding(false)} onSaved={() => void list.current?.reload()} />
      )}
      {editing && (
        <RecordDialog
          open
          record={editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => void list.current?.reload()}
        />
      )}
    </>
  );
}
