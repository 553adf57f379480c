import { ADDRESS_SOURCES, ADDRESS_TYPES, isInSubtree, OPERATE_LOG_PAGES } from '@fleet/domain';
import { Space, Typography } from 'antd';
import { useCallback, useMemo, useRef, useState } from 'react';
import {
  ADDRESS_IMPORT_URL,
  ADDRESS_TEMPLATE_URL,
  type AddressQuery,
  type CommonAddress,
  deleteAddresses,
  exportAddresses,
  fetchAddresses,
} from '../../../api/addresses';
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
import { useShell } from '../../../shell/ShellContext';
import { AddressDialog } from '../AddressDialog';

const t = texts.addresses;
const common = texts.kit.common;

const searchFields: SearchField[] = [
  { name: 'keyword', label: t.keyword, placeholder: t.keywordPlaceholder, width: 200 },
  {
    name: 'addressType',
    label: t.addressType,
    type: 'select',
    width: 120,
    options: ADDRESS_TYPES.map((a) => ({ value: a.value, label: a.label })),
  },
  {
    name: 'source',
    label: t.source,
    type: 'select',
    width: 120,
    options: ADDRESS_SOURCES.map((a) => ({ value: a.value, label: a.label })),
  },
  { name: 'teamCode', label: t.team, type: 'team', width: 200 },
];

/** 常用地址: /information/common-address (car090404) and /tc/common-address (tc010506), one page. */
export default function AddressesPage() {
  const { user } = useShell();
  const list = useRef<ListPageHandle>(null);
  const confirm = useRowConfirm(() => list.current?.reload());
  const exportList = useListExport((query) => exportAddresses(query as Partial<AddressQuery>), t.exported);
  const [dialog, setDialog] = useState<{ status: DialogStatus; address?: CommonAddress } | undefined>();
  const [logOf, setLogOf] = useState<CommonAddress | undefined>();
  const [importing, setImporting] = useState(false);

  const remove = useCallback(
    (rows: CommonAddress[]) =>
      confirm({
        content: rows.length === 1 ? t.confirmDelete(rows[0]?.name ?? '') : t.confirmDeleteMany(rows.length),
        run: () => deleteAddresses(rows.map((r) => r.id)),
        done: t.deleted,
      }),
    [confirm],
  );

  const columns = useMemo<ListColumn<CommonAddress>[]>(
    () => [
      { key: 'name', dataIndex: 'name', title: t.name, fixed: 'left', width: 180 },
      { key: 'address', dataIndex: 'address', title: t.address, ellipsis: true },
      {
        key: 'coordinates',
        title: t.coordinates,
        width: 200,
        render: (_, a) => `${a.lng.toFixed(6)}, ${a.lat.toFixed(6)}`,
      },
      { key: 'addressTypeName', dataIndex: 'addressTypeName', title: t.addressType, width: 100 },
      {
        key: 'contactName',
        dataIndex: 'contactName',
        title: t.contactName,
        render: (v: string) => orDash(v),
      },
      {
        key: 'contactPhone',
        dataIndex: 'contactPhone',
        title: t.contactPhone,
        render: (v: string) => orDash(v),
      },
      { key: 'teamName', dataIndex: 'teamName', title: t.team, render: (v: string) => orDash(v) },
      { key: 'sourceName', dataIndex: 'sourceName', title: t.source, width: 100 },
      { key: 'createTime', dataIndex: 'createTime', title: t.createTime, width: 170 },
      {
        key: 'actions',
        title: common.actions,
        locked: true,
        fixed: 'right',
        width: 170,
        render: (_, a) => (
          <Space size={12}>
            {/* addresses of the teams above are read and picked here, changed only in their own subtree */}
            {isInSubtree(a.teamCode, user.team.teamCode) && (
              <>
                <Typography.Link onClick={() => setDialog({ status: 'edit', address: a })}>
                  {common.edit}
                </Typography.Link>
                <Typography.Link type="danger" onClick={() => remove([a])}>
                  {common.delete}
                </Typography.Link>
              </>
            )}
            <Typography.Link onClick={() => setLogOf(a)}>{t.log}</Typography.Link>
          </Space>
        ),
      },
    ],
    [remove, user.team.teamCode],
  );

  return (
    <>
      <ListPage<CommonAddress>
        ref={list}
        listKey="addresses"
        columnSettingsKey="addresses"
        fetchList={(params, signal) => fetchAddresses(params as AddressQuery, signal)}
        columns={columns}
        rowKey="id"
        searchFields={searchFields}
        toolbar={{
          onAdd: () => setDialog({ status: 'add' }),
          onImport: () => setImporting(true),
          onExport: exportList,
          batchActions: [{ key: 'delete', label: t.batchDelete, danger: true, onClick: remove }],
        }}
      />
      {dialog && (
        <AddressDialog
          status={dialog.status}
          address={dialog.address}
          defaultTeamCode={user.team.teamCode}
          onClose={() => setDialog(undefined)}
          onSaved={() => void list.current?.reload()}
        />
      )}
      <ImportDialog
        mode="server"
        open={importing}
        title={t.importTitle}
        accept={['.xlsx']}
        uploadUrl={ADDRESS_IMPORT_URL}
        templateUrl={ADDRESS_TEMPLATE_URL}
        templateName="常用地址导入模板.xlsx"
        onClose={() => setImporting(false)}
        onImported={(result) => {
          if (!result?.errors?.length) void list.current?.reload();
        }}
      />
      <OperationLogDialog
        open={logOf !== undefined}
        dataId={logOf?.id}
        pageEnum={OPERATE_LOG_PAGES.address}
        onClose={() => setLogOf(undefined)}
      />
    </>
  );
}
