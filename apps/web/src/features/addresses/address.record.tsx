import { ADDRESS_RECORD, ADDRESS_SOURCES, ADDRESS_TYPES } from '@fleet/domain';
import { defineRecord, type SearchField, type StoredRecordRow } from '../../kit';
import { orDash } from '../../kit/format';
import { texts } from '../../locales';
import { AddressFormItems } from './AddressFormItems';

const t = texts.addresses;

/** 常用地址 as listed by /common/address/list: a place saved with a WGS-84 point picked on the map. */
export interface CommonAddress extends StoredRecordRow {
  name: string;
  address: string;
  /** WGS-84 degrees. */
  lng: number;
  lat: number;
  /** 1 loading, 2 unloading, 3 parking, 4 refuelling, 5 repair, 6 other. */
  addressType: number;
  addressTypeName: string;
  contactName: string;
  contactPhone: string;
  /** 1 entered in the list, 2 imported, 3 marked from a safety page. */
  source: number;
  sourceName: string;
}

/** What add and edit send. */
export interface AddressFields {
  name: string;
  address: string;
  lng: number;
  lat: number;
  addressType: number;
  contactName?: string;
  contactPhone?: string;
  teamCode: string;
  remark?: string;
}

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
export const addressRecord = defineRecord<CommonAddress, AddressFields>({
  meta: ADDRESS_RECORD,
  texts: t,
  listKey: 'addresses',
  searchFields,
  columns: [
    { key: 'name', dataIndex: 'name', title: t.name, fixed: 'left', width: 180 },
    { key: 'address', dataIndex: 'address', title: t.address, ellipsis: true },
    {
      key: 'coordinates',
      title: t.coordinates,
      width: 200,
      render: (_, a) => `${a.lng.toFixed(6)}, ${a.lat.toFixed(6)}`,
    },
    { key: 'addressTypeName', dataIndex: 'addressTypeName', title: t.addressType, width: 100 },
    { key: 'contactName', dataIndex: 'contactName', title: t.contactName, render: orDash },
    { key: 'contactPhone', dataIndex: 'contactPhone', title: t.contactPhone, render: orDash },
    { key: 'teamName', dataIndex: 'teamName', title: t.team, render: orDash },
    { key: 'sourceName', dataIndex: 'sourceName', title: t.source, width: 100 },
    { key: 'createTime', dataIndex: 'createTime', title: t.createTime, width: 170 },
  ],
  nameOf: (a) => a.name,
  FormItems: AddressFormItems,
  addValues: (user) => ({ addressType: 1, teamCode: user.team.teamCode }),
  editValues: (a) => ({
    name: a.name,
    address: a.address,
    lng: a.lng,
    lat: a.lat,
    addressType: a.addressType,
    contactName: a.contactName,
    contactPhone: a.contactPhone,
    teamCode: a.teamCode,
    remark: a.remark,
  }),
});
