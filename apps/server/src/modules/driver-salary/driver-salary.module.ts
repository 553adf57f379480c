import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { registerDriverSalaryRoutes } from './driver-salary.routes';
import { registerSalaryConfigRoutes } from './salary-config';

/** 司机工资: the rules, the monthly detail and summary, and confirming a month. */
export function registerDriverSalaryModule(app: FastifyInstance, ctx: AppContext): void {
  registerSalaryConfigRoutes(app, ctx);
  registerDriverSalaryRoutes(app, ctx);
}
