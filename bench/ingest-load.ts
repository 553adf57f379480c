/**
 * Load generator of bench/ingest.bench.ts, run in its own process (child_process.fork): opens
 * connections as JT/T 808 terminals, registers and authenticates each, then sends location reports
 * and measures their acknowledgements. Driven over IPC by the bench:
 *   { cmd: 'connect', port, phones, version }      -> { connected, failed, ms }
 *   { cmd: 'load', mode, seconds, warmup, window, rate } -> LoadResult
 *   { cmd: 'close' }                                 -> exits
 * Modes: 'saturate' keeps `window` reports in flight on every connection (as fast as acks allow);
 * 'paced' sends `rate` reports a second spread evenly over the connections (each at most `window`
 * in flight) and measures the acknowledgement latency at that offered load.
 */
import net from 'node:net';
import {
  decodeFrame,
  encodeAuth,
  encodeRegister,
  FrameSplitter,
  toBcdTime,
  wrapFrame,
} from '@fleet/server/src/telematics/jt808';

interface Terminal {
  socket: net.Socket;
  phone: string;
  serial: number;
  inFlight: number;
  /** Send times of reports in flight, oldest first, by serial. */
  sentAt: Map<number, number>;
  splitter: FrameSplitter;
  onAnswer: ((msgId: number, replySerial: number, result: number, body: unknown) => void) | null;
  lat: number;
  lon: number;
  odometer: number;
  corked: boolean;
  /** In the paced mode's queue of connections with room in their window. */
  ready: boolean;
}

const terminals: Terminal[] = [];

/** Connections with room in their window, in the order they got it, each at most once. */
class ReadyQueue {
  private items: Terminal[] = [];
  private head = 0;

  push(t: Terminal): void {
    if (t.ready) return;
    t.ready = true;
    this.items.push(t);
  }

  shift(): Terminal | undefined {
    const t = this.items[this.head];
    if (!t) return undefined;
    this.head++;
    if (this.head > 4096 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    t.ready = false;
    return t;
  }

  clear(): void {
    for (let i = this.head; i < this.items.length; i++) (this.items[i] as Terminal).ready = false;
    this.items = [];
    this.head = 0;
  }
}
const ready = new ReadyQueue();

/** Latency histogram: 0.1 ms buckets up to 30 s. */
const BUCKETS = 300_000;
let histogram = new Uint32Array(BUCKETS);
let acked = 0;
let failed = 0;
let measuring = false;
let running = false;

function record(latencyMs: number): void {
  const bucket = Math.min(BUCKETS - 1, Math.max(0, Math.round(latencyMs * 10)));
  histogram[bucket] = (histogram[bucket] ?? 0) + 1;
}

function quantile(q: number): number {
  let total = 0;
  for (let i = 0; i < BUCKETS; i++) total += histogram[i] ?? 0;
  if (total === 0) return 0;
  const target = Math.ceil(q * total);
  let seen = 0;
  for (let i = 0; i < BUCKETS; i++) {
    seen += histogram[i] ?? 0;
    if (seen >= target) return i / 10;
  }
  return BUCKETS / 10;
}

function connectOne(port: number, phone: string): Promise<Terminal> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.setNoDelay(true);
    const t: Terminal = {
      socket,
      phone,
      serial: 1,
      inFlight: 0,
      sentAt: new Map(),
      splitter: new FrameSplitter(),
      onAnswer: null,
      lat: 39.6 + Math.random(),
      lon: 109.5 + Math.random(),
      odometer: 10_000 + Math.random() * 1000,
      corked: false,
      ready: false,
    };
    socket.on('data', (chunk: Buffer) => {
      for (const frame of t.splitter.push(chunk)) {
        const { message } = decodeFrame(frame);
        if (message.kind === 'platformResponse') {
          t.onAnswer?.(message.replyMsgId, message.replySerial, message.result, message);
        } else if (message.kind === 'registerResponse') {
          t.onAnswer?.(0x0100, message.replySerial, message.result, message);
        }
      }
    });
    socket.once('connect', () => resolve(t));
    socket.once('error', reject);
  });
}

function nextSerial(t: Terminal): number {
  const serial = t.serial;
  t.serial = (t.serial + 1) & 0xffff;
  return serial;
}

function ask(
  t: Terminal,
  frame: Buffer,
  serial: number,
  msgId: number,
): Promise<{ result: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer to 0x${msgId.toString(16)}`)), 60_000);
    t.onAnswer = (id, replySerial, result, body) => {
      if (id !== msgId || replySerial !== serial) return;
      clearTimeout(timer);
      t.onAnswer = null;
      resolve({ result, body });
    };
    t.socket.write(frame);
  });
}

async function login(t: Terminal, version: 2013 | 2019): Promise<void> {
  const header = () => ({ phone: t.phone, serial: nextSerial(t), version });
  const h1 = header();
  const registered = await ask(
    t,
    encodeRegister(h1, {
      province: 15,
      city: 600,
      manufacturer: 'BENCH',
      model: 'LOAD-1',
      terminalId: 'B000001',
      plateColor: 2,
      plate: '蒙K00000',
    }),
    h1.serial,
    0x0100,
  );
  const code = (registered.body as { authCode?: string }).authCode;
  if (registered.result !== 0 || !code) throw new Error(`register ${t.phone}: result ${registered.result}`);
  const h2 = header();
  const auth = await ask(
    t,
    encodeAuth(h2, { code, imei: '860000000000000', softwareVersion: '1' }),
    h2.serial,
    0x0102,
  );
  if (auth.result !== 0) throw new Error(`auth ${t.phone}: result ${auth.result}`);
}

async function connectAll(port: number, phones: string[], version: 2013 | 2019) {
  const started = performance.now();
  let next = 0;
  let failures = 0;
  const worker = async () => {
    while (next < phones.length) {
      const phone = phones[next++] as string;
      try {
        const t = await connectOne(port, phone);
        await login(t, version);
        terminals.push(t);
      } catch (error) {
        failures++;
        if (failures <= 3) console.error(`connect ${phone}: ${(error as Error).message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: 200 }, worker));
  return { connected: terminals.length, failed: failures, ms: Math.round(performance.now() - started) };
}

/**
 * 0x0200 of a moving truck with odometer (0x01) and fuel (0x02) items, written straight into a
 * buffer (the codec's encoder allocates several objects a frame; the load generator shares the
 * machine's two cores with the server, so it spends as little as it can). Framing, check code and
 * escaping are the codec's `wrapFrame`.
 */
const content = Buffer.alloc(12 + 28 + 6 + 4);
let bcdSecond = -1;
let bcd: Buffer = Buffer.alloc(6);

function locationFrame(t: Terminal, serial: number): Buffer {
  const now = Date.now();
  const second = Math.floor(now / 1000);
  if (second !== bcdSecond) {
    bcdSecond = second;
    bcd = toBcdTime(second * 1000);
  }
  const c = content;
  c.writeUInt16BE(0x0200, 0);
  c.writeUInt16BE(38, 2);
  c.write(t.phone.padStart(12, '0'), 4, 'hex');
  c.writeUInt16BE(serial, 10);
  c.writeUInt32BE(0, 12); // alarm
  c.writeUInt32BE(3, 16); // ACC on, located
  c.writeUInt32BE(Math.round(t.lat * 1e6), 20);
  c.writeUInt32BE(Math.round(t.lon * 1e6), 24);
  c.writeUInt16BE(1200, 28);
  c.writeUInt16BE(625, 30);
  c.writeUInt16BE(15, 32);
  bcd.copy(c, 34);
  c[40] = 0x01;
  c[41] = 4;
  c.writeUInt32BE(Math.round(t.odometer * 10), 42);
  c[46] = 0x02;
  c[47] = 2;
  c.writeUInt16BE(4000, 48);
  return wrapFrame(c);
}

function sendReport(t: Terminal, now: number): void {
  const serial = nextSerial(t);
  t.lat += 0.0001;
  t.odometer += 0.03;
  t.inFlight++;
  t.sentAt.set(serial, now);
  if (!t.corked) {
    t.corked = true;
    t.socket.cork();
    process.nextTick(() => {
      t.corked = false;
      t.socket.uncork();
    });
  }
  t.socket.write(locationFrame(t, serial));
}

interface LoadCommand {
  mode: 'saturate' | 'paced';
  seconds: number;
  warmup: number;
  window: number;
  rate: number;
}

async function load(cmd: LoadCommand) {
  histogram = new Uint32Array(BUCKETS);
  acked = 0;
  failed = 0;
  measuring = false;
  running = true;
  for (const t of terminals) {
    t.onAnswer = (msgId, replySerial, result) => {
      if (msgId !== 0x0200) return;
      const sent = t.sentAt.get(replySerial);
      if (sent === undefined) return;
      t.sentAt.delete(replySerial);
      t.inFlight--;
      if (measuring) {
        if (result === 0) {
          acked++;
          record(performance.now() - sent);
        } else {
          failed++;
        }
      }
      if (running && cmd.mode === 'saturate') sendReport(t, performance.now());
      else if (running && t.inFlight < cmd.window) ready.push(t);
    };
  }
  let pacer: NodeJS.Timeout | null = null;
  if (cmd.mode === 'saturate') {
    const now = performance.now();
    for (const t of terminals) for (let i = 0; i < cmd.window; i++) sendReport(t, now);
  } else {
    // Every 10 ms, send rate/100 reports round-robin over the connections with room in their window,
    // taken from a queue (scanning every connection for room would burn this process's CPU exactly
    // when the server falls behind, and so take it from the server).
    for (const t of terminals) if (t.inFlight < cmd.window) ready.push(t);
    let owed = 0;
    pacer = setInterval(() => {
      owed += cmd.rate / 100;
      const now = performance.now();
      while (owed >= 1) {
        const t = ready.shift();
        if (!t) break;
        sendReport(t, now);
        owed--;
        if (t.inFlight < cmd.window) ready.push(t);
      }
      owed = Math.min(owed, cmd.rate);
    }, 10);
  }
  await new Promise((r) => setTimeout(r, cmd.warmup * 1000));
  measuring = true;
  const cpuMeasure = process.cpuUsage();
  const started = performance.now();
  await new Promise((r) => setTimeout(r, cmd.seconds * 1000));
  measuring = false;
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuMeasure);
  running = false;
  if (pacer) clearInterval(pacer);
  ready.clear();
  // Let what is in flight come back before the next run.
  const until = performance.now() + 30_000;
  while (terminals.some((t) => t.inFlight > 0) && performance.now() < until) {
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    mode: cmd.mode,
    connections: terminals.length,
    acked,
    failed,
    seconds: elapsed,
    perSecond: acked / elapsed,
    p50: quantile(0.5),
    p99: quantile(0.99),
    max: quantile(1),
    clientCpu: (cpu.user + cpu.system) / 1e6 / elapsed,
    stillInFlight: terminals.reduce((n, t) => n + t.inFlight, 0),
  };
}

process.on('message', (raw: unknown) => {
  const message = raw as { cmd: string } & Record<string, unknown>;
  const reply = (value: unknown) => process.send?.(value);
  if (message.cmd === 'connect') {
    connectAll(
      message.port as number,
      message.phones as string[],
      (message.version as 2013 | 2019) ?? 2013,
    ).then(reply, (error: Error) => reply({ error: error.message }));
  } else if (message.cmd === 'load') {
    load(message as unknown as LoadCommand).then(reply, (error: Error) => reply({ error: error.message }));
  } else if (message.cmd === 'close') {
    for (const t of terminals) t.socket.destroy();
    setTimeout(() => process.exit(0), 100);
  }
});
process.send?.({ ready: true });
