import {
  BATCH_TYPE,
  encodeAuth,
  encodeBatchLocation,
  encodeHeartbeat,
  encodeLocation,
  encodeLocationQueryResponse,
  encodeLogout,
  encodeRegister,
  encodeShootNowResponse,
  encodeTerminalResponse,
  type FrameHeader,
  type Jt808Header,
  type Jt808Message,
  MSG,
  REGISTER_RESULT,
  TERMINAL_RESULT,
} from '../telematics/jt808';
import { shootNowFrames } from './camera';
import type { SimClock } from './clock';
import { evidencePhoto } from './evidence';
import type { EvidenceSink } from './evidence-store';
import type { EvidenceShot, Incidents } from './incidents';
import { type LinkSettings, type SimulatorLog, TerminalLink } from './link';
import type { VehicleProfile } from './profile';
import { locationOf } from './report';
import { type Outgoing, ReportQueue } from './report-queue';
import type { TruckSample, TruckSim } from './truck';

export type { SimulatorLog } from './link';

/** Reporting and connection settings of a simulated terminal. Simulated seconds unless said otherwise. */
export interface ClientSettings extends LinkSettings {
  /** Report interval while moving. */
  reportSeconds: number;
  /** Standing with the engine on. */
  idleSeconds: number;
  /** Engine off. */
  parkedSeconds: number;
  /** Terminal asleep while the driver rests (JT/T 808 parameter 0x0027). */
  sleepSeconds: number;
  /** Heartbeat (0x0002) after this long without sending anything. */
  heartbeatSeconds: number;
  /** Report messages (0x0200 or 0x0704) sent and not yet acknowledged, at most. */
  window: number;
  /** Reports kept while the platform is unreachable; past this the oldest are dropped. */
  maxBuffered: number;
}

export const DEFAULT_CLIENT_SETTINGS: ClientSettings = {
  reportSeconds: 10,
  idleSeconds: 30,
  parkedSeconds: 60,
  sleepSeconds: 300,
  heartbeatSeconds: 60,
  window: 8,
  maxBuffered: 2000,
  reconnectMinMs: 1000,
  reconnectMaxMs: 60_000,
  replyTimeoutMs: 15_000,
};

type ClientState = 'stopped' | 'connecting' | 'registering' | 'authenticating' | 'online';

/**
 * One truck's JT/T 808 terminal over its own TCP connection: registers (0x0100) and
 * authenticates (0x0102) with the code received, reports its location (0x0200) at the interval
 * its state calls for and at once when ACC changes, keeps at most `window` reports unacknowledged
 * (0x8001), sends heartbeats (0x0002) when quiet, answers location queries (0x8201 → 0x0201) and
 * text messages (0x8300 → 0x0001). When the connection drops it keeps reporting into a bounded
 * buffer, reconnects with back-off (authenticating with the code it has, registering again if
 * that is refused) and uploads the buffer as blind-area batches (0x0704).
 */
export class TerminalClient {
  readonly stats = {
    connects: 0,
    logins: 0,
    reports: 0,
    batches: 0,
    batchedReports: 0,
    acked: 0,
    dropped: 0,
    heartbeats: 0,
    queries: 0,
    texts: 0,
    refusals: 0,
    /** Active-safety events reported, and their photos filed. */
    safetyEvents: 0,
    photos: 0,
  };
  state: ClientState = 'stopped';
  private readonly link: TerminalLink;
  private readonly queue: ReportQueue;
  private authCode: string | null = null;
  private awaiting: { msgId: number; serial: number } | null = null;
  /** Ids of the photos taken on the platform's request. */
  private mediaSerial = 0;
  private cancelTick: (() => void) | null = null;
  /** Report slots (one every `reportSeconds`) since the last report, and when the next slot is due. */
  private slotsSinceReport = Number.POSITIVE_INFINITY;
  private nextSlotAt = 0;
  private lastSentAt = Number.NEGATIVE_INFINITY;
  private lastAcc: boolean | null = null;
  private loggedOut: (() => void) | null = null;
  private steeredAt: number | null = null;

  constructor(
    readonly profile: VehicleProfile,
    readonly truck: TruckSim,
    target: { host: string; port: number },
    private readonly clock: SimClock,
    private readonly settings: ClientSettings,
    private readonly log: SimulatorLog,
    /** What goes wrong on the truck (terminal alarms, a rule it trips), and where its photos go. */
    private readonly incidents: Incidents | null = null,
    private readonly evidence: EvidenceSink | null = null,
  ) {
    this.queue = new ReportQueue(settings.window, settings.maxBuffered, this.stats);
    this.link = new TerminalLink(target, profile.phone, profile.version, settings, log, {
      connecting: () => {
        this.stats.connects++;
      },
      open: () => (this.authCode ? this.authenticate() : this.register()),
      frame: (header, message) => this.handle(header, message),
      closed: () => this.onClosed(),
    });
  }

  get phone(): string {
    return this.profile.phone;
  }

  /** Reports waiting to be uploaded. */
  get buffered(): number {
    return this.queue.buffered;
  }

  /** Starts reporting (the first report after `firstTickMs` of simulated time) and connects. */
  start(firstTickMs = 0): void {
    if (this.state !== 'stopped') return;
    this.state = 'connecting';
    this.nextSlotAt = this.clock.now() + firstTickMs;
    this.cancelTick = this.clock.after(firstTickMs, () => this.tick());
    this.link.connect();
  }

  /** Logs out (0x0003) when online, then closes the connection and stops reporting. */
  async stop(): Promise<void> {
    const wasOnline = this.state === 'online';
    this.state = 'stopped';
    this.cancelTick?.();
    this.cancelTick = null;
    if (wasOnline) {
      const acked = new Promise<void>((resolve) => {
        this.loggedOut = resolve;
        setTimeout(resolve, 1000).unref();
      });
      if (this.send((h) => encodeLogout(h)) >= 0) await acked;
    }
    await this.link.close();
  }

  private send(encode: (header: FrameHeader) => Buffer): number {
    const serial = this.link.send(encode);
    if (serial >= 0) this.lastSentAt = this.clock.now();
    return serial;
  }

  // --- reporting -----------------------------------------------------------------------------------

  private tick(): void {
    if (this.state === 'stopped') return;
    const now = this.clock.now();
    this.truck.advanceTo(now);
    this.incidents?.steer(this.truck, now - (this.steeredAt ?? now));
    this.steeredAt = now;
    const { acc, moving, sleeping } = this.truck.status();
    const s = this.settings;
    const interval = moving
      ? s.reportSeconds
      : acc
        ? s.idleSeconds
        : sleeping
          ? s.sleepSeconds
          : s.parkedSeconds;
    this.slotsSinceReport++;
    if (acc !== this.lastAcc || this.slotsSinceReport >= Math.round(interval / s.reportSeconds)) {
      this.report();
    }
    if (this.state === 'online' && now - this.lastSentAt >= s.heartbeatSeconds * 1000) {
      this.send((h) => encodeHeartbeat(h));
      this.stats.heartbeats++;
    }
    const oldest = this.queue.oldestSentAt;
    if (oldest !== undefined && Date.now() - oldest > s.replyTimeoutMs) {
      this.log.info({ tid: this.phone }, 'simulated terminal: reports not acknowledged, reconnecting');
      this.link.drop();
    }
    // Slots stay on a fixed grid, so timer lateness does not add up.
    this.nextSlotAt += s.reportSeconds * 1000;
    this.cancelTick = this.clock.after(Math.max(0, this.nextSlotAt - now), () => this.tick());
  }

  private report(): void {
    const sample = this.truck.sample();
    this.slotsSinceReport = 0;
    this.lastAcc = sample.acc;
    this.stats.reports++;
    const location = this.locationOf(sample);
    const shots = this.incidents?.decorate(location, sample, this.truck) ?? [];
    this.queue.add(location, this.state === 'online');
    this.pump();
    if (location.extras?.adas || location.extras?.dsm || location.extras?.bsd) this.stats.safetyEvents++;
    for (const shot of shots) this.file(shot);
  }

  /** The report of a sample, placed where the truck really is (off its line during a detour). */
  private locationOf(sample: TruckSample) {
    const placed = this.incidents ? { ...sample, ...this.incidents.place(this.truck, sample) } : sample;
    return locationOf(placed, this.profile.version);
  }

  /** Takes a photo of an event and files it under the event's alarm number. */
  private file(shot: EvidenceShot): void {
    if (!this.evidence) return;
    const data = evidencePhoto(shot.scene);
    this.evidence({ phone: this.phone, alarmNo: shot.alarmNo, channel: shot.scene.channel, data }).then(
      () => {
        this.stats.photos++;
      },
      (error: Error) =>
        this.log.warn(
          { tid: this.phone, err: error.message },
          'simulated terminal: evidence photo not filed',
        ),
    );
  }

  /** Sends what the queue lets go while online. */
  private pump(): void {
    while (this.state === 'online') {
      const message = this.queue.next();
      if (!message) return;
      const serial = this.send((h) => this.encodeReports(h, message));
      if (serial < 0) {
        this.queue.unsent(message);
        return;
      }
      this.queue.sent(serial, message, Date.now());
    }
  }

  private encodeReports(header: FrameHeader, message: Outgoing): Buffer {
    const [first] = message.locations;
    if (!message.batch && first) return encodeLocation(header, first);
    const type = message.blind ? BATCH_TYPE.blindArea : BATCH_TYPE.regular;
    return encodeBatchLocation(header, type, message.locations);
  }

  // --- login -----------------------------------------------------------------------------------------

  private register(): void {
    this.state = 'registering';
    const p = this.profile;
    const serial = this.send((h) =>
      encodeRegister(h, {
        province: p.province,
        city: p.city,
        manufacturer: 'FLEET',
        model: 'FL-808A',
        terminalId: p.terminalId,
        plateColor: p.plateColor,
        plate: p.plate,
      }),
    );
    this.awaiting = { msgId: MSG.register, serial };
    this.link.expectAnswer();
  }

  private authenticate(): void {
    this.state = 'authenticating';
    const code = this.authCode as string;
    const imei = `8600${this.phone}`.slice(0, 15);
    const serial = this.send((h) => encodeAuth(h, { code, imei, softwareVersion: 'FLSIM-1.0' }));
    this.awaiting = { msgId: MSG.auth, serial };
    this.link.expectAnswer();
  }

  private isAwaited(msgId: number, replySerial: number): boolean {
    return this.awaiting?.msgId === msgId && this.awaiting.serial === replySerial;
  }

  private online(): void {
    this.state = 'online';
    this.awaiting = null;
    this.link.established();
    this.stats.logins++;
    this.log.debug({ tid: this.phone, buffered: this.queue.buffered }, 'simulated terminal online');
    this.pump();
  }

  private onClosed(): void {
    this.awaiting = null;
    this.queue.disconnected();
    if (this.state === 'stopped') return;
    if (this.state === 'online') this.log.info({ tid: this.phone }, 'simulated terminal: connection lost');
    this.state = 'connecting';
  }

  // --- platform messages -------------------------------------------------------------------------

  private handle(header: Jt808Header, message: Jt808Message): void {
    switch (message.kind) {
      case 'registerResponse':
        if (!this.isAwaited(MSG.register, message.replySerial)) return;
        if (message.result === REGISTER_RESULT.ok && message.authCode) {
          this.authCode = message.authCode;
          this.authenticate();
          return;
        }
        this.stats.refusals++;
        this.log.warn(
          { tid: this.phone, plate: this.profile.plate, result: message.result },
          'simulated terminal: registration refused (is the demo fleet seeded?)',
        );
        this.link.drop(this.settings.reconnectMaxMs);
        return;
      case 'platformResponse':
        if (message.replyMsgId === MSG.auth) {
          if (!this.isAwaited(MSG.auth, message.replySerial)) return;
          if (message.result === 0) {
            this.online();
            return;
          }
          // A code the operator reset: register again on the next connection for the new one.
          this.authCode = null;
          this.stats.refusals++;
          this.link.drop();
        } else if (message.replyMsgId === MSG.location || message.replyMsgId === MSG.batchLocation) {
          if (this.queue.acknowledged(message.replySerial, message.result)) this.pump();
        } else if (message.replyMsgId === MSG.logout) {
          this.loggedOut?.();
        }
        return;
      case 'locationQuery': {
        this.truck.advanceTo(this.clock.now());
        const location = this.locationOf(this.truck.sample());
        this.send((h) => encodeLocationQueryResponse(h, header.serial, location));
        this.stats.queries++;
        return;
      }
      case 'textMessage':
        this.stats.texts++;
        this.log.info({ tid: this.phone, text: message.text }, 'simulated terminal: text message shown');
        this.answer(header, TERMINAL_RESULT.ok);
        return;
      case 'setParameters':
        // acknowledged as a terminal does; the simulated cadence stays the simulator's own setting
        this.log.info(
          { tid: this.phone, parameters: message.parameters.map((p) => p.id) },
          'simulated terminal: parameters set',
        );
        this.answer(header, TERMINAL_RESULT.ok);
        return;
      case 'shootNow':
        this.shoot(header, message.channel, message.command);
        return;
      default:
        if (header.msgId >= 0x8000) this.answer(header, TERMINAL_RESULT.unsupported);
    }
  }

  /** 0x8801: a photo is answered 0x0805 with its media id and uploaded (0x0801); video is not recorded. */
  private shoot(header: Jt808Header, channel: number, command: number): void {
    if (command === 0 || command === 0xffff) {
      this.send((h) => encodeShootNowResponse(h, header.serial, 1, []));
      return;
    }
    this.truck.advanceTo(this.clock.now());
    const sample = this.truck.sample();
    this.mediaSerial = (this.mediaSerial + 1) >>> 0;
    const mediaId = this.mediaSerial;
    this.send((h) => encodeShootNowResponse(h, header.serial, 0, [mediaId]));
    const frames = shootNowFrames({
      mediaId,
      channel,
      plate: this.profile.plate,
      speed: sample.speed,
      time: sample.time,
      location: this.locationOf(sample),
    });
    for (const frame of frames) this.send(frame);
    this.stats.photos++;
  }

  /** 0x0001 answering a platform message. */
  private answer(header: Jt808Header, result: number): void {
    this.send((h) =>
      encodeTerminalResponse(h, { replySerial: header.serial, replyMsgId: header.msgId, result }),
    );
  }
}
