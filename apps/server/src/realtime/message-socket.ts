import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { authenticate } from '../http/auth';
import { MESSAGE_CHANNEL, type PushEvent } from '../modules/messages/delivery';
import { MESSAGE_TYPE } from '../modules/messages/push';
import { SocketHub } from './socket-hub';

/** Close code of a socket whose token is missing, invalid, expired or revoked. */
export const WS_UNAUTHORIZED = 4401;
/** While a socket is open its session is checked again at a ping at most this often. */
const RECHECK_MS = 60_000;

const PONG = JSON.stringify({ type: MESSAGE_TYPE.pong, content: 'pong' });

/**
 * The live message channel `GET /api/ws/message2.0?token=...` (DESIGN.md): the token is checked
 * by the same lookup as the HTTP hook (a browser cannot set headers on a WebSocket, hence the
 * query), then the socket receives `{ type, content }` for every message the bus carries for its
 * user in its session's merchant. Each process pushes to its own sockets only.
 */
export function registerMessageSocket(app: FastifyInstance, ctx: AppContext): void {
  const hub = new SocketHub();
  const stop = ctx.bus.subscribe(MESSAGE_CHANNEL, (payload) => {
    hub.deliver(payload as PushEvent);
  });
  app.addHook('onClose', async () => stop());

  app.register(async (scope) => {
    await scope.register(websocket, { options: { maxPayload: 4096 } });
    scope.get(
      '/ws/message2.0',
      {
        websocket: true,
        // the HTTP hook reads the Auth-Token header; this route checks the query token itself
        config: { access: 'public' },
        schema: { summary: '实时报警消息 (WebSocket)', tags: ['消息'], hide: true },
      },
      async (socket, req) => {
        const token = (req.query as { token?: unknown }).token;
        // messages are handled once the token is checked; a ping sent meanwhile waits for it
        const ready =
          typeof token === 'string' && token !== ''
            ? authenticate(ctx.db, token, ctx.config.now(), ctx.config.tokenIdleMs)
            : Promise.resolve(null);
        let checkedAt = ctx.config.now();
        let remove: (() => void) | null = null;
        let closed = false;
        socket.on('close', () => {
          closed = true;
          remove?.();
        });
        socket.on('message', (data, isBinary) => {
          void ready.then(async (auth) => {
            if (!auth || closed || isBinary || data.toString() !== 'ping') return;
            const now = ctx.config.now();
            if (now - checkedAt >= RECHECK_MS) {
              checkedAt = now;
              if (!(await sessionAlive(ctx, auth.sessionId, now))) {
                socket.close(WS_UNAUTHORIZED, 'unauthorized');
                return;
              }
            }
            if (!closed) socket.send(PONG);
          });
        });
        let auth: Awaited<typeof ready>;
        try {
          auth = await ready;
        } catch (err) {
          req.log.error({ err }, 'socket authentication failed');
          auth = null;
        }
        if (!auth) {
          socket.close(WS_UNAUTHORIZED, 'unauthorized');
          return;
        }
        if (!closed) remove = hub.add(auth.userId, auth.merchantId, socket);
      },
    );
  });
}

/** Whether a session is still valid (not logged out, not idle past the limit), without touching it. */
async function sessionAlive(ctx: AppContext, sessionId: number, now: number): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('user_session')
    .select(['revoked_at', 'last_seen_at'])
    .where('id', '=', sessionId)
    .executeTakeFirst();
  return !!row && row.revoked_at === null && row.last_seen_at + ctx.config.tokenIdleMs >= now;
}
