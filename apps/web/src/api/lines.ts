import type { StationRow } from '@fleet/domain';
import type { ListPage } from './common';
import { type Envelope, request, requestEnvelope } from './request';

/**
 * Calls of the line pages (/route and /colliery/line): a line with its station table (distance in
 * km), its add and edit, the recalculation and the pickers. The list, delete, export and import are
 * the calls of `lineRecord` (features/lines/line.record.tsx).
 */

export interface Line {
  id: number;
  routeName: string;
  routeType: number;
  routeTypeName: string;
  teamCode: string;
  teamName: string;
  customerId: number | null;
  customerName: string;
  cargo: string;
  speedLimit: number | null;
  corridorWidth: number;
  fuelBrand: string;
  fuelSeries: string;
  distance: number;
  runningHours: number;
  runningMins: number;
  baiduMapProduce: boolean;
  status: 0 | 1;
  statusName: string;
  remark: string;
  startAddress: string;
  endAddress: string;
  stationCount: number;
  createTime: string;
  updateTime: string;
}

export interface LineDetail extends Line {
  stationList: StationRow[];
  path: { longitude: number; latitude: number }[];
}

export interface LineFields {
  routeName: string;
  routeType: number;
  teamCode?: string;
  customerId?: number | null;
  cargo?: string;
  speedLimit?: number | null;
  corridorWidth?: number;
  fuelBrand?: string;
  fuelSeries?: string;
  status?: 0 | 1;
  remark?: string;
  stationList: StationRow[];
}

export interface Recalculated {
  stationList: StationRow[];
  provider: 'builtin' | 'amap';
  baiduMapProduce: boolean;
  method: string;
  /** Empty when a map service computed the rows; otherwise why they are not map-calculated. */
  notice: string;
}

export function fetchLine(id: number): Promise<LineDetail> {
  return request<LineDetail>('GET', '/colliery/line/info', { query: { id } });
}

export function addLine(line: LineFields): Promise<Envelope<{ id: number }>> {
  return requestEnvelope<{ id: number }>('POST', '/colliery/line/add', { body: line });
}

export function editLine(line: LineFields & { id: number }): Promise<Envelope<null>> {
  return requestEnvelope<null>('POST', '/colliery/line/edit', { body: line });
}

export function recalculateLine(stationList: StationRow[]): Promise<Recalculated> {
  return request<Recalculated>('POST', '/route/calculate', { body: { stationList } });
}

export function fetchFuelBrands(): Promise<string[]> {
  return request<string[]>('GET', '/colliery/line/fuelBrand/list');
}

export function fetchFuelSeries(brand?: string): Promise<string[]> {
  return request<string[]>('GET', '/colliery/line/fuelSeries/list', { query: { brand } });
}

export interface CustomerOption {
  id: number;
  customerName: string;
}

export function fetchCustomerOptions(pageNum: number, pageSize: number, customerName: string) {
  return request<ListPage<CustomerOption>>('GET', '/colliery/customer/options', {
    query: { pageNum, pageSize, customerName: customerName || undefined },
  });
}

/** A line of the picker (/colliery/line/fuzzy): its id and name. */
export interface LineOption {
  id: number;
  value: string;
}

/** Lines whose name holds `routeName` (at most 50), for the line pickers. */
export function fetchLineOptions(routeName: string) {
  return request<LineOption[]>('GET', '/colliery/line/fuzzy', {
    query: { routeName: routeName || undefined },
  });
}
