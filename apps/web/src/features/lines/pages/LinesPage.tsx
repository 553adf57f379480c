import { isInSubtree, NOT_MAP_CALCULATED, OPERATE_LOG_PAGES, ROUTE_TYPES } from '@fleet/domain';
import { Space, Tag, Tooltip, Typography } from 'antd';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  deleteLines,
  exportLines,
  fetchLines,
  LINE_IMPORT_URL,
  type Line,
  type LineQuery,
} from '../../../api/lines';
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
import { linePaths } from '../linePaths';

const t = texts.lines;
const common = texts.kit.common;

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

/** 线路管理 (/car-dispatch/route, /smart-coal/route, /tc/route): lines with their stations. */
export default function LinesPage() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const paths = linePaths(pathname);
  const list = useRef<ListPageHandle>(null);
  const [logOf, setLogOf] = useState<Line | undefined>();
  const [importing, setImporting] = useState(false);

  const confirm = useRowConfirm(() => list.current?.reload());
  const exportList = useListExport((query) => exportLines(query as LineQuery), t.exported);

  const remove = useCallback(
    (lines: Line[]) =>
      confirm({
        content:
          lines.length === 1 ? t.confirmDelete(lines[0]?.routeName ?? '') : t.confirmDeleteMany(lines.length),
        run: () => deleteLines(lines.map((l) => l.id)),
        done: t.deleted,
      }),
    [confirm],
  );

  // lines of the teams above are read and picked here; only those of the user's subtree are changed
  const { user } = useShell();
  const teamCode = user.team.teamCode;
  const columns = useMemo<ListColumn<Line>[]>(
    () => [
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
      { key: 'customerName', dataIndex: 'customerName', title: t.customer, render: (v: string) => orDash(v) },
      { key: 'teamName', dataIndex: 'teamName', title: t.team, render: (v: string) => orDash(v) },
      {
        key: 'status',
        dataIndex: 'status',
        title: t.status,
        width: 80,
        render: (status: number) =>
          status === 1 ? <Tag color="success">{t.enabled}</Tag> : <Tag>{t.disabled}</Tag>,
      },
      { key: 'createTime', dataIndex: 'createTime', title: t.createTime, width: 170 },
      {
        key: 'actions',
        title: common.actions,
        locked: true,
        fixed: 'right',
        width: 160,
        render: (_, line) => (
          <Space size={12}>
            {isInSubtree(line.teamCode, teamCode) && (
              <>
                <Typography.Link onClick={() => navigate(`${paths.edit}?id=${line.id}`)}>
                  {common.edit}
                </Typography.Link>
                <Typography.Link type="danger" onClick={() => remove([line])}>
                  {common.delete}
                </Typography.Link>
              </>
            )}
            <Typography.Link onClick={() => setLogOf(line)}>{t.log}</Typography.Link>
          </Space>
        ),
      },
    ],
    [navigate, paths.edit, remove, teamCode],
  );

  return (
    <>
      <ListPage<Line>
        ref={list}
        listKey="lines"
        columnSettingsKey="lines"
        fetchList={(params, signal) => fetchLines(params as LineQuery, signal)}
        columns={columns}
        rowKey="id"
        searchFields={searchFields}
        toolbar={{
          onAdd: () => navigate(paths.add),
          onImport: () => setImporting(true),
          onExport: exportList,
          batchActions: [{ key: 'delete', label: t.deleteSelected, danger: true, onClick: remove }],
        }}
      />
      <ImportDialog
        mode="server"
        open={importing}
        title={t.importTitle}
        accept={['.xlsx']}
        uploadUrl={LINE_IMPORT_URL}
        templateName={t.importTemplate}
        onClose={() => setImporting(false)}
        onImported={() => void list.current?.reload()}
      />
      <OperationLogDialog
        open={logOf !== undefined}
        dataId={logOf?.id}
        pageEnum={OPERATE_LOG_PAGES.line}
        onClose={() => setLogOf(undefined)}
      />
    </>
  );
}
