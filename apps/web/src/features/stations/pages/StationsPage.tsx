import { isInSubtree, OPERATE_LOG_PAGES, STATION_KINDS } from '@fleet/domain';
import { Space, Tag, Typography } from 'antd';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  deleteStations,
  exportStations,
  fetchStations,
  STATION_IMPORT_URL,
  type Station,
  type StationQuery,
} from '../../../api/stations';
import {
  ImportDialog,
  type ListColumn,
  ListPage,
  type ListPageHandle,
  OperationLogDialog,
  type SearchField,
  useListExport,
  useRowConfirm,
} from '../../../kit';
import { orDash } from '../../../kit/format';
import { texts } from '../../../locales';
import { useShell } from '../../../shell/ShellContext';

const t = texts.stations;
const common = texts.kit.common;

const searchFields: SearchField[] = [
  { name: 'name', label: t.name, placeholder: t.namePlaceholder, width: 200 },
  {
    name: 'type',
    label: t.type,
    type: 'select',
    width: 140,
    options: STATION_KINDS.map((k) => ({ value: k.value, label: k.label })),
  },
  {
    name: 'fenceType',
    label: t.fenceType,
    type: 'select',
    width: 120,
    options: [
      { value: 'circle', label: t.circle },
      { value: 'polygon', label: t.polygon },
    ],
  },
  { name: 'teamCode', label: t.team, type: 'team', width: 200 },
];

/** 站点围栏管理 (/information/station): stations with their fences; add and edit on the map. */
export default function StationsPage() {
  const navigate = useNavigate();
  const list = useRef<ListPageHandle>(null);
  const confirm = useRowConfirm(() => list.current?.reload());
  const exportList = useListExport((query) => exportStations(query as StationQuery), t.exported);
  const [logOf, setLogOf] = useState<Station | undefined>();
  const [importing, setImporting] = useState(false);

  const remove = useCallback(
    (stations: Station[]) =>
      confirm({
        content:
          stations.length === 1
            ? t.confirmDelete(stations[0]?.name ?? '')
            : t.confirmDeleteMany(stations.length),
        run: () => deleteStations(stations.map((s) => s.id)),
        done: t.deleted,
      }),
    [confirm],
  );

  // stations of the teams above are read and picked here; only those of the user's subtree are changed
  const { user } = useShell();
  const teamCode = user.team.teamCode;
  const columns = useMemo<ListColumn<Station>[]>(() => {
    return [
      { key: 'name', dataIndex: 'name', title: t.name, fixed: 'left', width: 180 },
      { key: 'typeName', dataIndex: 'typeName', title: t.type, width: 100 },
      {
        key: 'fence',
        title: t.fence,
        width: 160,
        render: (_, s) =>
          s.fenceType === 'circle' ? (
            <Tag color="blue">{t.circleText(s.radius ?? 0)}</Tag>
          ) : (
            <Tag color="purple">{t.polygonText(s.points.length)}</Tag>
          ),
      },
      { key: 'teamName', dataIndex: 'teamName', title: t.team, render: (v: string) => orDash(v) },
      {
        key: 'address',
        dataIndex: 'address',
        title: t.address,
        ellipsis: true,
        render: (v: string) => orDash(v),
      },
      {
        key: 'coordinates',
        title: t.coordinates,
        width: 190,
        render: (_, s) => `${s.longitude.toFixed(6)}, ${s.latitude.toFixed(6)}`,
      },
      {
        key: 'remark',
        dataIndex: 'remark',
        title: t.remark,
        ellipsis: true,
        render: (v: string) => orDash(v),
      },
      { key: 'createTime', dataIndex: 'createTime', title: t.createTime, width: 170 },
      {
        key: 'actions',
        title: common.actions,
        locked: true,
        fixed: 'right',
        width: 160,
        render: (_, s) => (
          <Space size={12}>
            {isInSubtree(s.teamCode, teamCode) && (
              <>
                <Typography.Link onClick={() => navigate(`/information/station/info/${s.id}/map`)}>
                  {common.edit}
                </Typography.Link>
                <Typography.Link type="danger" onClick={() => remove([s])}>
                  {common.delete}
                </Typography.Link>
              </>
            )}
            <Typography.Link onClick={() => setLogOf(s)}>{t.log}</Typography.Link>
          </Space>
        ),
      },
    ];
  }, [remove, navigate, teamCode]);

  return (
    <>
      <ListPage<Station>
        ref={list}
        listKey="stations"
        columnSettingsKey="stations"
        fetchList={(params, signal) => fetchStations(params as StationQuery, signal)}
        columns={columns}
        rowKey="id"
        searchFields={searchFields}
        toolbar={{
          onAdd: () => navigate('/information/station/info/circle'),
          onImport: () => setImporting(true),
          onExport: exportList,
          batchActions: [
            {
              key: 'delete',
              label: t.deleteSelected,
              danger: true,
              onClick: remove,
            },
          ],
        }}
      />
      <ImportDialog
        mode="server"
        open={importing}
        title={t.importTitle}
        accept={['.xlsx']}
        uploadUrl={STATION_IMPORT_URL}
        templateName={t.importTemplate}
        onClose={() => setImporting(false)}
        onImported={() => void list.current?.reload()}
      />
      <OperationLogDialog
        open={logOf !== undefined}
        dataId={logOf?.id}
        pageEnum={OPERATE_LOG_PAGES.station}
        onClose={() => setLogOf(undefined)}
      />
    </>
  );
}
