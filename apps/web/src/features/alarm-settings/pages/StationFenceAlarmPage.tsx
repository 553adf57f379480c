import { OPERATE_LOG_PAGES } from '@fleet/domain';
import { App, Space, Tag, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import {
  deleteFenceSet,
  type FenceSet,
  type FenceSetQuery,
  fetchFenceSets,
  updateFenceSet,
} from '../../../api/alarm-settings';
import {
  type DialogStatus,
  type ListColumn,
  ListPage,
  type ListPageHandle,
  OperationLogDialog,
  type SearchField,
} from '../../../kit';
import { orDash } from '../../../kit/format';
import { texts } from '../../../locales';
import { FenceSetDialog } from '../FenceSetDialog';

const t = texts.fenceSets;
const common = texts.kit.common;

const searchFields: SearchField[] = [
  { name: 'name', label: t.name, width: 180 },
  {
    name: 'status',
    label: t.status,
    type: 'select',
    width: 120,
    options: [
      { value: 1, label: t.enabled },
      { value: 0, label: t.disabled },
    ],
  },
];

const joined = (items: string[]) => orDash(items.filter((s) => s !== '').join('、'));

/** 站点围栏报警设置 (/car-dispatch/stationFenceAlarm): which station fences alarm for which vehicles. */
export default function StationFenceAlarmPage() {
  const { modal, message } = App.useApp();
  const list = useRef<ListPageHandle>(null);
  const [dialog, setDialog] = useState<{ status: DialogStatus; fenceSet?: FenceSet } | undefined>();
  const [logOf, setLogOf] = useState<FenceSet | undefined>();
  const reload = () => void list.current?.reload();

  const columns = useMemo<ListColumn<FenceSet>[]>(() => {
    const toggle = (row: FenceSet) =>
      updateFenceSet({
        id: row.id,
        name: row.name,
        stationIds: row.stationIds,
        carIds: row.carIds,
        teamCodes: row.teamCodes,
        notifyEnter: row.notifyEnter,
        notifyExit: row.notifyExit,
        status: row.status === 1 ? 0 : 1,
        remark: row.remark || undefined,
      }).then((answer) => {
        if (answer.code === 200) {
          void message.success(t.statusChanged);
          void list.current?.reload();
        }
      });
    const remove = (row: FenceSet) =>
      modal.confirm({
        title: t.delete,
        content: t.confirmDelete(row.name),
        okText: common.ok,
        cancelText: common.cancel,
        onOk: () =>
          deleteFenceSet(row.id).then((answer) => {
            if (answer.code === 200) {
              void message.success(t.deleted);
              void list.current?.reload();
            }
          }),
      });
    return [
      { key: 'name', dataIndex: 'name', title: t.name, fixed: 'left' },
      { key: 'stations', title: t.stations, render: (_, r) => joined(r.stations.map((s) => s.stationName)) },
      { key: 'cars', title: t.cars, render: (_, r) => joined(r.cars.map((c) => c.carNo)) },
      { key: 'teams', title: t.teams, render: (_, r) => joined(r.teams.map((c) => c.teamName)) },
      {
        key: 'notifyEnter',
        dataIndex: 'notifyEnter',
        title: t.notifyEnter,
        render: (v: number) => (v === 1 ? t.yes : t.no),
      },
      {
        key: 'notifyExit',
        dataIndex: 'notifyExit',
        title: t.notifyExit,
        render: (v: number) => (v === 1 ? t.yes : t.no),
      },
      {
        key: 'status',
        dataIndex: 'status',
        title: t.status,
        render: (v: number) => (v === 1 ? <Tag color="success">{t.enabled}</Tag> : <Tag>{t.disabled}</Tag>),
      },
      { key: 'remark', dataIndex: 'remark', title: t.remark, render: (v: string) => orDash(v) },
      { key: 'updateTime', dataIndex: 'updateTime', title: t.updateTime },
      {
        key: 'actions',
        title: common.actions,
        locked: true,
        fixed: 'right',
        render: (_, row) => (
          <Space size={12}>
            <Typography.Link onClick={() => setDialog({ status: 'edit', fenceSet: row })}>
              {t.edit}
            </Typography.Link>
            <Typography.Link onClick={() => void toggle(row)}>
              {row.status === 1 ? t.disable : t.enable}
            </Typography.Link>
            <Typography.Link type="danger" onClick={() => remove(row)}>
              {t.delete}
            </Typography.Link>
            <Typography.Link onClick={() => setLogOf(row)}>{t.log}</Typography.Link>
          </Space>
        ),
      },
    ];
  }, [modal, message]);

  return (
    <>
      <ListPage<FenceSet>
        ref={list}
        listKey="alarm-settings/fence-sets"
        columnSettingsKey="alarm-settings/fence-sets"
        fetchList={(params, signal) => fetchFenceSets(params as FenceSetQuery, signal)}
        columns={columns}
        rowKey="id"
        searchFields={searchFields}
        toolbar={{ onAdd: () => setDialog({ status: 'add' }) }}
      />
      {dialog && (
        <FenceSetDialog
          status={dialog.status}
          fenceSet={dialog.fenceSet}
          onClose={() => setDialog(undefined)}
          onSaved={reload}
        />
      )}
      <OperationLogDialog
        open={logOf !== undefined}
        dataId={logOf?.id}
        pageEnum={OPERATE_LOG_PAGES.fenceSet}
        onClose={() => setLogOf(undefined)}
      />
    </>
  );
}
