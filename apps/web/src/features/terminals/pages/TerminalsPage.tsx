import { OPERATE_LOG_PAGES } from '@fleet/domain';
import { Space, Tag, Typography } from 'antd';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  deleteTerminal,
  exportTerminals,
  fetchTerminals,
  resetTerminalAuthCode,
  TERMINAL_IMPORT_URL,
  type Terminal,
  type TerminalQuery,
  unbindTerminal,
} from '../../../api/terminals';
import {
  type DialogStatus,
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
import { BindDialog } from '../BindDialog';
import { TerminalDialog } from '../TerminalDialog';

const t = texts.terminals;
const common = texts.kit.common;

const searchFields: SearchField[] = [
  { name: 'tid', label: t.tid, width: 160 },
  { name: 'terminalNo', label: t.terminalNo, width: 140 },
  { name: 'carNo', label: t.carNo, width: 140 },
  { name: 'teamCode', label: t.team, type: 'team', width: 200 },
  {
    name: 'protocolVersion',
    label: t.protocolVersion,
    type: 'select',
    width: 110,
    options: [
      { value: '2013', label: '2013' },
      { value: '2019', label: '2019' },
    ],
  },
  {
    name: 'bindState',
    label: t.bindState,
    type: 'select',
    width: 110,
    options: [
      { value: 1, label: t.bound },
      { value: 0, label: t.unbound },
    ],
  },
];

function terminalQuery(query: Record<string, unknown>): TerminalQuery {
  const { teamCode, ...rest } = query;
  return { ...rest, ...(teamCode ? { teamCodeList: [String(teamCode)] } : {}) } as TerminalQuery;
}

/** 设备管理 (/information/device): terminals, their trucks, online state; bind, unbind, T-BOX settings. */
export default function TerminalsPage() {
  const navigate = useNavigate();
  const list = useRef<ListPageHandle>(null);
  const [dialog, setDialog] = useState<{ status: DialogStatus; terminal?: Terminal } | undefined>();
  const [binding, setBinding] = useState<Terminal | undefined>();
  const [logOf, setLogOf] = useState<Terminal | undefined>();
  const [importing, setImporting] = useState(false);
  const reload = useCallback(() => void list.current?.reload(), []);
  const confirm = useRowConfirm(reload);
  const exportList = useListExport((query) => exportTerminals(terminalQuery(query)), t.exported);

  const columns = useMemo<ListColumn<Terminal>[]>(() => {
    return [
      { key: 'tid', dataIndex: 'tid', title: t.tid, fixed: 'left', width: 140 },
      { key: 'terminalNo', dataIndex: 'terminalNo', title: t.terminalNo, render: (v: string) => orDash(v) },
      { key: 'model', dataIndex: 'model', title: t.model, render: (v: string) => orDash(v) },
      {
        key: 'manufacturer',
        dataIndex: 'manufacturer',
        title: t.manufacturer,
        render: (v: string) => orDash(v),
      },
      { key: 'protocolVersion', dataIndex: 'protocolVersion', title: t.protocolVersion, width: 90 },
      { key: 'simNo', dataIndex: 'simNo', title: t.simNo, render: (v: string) => orDash(v) },
      { key: 'videoChannels', dataIndex: 'videoChannels', title: t.videoChannels, width: 100 },
      { key: 'teamName', dataIndex: 'teamName', title: t.team, render: (v: string) => orDash(v) },
      {
        key: 'carNo',
        title: t.carNo,
        width: 110,
        render: (_, row) => (row.carNo ? <Tag color="blue">{row.carNo}</Tag> : <Tag>{t.unbound}</Tag>),
      },
      {
        key: 'online',
        title: t.onlineState,
        width: 90,
        render: (_, row) => (row.online ? <Tag color="success">{t.online}</Tag> : <Tag>{t.offline}</Tag>),
      },
      {
        key: 'lastReportTime',
        dataIndex: 'lastReportTime',
        title: t.lastReportTime,
        width: 170,
        render: (v: string) => orDash(v),
      },
      {
        key: 'lastOnlineTime',
        dataIndex: 'lastOnlineTime',
        title: t.lastOnlineTime,
        width: 170,
        render: (v: string) => orDash(v),
      },
      { key: 'createTime', dataIndex: 'createTime', title: t.createTime, width: 170 },
      {
        key: 'actions',
        title: common.actions,
        locked: true,
        fixed: 'right',
        width: 370,
        render: (_, row) => (
          <Space size={12}>
            <Typography.Link onClick={() => setDialog({ status: 'edit', terminal: row })}>
              {common.edit}
            </Typography.Link>
            {row.truckId ? (
              <Typography.Link
                onClick={() =>
                  confirm({
                    content: t.confirmUnbind(row.tid, row.carNo),
                    run: () => unbindTerminal(row.id),
                    done: t.unboundOk,
                  })
                }
              >
                {t.unbind}
              </Typography.Link>
            ) : (
              <Typography.Link onClick={() => setBinding(row)}>{t.bind}</Typography.Link>
            )}
            <Typography.Link onClick={() => navigate(`/information/tboxsetting?terminalId=${row.id}`)}>
              {t.tbox}
            </Typography.Link>
            <Typography.Link
              onClick={() =>
                confirm({
                  content: t.confirmResetAuthCode(row.tid),
                  run: () => resetTerminalAuthCode(row.id),
                  done: t.authCodeReset,
                })
              }
            >
              {t.resetAuthCode}
            </Typography.Link>
            <Typography.Link
              type="danger"
              onClick={() =>
                confirm({
                  content: t.confirmDelete(row.tid),
                  run: () => deleteTerminal(row.id),
                  done: t.deleted,
                })
              }
            >
              {common.delete}
            </Typography.Link>
            <Typography.Link onClick={() => setLogOf(row)}>{t.log}</Typography.Link>
          </Space>
        ),
      },
    ];
  }, [confirm, navigate]);

  return (
    <>
      <ListPage<Terminal>
        ref={list}
        listKey="terminals"
        columnSettingsKey="terminals"
        fetchList={(params, signal) => fetchTerminals(terminalQuery(params), signal)}
        columns={columns}
        rowKey="id"
        searchFields={searchFields}
        toolbar={{
          onAdd: () => setDialog({ status: 'add' }),
          onImport: () => setImporting(true),
          onExport: exportList,
        }}
      />
      {dialog && (
        <TerminalDialog
          status={dialog.status}
          terminal={dialog.terminal}
          onClose={() => setDialog(undefined)}
          onSaved={reload}
        />
      )}
      {binding && <BindDialog terminal={binding} onClose={() => setBinding(undefined)} onBound={reload} />}
      <ImportDialog
        mode="server"
        open={importing}
        title={t.importTitle}
        accept={['.xlsx']}
        uploadUrl={TERMINAL_IMPORT_URL}
        templateUrl={`/api${TERMINAL_IMPORT_URL}/template`}
        templateName={t.importTemplate}
        onClose={() => setImporting(false)}
        onImported={reload}
      />
      <OperationLogDialog
        open={logOf !== undefined}
        dataId={logOf?.id}
        pageEnum={OPERATE_LOG_PAGES.terminal}
        onClose={() => setLogOf(undefined)}
      />
    </>
  );
}
