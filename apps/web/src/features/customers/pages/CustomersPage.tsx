import { CUSTOMER_TYPES, isInSubtree, OPERATE_LOG_PAGES } from '@fleet/domain';
import { Space, Tag, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import {
  CUSTOMER_IMPORT_URL,
  CUSTOMER_TEMPLATE_URL,
  type Customer,
  type CustomerQuery,
  exportCustomers,
  fetchCustomers,
  setCustomerValid,
} from '../../../api/customers';
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
import { CustomerDialog } from '../CustomerDialog';

const t = texts.customers;
const common = texts.kit.common;

const searchFields: SearchField[] = [
  { name: 'customerName', label: t.customerName, placeholder: t.customerNamePlaceholder, width: 180 },
  { name: 'creditCode', label: t.creditCode, width: 200 },
  { name: 'contactName', label: t.contactName, width: 140 },
  {
    name: 'customerType',
    label: t.customerType,
    type: 'select',
    width: 130,
    options: CUSTOMER_TYPES.map((c) => ({ value: c.value, label: c.label })),
  },
  {
    name: 'valid',
    label: t.valid,
    type: 'select',
    width: 110,
    options: [
      { value: 1, label: t.enabled },
      { value: 0, label: t.disabled },
    ],
  },
  { name: 'teamCode', label: t.team, type: 'team', width: 200 },
];

/** 客户管理: /smart-coal/customer (car090106) and /tc/customer (tc010501), one page. */
export default function CustomersPage() {
  const { user } = useShell();
  const list = useRef<ListPageHandle>(null);
  const confirm = useRowConfirm(() => list.current?.reload());
  const exportList = useListExport((query) => exportCustomers(query as Partial<CustomerQuery>), t.exported);
  const [dialog, setDialog] = useState<{ status: DialogStatus; customer?: Customer } | undefined>();
  const [logOf, setLogOf] = useState<Customer | undefined>();
  const [importing, setImporting] = useState(false);

  const columns = useMemo<ListColumn<Customer>[]>(() => {
    const toggle = (c: Customer) => {
      const next = c.valid === 1 ? 0 : 1;
      confirm({
        content: next === 0 ? t.confirmDisable(c.customerName) : t.confirmEnable(c.customerName),
        run: () => setCustomerValid(c.id, next),
        done: t.statusChanged,
      });
    };
    return [
      { key: 'customerName', dataIndex: 'customerName', title: t.customerName, fixed: 'left', width: 200 },
      {
        key: 'creditCode',
        dataIndex: 'creditCode',
        title: t.creditCode,
        width: 190,
        render: (v: string) => orDash(v),
      },
      { key: 'customerTypeName', dataIndex: 'customerTypeName', title: t.customerType, width: 110 },
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
      {
        key: 'settlement',
        title: t.settlementType,
        width: 130,
        render: (_, c) =>
          c.settlementType === 3 ? `${c.settlementTypeName}（${c.settlementDays}天）` : c.settlementTypeName,
      },
      {
        key: 'address',
        dataIndex: 'address',
        title: t.address,
        ellipsis: true,
        render: (v: string) => orDash(v),
      },
      { key: 'teamName', dataIndex: 'teamName', title: t.team, render: (v: string) => orDash(v) },
      {
        key: 'valid',
        dataIndex: 'valid',
        title: t.valid,
        width: 80,
        render: (v: number) => (v === 1 ? <Tag color="success">{t.enabled}</Tag> : <Tag>{t.disabled}</Tag>),
      },
      { key: 'createTime', dataIndex: 'createTime', title: t.createTime, width: 170 },
      {
        key: 'actions',
        title: common.actions,
        locked: true,
        fixed: 'right',
        width: 170,
        render: (_, c) => (
          <Space size={12}>
            {/* customers of the teams above are read and picked here, changed only in their own subtree */}
            {isInSubtree(c.teamCode, user.team.teamCode) && (
              <>
                <Typography.Link onClick={() => setDialog({ status: 'edit', customer: c })}>
                  {common.edit}
                </Typography.Link>
                <Typography.Link type={c.valid === 1 ? 'danger' : undefined} onClick={() => toggle(c)}>
                  {c.valid === 1 ? t.disable : t.enable}
                </Typography.Link>
              </>
            )}
            <Typography.Link onClick={() => setLogOf(c)}>{t.log}</Typography.Link>
          </Space>
        ),
      },
    ];
  }, [confirm, user.team.teamCode]);

  return (
    <>
      <ListPage<Customer>
        ref={list}
        listKey="customers"
        columnSettingsKey="customers"
        fetchList={(params, signal) => fetchCustomers(params as CustomerQuery, signal)}
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
        <CustomerDialog
          status={dialog.status}
          customer={dialog.customer}
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
        uploadUrl={CUSTOMER_IMPORT_URL}
        templateUrl={CUSTOMER_TEMPLATE_URL}
        templateName="客户导入模板.xlsx"
        onClose={() => setImporting(false)}
        onImported={(result) => {
          if (!result?.errors?.length) void list.current?.reload();
        }}
      />
      <OperationLogDialog
        open={logOf !== undefined}
        dataId={logOf?.id}
        pageEnum={OPERATE_LOG_PAGES.customer}
        onClose={() => setLogOf(undefined)}
      />
    </>
  );
}
