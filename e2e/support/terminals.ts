import { createServer } from 'node:net';
import { PLAN_BUSY_STATES } from '@fleet/domain';
import { connect } from '../../apps/server/src/db/connection';
import { TestTerminal } from '../../apps/server/src/telematics/gateway/test-terminal';
import { encodeLocation } from '../../apps/server/src/telematics/jt808';

/** Demo terminals over real TCP for browser tests that need live vehicles and alarms. */

/** JT/T 808 alarm word bits: 0 emergency (7001 紧急报警), 1 overspeed (5004 超速报警), 3 danger (7002 危险预警). */
export const ALARM_BIT = { emergency: 1 << 0, overspeed: 1 << 1, danger: 1 << 3 } as const;

export interface DemoTruck {
  carNo: string;
  phone: string;
}

/** A TCP port nobody listens on right now (for JT808_PORT). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * The first demo truck of a team that has a terminal and no plan under way (published, distributed
 * or running): its reports raise only the alarms a test makes, not the plan's timing alarms.
 */
export async function truckOf(databaseUrl: string, teamCode: string): Promise<DemoTruck> {
  const database = connect(databaseUrl);
  try {
    const row = await database.db
      .selectFrom('truck')
      .innerJoin('terminal', 'terminal.id', 'truck.terminal_id')
      .select(['truck.car_no', 'terminal.phone'])
      .where('truck.team_code', '=', teamCode)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('plan')
              .select('plan.id')
              .whereRef('plan.truck_id', '=', 'truck.id')
              .where('plan.state', 'in', [...PLAN_BUSY_STATES]),
          ),
        ),
      )
      .orderBy('truck.id')
      .executeTakeFirstOrThrow();
    return { carNo: row.car_no, phone: row.phone };
  } finally {
    await database.close();
  }
}

/** Logged-in terminals of the gateway at a port, one connection a terminal. */
export class DemoTerminals {
  private readonly open = new Map<string, TestTerminal>();

  constructor(private readonly port: number) {}

  async of(truck: DemoTruck): Promise<TestTerminal> {
    const known = this.open.get(truck.phone);
    if (known && !known.isClosed) return known;
    const terminal = await TestTerminal.connect(this.port, truck.phone);
    await terminal.login();
    this.open.set(truck.phone, terminal);
    return terminal;
  }

  async closeAll(): Promise<void> {
    for (const terminal of this.open.values()) if (!terminal.isClosed) await terminal.close();
  }
}

/**
 * One location report (Beijing, 62 km/h: under any speed limit, now) with the given alarm word;
 * resolves with the platform's result in its 0x8001 (0 when stored).
 */
export async function reportAlarm(terminal: TestTerminal, alarm: number): Promise<number> {
  const header = terminal.header();
  terminal.send(
    encodeLocation(header, {
      alarm,
      status: 0b11, // ACC on, positioned
      lat: 39.9042,
      lon: 116.4074,
      speed: 62,
      direction: 90,
      time: Date.now(),
      extras: { mileageKm: 12_345.6 },
    }),
  );
  return (await terminal.answerTo(header.serial, 10_000)).result;
}
