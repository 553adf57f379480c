import { request } from './request';

/** The answer to 拍照: when it was asked (for the newest photo after it) and the terminal's media ids. */
export interface PhotoRequested {
  requestedAt: number;
  mediaIds: number[];
}

export interface TerminalPhoto {
  url: string;
  channel: number | null;
  time: string;
}

/** Asks the vehicle's terminal for a photo (JT/T 808 0x8801); it is uploaded a moment later. */
export function requestPhoto(vin: string, channel = 1): Promise<PhotoRequested> {
  return request<PhotoRequested>('POST', '/monitor/car/photo', { body: { vin, channel }, timeoutMs: 30_000 });
}

/** The newest photo the vehicle's terminal uploaded since `since` (ms), or null. */
export function fetchLatestPhoto(
  vin: string,
  since: number,
  signal?: AbortSignal,
): Promise<TerminalPhoto | null> {
  return request<TerminalPhoto | null>('GET', '/monitor/car/photo/latest', {
    query: { vin, since },
    quiet: true,
    signal,
  });
}
