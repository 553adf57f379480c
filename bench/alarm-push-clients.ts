/**
 * The browsers and the alarming terminal of bench/alarm-push.bench.ts, in a process of their own
 * (child_process.fork): holds the live message sockets (/api/ws/message2.0?token=...) and one
 * JT/T 808 terminal over TCP, writes location reports with the emergency bit and times, for every
 * socket, the moment the push arrives from the moment the report was written to the terminal's
 * socket (both clocks of this one process). Driven over IPC:
 *   { cmd: 'open', url, tokens, outsiders }        -> { opened, failed, ms }
 *   { cmd: 'terminal', port, phone }               -> { ok }
 *   { cmd: 'alarms', count, intervalMs, timeoutMs } -> AlarmRunResult
 *   { cmd: 'close' }                                -> exits
 * `outsiders` are tokens of users out of the truck's scope: their sockets must receive nothing.
 */
import { formatDateTime } from '@fleet/domain';
import { TestTerminal } from '@fleet/server/src/telematics/gateway/test-terminal';
import { alarmWord, encodeLocation } from '@fleet/server/src/telematics/jt808';
import WebSocket from 'ws';

interface Browser {
  socket: WebSocket;
  inScope: boolean;
}

interface Cycle {
  startTime: string;
  sentAt: number;
  /** Arrival time a socket index; NaN until it arrived. */
  arrived: Float64Array;
  remaining: number;
  done: () => void;
}

const browsers: Browser[] = [];
let terminal: TestTerminal | null = null;
let cycle: Cycle | null = null;
let duplicates = 0;
let strays = 0;
let leaks = 0;

function onPush(index: number, data: WebSocket.RawData): void {
  const at = performance.now();
  const text = data.toString();
  const message = JSON.parse(text) as { type: number; content: { alarmCode?: number; startTime?: string } };
  if (message.type !== 1) return;
  const browser = browsers[index] as Browser;
  if (!browser.inScope) {
    leaks++;
    return;
  }
  const c = cycle;
  if (!c || message.content.alarmCode !== 7001 || message.content.startTime !== c.startTime) {
    strays++;
    return;
  }
  if (!Number.isNaN(c.arrived[index])) {
    duplicates++;
    return;
  }
  c.arrived[index] = at - c.sentAt;
  if (--c.remaining === 0) c.done();
}

function openOne(url: string, token: string, inScope: boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${url}?token=${encodeURIComponent(token)}`);
    const index = browsers.length;
    browsers.push({ socket, inScope });
    const timer = setTimeout(() => reject(new Error('no pong within 30 s')), 30_000);
    socket.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.once('close', (code) => reject(new Error(`closed ${code}`)));
    socket.once('open', () => socket.send('ping'));
    // The server answers the first ping once the token is checked and the socket is in its hub.
    socket.once('message', () => {
      clearTimeout(timer);
      socket.on('message', (data) => onPush(index, data));
      resolve();
    });
  });
}

async function openAll(url: string, tokens: string[], outsiders: string[]) {
  const started = performance.now();
  const all = [...tokens.map((t) => [t, true] as const), ...outsiders.map((t) => [t, false] as const)];
  let next = 0;
  let failed = 0;
  const worker = async () => {
    while (next < all.length) {
      const [token, inScope] = all[next++] as readonly [string, boolean];
      await openOne(url, token, inScope).catch((error: Error) => {
        failed++;
        if (failed <= 3) console.error(`socket: ${error.message}`);
      });
    }
  };
  await Promise.all(Array.from({ length: 50 }, worker));
  return { opened: browsers.length - failed, failed, ms: Math.round(performance.now() - started) };
}

const position = { status: 3, lat: 39.91, lon: 116.41, altitude: 40, direction: 90 };
let lastSecond = 0;

/** A report of the alarming terminal at a second of its own (the engine orders reports by time). */
function nextSecond(): number {
  lastSecond = Math.max(lastSecond + 1, Math.floor(Date.now() / 1000));
  return lastSecond;
}

async function report(alarm: number): Promise<{ time: number; sentAt: number; ack: Promise<number> }> {
  const t = terminal as TestTerminal;
  const second = nextSecond();
  const header = t.header();
  const frame = encodeLocation(header, { ...position, alarm, speed: 62, time: second * 1000 });
  const ack = t.answerTo(header.serial, 30_000).then((r) => r.result);
  const sentAt = performance.now();
  t.socket.write(frame);
  return { time: second * 1000, sentAt, ack };
}

export interface AlarmRunResult {
  /** Latency (ms) of every in-scope socket for every alarm, alarm after alarm. */
  latencies: number[];
  /** Each alarm: its start time as pushed, and when its report was written (epoch ms, fractional). */
  sent: { startTime: string; at: number }[];
  /** Acknowledgement latency of each alarm report (stored and committed). */
  acks: number[];
  alarms: number;
  sockets: number;
  missing: number;
  duplicates: number;
  strays: number;
  leaks: number;
  /** What went wrong, where the run could not finish. */
  error?: string;
}

async function alarms(count: number, intervalMs: number, timeoutMs: number): Promise<AlarmRunResult> {
  const inScope = browsers.map((b, i) => (b.inScope ? i : -1)).filter((i) => i >= 0);
  const latencies: number[] = [];
  const acks: number[] = [];
  const sentTimes: AlarmRunResult['sent'] = [];
  let missing = 0;
  duplicates = 0;
  strays = 0;
  leaks = 0;
  for (let n = 0; n < count; n++) {
    const began = performance.now();
    const arrived = new Float64Array(browsers.length).fill(Number.NaN);
    let done = () => {};
    const all = new Promise<void>((resolve) => {
      done = resolve;
    });
    const sent = await report(alarmWord(['emergency']));
    sentTimes.push({
      startTime: formatDateTime(new Date(sent.time)),
      at: performance.timeOrigin + sent.sentAt,
    });
    cycle = {
      startTime: formatDateTime(new Date(sent.time)),
      sentAt: sent.sentAt,
      arrived,
      remaining: inScope.length,
      done,
    };
    const ackResult = await sent.ack;
    acks.push(performance.now() - sent.sentAt);
    if (ackResult !== 0) throw new Error(`alarm report refused: result ${ackResult}`);
    await Promise.race([all, new Promise((resolve) => setTimeout(resolve, timeoutMs))]);
    for (const i of inScope) {
      const ms = arrived[i] as number;
      if (Number.isNaN(ms)) missing++;
      else latencies.push(ms);
    }
    // The bit cleared ends the alarm; the next report with the bit starts a new one.
    const cleared = await report(0);
    if ((await cleared.ack) !== 0) throw new Error('report refused');
    // Late duplicates of this alarm would still be counted until the next one starts.
    const wait = intervalMs - (performance.now() - began);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    cycle = null;
  }
  return {
    latencies,
    sent: sentTimes,
    acks,
    alarms: count,
    sockets: inScope.length,
    missing,
    duplicates,
    strays,
    leaks,
  };
}

process.on('message', (raw: unknown) => {
  const m = raw as { cmd: string } & Record<string, unknown>;
  const reply = (value: unknown) => process.send?.(value);
  const fail = (error: Error) => reply({ error: error.message });
  if (m.cmd === 'open') {
    openAll(m.url as string, m.tokens as string[], (m.outsiders as string[]) ?? []).then(reply, fail);
  } else if (m.cmd === 'terminal') {
    TestTerminal.connect(m.port as number, m.phone as string)
      .then(async (t) => {
        terminal = t;
        await t.login();
        t.socket.setNoDelay(true);
        return { ok: true };
      })
      .then(reply, fail);
  } else if (m.cmd === 'alarms') {
    alarms(m.count as number, m.intervalMs as number, m.timeoutMs as number).then(reply, fail);
  } else if (m.cmd === 'close') {
    for (const b of browsers) b.socket.terminate();
    terminal?.socket.destroy();
    setTimeout(() => process.exit(0), 100);
  }
});
process.send?.({ ready: true });
