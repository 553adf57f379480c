import { type Envelope, request, requestEnvelope } from './request';

/**
 * Calls of 设备管理 beside the record's own (list, add, edit, delete, export and import come from
 * the terminal's record definition): binding to trucks, the authentication code, T-BOX settings.
 */

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
