import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

/**
 * Live events between the parts of the platform (ingest → alarms → sockets). One process uses the
 * in-process bus; several processes on one PostgreSQL share events through LISTEN/NOTIFY, so each
 * event reaches every process exactly once.
 */
export interface EventBus {
  publish(channel: string, payload: unknown): Promise<void>;
  /** Returns a function that stops the subscription. */
  subscribe(channel: string, handler: (payload: unknown) => void): () => void;
  close(): Promise<void>;
}

/** Channel names are short identifiers, the same on both buses. */
export function checkChannel(channel: string): string {
  if (!/^[a-z][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`invalid channel name "${channel}"`);
  return channel;
}

export function inProcessBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(channel, payload) {
      // a copy, as the PostgreSQL bus would deliver: no handler shares the publisher's object
      const copy = JSON.parse(JSON.stringify(payload)) as unknown;
      queueMicrotask(() => emitter.emit(checkChannel(channel), copy));
    },
    subscribe(channel, handler) {
      emitter.on(checkChannel(channel), handler);
      return () => emitter.off(channel, handler);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/** NOTIFY payloads are limited to 8000 bytes by PostgreSQL. */
export const PG_NOTIFY_LIMIT = 7900;

export async function postgresBus(
  connectionString: string,
  log: FastifyBaseLogger,
  options: { schema?: string } = {},
): Promise<EventBus> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const prefix = options.schema ? `${options.schema}_` : '';
  const listening = new Set<string>();
  const pool = new pg.Pool({ connectionString, max: 2 });
  let listener: pg.Client | null = null;
  let closed = false;

  async function connectListener(): Promise<void> {
    const client = new pg.Client({ connectionString });
    client.on('notification', (msg) => {
      if (!msg.payload || !msg.channel.startsWith(prefix)) return;
      try {
        emitter.emit(msg.channel.slice(prefix.length), JSON.parse(msg.payload));
      } catch (err) {
        log.error({ err, channel: msg.channel }, 'bad event payload');
      }
    });
    client.on('error', (err) => {
      log.error({ err }, 'event bus connection lost; reconnecting');
      listener = null;
      if (!closed)
        setTimeout(
          () => void connectListener().catch((e) => log.error({ err: e }, 'reconnect failed')),
          1000,
        );
    });
    await client.connect();
    for (const channel of listening) await client.query(`listen "${prefix}${channel}"`);
    listener = client;
  }
  await connectListener();
  let listens: Promise<unknown> = Promise.resolve();

  return {
    async publish(channel, payload) {
      const text = JSON.stringify(payload);
      if (Buffer.byteLength(text) > PG_NOTIFY_LIMIT)
        throw new Error(`event on ${channel} too large for NOTIFY`);
      await pool.query('select pg_notify($1, $2)', [`${prefix}${checkChannel(channel)}`, text]);
    },
    subscribe(channel, handler) {
      checkChannel(channel);
      emitter.on(channel, handler);
      if (!listening.has(channel)) {
        listening.add(channel);
        // One query at a time on the listening connection (pg deprecates overlapping queries).
        const client = listener;
        listens = listens
          .then(() => client?.query(`listen "${prefix}${channel}"`))
          .catch((err) => log.error({ err }, 'listen failed'));
      }
      return () => emitter.off(channel, handler);
    },
    async close() {
      closed = true;
      emitter.removeAllListeners();
      await listener?.end().catch(() => undefined);
      await pool.end();
    },
  };
}
