import { readItems } from './location';
import { checkRoundTrip } from './vectors-expect.fixture';
import { fieldPair, parseValue, type Value } from './vectors-fields.fixture';
import { type FrameContext, gmt8, locationsOf, reencode, type Tally } from './vectors-tally.fixture';

/** EXPECT checkers of SmallChi (key=value, C# names), go-jt808 (Chinese dump), fakeyanss and yezhihao. */
function itemsOf(ctx: FrameContext, start: number): string[] {
  const body = ctx.packet?.body ?? Buffer.alloc(0);
  const list: string[] = [];
  readItems(body, start, body.length, (id, v) =>
    list.push(`${id.toString(16).padStart(2, '0')}/${v.length}`),
  );
  return list;
}

/** Asserts one stated field; false when the key is not one this codec decodes. */
function applyField(
  ctx: FrameContext,
  t: Tally,
  line: number,
  key: string,
  value: Value,
  index: number,
): boolean {
  const pair = fieldPair(ctx, key, value, index);
  if (pair) t.check(ctx.v, line, pair[0], pair[1], `${key}=${value}`);
  return pair !== undefined;
}

/** SmallChi and fakeyanss: `Key=value` pairs in prose, plus a few phrases. */
export function checkKeyValues(ctx: FrameContext, t: Tally): void {
  const { v } = ctx;
  v.expects.forEach((e, line) => {
    const index = Number(/^pos\[(\d)\]/.exec(e)?.[1] ?? 0);
    const re = /([A-Za-z][\w./()'\u4e00-\u9fff]*)=("[^"]*"|\d{4}-\d\d-\d\d \d\d:\d\d:\d\d|[^,;\s]+)/g;
    const unknown: string[] = [];
    const pairs = e.startsWith('serialize of:') ? [] : e.matchAll(re); // SC-16: prose, see checkProse
    for (const match of pairs) {
      let [, key = '', raw = ''] = match;
      if (raw.startsWith('=')) continue; // "serialize==..."
      if (raw.endsWith(')') && !raw.includes('(')) raw = raw.slice(0, -1);
      if (e.slice(0, match.index).endsWith('ack ')) key = `ack${key}`;
      if (!applyField(ctx, t, line, key, parseValue(raw), index)) unknown.push(key);
    }
    for (const phone of e.matchAll(/(?<!serialize\()phone "(\d+)"/g))
      t.check(v, line, ctx.packet?.header.tid, phone[1], 'phone');
    if (/not subpackaged|not fragmented/.test(e))
      t.check(v, line, ctx.packet?.header.packet, undefined, 'no subpackage');
    if (/no encryption|encrypt RSA/.test(e))
      t.check(v, line, ctx.packet?.header.encryption, /RSA/.test(e) ? 1 : 0, 'encryption');
    const serialize = /erialize.*?==\s*(this hex|[0-9A-Fa-f]{8,})/.exec(e);
    if (serialize && ctx.packet && ctx.message) {
      const expected =
        serialize[1] === 'this hex' ? ctx.wire.toString('hex') : String(serialize[1]).toLowerCase();
      t.check(v, line, reencode(ctx.packet, ctx.message)?.toString('hex'), expected, 'serialize');
    }
    if (unknown.length > 0) t.skip(v, `fields of a message not decoded here: ${unknown.join(', ')}`);
  });
}

/** go-jt808 dumps: `key=value; key=value` with Chinese keys, location fields repeated per item. */
export function checkGo(ctx: FrameContext, t: Tally): void {
  const { v, packet } = ctx;
  v.expects.forEach((e, line) => {
    if (e.startsWith('(reply generated')) {
      t.check(v, line, packet?.body.length, 0, 'empty body');
      t.skip(
        v,
        `0x${packet?.header.msgId.toString(16)} with an empty body: header parsed, body refused (${ctx.messageError?.reason})`,
      );
      return;
    }
    const hdr =
      /^0x([0-9a-f]{4}), JT(\d{4})(?:, protoVer (\d+))?, phone \[(\w+)\]->"(\w+)", serial (\d+)/.exec(e);
    if (hdr) {
      const [, id, version, proto, phone, tid, serial] = hdr;
      const h = packet?.header;
      t.check(
        v,
        line,
        [h?.msgId, h?.version, h?.phone, h?.tid, h?.serial],
        [Number.parseInt(id ?? '', 16), Number(version), phone, tid, Number(serial)],
        'header',
      );
      if (proto) t.check(v, line, h?.protocolVersion, Number(proto), 'protocol version');
      return;
    }
    const seen = new Map<string, number>();
    const count = Math.max(1, locationsOf(ctx.message).length);
    for (const part of e.replace(/^decoded \(their dump, Chinese labels kept\): /, '').split('; ')) {
      const version = /^版本号:\[JT(\d{4})\]/.exec(part);
      if (version) {
        t.check(v, line, packet?.header.version, Number(version[1]), 'version');
        continue;
      }
      const kv = /^([^=]+)=(.*)$/.exec(part);
      if (!kv) continue;
      const key = (kv[1] ?? '').replace(/\(\d+\)$/, '');
      const n = seen.get(key) ?? 0;
      seen.set(key, n + 1);
      const raw = kv[2] ?? '';
      const value: Value =
        /^\d{1,9}$/.test(raw) && !/^(终端手机号|鉴权码|终端ID|终端IMEI)$/.test(key) ? Number(raw) : raw;
      if (!applyField(ctx, t, line, key, value, n % count))
        throw new Error(`${v.id}: unhandled go-jt808 key ${key}`);
    }
  });
}

/** Phrases of SC-16, SC-20, SC-22, SC-23 and FK-03 that state values in prose. */
export function checkProse(ctx: FrameContext, t: Tally): void {
  const { v } = ctx;
  const p = locationsOf(ctx.message)[0];
  const h = ctx.packet?.header;
  v.expects.forEach((e, line) => {
    const get = (re: RegExp) =>
      re
        .exec(e)
        ?.slice(1)
        .map((x) => (/^(0|[1-9]\d{0,8})$/.test(x) ? Number(x) : x));
    const c = (actual: unknown, re: RegExp, map = (x: (string | number)[]) => x as unknown) => {
      const found = get(re);
      if (found) t.check(v, line, actual, map(found), re.source);
    };
    if (v.id === 'SC-16') {
      c([p?.alarm, p?.status], /alarm (\d+), status (\d+)/);
      c(
        [p?.lat, p?.lon].map((x) => Math.round((x ?? 0) * 1e6)),
        /lat (\d+), lng (\d+)/,
      );
      c([p?.altitude, Math.round((p?.speed ?? 0) * 10), p?.direction], /alt (\d+), speed (\d+), dir (\d+)/);
      c(p?.timeBcd, /(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)/, ([d]) => gmt8(String(d)).bcd);
      const x = p?.extras;
      c(
        [x?.mileageKm, x?.fuelL, x?.recorderSpeedKmh].map((n) => Math.round((n ?? 0) * 10)),
        /0x01 mileage (\d+), 0x02 oil (\d+), 0x03 speed (\d+)/,
      );
      c(x?.manualAlarmEventId, /0x04 event id (\d+)/, ([n]) => n);
      c(x?.overspeed, /0x11 overspeed \{type (\d+) \w+, area (\d+)\}/, ([a, b]) => ({
        areaType: a,
        areaId: b,
      }));
      c(x?.areaAlarm, /0x12 in\/out area \{type (\d+), area (\d+), direction out=(\d)\}/, ([a, b, d]) => ({
        areaType: a,
        areaId: b,
        direction: d,
      }));
      c(x?.routeTimeAlarm, /0x13 route time \{route (\d+), time (\d+), result (\d+)/, ([a, b, r]) => ({
        routeId: a,
        drivingTime: b,
        result: r,
      }));
      c([x?.vehicleSignal, x?.ioStatus], /0x25 signal (\d+), 0x2A IO (\d+)/);
      c([x?.analog?.ad1, x?.analog?.ad0], /0x2B analog \[(\d+),(\d+)\]/);
      c([x?.signalStrength, x?.satellites], /0x30 rssi (\d+), 0x31 GNSS (\d+)/);
    } else if (v.id === 'SC-20') {
      const x = p?.extras;
      c(Math.round((x?.mileageKm ?? 0) * 10), /0x01 mileage (\d+)/, ([n]) => n);
      c(
        x?.analog ? ((x.analog.ad1 << 16) | x.analog.ad0) >>> 0 : undefined,
        /0x2B analog (0x[0-9A-F]+)/,
        ([n]) => Number(n),
      );
      c([x?.signalStrength, x?.satellites], /0x30 rssi (\d+), 0x31 GNSS (\d+)/);
      c(p?.unknown.map((i) => `${i.id}/${i.bytes.length}`).at(-1), /(0xEB\/14)/, () => '235/14');
      t.skip(
        v,
        'SmallChi files one item as "exception" data; no such class here (all items parse, unknown ids kept raw)',
      );
    } else if (v.id === 'SC-22' || v.id === 'SC-23') {
      c([h?.phone, h?.serial, h?.version], /Read as 2013: phone (\d+), serial (\d+)/, ([a, b]) => [
        a,
        b,
        2013,
      ]);
      const m = ctx.message;
      c(m?.kind === 'auth' ? m.code : undefined, /auth code "(\w+)"/, ([s]) => s);
      c(
        [p?.lat, p?.lon, p?.speed, p?.direction],
        /lat ([\d.]+), lon ([\d.]+), speed ([\d.]+) km\/h, course (\d+)/,
        (a) => a.map(Number),
      );
      c(p?.timeBcd, /time (\d{12})/, ([s]) => String(s).padStart(12, '0'));
      c(itemsOf(ctx, 28).join(' '), /extras ((?:[0-9a-f]{2}\/\d+ ?)+)/, ([s]) => String(s).trim());
    } else if (v.id === 'FK-03') {
      c(h?.serial, /serial 0x([0-9a-f]+) escaped as 7d02/, ([s]) => Number.parseInt(String(s), 16));
      c(Math.round((p?.extras.fuelL ?? 0) * 10), /fuel 0x([0-9a-f]+) escaped as 7d01/, ([s]) =>
        Number.parseInt(String(s), 16),
      );
      t.check(v, line, /7d02.*7d01/.test(ctx.wire.toString('hex')), true, 'escapes on the wire');
    }
  });
}

export function checkYezhihao(ctx: FrameContext, t: Tally): void {
  ctx.v.expects.forEach((e, line) => {
    if (e.startsWith('round-trip')) checkRoundTrip(ctx, t, line, 'round trip');
  });
}
