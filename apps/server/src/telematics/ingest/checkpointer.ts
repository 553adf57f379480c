import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/**
 * WAL checkpoints of the SQLite database off the main thread. With SQLite's automatic checkpoint,
 * the commit that crosses the WAL limit copies the WAL back into the database file (and syncs it)
 * inside the statement, synchronously, stalling every connection's acknowledgements for as long.
 * Here the main connection's automatic checkpoint is off and a worker thread with a connection of
 * its own runs a PASSIVE checkpoint every `everyMs` (which never blocks the writer). If the worker
 * fails, automatic checkpoints are turned back on.
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
const timer = setInterval(() => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch (error) { parentPort.postMessage({ error: String(error) }); }
}, workerData.everyMs);
parentPort.on('message', (m) => {
  if (m === 'stop') { clearInterval(timer); try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {} db.close(); process.exit(0); }
});
`;

export interface Checkpointer {
  stop(): Promise<void>;
}

export function startCheckpointer(
  sqlite: SQLite.Database,
  log: { error(obj: object, msg: string): void },
  everyMs = 1000,
): Checkpointer | null {
  if (sqlite.memory || sqlite.pragma('journal_mode', { simple: true }) !== 'wal') return null;
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER, { eval: true, workerData: { driver, file: sqlite.name, everyMs } });
  worker.unref();
  sqlite.pragma('wal_autocheckpoint = 0');
  const fallBack = (error: unknown) => {
    log.error({ err: error }, 'WAL checkpointer failed; automatic checkpoints resumed');
    if (sqlite.open) sqlite.pragma('wal_autocheckpoint = 10000');
  };
  worker.on('error', fallBack);
  worker.on('message', (m: { error?: string }) => {
    if (m.error) log.error({ error: m.error }, 'WAL checkpoint failed');
  });
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        worker.off('error', fallBack);
        worker.once('exit', () => resolve());
        worker.postMessage('stop');
      }),
  };
}
