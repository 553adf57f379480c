import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { AppContext } from './app-context';
import type { AppConfig } from './config';
import { connect, type Db } from './db/connection';
import { migrateToLatest } from './db/migrate';
import { DEMO_FLEET_SIZE, seedDemo } from './db/seed';
import { registerAuthHook } from './http/auth';
import { AppError, BodyCode, SYSTEM_FAULT_MESSAGE } from './http/envelope';
import { registerRequestLimits, requestLimitOptions } from './http/limits';
import type { Access } from './http/route';
import { registerSecurityHeaders } from './http/security-headers';
import { registerWebApp } from './http/web-app';
import { addressRecord } from './modules/addresses/addresses.record';
import { registerMarkAddressRoutes } from './modules/addresses/mark-address.routes';
import { registerAlarmMediaRoutes } from './modules/alarm-settings/alarm-media.routes';
import { registerAlarmSettingRoutes } from './modules/alarm-settings/alarm-settings.routes';
import { registerFenceSetRoutes } from './modules/alarm-settings/fence-sets.routes';
import { registerAlarmRoutes } from './modules/alarms/alarms.routes';
import { registerAppConfigRoutes } from './modules/app-config/app-config.routes';
import { registerApprovalRoutes } from './modules/approvals/approvals.routes';
import { registerAreaRoutes } from './modules/areas/areas.routes';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { logSmsProvider, type SmsProvider } from './modules/auth/sms';
import { registerAuthorizationRoutes } from './modules/authorization/authorization.routes';
import { costRecord } from './modules/costs/costs.record';
import { customerRecord } from './modules/customers/customers.record';
import { registerDataboardRoutes } from './modules/databoard/databoard.routes';
import { registerDictionaryRoutes } from './modules/dictionary/dictionary.routes';
import { registerInviteRoutes } from './modules/driver-registrations/invites.routes';
import { registerRegistrationPublicRoutes } from './modules/driver-registrations/registrations.public';
import { registerReviewRoutes } from './modules/driver-registrations/review.routes';
import { registerDriverSalaryModule } from './modules/driver-salary/driver-salary.module';
import { driverRecord } from './modules/drivers/drivers.record';
import { registerEnergyRoutes } from './modules/energy/energy.routes';
import { feeTypeRecord } from './modules/fee-types/fee-types.record';
import { registerFieldSettingRoutes } from './modules/field-settings/field-settings.routes';
import { registerFileTaskRoutes } from './modules/file-tasks/file-tasks.routes';
import { registerFileRoutes } from './modules/files/files.routes';
import { registerFuelRoutes } from './modules/fuel/fuel.routes';
import { registerGeoRoutes } from './modules/geo/geo.routes';
import { registerHistoryRoutes } from './modules/history/history.routes';
import { lineRecord } from './modules/lines/lines.record';
import { registerMaintenanceModule } from './modules/maintenance/maintenance.module';
import { registerMessageRoutes } from './modules/messages/messages.routes';
import { registerMonitorRoutes } from './modules/monitor/monitor.routes';
import { registerOilSavingRoutes } from './modules/oil-saving/oil-saving.routes';
import { registerOperateLogRoutes } from './modules/operate-log/operate-log.routes';
import { registerPaymentRoutes } from './modules/payments/payments.routes';
import { registerAppointmentRoutes } from './modules/plan-assign/appointments.routes';
import { registerPlanAssignRoutes } from './modules/plan-assign/plan-assign.routes';
import { planScheduleRecord } from './modules/plan-schedules/plan-schedules.record';
import { registerPlanDispatchRoutes } from './modules/plans/plan-dispatch.routes';
import { registerPlanMonitorRoutes } from './modules/plans/plan-monitor.routes';
import { registerPlanStatisticsRoutes } from './modules/plans/plan-statistics.routes';
import { planRecord } from './modules/plans/plans.record';
import { registerPushRoutes } from './modules/push/push.routes';
import { registerReceivableRoutes } from './modules/receivables/receivables.routes';
import { registerRoleRoutes } from './modules/roles/roles.routes';
import { stationRecord } from './modules/stations/stations.record';
import { registerTeamRoutes } from './modules/teams/teams.routes';
import { terminalRecord } from './modules/terminals/terminals.record';
import { transportOrderRecord } from './modules/transport-orders/transport-orders.record';
import { transportPriceRecord } from './modules/transport-prices/transport-prices.record';
import { registerTripReportRoutes } from './modules/trip-reports/trip-reports.routes';
import { truckRecord } from './modules/trucks/trucks.record';
import { registerSystemUserRoutes } from './modules/users/system-users.routes';
import { registerUserRoutes } from './modules/users/users.routes';
import { registerScanWaybillPublicRoutes } from './modules/waybill-scan-codes/scan-waybill.public';
import { waybillScanCodeRecord } from './modules/waybill-scan-codes/waybill-scan-codes.record';
import { waybillRecord } from './modules/waybills/waybills.record';
import { type EventBus, inProcessBus, postgresBus } from './realtime/bus';
import { registerMessageSocket } from './realtime/message-socket';
import { registerRecord } from './records/register';
import { Telematics } from './telematics/telematics';

/** What a registered API route declares (tests enumerate them: codes exist, lists are scoped). */
export interface ApiRoute {
  method: string;
  url: string;
  access: Access | undefined;
  list: boolean;
  /** Chinese label of each body, query and path field (http/field-labels.ts). */
  fields: Record<string, string | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    apiRoutes: ApiRoute[];
    /** Bound port of the JT/T 808 gateway once ready; null while it is off (config.jt808Port null). */
    jt808Port: number | null;
    telematics: Telematics;
  }
}

export interface BuildOptions {
  /** An open database (tests pass their own); otherwise config.databaseUrl is opened. */
  database?: Db;
  sms?: SmsProvider;
  /** Live event bus; by default in-process on SQLite, LISTEN/NOTIFY on PostgreSQL. */
  bus?: EventBus;
  logger?: FastifyServerOptions['logger'];
  /** More route registrations after the app's own (tests register fixtures this way). */
  features?: ((api: FastifyInstance, ctx: AppContext) => void)[];
}

const FEATURES = [
  registerAppConfigRoutes,
  registerAuthRoutes,
  registerUserRoutes,
  registerTeamRoutes,
  registerRoleRoutes,
  registerSystemUserRoutes,
  registerDataboardRoutes,
  registerFieldSettingRoutes,
  registerOperateLogRoutes,
  registerFileRoutes,
  registerFileTaskRoutes,
  registerAreaRoutes,
  registerMonitorRoutes,
  registerHistoryRoutes,
  registerGeoRoutes,
  (api: FastifyInstance, ctx: AppContext) => registerRecord(api, ctx, stationRecord),
  (api: FastifyInstance, ctx: AppContext) => registerRecord(api, ctx, lineRecord),
  (api: FastifyInstance, ctx: AppContext) => registerRecord(api, ctx, driverRecord(ctx)),
  (api: FastifyInstance, ctx: AppContext) => registerRecord(api, ctx, customerRecord),
  (api: FastifyInstance, ctx: AppContext) => registerRecord(api, ctx, addressRecord),
  (api: FastifyInstance, ctx: AppContext) => registerRecord(api, ctx, feeTypeRecord),
  (api: FastifyInstance, ctx: AppContext) => registerRecord(api, ctx, transportPriceRecord),
  (api: FastifyInstance, ctx: AppContext) => registerRecord(api, ctx, transportOrderRecord),
  (api: FastifyInstance, ctx: AppContext) => registerRecord(api, ctx, planRecord),
  registerPlanDispatchRoutes,
  registerPlanMonitorRoutes,
  (api: FastifyInstance, ctx: AppContext) => registerRecord(api, ctx, planScheduleRecord(ctx)),
  registerPlanStatisticsRoutes,
  registerPlanAssignRoutes,
  registerAppointmentRoutes,
  (api: FastifyInstance, ctx: AppContext) => registerRecord(api, ctx, waybillRecord),
  (api: FastifyInstance, ctx: AppContext) => registerRecord(api, ctx, waybillScanCodeRecord),
  registerScanWaybillPublicRoutes,
  registerMarkAddressRoutes,
  registerInviteRoutes,
  registerRegistrationPublicRoutes,
  registerReviewRoutes,
  (api: FastifyInstance, ctx: AppContext) => registerRecord(api, ctx, truckRecord(ctx)),
  (api: FastifyInstance, ctx: AppContext) => registerRecord(api, ctx, terminalRecord(ctx)),
  registerMessageRoutes,
  registerMessageSocket,
  registerDictionaryRoutes,
  registerPushRoutes,
  registerAuthorizationRoutes,
  registerAlarmRoutes,
  registerAlarmSettingRoutes,
  registerFenceSetRoutes,
  registerAlarmMediaRoutes,
  registerApprovalRoutes,
  registerDriverSalaryModule,
  registerReceivableRoutes,
  registerPaymentRoutes,
  (api: FastifyInstance, ctx: AppContext) => registerRecord(api, ctx, costRecord),
  registerFuelRoutes,
  registerMaintenanceModule,
  registerOilSavingRoutes,
  registerTripReportRoutes,
  registerEnergyRoutes,
];

/** Builds the whole application from its settings: database, API, docs and the web app. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    // X-Forwarded-For only from the configured proxies: the client address rate limits count by
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    bodyLimit: 2 * 1024 * 1024,
    ...requestLimitOptions,
  });
  registerRequestLimits(app);
  const database = options.database ?? connect(config.databaseUrl);
  await migrateToLatest(database.db);
  // Demo trucks for the simulator: at least the demo fleet, more when the simulator drives more.
  const fleetSize = Math.max(DEMO_FLEET_SIZE, config.simulatorVehicles);
  if (config.seedDemo)
    await seedDemo(
      database.db,
      config.now(),
      fleetSize,
      config.seedDemoAlarms,
      config.seedDemoWaybills,
      config.uploadDir,
    );
  app.addHook('onClose', async () => {
    if (!options.database) await database.close();
  });

  const bus =
    options.bus ??
    (database.dialect === 'postgres' ? await postgresBus(config.databaseUrl, app.log) : inProcessBus());
  app.addHook('onClose', async () => {
    if (!options.bus) await bus.close();
  });
  // JT/T 808 gateway, ingest and position partitions: started when the app is ready, stopped
  // (reports drained, open trips saved) on close, before the database closes (hooks run last first).
  const telematics = new Telematics(database, config, app.log, bus);
  app.decorate('telematics', telematics);
  app.decorate('jt808Port', null);
  app.addHook('onReady', async () => {
    await telematics.start();
    app.jt808Port = telematics.jt808Port;
  });
  app.addHook('onClose', async () => {
    await telematics.stop();
  });

  const ctx: AppContext = {
    db: database.db,
    dialect: database.dialect,
    config,
    sms: options.sms ?? logSmsProvider(app.log),
    bus,
    telematics,
  };

  app.setErrorHandler((error, req, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.httpStatus).send({ code: error.code, msg: error.message, data: null });
    }
    const err = error as { statusCode?: number; code?: string; message?: string };
    if (err.statusCode === 429) {
      return reply.status(429).send({ code: 429, msg: '操作过于频繁，请稍后再试', data: null });
    }
    if (
      err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ||
      err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      err.statusCode === 400
    ) {
      return reply.send({ code: BodyCode.badInput, msg: '请求格式不正确', data: null });
    }
    if (err.statusCode === 413)
      return reply.send({ code: BodyCode.badInput, msg: '请求内容过大', data: null });
    req.log.error({ err: error }, 'request failed');
    return reply.send({ code: BodyCode.fault, msg: SYSTEM_FAULT_MESSAGE, data: null });
  });

  registerSecurityHeaders(app);
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      info: {
        title: '车队管理平台 API',
        version: '0.1.0',
        description: '所有接口返回 { code, msg, data }；code 200 为成功。',
      },
      components: { securitySchemes: { authToken: { type: 'apiKey', in: 'header', name: 'Auth-Token' } } },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (r) => {
    if (!r.url.startsWith('/api/') || r.method === 'HEAD') return;
    const method = Array.isArray(r.method) ? r.method.join(',') : String(r.method);
    apiRoutes.push({
      method,
      url: r.url,
      access: r.config?.access,
      list: r.config?.list === true,
      fields: r.config?.fields ?? {},
    });
  });

  await app.register(
    async (api) => {
      await api.register(multipart);
      registerAuthHook(api, { db: ctx.db, now: config.now, idleMs: config.tokenIdleMs });
      api.get('/health', { schema: { hide: true } }, async () => ({
        code: 200,
        msg: 'success',
        data: { status: 'ok' },
      }));
      for (const register of [...FEATURES, ...(options.features ?? [])]) register(api, ctx);
    },
    { prefix: '/api' },
  );

  await registerWebApp(app, config.webDistDir);
  return app;
}
