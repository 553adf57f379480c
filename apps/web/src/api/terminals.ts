import type { ListPage, Paging } from './common';
import { type Envelope, request, requestEnvelope } from './request';
import { exportSheet } from './sheets';

/** Calls of 设备管理: terminals, their binding to trucks, and T-BOX settings. */

export interface Terminal {
  id: number;
  tid: string;
  terminalNo: string;
  model: string;
  manufacturer: string;
  protocolVersion: '2013' | '2019';
  simNo: string;
  videoChannels: number;
  teamCode: string;
  teamName: string;
  truckId: number | null;
  carNo: string;
  vin: string;
  online: boolean;
  lastReportTime: string;
  lastOnlineTime: string;
  registerTime: string;
  remark: string;
  createTime: string;
}

export interface TerminalQuery extends Partial<Paging> {
  tid?: string;
  terminalNo?: string;
  carNo?: string;
  teamCodeList?: string[];
  protocolVersion?: '2013' | '2019';
  bindState?: 0 | 1;
}

export interface TerminalFields {
  tid: string;
  terminalNo?: string;
  model?: string;
  manufacturer?: string;
  protocolVersion: '2013' | '2019';
  simNo?: string;
  videoChannels?: number | null;
  teamCode: string;
  remark?: string;
}

export function fetchTerminals(query: TerminalQuery, signal?: AbortSignal): Promise<ListPage<Terminal>> {
  return request<ListPage<Terminal>>('POST', '/terminal/list', { body: query, dedupe: true, signal });
}

export function addTerminal(
  terminal: TerminalFields & { truckId?: number | null },
): Promise<Envelope<{ id: number }>> {
  return requestEnvelope<{ id: number }>('POST', '/terminal/add', { body: terminal });
}

export function updateTerminal(terminal: TerminalFields & { id: number }): Promise<Envelope<{ id: number }>> {
  return requestEnvelope<{ id: number }>('POST', '/terminal/update', { body: terminal });
}

export function deleteTerminal(id: number): Promise<unknown> {
  return request<unknown>('POST', '/terminal/delete', { body: { id } });
}

export function bindTerminal(terminalId: number, truckId: number): Promise<unknown> {
  return request<unknown>('POST', '/terminal/bind', { body: { terminalId, truckId } });
}

export function unbindTerminal(terminalId: number): Promise<unknown> {
  return request<unknown>('POST', '/terminal/unbind', { body: { terminalId } });
}

/** Forgets the terminal's JT/T 808 authentication code: it must register again for a new one. */
export function resetTerminalAuthCode(id: number): Promise<unknown> {
  return request<unknown>('POST', '/terminal/resetAuthCode', { body: { id } });
}

export const TERMINAL_IMPORT_URL = '/terminal/import';

export function exportTerminals(query: TerminalQuery) {
  return exportSheet('POST', '/terminal/export', { body: query });
}

/** The T-BOX parameters (JT/T 808 0x8103). */
export interface TboxSettings {
  heartbeatSeconds: number;
  reportSeconds: number;
  sleepReportSeconds: number;
  maxSpeed: number;
  overspeedSeconds: number;
  fatigueMinutes: number;
  restMinutes: number;
}

export interface TboxSettingInfo {
  terminalId: number;
  tid: string;
  carNo: string;
  protocolVersion: string;
  online: boolean;
  /** False while the values are the defaults, never saved. */
  saved: boolean;
  settings: TboxSettings;
  updatedBy: string;
  updatedTime: string;
  sentTime: string;
  sendResult: number | null;
  sendResultText: string;
}

export function fetchTboxSetting(terminalId: number): Promise<TboxSettingInfo> {
  return request<TboxSettingInfo>('GET', '/terminal/setting', { query: { terminalId } });
}

export function saveTboxSetting(terminalId: number, settings: TboxSettings): Promise<unknown> {
  return request<unknown>('POST', '/terminal/setting/save', { body: { terminalId, ...settings } });
}

/** Sends the saved settings; 511 (terminal offline) is answered as the envelope, not thrown. */
export function sendTboxSetting(
  terminalId: number,
): Promise<Envelope<{ result: number; resultText: string } | null>> {
  return requestEnvelope<{ result: number; resultText: string } | null>('POST', '/terminal/setting/send', {
    body: { terminalId },
  });
}
