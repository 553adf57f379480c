import { DRIVER_RECORD, DRIVER_STATUSES } from '@fleet/domain';
import { Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { defineRecord, type SearchField, type StoredRecordRow } from '../../kit';
import { orDash } from '../../kit/format';
import { texts } from '../../locales';
import { LICENSE_OPTIONS } from './DriverForm';
import { LicenseExpiry, sourceName, statusName } from './driverCells';
import { PhotoCheckButton } from './PhotoCheckDialog';

const t = texts.drivers;

/** 司机 as listed by /driver/list and answered by /driver/info. */
export interface Driver extends StoredRecordRow {
  driverName: string;
  driverPhone: string;
  idCard: string;
  licenseClass: string;
  licenseClassName: string;
  licenseExpiry: string;
  /** 0 valid or unknown, 1 expired, 2 expiring within 30 days. */
  licenseState: 0 | 1 | 2;
  qualificationNo: string;
  qualificationExpiry: string;
  /** Picture URLs joined with ';'. */
  photos: string;
  photosChecked: boolean;
  /** Plates of the bound trucks, comma separated. */
  carNo: string;
  /** 1 on duty, 0 left. */
  status: 0 | 1;
  /** 1 entered by staff, 2 imported, 3 self-registration. */
  source: 1 | 2 | 3;
}

/** What add and edit send. */
export interface DriverFields {
  driverName: string;
  driverPhone: string;
  idCard?: string;
  licenseClass?: string;
  licenseExpiry?: string;
  qualificationNo?: string;
  qualificationExpiry?: string;
  photos?: string;
  teamCode: string;
  status: 0 | 1;
  remark?: string;
}

/** The list page of 司机管理; the add and edit pages go back to it. */
export const DRIVER_LIST_PATH = '/driver-manage/index';

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

/** 详情: the driver's page with photos, salary settings and log. */
function DetailLink({ driver }: { driver: Driver }) {
  const navigate = useNavigate();
  return (
    <Typography.Link onClick={() => navigate(`/driver-manage/detail?id=${driver.id}`)}>
      {t.detail}
    </Typography.Link>
  );
}

/** 司机管理 (/driver-manage/index): drivers of the caller's teams, added and edited on pages of their own. */
export const driverRecord = defineRecord<Driver, DriverFields>({
  meta: DRIVER_RECORD,
  texts: t,
  listKey: 'drivers',
  formPage: {
    add: () => '/driver-manage/add',
    edit: (d) => `/driver-manage/edit?id=${d.id}`,
  },
  searchFields,
  columns: [
    { key: 'driverName', dataIndex: 'driverName', title: t.driverName, fixed: 'left', width: 110 },
    { key: 'driverPhone', dataIndex: 'driverPhone', title: t.driverPhone, width: 130 },
    { key: 'idCard', dataIndex: 'idCard', title: t.idCard, width: 190, render: orDash },
    { key: 'licenseClassName', dataIndex: 'licenseClassName', title: t.licenseClass, render: orDash },
    {
      key: 'licenseExpiry',
      title: t.licenseExpiry,
      width: 190,
      render: (_, d) => <LicenseExpiry driver={d} />,
    },
    { key: 'qualificationNo', dataIndex: 'qualificationNo', title: t.qualificationNo, render: orDash },
    { key: 'teamName', dataIndex: 'teamName', title: t.team, render: orDash },
    { key: 'carNo', dataIndex: 'carNo', title: t.carNo, render: orDash },
    {
      key: 'status',
      dataIndex: 'status',
      title: t.status,
      width: 80,
      render: (s: number) => <Tag color={s === 1 ? 'success' : 'default'}>{statusName(s)}</Tag>,
    },
    { key: 'source', dataIndex: 'source', title: t.source, width: 100, render: (s: number) => sourceName(s) },
    { key: 'createTime', dataIndex: 'createTime', title: t.createTime, width: 170 },
  ],
  actionsWidth: 220,
  nameOf: (d) => d.driverName,
  rowActionsAt: 'first',
  rowActions: (d) => <DetailLink driver={d} />,
  toolbarExtra: (actions) => <PhotoCheckButton onChecked={() => void actions.list.current?.reload()} />,
});
