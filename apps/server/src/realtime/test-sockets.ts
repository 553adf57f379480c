import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import WebSocket from 'ws';
import { buildApp } from '../app';
import { type AppConfig, loadConfig } from '../config';
import { connect as connectDb } from '../db/connection';
import type { TestApp, TestDatabase } from '../test/support';
import { postgresBus } from './bus';

/** An alarm socket of a test, with what it received. */
export interface Client {
  ws: WebSocket;
  /** Every JSON message received, pongs included. */
  received: { type: number; content: unknown }[];
  /** The close code, once closed. */
  closed: Promise<number>;
}

/** Listens on a free port of 127.0.0.1 and returns it. */
export async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

/** Opens the socket and waits for the first pong, so the server has registered it. */
export async function open(port: number, token: string): Promise<Client> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/api/ws/message2.0?token=${encodeURIComponent(token)}`);
  const received: Client['received'] = [];
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const ponged = new Promise<void>((resolve, reject) => {
    ws.on('message', (data) => {
      const message = JSON.parse(data.toString()) as Client['received'][number];
      received.push(message);
      if (message.type === 0) resolve();
    });
    ws.on('error', reject);
    void closed.then((code) => reject(new Error(`closed ${code}`)));
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.send('ping');
  await ponged;
  return { ws, received, closed };
}

/**
 * A second server process on the PostgreSQL schema of a running test app: its own pool, LISTEN
 * connection and sockets, the same clock. close() stops it and its connections.
 */
export async function secondProcess(
  one: TestApp,
  database: TestDatabase,
  /** Settings over the defaults (e.g. `jt808Port: 0` for a gateway of its own). */
  settings: Partial<AppConfig> = {},
): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const { schema } = (await one.db.db
    .selectNoFrom((eb) => eb.fn<string>('current_schema', []).as('schema'))
    .executeTakeFirstOrThrow()) as { schema: string };
  const db = connectDb(database.url, { schema, poolSize: 2 });
  const bus = await postgresBus(database.url, pino({ level: 'silent' }), { schema });
  const config = {
    ...loadConfig({}),
    now: one.now,
    logLevel: 'silent',
    jt808Port: null,
    simulatorVehicles: 0,
    ...settings,
  };
  const app = await buildApp(config, { database: db, bus, logger: false });
  return {
    app,
    async close() {
      await app.close();
      await bus.close();
      await db.close();
    },
  };
}
