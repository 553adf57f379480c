import { TestTerminal } from '../telematics/gateway/test-terminal';
import { encodeLocation, type LocationInput } from '../telematics/jt808';
import type { TestApp } from './support';

/** One minute in milliseconds. */
export const MIN = 60_000;
/** Status bits of a location report: ACC on, and located. */
export const ACC = 1;
export const LOCATED = 2;

/** The row of the truck the terminal with this phone number is mounted in. */
export function truckRowOf(t: TestApp, phone: string) {
  return t.db.db
    .selectFrom('truck')
    .innerJoin('terminal', 'terminal.id', 'truck.terminal_id')
    .selectAll('truck')
    .where('terminal.phone', '=', phone)
    .executeTakeFirstOrThrow();
}

/** The id of the truck the terminal with this phone number is mounted in. */
export async function truckOf(t: TestApp, phone: string): Promise<number> {
  return (await truckRowOf(t, phone)).id;
}

/** Sends reports one after the other, each after the previous one's acknowledgement; the results of the answers. */
export async function report(terminal: TestTerminal, points: LocationInput[]): Promise<number[]> {
  const results: number[] = [];
  for (const p of points) {
    const h = terminal.header();
    terminal.send(encodeLocation(h, p));
    results.push((await terminal.answerTo(h.serial)).result);
  }
  return results;
}

/** Sends one report; the platform's result in its answer (0x8001). */
export async function reportOne(terminal: TestTerminal, point: LocationInput): Promise<number> {
  return (await report(terminal, [point]))[0] as number;
}

/** A terminal connected to the test app's JT/T 808 gateway, registered and authenticated. */
export async function loginTerminal(
  t: TestApp,
  phone: string,
  version: 2013 | 2019 = 2013,
): Promise<TestTerminal> {
  const terminal = await TestTerminal.connect(t.app.jt808Port as number, phone, version);
  await terminal.login();
  return terminal;
}

/** Resolves once the check holds, polling every 20 ms; rejects after timeoutMs. */
export function waitFor(check: () => Promise<boolean>, timeoutMs = 3000): Promise<void> {
  const until = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const poll = async () => {
      if (await check()) resolve();
      else if (Date.now() > until) reject(new Error('condition not met in time'));
      else setTimeout(poll, 20);
    };
    void poll();
  });
}

/** A located report with ACC on at 50 km/h near Beijing, `minute` minutes after `base`; `x` overrides. */
export const locationAt = (base: number, minute: number, x: Partial<LocationInput> = {}): LocationInput => ({
  status: ACC | LOCATED,
  lat: 39.9,
  lon: 116.4,
  speed: 50,
  time: base + minute * MIN,
  ...x,
});
