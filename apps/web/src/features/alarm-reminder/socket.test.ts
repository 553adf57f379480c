import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  alarmSocketUrl,
  parseSocketMessage,
  type SocketLike,
  type SocketPush,
  startAlarmSocket,
} from './socket';

/** Node has no CloseEvent; the client reads nothing of it. */
const closeEvent = (code = 1006) => Object.assign(new Event('close'), { code }) as CloseEvent;

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  closed = false;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  receive(data: unknown) {
    this.onmessage?.(
      new MessageEvent('message', { data: typeof data === 'string' ? data : JSON.stringify(data) }),
    );
  }
  fail() {
    this.readyState = 3;
    this.onerror?.(new Event('error'));
    this.onclose?.(closeEvent());
  }
}

const ALARM = {
  id: 7,
  alarmId: 3,
  alarmCode: 5004,
  categoryCode: 'driving',
  eventName: '超速报警',
  carNo: '京A12345',
  speed: 98.5,
  duration: 65_000,
  photoList: ['/a.jpg', 3],
};

describe('the alarm socket', () => {
  let sockets: FakeSocket[];
  let token: string | undefined;
  let pushes: SocketPush[];
  let opens: number;

  beforeEach(() => {
    vi.useFakeTimers();
    sockets = [];
    token = 'tok en';
    pushes = [];
    opens = 0;
  });
  afterEach(() => vi.useRealTimers());

  const start = () =>
    startAlarmSocket({
      token: () => token,
      origin: 'http://fleet.test:8080',
      connect: (url) => {
        const socket = new FakeSocket(url);
        sockets.push(socket);
        return socket;
      },
      onPush: (push) => pushes.push(push),
      onOpen: () => opens++,
    });

  it('connects with the token in the query', () => {
    start();
    expect(sockets).toHaveLength(1);
    expect(sockets[0]?.url).toBe('ws://fleet.test:8080/api/ws/message2.0?token=tok+en');
    expect(alarmSocketUrl('https://a.example', 't')).toBe('wss://a.example/api/ws/message2.0?token=t');
  });

  it('pings every 30 s while open and hands pushes over', () => {
    start();
    sockets[0]?.open();
    expect(opens).toBe(1);
    vi.advanceTimersByTime(29_999);
    expect(sockets[0]?.sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sockets[0]?.sent).toEqual(['ping']);
    vi.advanceTimersByTime(60_000);
    expect(sockets[0]?.sent).toEqual(['ping', 'ping', 'ping']);
    sockets[0]?.receive({ type: 0, content: 'pong' });
    sockets[0]?.receive({ type: 1, content: ALARM });
    expect(pushes).toHaveLength(1);
    expect(pushes[0]?.content.photoList).toEqual(['/a.jpg']);
  });

  it('reconnects 2 s after a connect error, once, and stops pinging the lost socket', () => {
    start();
    sockets[0]?.open();
    sockets[0]?.fail();
    expect(sockets[0]?.closed).toBe(true);
    vi.advanceTimersByTime(1999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(60_000);
    expect(sockets[0]?.sent).toEqual([]);
    expect(sockets).toHaveLength(2);
    sockets[1]?.fail();
    vi.advanceTimersByTime(2000);
    expect(sockets).toHaveLength(3);
  });

  it('reconnects after the server closes the channel', () => {
    start();
    sockets[0]?.open();
    sockets[0]?.onclose?.(closeEvent());
    vi.advanceTimersByTime(2000);
    expect(sockets).toHaveLength(2);
    sockets[1]?.open();
    expect(opens).toBe(2);
  });

  it('does not reconnect after stop (sign-out) nor without a token', () => {
    const socket = start();
    sockets[0]?.open();
    socket.stop();
    expect(sockets[0]?.closed).toBe(true);
    vi.advanceTimersByTime(10_000);
    expect(sockets).toHaveLength(1);

    start();
    sockets[1]?.fail();
    token = undefined;
    vi.advanceTimersByTime(10_000);
    expect(sockets).toHaveLength(2);
  });

  it('does not try a refused token again, but a new one', () => {
    start();
    sockets[0]?.onclose?.(closeEvent(4401));
    vi.advanceTimersByTime(10_000);
    expect(sockets).toHaveLength(1);
    token = 'renewed';
    vi.advanceTimersByTime(2000);
    expect(sockets).toHaveLength(2);
    expect(sockets[1]?.url).toContain('token=renewed');
  });

  it('stop cancels a pending reconnect', () => {
    const socket = start();
    sockets[0]?.fail();
    socket.stop();
    vi.advanceTimersByTime(10_000);
    expect(sockets).toHaveLength(1);
  });
});

describe('socket messages', () => {
  it('reads alarm and reminder pushes, also with the content as JSON text', () => {
    expect(parseSocketMessage(JSON.stringify({ type: 1, content: ALARM }))?.content).toMatchObject({
      alarmCode: 5004,
      speed: 98.5,
      type: 1,
    });
    const reminder = parseSocketMessage(JSON.stringify({ type: '2', content: JSON.stringify(ALARM) }));
    expect(reminder?.type).toBe(2);
    expect(reminder?.content.carNo).toBe('京A12345');
  });

  it('ignores pongs, other types and garbage', () => {
    expect(parseSocketMessage(JSON.stringify({ type: 0, content: 'pong' }))).toBeUndefined();
    expect(parseSocketMessage(JSON.stringify({ type: 3, content: ALARM }))).toBeUndefined();
    expect(parseSocketMessage('not json')).toBeUndefined();
    expect(parseSocketMessage(JSON.stringify({ type: 1, content: 'x' }))).toBeUndefined();
    expect(parseSocketMessage(new ArrayBuffer(2))).toBeUndefined();
  });
});
