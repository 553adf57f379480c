import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { authenticate } from '../http/auth';
import { SESSION_REVOKED_CHANNEL, type SessionRevokedEvent } from '../modules/auth/sessions';
import { MESSAGE_CHANNEL, type PushEvent } from '../modules/messages/delivery';
import { MESSAGE_TYPE } from '../modules/messages/push';
import { SessionWatch, WATCH_TICK_MS, WS_UNAUTHORIZED } from './session-watch';
import { SocketHub } from './socket-hub';

export { WS_UNAUTHORIZED };

const PONG = JSON.stringify({ type: MESSAGE_TYPE.pong, content: 'pong' });

/**
 * The live message channel `GET /api/ws/message2.0?token=...` (DESIGN.md): the token is checked
 * by the same lookup as the HTTP hook (a browser cannot set headers on a WebSocket, hence the
 * query), then the socket receives `{ type, content }` for every message the bus carries for its
 * user in its session's merchant. Each process pushes to its own sockets only, and closes them
 * (4401) within a second of their session's end (SessionWatch).
 */
export function registerMessageSocket(app: FastifyInstance, ctx: AppContext): void {
  const hub = new SocketHub();
  const watch = new SessionWatch(ctx.db, ctx.config.now, ctx.config.tokenIdleMs);
  const stops = [
    ctx.bus.subscribe(MESSAGE_CHANNEL, (payload) => {
      hub.deliver(payload as PushEvent);
    }),
    ctx.bus.subscribe(SESSION_REVOKED_CHANNEL, (payload) => {
      watch.revoked((payload as SessionRevokedEvent).userIds);
    }),
  ];
  const timer = setInterval(() => {
    watch.sweep().catch((err) => app.log.error({ err }, 'socket session check failed'));
  }, WATCH_TICK_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    for (const stop of stops) stop();
  });

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
        const removes: (() => void)[] = [];
        let closed = false;
        socket.on('close', () => {
          closed = true;
          for (const remove of removes) remove();
        });
        socket.on('message', (data, isBinary) => {
          // a failed check is logged (and the socket closed) below; a ping then goes unanswered
          ready.then(
            (auth) => {
              if (!auth || closed || isBinary || data.toString() !== 'ping') return;
              socket.send(PONG);
            },
            () => undefined,
          );
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
        if (!closed)
          removes.push(
            hub.add(auth.userId, auth.merchantId, socket),
            watch.add(socket, auth.sessionId, auth.userId),
          );
      },
    );
  });
}
