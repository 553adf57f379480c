import { request } from './request';

/** GET /databoard/summary: what the home workbench shows; later issues add further figures. */
export interface DataboardTeam {
  teamName: string;
  teamCode: string;
  parentCode: string | null;
  userCount: number;
}

export interface DataboardSummary {
  merchantName?: string;
  teams?: DataboardTeam[];
  /** Counts such as teamCount, userCount, roleCount. */
  [figure: string]: unknown;
}

export function fetchDataboardSummary(): Promise<DataboardSummary> {
  return request<DataboardSummary>('GET', '/databoard/summary');
}
