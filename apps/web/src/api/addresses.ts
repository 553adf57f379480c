import type { ListPage, Paging } from './common';
import { type Envelope, request, requestEnvelope } from './request';
import { exportSheet } from './sheets';

/** Calls of 常用地址 (/common/address/...): places saved with a WGS-84 point picked on the map. */

export interface CommonAddress {
  id: number;
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
  teamCode: string;
  teamName: string;
  remark: string;
  /** 1 entered in the list, 2 imported, 3 marked from a safety page. */
  source: number;
  sourceName: string;
  createTime: string;
  updateTime: string;
}

export interface AddressQuery extends Paging {
  keyword?: string;
  addressType?: number;
  source?: number;
  teamCode?: string;
}

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

export const ADDRESS_IMPORT_URL = '/common/address/import';
export const ADDRESS_TEMPLATE_URL = '/api/common/address/import/template';

export function fetchAddresses(query: AddressQuery, signal?: AbortSignal): Promise<ListPage<CommonAddress>> {
  return request<ListPage<CommonAddress>>('POST', '/common/address/list', {
    body: query,
    dedupe: true,
    signal,
  });
}

export function addAddress(fields: AddressFields): Promise<Envelope<{ id: number }>> {
  return requestEnvelope<{ id: number }>('POST', '/common/address/add', { body: fields });
}

export function editAddress(fields: AddressFields & { id: number }): Promise<Envelope<null>> {
  return requestEnvelope<null>('POST', '/common/address/edit', { body: fields });
}

export function deleteAddresses(ids: number[]): Promise<{ deleted: number }> {
  return request<{ deleted: number }>('POST', '/common/address/del', { body: { ids } });
}

export function exportAddresses(query: Partial<AddressQuery>) {
  const { pageNum: _n, pageSize: _s, ...filter } = query;
  return exportSheet('POST', '/common/address/export', { body: filter });
}
