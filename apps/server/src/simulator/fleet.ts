import { DEMO_FLEET_SIZE } from '../db/seed';
import { type DemoTruck, demoFleet } from '../db/seed/demo-fleet';
import { type ClientSettings, DEFAULT_CLIENT_SETTINGS, type SimulatorLog, TerminalClient } from './client';
import { acceleratedClock, type SimClock } from './clock';
import type { EvidenceSink } from './evidence-store';
import {
  assignRoles,
  DEMO_INCIDENT_RATES,
  type IncidentRates,
  type IncidentRole,
  Incidents,
} from './incidents';
import { placeTruck } from './placement';
import { type VehicleProfile, vehicleProfiles } from './profile';
import { Rng } from './rng';
import { TruckSim, type TruckStart } from './truck';

export interface SimulatorOptions {
  /** Where the JT/T 808 gateway listens. */
  host: string;
  port: number;
  /** How many demo trucks to drive. */
  vehicles: number;
  /** Simulated time; default an accelerated clock of `speedup` starting now. */
  clock?: SimClock;
  /** Simulated seconds per real second (default 1). */
  speedup?: number;
  /** Seed of every random choice (habits, placement, driving). */
  seed?: number;
  log: SimulatorLog;
  /** Trucks to drive instead of the demo fleet (tests). */
  trucks?: readonly DemoTruck[];
  /** Where a truck starts, when given (tests); other trucks are placed mid-journey by the calendar. */
  start?: (profile: VehicleProfile, time: number) => TruckStart | undefined;
  settings?: Partial<ClientSettings>;
  /**
   * What goes wrong on the trucks (see incidents.ts): the demo's rates by default, and the parts
   * of the demo fleet chosen by the seed (trucks given by a test play the parts `roles` names).
   * null: nothing goes wrong.
   */
  incidents?: { rates?: Partial<IncidentRates>; roles?: ReadonlyMap<string, IncidentRole> } | null;
  /** Where the photos of active-safety alarms go; none are taken without it. */
  evidence?: EvidenceSink;
}

/**
 * The demo trucks the simulator drives: `vehicles` of the demo fleet as `npm start` seeds it
 * (max(50, vehicles) trucks), spread over every team and kind of work when fewer than seeded.
 */
export function simulatedTrucks(vehicles: number): DemoTruck[] {
  const fleet = demoFleet(Math.max(DEMO_FLEET_SIZE, vehicles));
  if (vehicles >= fleet.length) return fleet;
  return Array.from(
    { length: vehicles },
    (_, i) => fleet[Math.floor((i * fleet.length) / vehicles)] as DemoTruck,
  );
}

/** Where a client on this machine reaches a server listening on `host` (wildcards mean the loopback). */
export function loopbackFor(host: string): string {
  return host === '' || host === '0.0.0.0' || host === '::' || host === 'localhost' ? '127.0.0.1' : host;
}

/** A running demo fleet: one JT/T 808 terminal a truck, each on its own TCP connection. */
export class FleetSimulator {
  readonly clients: TerminalClient[];
  readonly clock: SimClock;
  /** The trucks (by terminal phone) that play a part to trip a platform rule. */
  readonly roles: ReadonlyMap<string, IncidentRole>;
  private starters: NodeJS.Timeout[] = [];

  constructor(private readonly options: SimulatorOptions) {
    const seed = options.seed ?? 1;
    this.clock = options.clock ?? acceleratedClock(options.speedup ?? 1);
    const settings = { ...DEFAULT_CLIENT_SETTINGS, ...options.settings };
    const trucks = options.trucks ?? simulatedTrucks(options.vehicles);
    const now = this.clock.now();
    const profiles = vehicleProfiles(trucks, seed);
    const plan = options.incidents === undefined ? {} : options.incidents;
    const rates = { ...DEMO_INCIDENT_RATES, ...plan?.rates };
    const roles = plan?.roles ?? (options.trucks ? new Map() : assignRoles(profiles, seed));
    this.roles = plan ? roles : new Map();
    this.clients = profiles.map((profile) => {
      const start = options.start?.(profile, now) ?? placeTruck(profile, now, seed);
      const truck = new TruckSim(profile, start, now, Rng.of('drive', seed, profile.phone, now));
      const incidents = plan
        ? new Incidents(
            profile,
            roles.get(profile.phone) ?? null,
            rates,
            Rng.of('incidents', seed, profile.phone, now),
          )
        : null;
      return new TerminalClient(
        profile,
        truck,
        options,
        this.clock,
        settings,
        options.log,
        incidents,
        options.evidence ?? null,
      );
    });
  }

  /** Connects the terminals a few milliseconds apart; their reports are spread over the interval. */
  start(): void {
    const rng = Rng.of('stagger', this.options.seed ?? 1);
    const interval = (this.options.settings?.reportSeconds ?? DEFAULT_CLIENT_SETTINGS.reportSeconds) * 1000;
    this.clients.forEach((client, i) => {
      const firstTick = rng.range(0, interval);
      const timer = setTimeout(() => client.start(firstTick), i * 20);
      timer.unref();
      this.starters.push(timer);
    });
    this.options.log.info(
      {
        trucks: this.clients.length,
        gateway: `${this.options.host}:${this.options.port}`,
        parts: Object.fromEntries(
          this.clients
            .filter((c) => this.roles.has(c.phone))
            .map((c) => [c.profile.plate, this.roles.get(c.phone)]),
        ),
      },
      'demo fleet simulator started',
    );
  }

  /** The terminal of a phone number. */
  client(phone: string): TerminalClient | undefined {
    return this.clients.find((c) => c.phone === phone);
  }

  /** Logs every terminal out and closes its connection. */
  async stop(): Promise<void> {
    for (const timer of this.starters) clearTimeout(timer);
    this.starters = [];
    await Promise.all(this.clients.map((c) => c.stop()));
  }
}

/** Builds and starts the demo fleet simulator. */
export function startSimulator(options: SimulatorOptions): FleetSimulator {
  const fleet = new FleetSimulator(options);
  fleet.start();
  return fleet;
}
