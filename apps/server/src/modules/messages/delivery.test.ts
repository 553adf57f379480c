import { describe, expect, it } from 'vitest';
import { PG_NOTIFY_LIMIT } from '../../realtime/bus';
import { SocketHub } from '../../realtime/socket-hub';
import { type PushEvent, packEvents } from './delivery';
import type { AlarmPush } from './push';
import { parseCodes, recipientsOf } from './recipients';

const push = { alarmCode: 5004, title: '京A12345 超速报警', content: 'x'.repeat(300) } as unknown as Omit<
  AlarmPush,
  'id'
>;

describe('recipients of an alarm', () => {
  const vehicleAlarms = new Set(['car050106']);
  const users = [
    { userId: 1, teamCode: '1000001', codes: null, pages: vehicleAlarms },
    { userId: 2, teamCode: '10000010010001', codes: null, pages: vehicleAlarms },
    { userId: 3, teamCode: '10000010010002', codes: null, pages: vehicleAlarms },
    { userId: 4, teamCode: '10000010010001', codes: new Set([5006]), pages: vehicleAlarms },
    { userId: 5, teamCode: '100000100100011', codes: null, pages: vehicleAlarms },
    { userId: 6, teamCode: '1000001', codes: null, pages: new Set(['car050116']) },
  ];
  it('takes users whose team subtree holds the alarm and who subscribe to its code', () => {
    expect(recipientsOf(users, { team_code: '10000010010001', code: 5004 })).toEqual([1, 2]);
    expect(recipientsOf(users, { team_code: '10000010010001', code: 5006 })).toEqual([1, 2, 4]);
    expect(recipientsOf(users, { team_code: '1000001', code: 5004 })).toEqual([1]);
  });
  it('takes only users who may open the page the alarm leads to', () => {
    // user 6 holds the in-transit reminders page, not the vehicle alarms page
    expect(recipientsOf(users, { team_code: '1000001', code: 1001 })).toEqual([]);
    expect(recipientsOf(users, { team_code: '1000001', code: 4003 }, 2)).toEqual([6]);
  });
  it('reads comma lists of codes; an empty list is no code', () => {
    expect(parseCodes('5004, 5006,,x')).toEqual(new Set([5004, 5006]));
    expect(parseCodes('')).toEqual(new Set());
  });
});

describe('bus events of pushes', () => {
  it('fit a PostgreSQL NOTIFY: a push for 3,000 users is split, no recipient lost or repeated', () => {
    const to = Array.from({ length: 3000 }, (_, i): [number, number] => [100_000 + i, 9_000_000 + i]);
    const events = packEvents(1, [
      { merchantId: 1, push, to },
      { merchantId: 1, push, to: [[1, 2]] },
    ]);
    expect(events.length).toBeGreaterThan(3);
    for (const e of events) expect(Buffer.byteLength(JSON.stringify(e))).toBeLessThanOrEqual(PG_NOTIFY_LIMIT);
    const all = events.flatMap((e) => e.items.flatMap((i) => i.to));
    expect(all).toEqual([...to, [1, 2]]);
  });
  it('keeps a small batch in one event', () => {
    const items = [1, 2, 3].map((n) => ({ merchantId: 1, push, to: [[n, n] as [number, number]] }));
    expect(packEvents(1, items)).toEqual([{ type: 1, items }]);
  });
});

describe('socket hub', () => {
  const socket = () => {
    const sent: string[] = [];
    return { readyState: 1, send: (text: string) => sent.push(text), sent };
  };
  it("sends each recipient's push with their own message id to their sockets in the push's merchant", () => {
    const hub = new SocketHub();
    const a1 = socket();
    const a2 = socket();
    const aOther = socket();
    const b = socket();
    hub.add(1, 10, a1);
    const removeA2 = hub.add(1, 10, a2);
    hub.add(1, 20, aOther);
    hub.add(2, 10, b);
    const event: PushEvent = { type: 1, items: [{ merchantId: 10, push, to: [[1, 501]] }] };
    expect(hub.deliver(event)).toBe(2);
    expect(JSON.parse(a1.sent[0] as string)).toEqual({ type: 1, content: { id: 501, ...push } });
    expect(a2.sent).toHaveLength(1);
    expect(aOther.sent).toEqual([]);
    expect(b.sent).toEqual([]);
    removeA2();
    expect(hub.size).toBe(3);
    expect(hub.deliver(event)).toBe(1);
  });
});
