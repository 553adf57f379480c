/**
 * Memory of unauthenticated JT/T 808 connections: a second process opens BENCH_PREAUTH_CONNECTIONS
 * (5000, capped by the open-file limit) connections to the gateway, each holding an unclosed frame of
 * BENCH_PREAUTH_BYTES (4000, just under the gateway's limit before authentication) and never
 * authenticating; this process prints the growth of its RSS and heap divided by the connections.
 * BENCH_PREAUTH_MODE `split` sends sub-packets of a report that never completes instead (see
 * preauth-clients.ts), e.g. BENCH_PREAUTH_CONNECTIONS=50 BENCH_PREAUTH_BYTES=1000000.
 *   npm run bench:preauth -w @fleet/bench
 */
import { readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { env, fmt, freshDatabase, loadProcess, startServer } from './support';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const limitLine = readFileSync('/proc/self/limits', 'utf8')
  .split('\n')
  .find((l) => l.startsWith('Max open files'));
const openFiles = Number((limitLine ?? '').split(/\s{2,}/)[1] ?? 1024);
const count = Math.min(env('BENCH_PREAUTH_CONNECTIONS', 5000), openFiles - 600);
const bytes = env('BENCH_PREAUTH_BYTES', 4000);
const mode = process.env.BENCH_PREAUTH_MODE === 'split' ? 'split' : 'frame';

const database = await freshDatabase();
const db = database.open();
// no per-address limit here (every connection comes from loopback), and no deadline during the run
const app = await startServer(database, db, { jt808PreAuthMs: 3600_000 });
const client = loadProcess('preauth-clients.ts');
await client.ready;
gc();
const before = process.memoryUsage();
const result = await client.ask<{ opened: number; closed: number; ms: number }>({
  cmd: 'open',
  port: app.jt808Port,
  count,
  bytes,
  mode,
});
gc();
const after = process.memoryUsage();
const rss = after.rss - before.rss;
const heap = after.heapUsed - before.heapUsed;
const held = result.opened - result.closed;
console.log(
  `unauthenticated connections: ${fmt(result.opened)} opened in ${fmt(result.ms)} ms, ${fmt(result.closed)} closed by the gateway, ` +
    `each sending ${fmt(bytes)} bytes (${mode === 'split' ? 'sub-packets of a report never completed' : 'an unclosed frame'}); RSS +${fmt(rss / 2 ** 20)} MiB, heap +${fmt(heap / 2 ** 20)} MiB: ` +
    (held > 0 ? `${fmt(rss / held)} B RSS and ${fmt(heap / held)} B heap a connection held` : 'none held'),
);
await client.close();
await app.close();
await db.close();
await database.dispose();
