import type { BrandConfig } from '../shell/brands';
import { request } from './request';

/** Calls of the application shell. */

/** GET /app/config (public): where the boss screen lives, and the operator's brand skins. */
export interface AppConfig {
  bossScreenUrl: string | null;
  brands: BrandConfig[];
}

/** Quiet: without it the app runs with the built-in skins and no boss screen link. */
export function fetchAppConfig(): Promise<AppConfig> {
  return request<AppConfig>('GET', '/app/config', { quiet: true });
}

/** Records that a coded page was opened (feeds the 'latest' and 'frequently used' tags). */
export function recordMenuVisit(code: string): Promise<unknown> {
  return request<unknown>('POST', '/user/menuVisit', { body: { code }, quiet: true });
}

/** Marks queued pop-up notices as read, so they do not come back. */
export function readPopMessages(ids: number[]): Promise<unknown> {
  return request<unknown>('POST', '/user/popMsg/read', { body: { ids }, quiet: true });
}
