import type { Kysely } from 'kysely';
import type { AppConfig } from '../config';
import type { Db } from '../db/connection';
import type { Database } from '../db/schema';
import { PlanMonitor } from '../modules/plans/plan-progress';
import { WaybillFences } from '../modules/waybills/waybill-fences';
import type { EventBus } from '../realtime/bus';
import { AlarmEngine } from './alarms/engine';
import { AlarmSettingsCache } from './alarms/settings-cache';
import { CommandRouter } from './gateway/command-router';
import { Gateway } from './gateway/gateway';
import type { GatewayLog, QueriedLocation } from './gateway/session';
import type { TerminalCommand } from './gateway/terminal-commands';
import { Ingest, type VehicleState } from './ingest/ingest';
import type { TerminalParameter } from './jt808';
import { schedulePositionPartitions } from './partitions';

/** How often trips of trucks that went silent while standing are closed. */
const EXPIRE_EVERY_MS = 30_000;
/** How often the alarm rules re-read master data edited elsewhere (speed limits, stations, lines). */
const ALARM_SETTINGS_EVERY_MS = 60_000;

/**
 * The telematics core as the rest of the server sees it: the latest state of every truck, the
 * JT/T 808 gateway (when `jt808Port` is not null) and its platform commands, and the daily
 * position partitions on PostgreSQL. Started in the app's onReady hook, stopped in onClose.
 */
export class Telematics {
  readonly ingest: Ingest;
  /** Settings the alarm rules read; routes that change them call `load()`. */
  readonly alarmSettings: AlarmSettingsCache;
  readonly alarms: AlarmEngine;
  /** Open waybills moved by their trucks' fence events; routes that change waybills call `changed`. */
  readonly waybills: WaybillFences;
  /** Current plans of the trucks for the plan rules; routes that change plans call `changed`. */
  readonly plans: PlanMonitor;
  private settingsTimer: NodeJS.Timeout | null = null;
  private gateway: Gateway | null = null;
  private partitions: { stop(): void } | null = null;
  private expireTimer: NodeJS.Timeout | null = null;

  private readonly db: Kysely<Database>;
  private readonly commands: CommandRouter;

  constructor(
    private readonly database: Db,
    private readonly config: AppConfig,
    private readonly log: GatewayLog,
    /** The bus between processes (PostgreSQL); commands for terminals held elsewhere travel on it. */
    bus: EventBus | null = null,
  ) {
    this.db = database.db;
    const shared = database.dialect === 'postgres' ? bus : null;
    this.commands = new CommandRouter(() => this.gateway, shared, config.jt808ReplyTimeoutMs, log);
    this.alarmSettings = new AlarmSettingsCache(this.db);
    this.alarms = new AlarmEngine(this.alarmSettings);
    const waybills = new WaybillFences(this.db, bus, log);
    this.waybills = waybills;
    this.ingest = new Ingest(database, {
      stopThresholdMs: config.stopThresholdMs,
      writerThread: config.ingestWriterThread,
      log,
      alarms: this.alarms,
      now: config.now,
      afterStore: (rows) => waybills.observe(rows),
    });
    this.plans = new PlanMonitor(
      this.db,
      bus,
      log,
      this.alarmSettings,
      this.alarms,
      (truckId) => this.ingest.latest.get(truckId),
      config.now,
    );
    this.alarmSettings.plans = this.plans;
  }

  /** Bound port of the gateway, null while it is off. */
  get jt808Port(): number | null {
    return this.gateway?.port ?? null;
  }

  /** Latest state of a truck (position, speed, ACC, online, mileage, fuel, driver), if it ever reported. */
  vehicleState(truckId: number): VehicleState | undefined {
    return this.ingest.latest.get(truckId);
  }

  /** True when the terminal `tid` is connected and authenticated now. */
  isOnline(tid: string): boolean {
    return this.gateway?.isOnline(tid) ?? false;
  }

  /**
   * Sends a command to the terminal `tid` through whichever process holds its connection and
   * resolves with the answer (see `Gateway.execute`); rejects with 511 when no process holds it or
   * the terminal stays silent.
   */
  command<T>(tid: string, command: TerminalCommand): Promise<T> {
    return this.commands.run<T>(tid, command);
  }

  /** 0x8201 location query; rejects with `TerminalOfflineError` (511) when offline or silent. */
  queryLocation(tid: string): Promise<QueriedLocation> {
    return this.command(tid, { kind: 'locationQuery' });
  }

  /** 0x8300 text message; resolves with the terminal's 0x0001 result. */
  sendText(tid: string, flags: number, text: string): Promise<number> {
    return this.command(tid, { kind: 'text', flags, text });
  }

  /** 0x8103 set terminal parameters; resolves with the terminal's 0x0001 result (0 ok). */
  setParameters(tid: string, parameters: TerminalParameter[]): Promise<number> {
    return this.command(tid, { kind: 'setParameters', parameters });
  }

  /** Bindings, numbers or trucks of these terminals changed: connected ones re-read them. */
  terminalsChanged(terminalIds: readonly number[]): Promise<void> {
    return this.gateway ? this.gateway.refreshTerminals(terminalIds) : Promise.resolve();
  }

  async start(): Promise<void> {
    const partitions = schedulePositionPartitions(this.db, this.database.dialect, this.config.now, this.log);
    this.partitions = partitions;
    await partitions.ready;
    await this.alarmSettings.load();
    this.settingsTimer = setInterval(() => {
      this.alarmSettings.load().catch((err) => this.log.error({ err }, 'alarm settings not reloaded'));
    }, ALARM_SETTINGS_EVERY_MS);
    this.settingsTimer.unref();
    await this.ingest.load();
    await this.waybills.start();
    await this.plans.start();
    this.commands.start();
    if (this.config.jt808Port === null) return;
    await this.ingest.markAllOffline();
    this.gateway = new Gateway(this.db, this.ingest, {
      host: this.config.jt808Host,
      port: this.config.jt808Port,
      idleMs: this.config.jt808IdleMs,
      replyTimeoutMs: this.config.jt808ReplyTimeoutMs,
      preAuthPerAddress: this.config.jt808PreAuthPerAddress,
      preAuthMs: this.config.jt808PreAuthMs,
      uploadDir: this.config.uploadDir,
      now: this.config.now,
      log: this.log,
    });
    this.gateway.heldElsewhere = (tid) =>
      this.commands.run<boolean>(tid, { kind: 'probe' }).catch(() => false);
    await this.gateway.start();
    this.expireTimer = setInterval(() => this.ingest.expireTrips(this.config.now()), EXPIRE_EVERY_MS);
    this.expireTimer.unref();
  }

  async stop(): Promise<void> {
    this.commands.stop();
    this.partitions?.stop();
    if (this.expireTimer) clearInterval(this.expireTimer);
    this.expireTimer = null;
    if (this.settingsTimer) clearInterval(this.settingsTimer);
    this.settingsTimer = null;
    await this.gateway?.stop();
    this.gateway = null;
    await this.ingest.close();
    await this.waybills.stop();
    await this.plans.stop();
  }
}
