import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';
import { encodeAuth, MSG, type RegisterResponse } from '../jt808';
import { TestTerminal } from './test-terminal';

/**
 * Frames of real devices and third-party implementations, byte for byte as listed in
 * shared/testdata/jt808-vectors.md (ids as there), sent over TCP as a device would.
 */
const FRAMES = {
  // ybzwyrcld/jt808 example client, captured: 2013 register, auth with code "AUTH1234", three 0x0200.
  'YB-01':
    '7e0100002d0133952795270000002c012c534b4f454d534b3931353100000000000000000000000000003030303030310001d4c1423132333435327e',
  'YB-02': '7e0102000801339527952700014155544831323334347e',
  'YB-03':
    '7e02000025013395279527000200000000000000020158656006ca8ca900360258000020112123104131010be00103ee01029a7e',
  'YB-04':
    '7e02000025013395279527000300000000000000020158656006ca8ca900360258000020112123105031010be00103ee01028a7e',
  'YB-05':
    '7e02000025013395279527000400000000000000020158656006ca909100360258000020112123110031010be00103ee0102f87e',
  // SmallChi/JT808 tests: 0x0200 with mileage and fuel items, and a 0x0704 of two locations.
  'SC-15':
    '7E0200002611223344556622B8000000010000000200BA7F0E07E4F11C0028003C000018071510101001040000006402020037577E',
  'SC-17':
    '7E0704005311223344556622B80002000026000000010000000200BA7F0E07E4F11C0028003C0000180715101010010400000064020200370026000000020000000100CB735507E6A32300290036007818071510103001040000006002020042D47E',
  // Traccar tests: a 2019 register and a 2019 blind-area batch from the same device (southern hemisphere).
  'TR-005':
    '7e0100405c010000086649607758216452180000000000000000000000000000004d443330300000000000000000000000000000000000000000000000000038363634393630373735383231363400000000000000000000000000000004000000000000000000000000000000007a7e',
  'TR-006':
    '7e0704402d0100000866496077582164881d0001000028000000000000000701a00192091f2a4700160000000226050916422701040000258230010031010e507e',
};

const bytes = (id: keyof typeof FRAMES) => Buffer.from(FRAMES[id].replace(/\s+/g, ''), 'hex');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** BCD times of the frames are China time (UTC+8). */
const china = (y: number, mo: number, d: number, h: number, mi: number, s: number) =>
  Date.UTC(y, mo - 1, d, h - 8, mi, s);

describe.each(TEST_DATABASES)('real device frames over TCP on $name', (database) => {
  let t: TestApp;
  let port: number;
  const trucks = new Map<string, number>();

  beforeAll(async () => {
    t = await startTestApp(database, { jt808Port: 0 });
    port = t.app.jt808Port as number;
    const merchant = await t.db.db
      .selectFrom('merchant')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const now = t.now();
    const scope = { merchant_id: merchant.id, team_code: '10000010010001', created_at: now, updated_at: now };
    const phones = ['13395279527', '112233445566', '866496077582164'];
    for (const [i, phone] of phones.entries()) {
      // An operator adds the device's terminal and the truck it is installed in.
      const terminal = await t.db.db
        .insertInto('terminal')
        .values({ ...scope, phone })
        .returning('id')
        .executeTakeFirstOrThrow();
      const truck = await t.db.db
        .insertInto('truck')
        .values({ ...scope, car_no: `粤B1234${i}`, vin: `LFWSRXRJ0NA90000${i}`, terminal_id: terminal.id })
        .returning('id')
        .executeTakeFirstOrThrow();
      trucks.set(phone, truck.id);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const positions = (phone: string) =>
    t.db.db
      .selectFrom('position')
      .selectAll()
      .where('truck_id', '=', trucks.get(phone) as number)
      .orderBy('time')
      .execute();

  it('registers, authenticates and stores the ybzwyrcld client (2013)', async () => {
    const device = await TestTerminal.connect(port, '013395279527');
    device.send(bytes('YB-01'));
    const registered = (await device.next(MSG.registerResponse)).message as RegisterResponse;
    expect(registered).toMatchObject({ replySerial: 0, result: 0 });
    expect(registered.authCode).toBeTruthy();
    // The captured 0x0102 carries the code the capture's own server issued; make that the code on record.
    await t.db.db
      .updateTable('terminal')
      .set({ auth_code_hash: sha256('AUTH1234') })
      .where('phone', '=', '13395279527')
      .execute();
    device.send(bytes('YB-02'));
    expect(await device.answerTo(1)).toMatchObject({ replyMsgId: MSG.auth, result: 0 });
    device.send(bytes('YB-03'), bytes('YB-04'), bytes('YB-05'));
    for (const serial of [2, 3, 4]) {
      expect(await device.answerTo(serial)).toMatchObject({ replyMsgId: MSG.location, result: 0 });
    }
    const rows = await positions('13395279527');
    expect(rows.map((r) => [r.time, r.lat, r.lon, r.speed, r.altitude, r.alarm_bits, r.status_bits])).toEqual(
      [
        [china(2020, 11, 21, 23, 10, 41), 22570336, 113937577, 600, 54, 0, 2],
        [china(2020, 11, 21, 23, 10, 50), 22570336, 113937577, 600, 54, 0, 2],
        [china(2020, 11, 21, 23, 11, 0), 22570336, 113938577, 600, 54, 0, 2],
      ],
    );
    expect(JSON.parse(rows[0]?.extra ?? '{}')).toEqual({ satellites: 11, raw: { e0: '03', ee: '02' } });
    await device.close();
  });

  it('stores the SmallChi 0x0200 and 0x0704 frames with alarm bits, odometer and fuel', async () => {
    await t.db.db
      .updateTable('terminal')
      .set({ auth_code_hash: sha256('SC-CODE-1') })
      .where('phone', '=', '112233445566')
      .execute();
    const device = await TestTerminal.connect(port, '112233445566');
    expect((await device.authenticate('SC-CODE-1')).result).toBe(0);
    device.send(bytes('SC-15'));
    expect(await device.answerTo(8888)).toMatchObject({ replyMsgId: MSG.location, result: 0 });
    device.send(bytes('SC-17'));
    expect(await device.answerTo(8888)).toMatchObject({ replyMsgId: MSG.batchLocation, result: 0 });
    const rows = await positions('112233445566');
    expect(
      rows.map((r) => [
        r.time,
        r.lat,
        r.lon,
        r.speed,
        r.direction,
        r.alarm_bits,
        r.status_bits,
        r.mileage,
        r.fuel,
      ]),
    ).toEqual([
      // the batch repeats the single report: acknowledged again, stored once
      [china(2018, 7, 15, 10, 10, 10), 12222222, 132444444, 60, 0, 1, 2, 100, 55],
      [china(2018, 7, 15, 10, 10, 30), 13333333, 132555555, 54, 120, 2, 1, 96, 66],
    ]);
    await device.close();
  });

  it('registers the Traccar 2019 device and stores its blind-area batch south of the equator', async () => {
    const device = await TestTerminal.connect(port, '00000866496077582164', 2019);
    device.send(bytes('TR-005'));
    const registered = await device.next(MSG.registerResponse);
    expect(registered.header).toMatchObject({ version: 2019, phone: '00000866496077582164' });
    const code = (registered.message as RegisterResponse).authCode as string;
    expect(registered.message).toMatchObject({ replySerial: 21016, result: 0 });
    const h = device.header();
    device.send(encodeAuth(h, { code, imei: '866496077582164', softwareVersion: '1.0' }));
    expect((await device.answerTo(h.serial)).result).toBe(0);
    device.send(bytes('TR-006'));
    expect(await device.answerTo(34845)).toMatchObject({ replyMsgId: MSG.batchLocation, result: 0 });
    const rows = await positions('866496077582164');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      time: china(2026, 5, 9, 16, 42, 27),
      lat: -27263378,
      lon: 153037383,
      altitude: 22,
      speed: 0,
      direction: 2,
      alarm_bits: 0,
      status_bits: 7,
      mileage: 0x2582,
    });
    expect(JSON.parse(rows[0]?.extra ?? '{}')).toEqual({ signalStrength: 0, satellites: 14 });
    await device.close();
  });
});
