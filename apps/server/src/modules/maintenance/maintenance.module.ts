import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { registerRecord } from '../../records/register';
import { registerHealthRoutes } from './health.routes';
import { registerMaintenanceRoutes } from './maintenance.routes';
import { maintenancePlanRecord } from './plans.record';
import { registerRecordChangeRoutes } from './record-change.routes';
import { registerRecordRoutes } from './records.routes';
import { MaintenanceReminderJob } from './reminders';
import { registerSummaryRoutes } from './summary.routes';

/**
 * 维修管家 and the before-departure reminders: maintenance plans (record recipe) and records,
 * 保养提醒, 证件到期, 车队体检, 清码记录, 车辆保养汇总;
 * and the reminder job, started with the server and stopped on close.
 */
export function registerMaintenanceModule(app: FastifyInstance, ctx: AppContext): void {
  registerRecord(app, ctx, maintenancePlanRecord(ctx));
  registerMaintenanceRoutes(app, ctx);
  registerHealthRoutes(app, ctx);
  registerRecordRoutes(app, ctx);
  registerRecordChangeRoutes(app, ctx);
  registerSummaryRoutes(app, ctx);
  const job = new MaintenanceReminderJob(ctx.db, ctx.bus, () => ctx.config.now(), app.log);
  app.addHook('onReady', async () => job.start());
  app.addHook('onClose', () => job.stop());
}
