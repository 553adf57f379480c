import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { type EventBus, inProcessBus, postgresBus } from './bus';

const log = pino({ level: 'silent' });
const next = (bus: EventBus, channel: string) =>
  new Promise<unknown>((resolve) => {
    const stop = bus.subscribe(channel, (p) => {
      stop();
      resolve(p);
    });
  });

describe('in-process event bus', () => {
  it('delivers a copy of each event to every subscriber', async () => {
    const bus = inProcessBus();
    const payload = { alarm: 1001, carNo: '京A12345' };
    const a = next(bus, 'alarm');
    const b = next(bus, 'alarm');
    await bus.publish('alarm', payload);
    expect(await a).toEqual(payload);
    expect(await b).not.toBe(payload);
    await bus.close();
  });
  it('refuses channel names that could not be LISTENed to', () => {
    const bus = inProcessBus();
    expect(() => bus.subscribe('drop table', () => undefined)).toThrow();
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL event bus', () => {
  it("carries an event from one process's bus to another's, once each", async () => {
    const url = process.env.TEST_DATABASE_URL as string;
    const schema = `t${randomBytes(4).toString('hex')}`;
    const one = await postgresBus(url, log, { schema });
    const two = await postgresBus(url, log, { schema });
    const seen: unknown[] = [];
    two.subscribe('alarm', (p) => seen.push(p));
    const arrived = next(two, 'alarm');
    await new Promise((r) => setTimeout(r, 100));
    await one.publish('alarm', { id: 7 });
    expect(await arrived).toEqual({ id: 7 });
    await new Promise((r) => setTimeout(r, 100));
    expect(seen).toEqual([{ id: 7 }]);
    await expect(one.publish('alarm', { big: 'x'.repeat(9000) })).rejects.toThrow('too large');
    await one.close();
    await two.close();
  });
});
