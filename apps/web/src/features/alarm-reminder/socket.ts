import { ALARM_FEED_RETRY_MS } from '@fleet/domain';
import type { AlarmPush } from '../../api/alarm-reminder';

/**
 * The live alarm channel (spec core sections 4 and 7): a WebSocket to /api/ws/message2.0 with the
 * token in the query; it pings every 30 s, and 2 s after a connect error or a close it connects
 * again, unless it was stopped (sign-out) or there is no token any more. A token the server
 * refused (close code 4401) is not tried again; a new token (signed in again) is.
 */

export const ALARM_SOCKET_PATH = '/api/ws/message2.0';
export const ALARM_SOCKET_PING_MS = 30_000;
/** Close code of a socket whose token the server refused (missing, expired or signed out). */
export const SOCKET_UNAUTHORIZED = 4401;

/** A pushed alarm (type 1) or in-transit reminder (type 2). */
export interface SocketPush {
  type: number;
  content: AlarmPush;
}

/** What the client needs of a WebSocket (the browser's, or a test double). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
}

const OPEN = 1;

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export interface AlarmSocketOptions {
  /** The current session token; undefined once signed out (then no reconnect). */
  token: () => string | undefined;
  /** The page's origin, e.g. 'https://fleet.example.com'. */
  origin: string;
  connect: (url: string) => SocketLike;
  onPush: (push: SocketPush) => void;
  /** Each time the channel is (re)opened, e.g. to fetch counts missed while it was down. */
  onOpen?: () => void;
  /** Each time an open channel (or a connect attempt) is lost; a reconnect follows. */
  onLost?: () => void;
  timers?: Timers;
  retryMs?: number;
  pingMs?: number;
}

export interface AlarmSocket {
  stop(): void;
}

/** ws(s)://host/api/ws/message2.0?token=… for a page origin. */
export function alarmSocketUrl(origin: string, token: string): string {
  const url = new URL(ALARM_SOCKET_PATH, origin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('token', token);
  return url.toString();
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** A socket message as a push, or undefined for pongs and anything else. */
export function parseSocketMessage(data: unknown): SocketPush | undefined {
  if (typeof data !== 'string') return undefined;
  let message: unknown;
  try {
    message = JSON.parse(data);
  } catch {
    return undefined;
  }
  if (!isObject(message)) return undefined;
  const type = Number(message.type);
  if (type !== 1 && type !== 2) return undefined;
  let content = message.content;
  if (typeof content === 'string') {
    try {
      content = JSON.parse(content);
    } catch {
      return undefined;
    }
  }
  if (!isObject(content)) return undefined;
  const push = content as unknown as AlarmPush;
  return {
    type,
    content: {
      ...push,
      alarmCode: Number(push.alarmCode),
      speed: Number(push.speed) || 0,
      duration: Number(push.duration) || 0,
      photoList: Array.isArray(push.photoList) ? push.photoList.filter((p) => typeof p === 'string') : [],
      type,
    },
  };
}

const browserTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>),
};

/** Opens the channel and keeps it open until stop(). */
export function startAlarmSocket(options: AlarmSocketOptions): AlarmSocket {
  const timers = options.timers ?? browserTimers;
  const retryMs = options.retryMs ?? ALARM_FEED_RETRY_MS;
  const pingMs = options.pingMs ?? ALARM_SOCKET_PING_MS;
  let stopped = false;
  let socket: SocketLike | undefined;
  let retry: unknown;
  let ping: unknown;
  let refused: string | undefined;

  const stopPing = () => {
    if (ping !== undefined) timers.clearInterval(ping);
    ping = undefined;
  };

  const scheduleRetry = () => {
    stopPing();
    if (stopped || retry !== undefined) return;
    retry = timers.setTimeout(() => {
      retry = undefined;
      open();
    }, retryMs);
  };

  const open = () => {
    if (stopped) return;
    const token = options.token();
    if (!token) return;
    if (token === refused) {
      scheduleRetry();
      return;
    }
    let current: SocketLike;
    try {
      current = options.connect(alarmSocketUrl(options.origin, token));
    } catch {
      scheduleRetry();
      return;
    }
    socket = current;
    current.onopen = () => {
      if (socket !== current) return;
      stopPing();
      ping = timers.setInterval(() => {
        if (current.readyState === OPEN) current.send('ping');
      }, pingMs);
      options.onOpen?.();
    };
    current.onmessage = (event) => {
      if (socket !== current) return;
      const push = parseSocketMessage(event.data);
      if (push) options.onPush(push);
    };
    const lost = (event: Event) => {
      if (socket !== current) return;
      if ((event as CloseEvent).code === SOCKET_UNAUTHORIZED) refused = token;
      socket = undefined;
      current.onopen = current.onmessage = current.onerror = current.onclose = null;
      try {
        current.close();
      } catch {
        // Already closed.
      }
      options.onLost?.();
      scheduleRetry();
    };
    current.onerror = lost;
    current.onclose = lost;
  };

  open();
  return {
    stop() {
      stopped = true;
      stopPing();
      if (retry !== undefined) timers.clearTimeout(retry);
      retry = undefined;
      const current = socket;
      socket = undefined;
      if (current) {
        current.onopen = current.onmessage = current.onerror = current.onclose = null;
        current.close();
      }
    },
  };
}
