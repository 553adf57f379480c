/**
 * JT/T 808 codec throughput: 1,000,000 0x0200 location frames (seven additional items each, escapes
 * included) fed as a TCP stream in 64 KiB chunks through FrameSplitter, then parseFrame +
 * decodeMessage. Prints frames per second, median of 5 runs.
 *   npx tsx bench/jt808-codec.bench.ts
 */
import {
  decodeMessage,
  encodeLocation,
  FrameSplitter,
  parseFrame,
  statusWord,
} from '@fleet/server/src/telematics/jt808/index';

const FRAMES = 1_000_000;
const RUNS = 5;
const CHUNK = 64 * 1024;

function stream(): { chunks: Buffer[]; frames: number; bytes: number } {
  const frames: Buffer[] = [];
  const start = Date.UTC(2026, 5, 1);
  for (let i = 0; i < 1000; i++) {
    frames.push(
      encodeLocation(
        { phone: `138${String(i % 100).padStart(8, '0')}`, serial: i, version: i % 4 === 0 ? 2019 : 2013 },
        {
          alarm: i % 50 === 0 ? 2 : 0,
          status: statusWord({ acc: true, located: true, beidou: true }),
          lat: 30 + (i % 997) / 1000,
          lon: 114 + (i % 991) / 1000,
          altitude: 40 + (i % 20),
          speed: (i % 900) / 10,
          direction: i % 360,
          time: start + i * 10_000,
          extras: {
            mileageKm: 10_000 + i / 10,
            fuelL: 300 - (i % 100) / 10,
            recorderSpeedKmh: (i % 900) / 10,
            vehicleSignal: i & 0x7f,
            ioStatus: 0,
            signalStrength: 20 + (i % 10),
            satellites: 8 + (i % 8),
          },
        },
      ),
    );
  }
  const one = Buffer.concat(frames);
  const whole = Buffer.concat(Array.from({ length: FRAMES / frames.length }, () => one));
  const chunks: Buffer[] = [];
  for (let pos = 0; pos < whole.length; pos += CHUNK) chunks.push(whole.subarray(pos, pos + CHUNK));
  return { chunks, frames: FRAMES, bytes: whole.length };
}

function run(chunks: Buffer[]): { ms: number; cpuMs: number; frames: number; check: number } {
  const splitter = new FrameSplitter();
  let frames = 0;
  let check = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (const chunk of chunks) {
    for (const frame of splitter.push(chunk)) {
      const message = decodeMessage(parseFrame(frame));
      if (message.kind === 'location') check += message.location.speed;
      frames++;
    }
  }
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return { ms, cpuMs: (cpu.user + cpu.system) / 1000, frames, check };
}

const { chunks, frames, bytes } = stream();
run(chunks.slice(0, 50)); // warm-up
const results = Array.from({ length: RUNS }, () => run(chunks));
for (const r of results) if (r.frames !== frames) throw new Error(`decoded ${r.frames} of ${frames} frames`);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const wall = median(results.map((r) => r.ms));
const cpu = median(results.map((r) => r.cpuMs));
const rate = (ms: number) => Math.round((frames / ms) * 1000).toLocaleString('en');
console.log(
  `jt808 codec: ${frames.toLocaleString('en')} 0x0200 frames (${(bytes / frames).toFixed(1)} B each on the wire), ` +
    'FrameSplitter + parseFrame + decodeMessage',
);
console.log(`  runs, wall ms: ${results.map((r) => r.ms.toFixed(0)).join(', ')}`);
console.log(
  `  runs, CPU ms:  ${results.map((r) => r.cpuMs.toFixed(0)).join(', ')} (process CPU time, GC included)`,
);
console.log(`  median: ${rate(wall)} frames/s wall clock, ${rate(cpu)} frames per CPU-second`);
