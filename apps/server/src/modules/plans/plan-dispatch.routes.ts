import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { registerPlanCostRoutes } from './plan-cost';
import { registerPlanNoticeRoutes } from './plan-notice.routes';
import { registerPlanWaybillRoutes } from './plan-waybills.routes';

/** What the dispatcher does with a published plan: notices to the truck, the cost estimate, waybills. */
export function registerPlanDispatchRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerPlanNoticeRoutes(app, ctx);
  registerPlanCostRoutes(app, ctx);
  registerPlanWaybillRoutes(app, ctx);
}
