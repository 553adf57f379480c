import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raiseAlarms, TEAM_TWO } from '../modules/messages/test-fixtures';
import { type AdasAlarm, alarmWord, type LocationInput } from '../telematics/jt808';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../test/support';
import { locationAt, loginTerminal, MIN, report, truckRowOf } from '../test/telematics';

/** A label or value that is an English key (`frontSpeed`, `roadSignType`, `bit`). */
const ENGLISH_KEY = /^[a-z]+([A-Z][a-z]*)*$/;

function adasItem(time: number, x: Partial<AdasAlarm> = {}): AdasAlarm {
  return {
    alarmId: 7,
    flag: 0,
    type: 6,
    typeName: 'roadSignOverLimit',
    level: 1,
    frontSpeed: 0,
    frontDistance: 0,
    departureType: 0,
    roadSignType: 1,
    roadSignValue: 60,
    speed: 78,
    altitude: 40,
    lat: 39.91,
    lon: 116.41,
    time,
    timeBcd: '',
    vehicleStatus: 1,
    identification: {
      terminalId: 'T000038',
      time,
      timeBcd: '',
      serial: 5,
      attachments: 0,
      reserved: 0,
      raw: '',
    },
    ...x,
  };
}

describe.each(TEST_DATABASES)('alarms as a new user sees them on $title', (database) => {
  let t: TestApp;
  let admin: string;
  let finance: string;
  let base: number;
  const at = (minute: number, x: Partial<LocationInput> = {}) => locationAt(base, minute, x);

  beforeAll(async () => {
    t = await startTestApp(database, { jt808Port: 0 });
    admin = await login(t.app, 'admin', DEMO.admin);
    finance = await login(t.app, 'finance', DEMO.finance);
    base = t.now() - 3 * 3600_000;
  });
  afterAll(() => t.close());

  const truckOf = (phone: string) => truckRowOf(t, phone);

  async function reportAs(phone: string, points: LocationInput[]): Promise<void> {
    const terminal = await loginTerminal(t, phone);
    for (const result of await report(terminal, points)) expect(result).toBe(0);
    await terminal.close();
  }

  async function detailOf(id: number) {
    const answer = await call(t.app, 'GET', `/api/alarm/lookup/${id}`, { token: admin });
    expect(answer.body.code).toBe(200);
    return answer.body.data;
  }

  it('finding 18: one speeding episode with the terminal bit and the platform rule is one alarm of both sources', async () => {
    const truck = await truckOf('13800000037');
    const limit = truck.speed_limit ?? 100;
    const overspeed = alarmWord(['overspeed']);
    await reportAs('13800000037', [
      at(0, { speed: limit - 10 }),
      at(1, { speed: limit + 15, alarm: overspeed }),
      at(2, { speed: limit + 20, alarm: overspeed }),
      at(3, { speed: limit + 5 }),
      at(4, { speed: 40 }),
    ]);
    const rows = await t.db.db.selectFrom('alarm').selectAll().where('truck_id', '=', truck.id).execute();
    expect(rows.map((r) => [r.code, r.start_time, r.end_time, r.max_speed])).toEqual([
      [5004, base + MIN, base + 4 * MIN, (limit + 20) * 10],
    ]);
    const messages = await t.db.db
      .selectFrom('message')
      .select('user_id')
      .where('alarm_id', '=', rows[0]?.id as number)
      .execute();
    // one message a recipient, not two
    expect(messages.length).toBe(new Set(messages.map((m) => m.user_id)).size);
    const detail = await detailOf(rows[0]?.id as number);
    expect(detail).toMatchObject({ sources: ['terminal', 'platform'], sourceName: '终端、平台' });
  });

  it('finding 19: every detail field has a Chinese label and a formatted value, and the level is filled', async () => {
    const truck = await truckOf('13800000038');
    const time = base + 10 * MIN;
    await reportAs('13800000038', [
      at(10, { extras: { adas: adasItem(time) } }),
      at(11, { alarm: alarmWord(['powerCut']) }),
      at(12),
    ]);
    const rows = await t.db.db
      .selectFrom('alarm')
      .select(['id', 'code'])
      .where('truck_id', '=', truck.id)
      .orderBy('code')
      .execute();
    expect(rows.map((r) => r.code)).toEqual([1007, 7007]);
    const [adas, powerCut] = await Promise.all(rows.map((r) => detailOf(r.id)));
    expect(adas.levelName).toBe('一级报警');
    const entries = adas.detailEntries as { label: string; value: string }[];
    for (const entry of [...entries, ...(powerCut.detailEntries as typeof entries)]) {
      expect(entry.label).not.toMatch(ENGLISH_KEY);
      expect(entry.value).not.toMatch(ENGLISH_KEY);
    }
    const byLabel = Object.fromEntries(entries.map((e) => [e.label, e.value]));
    expect(byLabel).toMatchObject({
      道路标志类型: '限速标志',
      道路标志数值: '60',
      事件类型: '道路标识超限报警',
      主动安全类别: '驾驶辅助(ADAS)',
    });
    expect(entries.map((e) => e.label)).not.toContain('前车车速');
    expect(powerCut.detailEntries).toEqual([{ key: 'bit', label: '终端报警位', value: '第8位' }]);
    // a terminal bit and a platform rule carry the level their kind is configured with
    expect(powerCut.levelName).not.toBe('-');
    const speeding = await t.db.db.selectFrom('alarm').select('id').where('code', '=', 5004).execute();
    for (const row of speeding) expect((await detailOf(row.id)).levelName).not.toBe('-');
  });

  it('finding 21: a user is offered and sent only alarm kinds whose pages it may open', async () => {
    const info = (await call(t.app, 'GET', '/api/message/alarmSubscription/config/info', { token: finance }))
      .body.data;
    const offered = info.types.flatMap((group: { list: { code: number }[] }) =>
      group.list.map((x) => x.code),
    );
    expect(offered).not.toContain(5004);
    expect(offered).not.toContain(1001);
    const edit = await call(t.app, 'POST', '/api/message/alarmSubscription/config/edit', {
      token: finance,
      body: { codes: [5004] },
    });
    expect(edit.body).toMatchObject({ code: 400, msg: expect.stringContaining('超速报警') });
    const users = await t.db.db
      .selectFrom('app_user')
      .select(['id', 'username'])
      .where('username', 'in', ['admin', 'finance'])
      .execute();
    const idOf = (name: string) => users.find((u) => u.username === name)?.id as number;
    const [alarm] = await raiseAlarms(t.db.db, TEAM_TWO, [5004], t.now());
    const to = await t.db.db
      .selectFrom('message')
      .select('user_id')
      .where('alarm_id', '=', alarm?.id as number)
      .execute();
    expect(to.map((m) => m.user_id)).toContain(idOf('admin'));
    expect(to.map((m) => m.user_id)).not.toContain(idOf('finance'));
  });
});
