/**
 * The unauthenticated connections of bench/preauth-memory.bench.ts, in a process of their own
 * (child_process.fork), so that their sockets do not count in the server's memory. Each sends
 * `bytes` without ever authenticating: in mode `frame` one frame opened (0x7e) and never closed, in
 * mode `split` sub-packets of one location report of 65,535 packets (1,000 bytes each) that never
 * completes. Driven over IPC:
 *   { cmd: 'open', port, count, bytes, mode } -> { opened, closed, ms }
 *   { cmd: 'close' }                    -> exits
 */
import net from 'node:net';
import { encodeFrame, MSG } from '@fleet/server/src/telematics/jt808';

const sockets: net.Socket[] = [];
let closed = 0;

function payload(bytes: number, mode: string, n: number): Buffer {
  if (mode !== 'split')
    return Buffer.concat([Buffer.from([0x7e]), Buffer.alloc(Math.max(0, bytes - 1), 0x31)]);
  const phone = `139${String(n).padStart(8, '0')}`;
  const body = Buffer.alloc(1000, 0x31);
  const frames: Buffer[] = [];
  for (let index = 1; index * 1000 <= bytes; index++) {
    const header = { phone, serial: index, version: 2013 as const, msgId: MSG.location };
    frames.push(encodeFrame({ ...header, packet: { total: 65535, index } }, body));
  }
  return Buffer.concat(frames);
}

function open(port: number, bytes: number, mode: string, n: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.on('error', () => resolve(false));
    socket.on('close', () => closed++);
    socket.on('connect', () => {
      socket.write(payload(bytes, mode, n));
      sockets.push(socket);
      resolve(true);
    });
  });
}

process.on(
  'message',
  async (m: { cmd: string; port: number; count: number; bytes: number; mode: string }) => {
    if (m.cmd === 'close') {
      for (const socket of sockets) socket.destroy();
      process.exit(0);
    }
    if (m.cmd === 'open') {
      const started = performance.now();
      let opened = 0;
      for (let at = 0; at < m.count; at += 200) {
        const batch = Array.from({ length: Math.min(200, m.count - at) }, (_, i) =>
          open(m.port, m.bytes, m.mode, at + i),
        );
        for (const ok of await Promise.all(batch)) if (ok) opened++;
      }
      // let the server read what was sent
      await new Promise((r) => setTimeout(r, 1000));
      process.send?.({ opened, closed, ms: Math.round(performance.now() - started) });
    }
  },
);
process.send?.({ ready: true });
