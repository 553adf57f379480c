import type { AlarmRulePatch, AlarmRuleSettings } from '@fleet/domain';
import type { ListPage, Paging } from './common';
import { type Envelope, request, requestEnvelope } from './request';

/** Calls of 车辆报警设置 (/alarm/carset/index): team and vehicle alarm rule settings. */

export interface VehicleAlarmSet {
  carId: number;
  carNo: string;
  vin: string;
  teamCode: string;
  teamName: string;
  /** The truck's own speed limit (km/h), used by the speeding rule before its default. */
  speedLimit: number | null;
  /** 1 when the vehicle has settings of its own. */
  own: 0 | 1;
  ownSettings: AlarmRulePatch | null;
  /** What applies to the vehicle: defaults, its teams, then its own. */
  settings: AlarmRuleSettings;
  /** Name of the line the deviation rule follows, '' without one. */
  lineName: string;
  updateTime: string;
}

export interface VehicleAlarmSetQuery extends Paging {
  carNo?: string;
  teamCode?: string;
  own?: 0 | 1;
}

export interface TeamAlarmSet {
  teamCode: string;
  teamName: string;
  lines: { id: number; name: string }[];
  ownSettings: AlarmRulePatch | null;
  /** What the team gets from the defaults and its parent teams. */
  inherited: AlarmRuleSettings;
  settings: AlarmRuleSettings;
}

export function fetchVehicleAlarmSets(
  query: VehicleAlarmSetQuery,
  signal?: AbortSignal,
): Promise<ListPage<VehicleAlarmSet>> {
  return request<ListPage<VehicleAlarmSet>>('POST', '/v2/web/alarm/vehicleAlarmSet/list', {
    body: query,
    dedupe: true,
    signal,
  });
}

export function fetchTeamAlarmSet(teamCode?: string): Promise<TeamAlarmSet> {
  return request<TeamAlarmSet>('GET', '/alarm/set', { query: teamCode ? { teamCode } : {} });
}

export function saveTeamAlarmSet(teamCode: string, settings: AlarmRulePatch): Promise<Envelope<null>> {
  return requestEnvelope<null>('POST', '/alarm/set', { body: { teamCode, settings } });
}

export function saveVehicleAlarmSet(
  carIds: number[],
  settings: AlarmRulePatch,
): Promise<Envelope<{ count: number }>> {
  return requestEnvelope<{ count: number }>('POST', '/v2/web/alarm/updateVehicleAlarmSet', {
    body: { carIds, settings },
  });
}

/** A station fence set (站点围栏报警设置). */
export interface FenceSet {
  id: number;
  name: string;
  teamCode: string;
  stationIds: number[];
  stations: { stationId: number; stationName: string }[];
  carIds: number[];
  cars: { carId: number; carNo: string; vin: string }[];
  teamCodes: string[];
  teams: { teamCode: string; teamName: string }[];
  notifyEnter: 0 | 1;
  notifyExit: 0 | 1;
  status: 0 | 1;
  remark: string;
  createTime: string;
  updateTime: string;
}

export interface FenceSetFields {
  name: string;
  stationIds: number[];
  carIds: number[];
  teamCodes: string[];
  notifyEnter: 0 | 1;
  notifyExit: 0 | 1;
  status: 0 | 1;
  remark?: string;
}

export interface FenceSetQuery extends Paging {
  name?: string;
  status?: 0 | 1;
}

export function fetchFenceSets(query: FenceSetQuery, signal?: AbortSignal): Promise<ListPage<FenceSet>> {
  return request<ListPage<FenceSet>>('POST', '/electricFence/fenceSet/list', {
    body: query,
    dedupe: true,
    signal,
  });
}

export function fetchFenceSetOptions(): Promise<{
  stations: { id: number; name: string; address: string | null }[];
}> {
  return request('GET', '/electricFence/fenceSet/options');
}

export function addFenceSet(fields: FenceSetFields): Promise<Envelope<{ id: number }>> {
  return requestEnvelope<{ id: number }>('POST', '/electricFence/fenceSet/add', { body: fields });
}

export function updateFenceSet(fields: FenceSetFields & { id: number }): Promise<Envelope<null>> {
  return requestEnvelope<null>('POST', '/electricFence/fenceSet/update', { body: fields });
}

export function deleteFenceSet(id: number): Promise<Envelope<null>> {
  return requestEnvelope<null>('POST', '/electricFence/fenceSet/delete', { body: { id } });
}
