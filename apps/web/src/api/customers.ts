import type { ListPage, Paging } from './common';
import { type Envelope, request, requestEnvelope } from './request';
import { exportSheet } from './sheets';

/** Calls of 客户管理 (/colliery/customer/...), the same for /smart-coal/customer and /tc/customer. */

export interface Customer {
  id: number;
  customerName: string;
  creditCode: string;
  /** 1 shipper, 2 consignee, 3 both. */
  customerType: 1 | 2 | 3;
  customerTypeName: string;
  contactName: string;
  contactPhone: string;
  address: string;
  /** 1 cash, 2 monthly, 3 after agreed days. */
  settlementType: 1 | 2 | 3;
  settlementTypeName: string;
  settlementDays: number;
  teamCode: string;
  teamName: string;
  remark: string;
  /** 1 enabled, 0 disabled. */
  valid: 0 | 1;
  createTime: string;
  updateTime: string;
}

export interface CustomerQuery extends Paging {
  customerName?: string;
  creditCode?: string;
  contactName?: string;
  customerType?: number;
  valid?: 0 | 1;
  teamCode?: string;
}

export interface CustomerFields {
  customerName: string;
  creditCode?: string;
  customerType: number;
  contactName?: string;
  contactPhone?: string;
  address?: string;
  settlementType: number;
  settlementDays?: number;
  teamCode: string;
  remark?: string;
}

export const CUSTOMER_IMPORT_URL = '/colliery/customer/import';
export const CUSTOMER_TEMPLATE_URL = '/api/colliery/customer/import/template';

export function fetchCustomers(query: CustomerQuery, signal?: AbortSignal): Promise<ListPage<Customer>> {
  return request<ListPage<Customer>>('POST', '/colliery/customer/page', {
    body: query,
    dedupe: true,
    signal,
  });
}

export function addCustomer(fields: CustomerFields): Promise<Envelope<{ id: number }>> {
  return requestEnvelope<{ id: number }>('POST', '/colliery/customer/add', { body: fields });
}

export function editCustomer(fields: CustomerFields & { id: number }): Promise<Envelope<null>> {
  return requestEnvelope<null>('POST', '/colliery/customer/edit', { body: fields });
}

export function setCustomerValid(id: number, valid: 0 | 1): Promise<unknown> {
  return request<unknown>('POST', '/colliery/customer/valid', { body: { id, valid } });
}

export function exportCustomers(query: Partial<CustomerQuery>) {
  const { pageNum: _n, pageSize: _s, ...filter } = query;
  return exportSheet('POST', '/colliery/customer/export', { body: filter });
}
