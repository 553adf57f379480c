import { TERMINAL_RECORD } from '@fleet/domain';
import { Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { resetTerminalAuthCode, unbindTerminal } from '../../api/terminals';
import { defineRecord, type SearchField, teamListQuery } from '../../kit';
import { orDash } from '../../kit/format';
import { texts } from '../../locales';
import { BindLink } from './BindDialog';
import { TerminalFormItems } from './TerminalFormItems';

const t = texts.terminals;

/** 终端 as listed by /terminal/list: a JT/T 808 terminal, its truck and its online state. */
export interface Terminal {
  id: number;
  tid: string;
  terminalNo: string;
  model: string;
  manufacturer: string;
  protocolVersion: '2013' | '2019';
  simNo: string;
  videoChannels: number;
  teamCode: string;
  teamName: string;
  truckId: number | null;
  carNo: string;
  vin: string;
  online: boolean;
  lastReportTime: string;
  lastOnlineTime: string;
  registerTime: string;
  remark: string;
  createTime: string;
}

/** What add and edit send. */
export interface TerminalFields {
  tid: string;
  terminalNo?: string;
  model?: string;
  manufacturer?: string;
  protocolVersion: '2013' | '2019';
  simNo?: string;
  videoChannels?: number | null;
  teamCode: string;
  remark?: string;
}

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

/** T-BOX设置: the terminal's parameters on their own page. */
function TboxLink({ terminal }: { terminal: Terminal }) {
  const navigate = useNavigate();
  return (
    <Typography.Link onClick={() => navigate(`/information/tboxsetting?terminalId=${terminal.id}`)}>
      {t.tbox}
    </Typography.Link>
  );
}

/**
 * 设备管理 (/information/device): terminals, their trucks, online state; bind, unbind, T-BOX settings.
 * The list, export and import are the recipe's; add, edit and delete (one terminal by `{ id }`) are
 * the terminal's own routes of the common shape.
 */
export const terminalRecord = defineRecord<Terminal, TerminalFields>({
  meta: TERMINAL_RECORD,
  ownPaths: { add: '/terminal/add', edit: '/terminal/update', delete: '/terminal/delete' },
  texts: t,
  listKey: 'terminals',
  toQuery: teamListQuery,
  deleteById: true,
  reloadAfterImportErrors: true,
  formWidth: 640,
  searchFields,
  columns: [
    { key: 'tid', dataIndex: 'tid', title: t.tid, fixed: 'left', width: 140 },
    { key: 'terminalNo', dataIndex: 'terminalNo', title: t.terminalNo, render: orDash },
    { key: 'model', dataIndex: 'model', title: t.model, render: orDash },
    { key: 'manufacturer', dataIndex: 'manufacturer', title: t.manufacturer, render: orDash },
    { key: 'protocolVersion', dataIndex: 'protocolVersion', title: t.protocolVersion, width: 90 },
    { key: 'simNo', dataIndex: 'simNo', title: t.simNo, render: orDash },
    { key: 'videoChannels', dataIndex: 'videoChannels', title: t.videoChannels, width: 100 },
    { key: 'teamName', dataIndex: 'teamName', title: t.team, render: orDash },
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
      render: orDash,
    },
    {
      key: 'lastOnlineTime',
      dataIndex: 'lastOnlineTime',
      title: t.lastOnlineTime,
      width: 170,
      render: orDash,
    },
    { key: 'createTime', dataIndex: 'createTime', title: t.createTime, width: 170 },
  ],
  actionsWidth: 370,
  nameOf: (row) => row.tid,
  FormItems: TerminalFormItems,
  addValues: () => ({ protocolVersion: '2013', videoChannels: 0 }),
  editValues: (row) => ({
    tid: row.tid,
    terminalNo: row.terminalNo,
    model: row.model,
    manufacturer: row.manufacturer,
    protocolVersion: row.protocolVersion,
    simNo: row.simNo,
    videoChannels: row.videoChannels,
    teamCode: row.teamCode,
    remark: row.remark,
  }),
  rowActionsAt: 'beforeDelete',
  rowActions: (row, actions) => (
    <>
      {row.truckId ? (
        <Typography.Link
          onClick={() =>
            actions.confirm({
              content: t.confirmUnbind(row.tid, row.carNo),
              run: () => unbindTerminal(row.id),
              done: t.unboundOk,
            })
          }
        >
          {t.unbind}
        </Typography.Link>
      ) : (
        <BindLink terminal={row} onBound={() => void actions.list.current?.reload()} />
      )}
      <TboxLink terminal={row} />
      <Typography.Link
        onClick={() =>
          actions.confirm({
            content: t.confirmResetAuthCode(row.tid),
            run: () => resetTerminalAuthCode(row.id),
            done: t.authCodeReset,
          })
        }
      >
        {t.resetAuthCode}
      </Typography.Link>
    </>
  ),
});
