import { type LngLat, STATION_KINDS, STATION_RECORD } from '@fleet/domain';
import { Tag } from 'antd';
import type { FenceType } from '../../api/stations';
import { defineRecord, type SearchField, type StoredRecordRow } from '../../kit';
import { orDash } from '../../kit/format';
import { texts } from '../../locales';

const t = texts.stations;

/** 站点 as listed by /station/list and answered by /station/info (WGS-84 degrees, metres). */
export interface Station extends StoredRecordRow {
  name: string;
  type: number;
  typeName: string;
  address: string;
  province: string;
  city: string;
  district: string;
  longitude: number;
  latitude: number;
  fenceType: FenceType;
  fenceTypeName: string;
  radius: number | null;
  points: LngLat[];
}

/** What add and edit send. */
export interface StationFields {
  name: string;
  type: number;
  teamCode?: string;
  address?: string;
  province?: string;
  city?: string;
  district?: string;
  longitude?: number;
  latitude?: number;
  fenceType: FenceType;
  radius?: number;
  points?: LngLat[];
  remark?: string;
}

/** The list page of 站点围栏管理. */
export const STATION_LIST_PATH = '/information/station';

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

/**
 * 站点围栏管理 (/information/station): stations with their fences; added and edited on the map
 * (StationFencePage). Stations of the teams above are read and picked, only the own subtree's changed.
 */
export const stationRecord = defineRecord<Station, StationFields>({
  meta: STATION_RECORD,
  texts: t,
  listKey: 'stations',
  searchFields,
  columns: [
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
    { key: 'teamName', dataIndex: 'teamName', title: t.team, render: orDash },
    { key: 'address', dataIndex: 'address', title: t.address, ellipsis: true, render: orDash },
    {
      key: 'coordinates',
      title: t.coordinates,
      width: 190,
      render: (_, s) => `${s.longitude.toFixed(6)}, ${s.latitude.toFixed(6)}`,
    },
    { key: 'remark', dataIndex: 'remark', title: t.remark, ellipsis: true, render: orDash },
    { key: 'createTime', dataIndex: 'createTime', title: t.createTime, width: 170 },
  ],
  actionsWidth: 160,
  nameOf: (s) => s.name,
  formPage: {
    add: () => `${STATION_LIST_PATH}/info/circle`,
    edit: (s) => `${STATION_LIST_PATH}/info/${s.id}/map`,
  },
  reloadAfterImportErrors: true,
});
