import { FUEL_TYPES, TRUCK_RECORD } from '@fleet/domain';
import { Button, Tag, Tooltip, Typography } from 'antd';
import { useNavigate } from 'react-router';
import type { Truck, TruckFields } from '../../api/trucks';
import { defineRecord, type SearchField, teamListQuery } from '../../kit';
import { orDash } from '../../kit/format';
import { texts } from '../../locales';
import { CertificateTags } from './CertificateTags';

const t = texts.trucks;

/** The list page of 车辆管理; the add, edit and detail pages go back to it. */
export const TRUCK_LIST_PATH = '/truck-manage/index';

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

/** A link to the truck's detail page (车辆详情). */
export function TruckDetailLink({ truck, children }: { truck: Truck; children: string }) {
  const navigate = useNavigate();
  return (
    <Typography.Link onClick={() => navigate(`/truck-manage/detail/${truck.id}`)}>{children}</Typography.Link>
  );
}

/** 车辆信息视图: the read-only list of 车辆信息. */
function InfoViewButton() {
  const navigate = useNavigate();
  return <Button onClick={() => navigate('/information/carHang')}>{t.infoView}</Button>;
}

/**
 * 车辆: trucks of the user's teams, added and edited on pages of their own. The list and its export
 * are the recipe's; saving (one call for add and edit), delete and import are the truck's own routes
 * of the common shape.
 */
export const truckRecord = defineRecord<Truck, TruckFields>({
  meta: TRUCK_RECORD,
  ownPaths: {
    add: '/truck/update',
    edit: '/truck/update',
    delete: '/truck/delete',
    import: '/truck/import',
  },
  texts: { ...t, batchDelete: t.deleteSelected },
  listKey: 'trucks',
  toQuery: teamListQuery,
  reloadAfterImportErrors: true,
  formPage: {
    add: () => '/truck-manage/add',
    edit: (truck) => `/truck-manage/info/${truck.id}`,
  },
  searchFields,
  columns: [
    {
      key: 'carNo',
      title: t.carNo,
      fixed: 'left',
      width: 120,
      render: (_, truck) => <TruckDetailLink truck={truck}>{truck.carNo}</TruckDetailLink>,
    },
    { key: 'plateColorName', dataIndex: 'plateColorName', title: t.plateColor, width: 90 },
    { key: 'vin', dataIndex: 'vin', title: t.vin, width: 190 },
    { key: 'teamName', dataIndex: 'teamName', title: t.team, width: 120, render: orDash },
    { key: 'carType', dataIndex: 'carType', title: t.carType, width: 140, render: orDash },
    { key: 'fuelTypeName', dataIndex: 'fuelTypeName', title: t.fuelType, width: 90 },
    {
      key: 'carInfoTypeName',
      dataIndex: 'carInfoTypeName',
      title: t.carInfoType,
      width: 90,
      render: (name: string, truck) => (truck.carInfoType === 3 ? <Tag color="orange">{name}</Tag> : name),
    },
    { key: 'tid', dataIndex: 'tid', title: texts.terminals.tid, width: 130, render: orDash },
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
      render: orDash,
    },
    {
      key: 'certificates',
      title: t.certificates,
      width: 180,
      render: (_, truck) => <CertificateTags truck={truck} compact />,
    },
    { key: 'createTime', dataIndex: 'createTime', title: t.createTime, width: 170 },
  ],
  actionsWidth: 200,
  nameOf: (truck) => truck.carNo,
  rowActionsAt: 'first',
  rowActions: (truck) => <TruckDetailLink truck={truck}>{t.detail}</TruckDetailLink>,
  toolbarExtra: () => <InfoViewButton />,
});
