import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';
import type { Batch } from './batch-store';
import {
  POSITION_NUMBERS,
  packPositions,
  packStates,
  SQLITE_CHUNK,
  SQLITE_INGEST_SQL,
  STATE_NUMBERS,
} from './rows';
import { setIds, trackOps } from './track-store';

/** What the writer thread answers for one batch: the new trips' and stops' ids, or why it failed. */
interface Reply {
  seq: number;
  ids?: number[];
  error?: string;
}

export interface WriterThread {
  /** Writes the batch in one transaction of the thread's connection; resolves after COMMIT. */
  write(batch: Batch): Promise<void>;
  /** The value of a pragma on the thread's connection, e.g. `synchronous` (2: FULL). */
  pragma(name: string): Promise<unknown>;
  close(): Promise<void>;
}

export interface WriterThreadOptions {
  /** Pragmas of the thread's connection beyond the ones of db/connection.ts. */
  pragmas: string[];
  log: { error(obj: object, msg: string): void };
  /** The thread failed or exited: the caller writes on its own connection from now on. */
  onFailed: () => void;
}

/**
 * The SQLite ingest's writer thread (sqlite-writer.worker.cjs): a second connection to the same
 * database file that runs each group commit's statements, so the main thread goes on reading and
 * decoding reports meanwhile. Positions and states cross as transferred Float64Arrays, the trips'
 * and stops' statements as plain data (`trackOps`). Answers null for an in-memory database, which
 * a second connection cannot open.
 */
export function startWriterThread(
  sqlite: SQLite.Database,
  options: WriterThreadOptions,
): WriterThread | null {
  if (sqlite.memory) return null;
  const worker = new Worker(new URL('./sqlite-writer.worker.cjs', import.meta.url), {
    workerData: {
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      file: sqlite.name,
      pragmas: options.pragmas,
      chunk: SQLITE_CHUNK,
      sql: { ...SQLITE_INGEST_SQL, positionWidth: POSITION_NUMBERS, stateWidth: STATE_NUMBERS },
    },
  });
  const pending = new Map<number, { resolve: (ids: number[]) => void; reject: (error: Error) => void }>();
  let seq = 0;
  let failed: Error | null = null;
  let closing = false;
  const fail = (error: Error) => {
    if (failed) return;
    failed = error;
    if (!closing) {
      options.log.error(
        { err: error },
        'SQLite writer thread failed; the ingest writes on the main connection',
      );
    }
    options.onFailed();
    for (const waiter of pending.values()) waiter.reject(error);
    pending.clear();
  };
  worker.on('message', (reply: Reply) => {
    const waiter = pending.get(reply.seq);
    if (!waiter) return;
    pending.delete(reply.seq);
    if (reply.error !== undefined) waiter.reject(new Error(reply.error));
    else waiter.resolve(reply.ids ?? []);
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`SQLite writer thread exited (${code})`)));

  return {
    async write(batch) {
      if (failed) throw failed;
      const positions = packPositions(batch.positions);
      const states = packStates(batch.states);
      const online: number[] = [];
      for (const op of batch.online) online.push(op.truckId, op.online ? 1 : 0);
      const track = trackOps(batch.changes);
      const id = ++seq;
      const ids = await new Promise<number[]>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage(
          {
            seq: id,
            positions: positions.values,
            extras: positions.extras,
            states,
            online,
            track: track.ops,
          },
          [positions.values.buffer, states.buffer],
        );
      });
      setIds(track, ids);
    },
    async pragma(name) {
      if (failed) throw failed;
      const id = ++seq;
      const ids = await new Promise<number[]>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ seq: id, pragma: name });
      });
      return ids[0];
    },
    close() {
      closing = true;
      if (failed) return Promise.resolve();
      return new Promise<void>((resolve) => {
        worker.once('exit', () => resolve());
        worker.postMessage({ close: true });
      });
    },
  };
}
