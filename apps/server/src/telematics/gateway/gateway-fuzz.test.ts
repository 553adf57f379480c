import net from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prng } from '../../test/random';
import { startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';
import {
  encodeAuth,
  encodeBatchLocation,
  encodeHeartbeat,
  encodeLocation,
  encodeLocationBody,
  encodeRegister,
  encodeSubpackaged,
  MSG,
  wrapFrame,
} from '../jt808';
import { loadVectors } from '../jt808/vectors.fixture';
import { TestTerminal } from './test-terminal';

// The gateway under a bounded storm of hostile connections: random bytes, truncated, mis-escaped,
// over-long and mutated real frames (the third-party vectors and the codec's own), from a few
// hundred connections, while good terminals keep reporting. The process must stay up, every report
// of the good terminals be acknowledged and stored, and memory stay bounded.

const SECONDS = Number(process.env.GATEWAY_FUZZ_SECONDS ?? 10);
/** Hostile connections open at once, and in all over the run. */
const CONCURRENT = 40;
const HOSTILE_TOTAL = 600;
const GOOD = ['13800000021', '13800000022', '13800000023', '13800000024'];

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const random = prng(1808);
const int = (n: number) => Math.floor(random() * n);
const pick = <T>(list: readonly T[]): T => list[int(list.length)] as T;
const randomBytes = (n: number) => Buffer.from(Array.from({ length: n }, () => int(256)));

/** Real frames: the third-party vectors and frames the codec writes (registration, reports, batches). */
function realFrames(now: number): Buffer[] {
  const frames: Buffer[] = loadVectors()
    .filter((v) => v.kind === 'FRAME' && v.hex.length > 0)
    .map((v) => Buffer.from(v.wire ?? v.hex, 'hex'))
    .filter((f) => f[0] === 0x7e);
  const h = (msgId: number, serial: number) => ({
    phone: '13800000031',
    serial,
    version: 2013 as const,
    msgId,
  });
  const location = { lat: 39.9, lon: 116.4, time: now, extras: { mileageKm: 10, fuelL: 5 } };
  frames.push(
    encodeRegister(h(MSG.register, 1), {
      province: 11,
      city: 100,
      manufacturer: 'FLEET',
      model: 'FL-808A',
      terminalId: 'T000001',
      plateColor: 2,
      plate: '京A12345',
    }),
    encodeAuth(h(MSG.auth, 2), { code: 'ABCDEF0123456789', imei: '860000000000001', softwareVersion: '1.0' }),
    encodeLocation(h(MSG.location, 3), location),
    encodeBatchLocation(h(MSG.batchLocation, 4), 1, [location, { ...location, time: now + 1000 }]),
    encodeHeartbeat(h(MSG.heartbeat, 5)),
    ...encodeSubpackaged(h(MSG.location, 6), encodeLocationBody(location), 8),
  );
  return frames;
}

/** One hostile message: a real frame broken in one of several ways, or noise. */
function hostile(frames: Buffer[]): Buffer {
  const frame = Buffer.from(pick(frames));
  switch (int(7)) {
    case 0:
      return randomBytes(1 + int(600));
    case 1:
      return frame.subarray(0, 1 + int(frame.length - 1));
    case 2: {
      // mis-escaped: 0x7d followed by a byte other than 0x01 / 0x02
      const at = 1 + int(Math.max(1, frame.length - 2));
      return Buffer.concat([
        frame.subarray(0, at),
        Buffer.from([0x7d, 0x03 + int(0x70)]),
        frame.subarray(at),
      ]);
    }
    case 3:
      // over-long: a frame that opens and runs far past any body length
      return Buffer.concat([
        Buffer.from([0x7e]),
        randomBytes(2000 + int(8000)).map((b) => (b === 0x7e ? 0 : b)),
      ]);
    case 4: {
      const copy = Buffer.from(frame);
      for (let i = 0, n = 1 + int(4); i < n; i++) copy[1 + int(copy.length - 2)] = int(256);
      return copy;
    }
    case 5: {
      // mutated content with a valid checksum and escaping, so the decoders see it
      const content = Buffer.from(frame.subarray(1, frame.length - 2));
      for (let i = 0, n = 1 + int(3); i < n && content.length > 0; i++)
        content[int(content.length)] = int(256);
      return wrapFrame(content);
    }
    default:
      return Buffer.concat(Array.from({ length: 2 + int(20) }, () => pick(frames)));
  }
}

/** A hostile connection: sends some broken frames in pieces, then leaves, or stays silent. */
function attack(port: number, frames: Buffer[]): Promise<{ closedByServer: boolean }> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    let ended = false;
    const stays = int(4) === 0;
    socket.on('error', () => {});
    socket.on('data', () => {});
    socket.on('close', () => resolve({ closedByServer: !ended }));
    socket.on('connect', async () => {
      for (let i = 0, n = 1 + int(12); i < n && !socket.destroyed; i++) {
        const message = hostile(frames);
        let at = 0;
        while (at < message.length && !socket.destroyed) {
          const size = 1 + int(message.length);
          socket.write(message.subarray(at, at + size));
          at += size;
        }
        await new Promise((r) => setTimeout(r, int(30)));
      }
      if (!stays) {
        ended = true;
        socket.destroy();
      }
    });
  });
}

describe.each(TEST_DATABASES)('gateway fuzz on $title', (database) => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    // every connection comes from loopback here: the per-address limit must not hide the decoders
    t = await startTestApp(database, { jt808Port: 0, jt808PreAuthPerAddress: 10_000, jt808PreAuthMs: 5000 });
    port = t.app.jt808Port as number;
  });
  afterAll(() => t.close());

  it(
    'stays up under hostile connections while good terminals keep reporting, with memory bounded',
    async () => {
      const frames = realFrames(t.now());
      const good: TestTerminal[] = [];
      for (const phone of GOOD) {
        const terminal = await TestTerminal.connect(port, phone);
        await terminal.login();
        good.push(terminal);
      }
      gc();
      const before = process.memoryUsage();

      let stop = false;
      let sent = 0;
      const failures: string[] = [];
      const reporting = good.map(async (terminal, n) => {
        let time = t.now() - 3600_000;
        for (let i = 0; !stop; i++) {
          const header = terminal.header();
          time += 1000;
          terminal.send(
            encodeLocation(header, {
              lat: 39.9 + n * 0.01 + i * 1e-4,
              lon: 116.4,
              status: 3,
              speed: 40,
              time,
            }),
          );
          sent++;
          const answer = await terminal.answerTo(header.serial, 5000).catch((e: Error) => e);
          if (answer instanceof Error || answer.result !== 0) failures.push(`${terminal.phone} #${i}`);
          await new Promise((r) => setTimeout(r, 50));
        }
      });

      const until = Date.now() + SECONDS * 1000;
      let started = 0;
      let leftOpen = 0;
      let closedByServer = 0;
      const running = new Set<Promise<unknown>>();
      while (Date.now() < until && started < HOSTILE_TOTAL) {
        while (running.size < CONCURRENT && started < HOSTILE_TOTAL) {
          started++;
          const p = attack(port, frames).then((r) => {
            if (r.closedByServer) closedByServer++;
            running.delete(p);
          });
          running.add(p);
        }
        await new Promise((r) => setTimeout(r, 20));
      }
      leftOpen = running.size;
      // what is still open is silent or unauthenticated: the gateway closes it by its deadline
      await Promise.all(running);
      stop = true;
      await Promise.all(reporting);

      expect(started).toBeGreaterThanOrEqual(Math.min(HOSTILE_TOTAL, 100));
      expect(leftOpen).toBeLessThanOrEqual(CONCURRENT);
      expect(closedByServer).toBeGreaterThan(0);
      expect(failures).toEqual([]);
      for (const terminal of good) expect(terminal.isClosed).toBe(false);
      const stored = await t.db.db
        .selectFrom('position')
        .innerJoin('terminal', 'terminal.id', 'position.terminal_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('terminal.phone', 'in', GOOD)
        .executeTakeFirstOrThrow();
      expect(Number(stored.n)).toBe(sent);

      gc();
      const after = process.memoryUsage();
      expect((after.heapUsed - before.heapUsed) / 2 ** 20).toBeLessThan(48);
      expect((after.rss - before.rss) / 2 ** 20).toBeLessThan(160);
      await Promise.all(good.map((terminal) => terminal.close()));
    },
    (SECONDS + 40) * 1000,
  );
});
