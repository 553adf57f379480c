import { FUEL_TYPES, OPERATE_LOG_PAGES } from '@fleet/domain';
import { Button, Space, Tag, Tooltip, Typography } from 'antd';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  deleteTrucks,
  exportTrucks,
  fetchTrucks,
  TRUCK_IMPORT_URL,
  type Truck,
  type TruckQuery,
} from '../../api/trucks';
import {
  ImportDialog,
  type ListColumn,
  ListPage,
  type ListPageHandle,
  OperationLogDialog,
  type SearchField,
  useListExport,
  useRowConfirm,
} from '../../kit';
import { orDash } from '../../kit/format';
import { texts } from '../../locales';
import { CertificateTags } from './CertificateTags';

const t = texts.trucks;
const common = texts.kit.common;

const searchFields: SearchField[] = [
  { name: 'carNo', label: t.carNo, width: 150 },
  { name: 'vin', label: t.vin, width: 180 },
  { name: 'teamCode', label: t.team, type: 'team', width: 200 },
  {
    name: 'fuelType',
    label: t.fuelType,
    type: 'select',
    width: 120,
    options: FUEL_TYPES.map((f) => ({ value: f.type, label: f.desc })),
  },
  {
    name: 'carInfoType',
    label: t.carInfoType,
    type: 'select',
    width: 110,
    options: [
      { value: 1, label: t.own },
      { value: 3, label: t.hired },
    ],
  },
  {
    name: 'bindTerminal',
    label: t.bindTerminal,
    type: 'select',
    width: 110,
    options: [
      { value: 1, label: t.bound },
      { value: 0, label: t.unbound },
    ],
  },
  {
    name: 'onlineState',
    label: t.onlineState,
    type: 'select',
    width: 100,
    options: [
      { value: 1, label: t.online },
      { value: 0, label: t.offline },
    ],
  },
  {
    name: 'expiring',
    label: t.expiring,
    type: 'select',
    width: 180,
    options: [{ value: 1, label: t.expiringOption }],
  },
];

/** The search form's query as the list call takes it (one team → its subtree). */
function truckQuery(query: Record<string, unknown>): TruckQuery {
  const { teamCode, ...rest } = query;
  return { ...rest, ...(teamCode ? { teamCodeList: [String(teamCode)] } : {}) } as TruckQuery;
}

/**
 * The trucks of the user's teams with search, paging and column settings. `readOnly` (车辆信息)
 * offers only the detail; otherwise add, import, export, edit, delete and the operation log.
 */
export function TrucksList({ readOnly = false }: { readOnly?: boolean }) {
  const navigate = useNavigate();
  const list = useRef<ListPageHandle>(null);
  const confirm = useRowConfirm(() => list.current?.reload());
  const exportList = useListExport((query) => exportTrucks(truckQuery(query)), t.exported);
  const [logOf, setLogOf] = useState<Truck | undefined>();
  const [importing, setImporting] = useState(false);

  const remove = useCallback(
    (trucks: Truck[]) =>
      confirm({
        content:
          trucks.length === 1 ? t.confirmDelete(trucks[0]?.carNo ?? '') : t.confirmDeleteMany(trucks.length),
        run: () => deleteTrucks(trucks.map((truck) => truck.id)),
        done: t.deleted,
      }),
    [confirm],
  );

  const columns = useMemo<ListColumn<Truck>[]>(
    () => [
      {
        key: 'carNo',
        title: t.carNo,
        fixed: 'left',
        width: 120,
        render: (_, truck) => (
          <Typography.Link onClick={() => navigate(`/truck-manage/detail/${truck.id}`)}>
            {truck.carNo}
          </Typography.Link>
        ),
      },
      { key: 'plateColorName', dataIndex: 'plateColorName', title: t.plateColor, width: 90 },
      { key: 'vin', dataIndex: 'vin', title: t.vin, width: 190 },
      { key: 'teamName', dataIndex: 'teamName', title: t.team, width: 120, render: (v: string) => orDash(v) },
      {
        key: 'carType',
        dataIndex: 'carType',
        title: t.carType,
        width: 140,
        render: (v: string) => orDash(v),
      },
      { key: 'fuelTypeName', dataIndex: 'fuelTypeName', title: t.fuelType, width: 90 },
      {
        key: 'carInfoTypeName',
        dataIndex: 'carInfoTypeName',
        title: t.carInfoType,
        width: 90,
        render: (name: string, truck) => (truck.carInfoType === 3 ? <Tag color="orange">{name}</Tag> : name),
      },
      {
        key: 'tid',
        dataIndex: 'tid',
        title: texts.terminals.tid,
        width: 130,
        render: (v: string) => orDash(v),
      },
      {
        key: 'driverName',
        title: t.driver,
        render: (_, truck) =>
          truck.driverName ? (
            <Tooltip title={truck.driverPhone}>
              <span>{truck.driverName}</span>
            </Tooltip>
          ) : (
            orDash('')
          ),
      },
      {
        key: 'online',
        title: t.onlineState,
        width: 90,
        render: (_, truck) =>
          truck.online ? <Tag color="success">{t.online}</Tag> : <Tag color="default">{t.offline}</Tag>,
      },
      {
        key: 'lastReportTime',
        dataIndex: 'lastReportTime',
        title: t.lastReportTime,
        width: 170,
        render: (v: string) => orDash(v),
      },
      {
        key: 'certificates',
        title: t.certificates,
        width: 180,
        render: (_, truck) => <CertificateTags truck={truck} compact />,
      },
      { key: 'createTime', dataIndex: 'createTime', title: t.createTime, width: 170 },
      {
        key: 'actions',
        title: common.actions,
        locked: true,
        fixed: 'right',
        width: readOnly ? 80 : 200,
        render: (_, truck) => (
          <Space size={12}>
            <Typography.Link onClick={() => navigate(`/truck-manage/detail/${truck.id}`)}>
              {t.detail}
            </Typography.Link>
            {!readOnly && (
              <>
                <Typography.Link onClick={() => navigate(`/truck-manage/info/${truck.id}`)}>
                  {common.edit}
                </Typography.Link>
                <Typography.Link type="danger" onClick={() => remove([truck])}>
                  {common.delete}
                </Typography.Link>
                <Typography.Link onClick={() => setLogOf(truck)}>{t.log}</Typography.Link>
              </>
            )}
          </Space>
        ),
      },
    ],
    [navigate, remove, readOnly],
  );

  return (
    <>
      <ListPage<Truck>
        ref={list}
        listKey={readOnly ? 'trucks/info' : 'trucks'}
        columnSettingsKey={readOnly ? 'trucks/info' : 'trucks'}
        title={readOnly ? t.infoTitle : undefined}
        fetchList={(params, signal) => fetchTrucks(truckQuery(params), signal)}
        columns={columns}
        rowKey="id"
        searchFields={searchFields}
        toolbar={
          readOnly
            ? { onExport: exportList }
            : {
                onAdd: () => navigate('/truck-manage/add'),
                onImport: () => setImporting(true),
                onExport: exportList,
                batchActions: [{ key: 'delete', label: t.deleteSelected, danger: true, onClick: remove }],
                extra: <Button onClick={() => navigate('/information/carHang')}>{t.infoView}</Button>,
              }
        }
      />
      {!readOnly && (
        <>
          <ImportDialog
            mode="server"
            open={importing}
            title={t.importTitle}
            accept={['.xlsx']}
            uploadUrl={TRUCK_IMPORT_URL}
            templateUrl={`/api${TRUCK_IMPORT_URL}/template`}
            templateName={t.importTemplate}
            onClose={() => setImporting(false)}
            onImported={() => void list.current?.reload()}
          />
          <OperationLogDialog
            open={logOf !== undefined}
            dataId={logOf?.id}
            pageEnum={OPERATE_LOG_PAGES.truck}
            onClose={() => setLogOf(undefined)}
          />
        </>
      )}
    </>
  );
}
