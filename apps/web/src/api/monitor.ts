import { MAP_REQUEST_TIMEOUT_MS } from '@fleet/domain';
import type { ListPage, Paging } from './common';
import { request } from './request';

/** Monitoring calls (spec core section 7 "Monitoring and history", "Team tree") and the map service. */

export type StateParam = 'ALL' | 'ONLINE' | 'OFFLINE' | 'MOVING' | 'PARKED' | 'ALARM';
export type StateCode = 'moving' | 'parked' | 'offline';

/** Which vehicles: checked teams or cars, plate/VIN search, state. */
export interface VehicleFilterQuery {
  state?: StateParam;
  keyword?: string;
  teamCodeList?: string[];
  vinList?: string[];
}

export interface Coordinates {
  lng: number;
  lat: number;
  gcj02Lng?: number;
  gcj02Lat?: number;
  bd09Lng?: number;
  bd09Lat?: number;
}

export interface StateCounts {
  total: number;
  online: number;
  offline: number;
  moving: number;
  parked: number;
  alarm: number;
}

export interface MapCluster extends Coordinates {
  id: number;
  count: number;
  expansionZoom: number;
}

export interface MapVehicle extends Coordinates {
  vin: string;
  carNo: string;
  direction: number;
  /** km/h */
  speed: number;
  online: boolean;
  state: string;
  stateCode: StateCode;
  alarm: boolean;
  reportTime: string;
}

export interface AggregateAnswer {
  zoom: number;
  clusters: MapCluster[];
  vehicles: MapVehicle[];
  total: number;
  counts: StateCounts;
}

export interface AggregateQuery extends VehicleFilterQuery {
  zoom: number;
  /** The visible box, WGS-84. */
  minLng: number;
  minLat: number;
  maxLng: number;
  maxLat: number;
}

/**
 * POST /monitor/point/aggregate2: vehicles of the visible box clustered on the server. `quiet` for
 * the timed refresh, so a server that is away is told once, not every 10 s.
 */
export function fetchAggregate(
  query: AggregateQuery,
  options: { signal?: AbortSignal; quiet?: boolean } = {},
): Promise<AggregateAnswer> {
  return request<AggregateAnswer>('POST', '/monitor/point/aggregate2', {
    body: query,
    dedupe: 'aggregate2',
    ...options,
  });
}

/** A vehicle as the monitoring lists give it. */
export interface VehicleView {
  truckId: number;
  vin: string;
  carNo: string;
  tid: string;
  teamCode: string;
  teamName: string;
  driverName: string;
  driverPhone: string;
  online: boolean;
  state: string;
  stateCode: StateCode;
  alarm: boolean;
  alarms: string[];
  /** km/h */
  speed: number;
  direction: number;
  directionText: string;
  lng: number | null;
  lat: number | null;
  gcj02Lng: number | null;
  gcj02Lat: number | null;
  reportTime: string;
  /** Odometer, km. */
  mileage: number | null;
  /** Litres. */
  fuel: number | null;
  fuelPercent: number | null;
  acc: number;
}

/** The vehicle card: the view with place, state duration and the rest. */
export interface VehicleCard extends VehicleView {
  place: string;
  cityCode: string;
  stateSince: string;
  stateDuration: string;
  receiveTime: string;
  altitude: number;
  tankCapacity: number | null;
  accText: string;
  onlineText: string;
  located: boolean;
  speedText: string;
}

/** The real-time tracking page's figures: the card, protocol version and last time online. */
export interface TruckLiveInfo extends VehicleCard {
  protocolVersion: string;
  lastOnlineTime: string;
}

export function fetchVehicleCard(vin: string, signal?: AbortSignal): Promise<VehicleCard> {
  return request<VehicleCard>('POST', '/monitor/car/card', { body: { vin }, signal });
}

export function fetchTruckLiveInfo(vin: string, signal?: AbortSignal): Promise<TruckLiveInfo> {
  return request<TruckLiveInfo>('POST', '/v2/web/monitor/local/truck/info', { body: { vin }, signal });
}

export interface TreeCar {
  vin: string;
  carNo: string;
  tid: string;
  teamCode: string;
  online: boolean;
  state: string;
  stateCode: StateCode;
  alarm: boolean;
  speed: number;
  direction: number;
  driverName: string;
  reportTime: string;
}

export interface VehicleTreeNode {
  teamId: number;
  teamCode: string;
  teamName: string;
  parentCode: string | null;
  children: VehicleTreeNode[];
  /** The team's own vehicles. */
  cars: TreeCar[];
  /** Online vehicles of the team and those under it. */
  onlineCount: number;
  total: number;
}

/** POST /monitor/carTree: the team tree with vehicles and online counts. */
export function fetchCarTree(
  query: { keyword?: string; state?: StateParam },
  signal?: AbortSignal,
): Promise<VehicleTreeNode[]> {
  return request<VehicleTreeNode[]>('POST', '/monitor/carTree', { body: query, dedupe: true, signal });
}

export interface CarListRow extends VehicleView {
  place: string;
}

export interface CarListPage extends ListPage<CarListRow> {
  counts: StateCounts;
}

/** POST /v2/web/monitor/local/team/carList: the vehicle table of 全图监控2.0. */
export function fetchCarList(query: VehicleFilterQuery & Paging, signal?: AbortSignal): Promise<CarListPage> {
  return request<CarListPage>('POST', '/v2/web/monitor/local/team/carList', {
    body: query,
    dedupe: true,
    signal,
  });
}

export interface ReverseAddress {
  address: string;
  cityCode?: string;
}

/** GET /geo/reverse (WGS-84): the map service's address of a place; quiet, 5 s. */
export function reverseGeocode(lng: number, lat: number): Promise<ReverseAddress> {
  return request<ReverseAddress>('GET', '/geo/reverse', {
    query: { lat, lng },
    quiet: true,
    timeoutMs: MAP_REQUEST_TIMEOUT_MS,
  });
}
