import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { registerApproveSettingRoutes } from './approve-settings.routes';
import { registerFeeApprovalRoutes } from './fee-approval.routes';

/** 审批设置 and 运单费用审批. */
export function registerApprovalRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerApproveSettingRoutes(app, ctx);
  registerFeeApprovalRoutes(app, ctx);
}
