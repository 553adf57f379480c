import { type EnumOption, enumLabel } from '../catalogue/enum-label';

/** What a station is (站点类型 of a station fence; the rows of a line use STATION_TYPES instead). */
export const STATION_KINDS = [
  { value: 1, label: '装货地' },
  { value: 2, label: '卸货地' },
  { value: 3, label: '停车场' },
  { value: 4, label: '加油站' },
  { value: 5, label: '维修厂' },
  { value: 6, label: '服务区' },
  { value: 9, label: '其他' },
] as const satisfies readonly EnumOption[];

export type StationKind = (typeof STATION_KINDS)[number]['value'];

export function stationKindName(value: number | string | null | undefined): string {
  return enumLabel(STATION_KINDS, value);
}

/** Kinds of transport a line serves (路线类型, `routeType`). */
export const ROUTE_TYPES = [
  { value: 1, label: '干线运输' },
  { value: 2, label: '短途倒运' },
  { value: 3, label: '城市配送' },
] as const satisfies readonly EnumOption[];

export type RouteType = (typeof ROUTE_TYPES)[number]['value'];

export function routeTypeName(value: number | string | null | undefined): string {
  return enumLabel(ROUTE_TYPES, value);
}

/** Deviation corridor of a line: half-width in metres, default and limits. */
export const LINE_CORRIDOR_DEFAULT_M = 500;
export const LINE_CORRIDOR_MIN_M = 50;
export const LINE_CORRIDOR_MAX_M = 10_000;

/** The text shown beside a distance that no map service computed. */
export const NOT_MAP_CALCULATED = '未经地图计算';
