import { DRIVER_STATUSES, OPERATE_LOG_PAGES } from '@fleet/domain';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Space, Tag, Typography } from 'antd';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  DRIVER_IMPORT_URL,
  DRIVER_TEMPLATE_URL,
  type Driver,
  type DriverQuery,
  deleteDrivers,
  exportDrivers,
  fetchDrivers,
  fetchUntouchedPhotos,
} from '../../../api/drivers';
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
import { LICENSE_OPTIONS } from '../DriverForm';
import { LicenseExpiry, sourceName, statusName } from '../driverCells';
import { PhotoCheckDialog } from '../PhotoCheckDialog';

const t = texts.drivers;
const common = texts.kit.common;

const searchFields: SearchField[] = [
  { name: 'driverName', label: t.driverName, placeholder: t.driverNamePlaceholder, width: 160 },
  { name: 'driverPhone', label: t.driverPhone, placeholder: t.driverPhonePlaceholder, width: 160 },
  { name: 'teamCode', label: t.team, type: 'team', width: 200 },
  { name: 'licenseClass', label: t.licenseClass, type: 'select', width: 160, options: LICENSE_OPTIONS },
  {
    name: 'expiryState',
    label: t.expiryState,
    type: 'select',
    width: 140,
    options: [
      { value: 1, label: t.expired },
      { value: 2, label: t.expiring },
    ],
  },
  {
    name: 'licenseExpiry',
    label: t.licenseExpiryRange,
    type: 'dateRange',
    rangeKeys: ['licenseExpiryStart', 'licenseExpiryEnd'],
  },
  {
    name: 'status',
    label: t.status,
    type: 'select',
    width: 110,
    options: DRIVER_STATUSES.map((s) => ({ value: s.value, label: s.label })),
  },
];

/** 司机管理 (/driver-manage/index): drivers of the caller's teams. */
export default function DriversPage() {
  const navigate = useNavigate();
  const list = useRef<ListPageHandle>(null);
  const [logOf, setLogOf] = useState<Driver | undefined>();
  const [importing, setImporting] = useState(false);
  const [checking, setChecking] = useState(false);
  const untouched = useQuery({
    queryKey: ['drivers', 'untouchedCount'],
    queryFn: () => fetchUntouchedPhotos({ pageNum: 1, pageSize: 1 }),
    staleTime: 0,
  });
  const reload = useCallback(() => {
    void list.current?.reload();
    void untouched.refetch();
  }, [untouched]);
  const confirm = useRowConfirm(reload);
  const exportList = useListExport((query) => exportDrivers(query as Partial<DriverQuery>), t.exported);

  const remove = useCallback(
    (drivers: Driver[]) =>
      confirm({
        content:
          drivers.length === 1
            ? t.confirmDelete(drivers[0]?.driverName ?? '')
            : t.confirmDeleteMany(drivers.length),
        run: () => deleteDrivers(drivers.map((d) => d.id)),
        done: t.deleted,
      }),
    [confirm],
  );

  const columns = useMemo<ListColumn<Driver>[]>(
    () => [
      { key: 'driverName', dataIndex: 'driverName', title: t.driverName, fixed: 'left', width: 110 },
      { key: 'driverPhone', dataIndex: 'driverPhone', title: t.driverPhone, width: 130 },
      { key: 'idCard', dataIndex: 'idCard', title: t.idCard, width: 190, render: (v: string) => orDash(v) },
      {
        key: 'licenseClassName',
        dataIndex: 'licenseClassName',
        title: t.licenseClass,
        render: (v: string) => orDash(v),
      },
      {
        key: 'licenseExpiry',
        title: t.licenseExpiry,
        width: 190,
        render: (_, d) => <LicenseExpiry driver={d} />,
      },
      {
        key: 'qualificationNo',
        dataIndex: 'qualificationNo',
        title: t.qualificationNo,
        render: (v: string) => orDash(v),
      },
      { key: 'teamName', dataIndex: 'teamName', title: t.team, render: (v: string) => orDash(v) },
      { key: 'carNo', dataIndex: 'carNo', title: t.carNo, render: (v: string) => orDash(v) },
      {
        key: 'status',
        dataIndex: 'status',
        title: t.status,
        width: 80,
        render: (s: number) => <Tag color={s === 1 ? 'success' : 'default'}>{statusName(s)}</Tag>,
      },
      {
        key: 'source',
        dataIndex: 'source',
        title: t.source,
        width: 100,
        render: (s: number) => sourceName(s),
      },
      { key: 'createTime', dataIndex: 'createTime', title: t.createTime, width: 170 },
      {
        key: 'actions',
        title: common.actions,
        locked: true,
        fixed: 'right',
        width: 220,
        render: (_, d) => (
          <Space size={12}>
            <Typography.Link onClick={() => navigate(`/driver-manage/detail?id=${d.id}`)}>
              {t.detail}
            </Typography.Link>
            <Typography.Link onClick={() => navigate(`/driver-manage/edit?id=${d.id}`)}>
              {common.edit}
            </Typography.Link>
            <Typography.Link type="danger" onClick={() => remove([d])}>
              {common.delete}
            </Typography.Link>
            <Typography.Link onClick={() => setLogOf(d)}>{t.log}</Typography.Link>
          </Space>
        ),
      },
    ],
    [navigate, remove],
  );

  const untouchedCount = untouched.data?.total ?? 0;

  return (
    <>
      <ListPage<Driver>
        ref={list}
        listKey="drivers"
        columnSettingsKey="drivers"
        fetchList={(params, signal) => fetchDrivers(params as DriverQuery, signal)}
        columns={columns}
        rowKey="id"
        searchFields={searchFields}
        toolbar={{
          onAdd: () => navigate('/driver-manage/add'),
          onImport: () => setImporting(true),
          onExport: exportList,
          batchActions: [{ key: 'delete', label: t.batchDelete, danger: true, onClick: remove }],
          extra: (
            <Badge count={untouchedCount} size="small">
              <Button onClick={() => setChecking(true)}>{t.photoCheck}</Button>
            </Badge>
          ),
        }}
      />
      <ImportDialog
        mode="server"
        open={importing}
        title={t.importTitle}
        accept={['.xlsx']}
        uploadUrl={DRIVER_IMPORT_URL}
        templateUrl={DRIVER_TEMPLATE_URL}
        templateName="司机导入模板.xlsx"
        onClose={() => setImporting(false)}
        onImported={(result) => {
          if (!result?.errors?.length) reload();
        }}
      />
      <PhotoCheckDialog open={checking} onClose={() => setChecking(false)} onChecked={reload} />
      <OperationLogDialog
        open={logOf !== undefined}
        dataId={logOf?.id}
        pageEnum={OPERATE_LOG_PAGES.driver}
        onClose={() => setLogOf(undefined)}
      />
    </>
  );
}
