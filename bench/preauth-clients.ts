/**
 * The unauthenticated connections of bench/preauth-memory.bench.ts, in a process of their own
 * (child_process.fork), so that their sockets do not count in the server's memory. Each opens a
 * frame (0x7e) and sends `bytes` of it without ever closing it or authenticating: what a peer can
 * make the gateway hold at most. Driven over IPC:
 *   { cmd: 'open', port, count, bytes } -> { opened, closed, ms }
 *   { cmd: 'close' }                    -> exits
 */
import net from 'node:net';

const sockets: net.Socket[] = [];
let closed = 0;

function open(port: number, bytes: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.on('error', () => resolve(false));
    socket.on('close', () => closed++);
    socket.on('connect', () => {
      socket.write(Buffer.concat([Buffer.from([0x7e]), Buffer.alloc(Math.max(0, bytes - 1), 0x31)]));
      sockets.push(socket);
      resolve(true);
    });
  });
}

process.on('message', async (m: { cmd: string; port: number; count: number; bytes: number }) => {
  if (m.cmd === 'close') {
    for (const socket of sockets) socket.destroy();
    process.exit(0);
  }
  if (m.cmd === 'open') {
    const started = performance.now();
    let opened = 0;
    for (let at = 0; at < m.count; at += 200) {
      const batch = Array.from({ length: Math.min(200, m.count - at) }, () => open(m.port, m.bytes));
      for (const ok of await Promise.all(batch)) if (ok) opened++;
    }
    // let the server read what was sent
    await new Promise((r) => setTimeout(r, 1000));
    process.send?.({ opened, closed, ms: Math.round(performance.now() - started) });
  }
});
process.send?.({ ready: true });
