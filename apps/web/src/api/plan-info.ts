import type { Plan } from '../features/plans/plan.record';
import { request } from './request';

/** One plan with its station rows (GET /plan/info). */
export function fetchPlan(id: number) {
  return request<Plan>('GET', '/plan/info', { query: { id } });
}
