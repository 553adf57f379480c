import { expect } from 'vitest';
import { type Location, readItems } from './location';
import { type FrameContext, locationsOf, type Tally } from './vectors-tally.fixture';

/**
 * Cross-checks of the COMPUTED lines (the file compiler's reading of each frame with the standard
 * layout): header fields, location fields and the id/length list of the additional items.
 */
function pairs(text: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const m of text.matchAll(/(\w+)=([^\s,]+)/g)) map.set(m[1] as string, m[2] as string);
  return map;
}

const num = (text: string | undefined) =>
  text === undefined ? Number.NaN : Number.parseInt(text, text.startsWith('0x') ? 16 : 10);

/** Raw items of the location at `start..end` of `body`, as "0xid/len". */
function itemList(body: Buffer, start: number, end: number): string[] {
  const list: string[] = [];
  readItems(body, start + 28, end, (id, value) =>
    list.push(`0x${id.toString(16).padStart(2, '0')}/${value.length}`),
  );
  return list;
}

/** Offsets of the locations inside a 0x0704 body. */
function batchRanges(body: Buffer): [number, number][] {
  const ranges: [number, number][] = [];
  const count = body.readUInt16BE(0);
  let pos = 3;
  for (let i = 0; i < count && pos + 2 <= body.length; i++) {
    const length = body.readUInt16BE(pos);
    ranges.push([pos + 2, pos + 2 + length]);
    pos += 2 + length;
  }
  return ranges;
}

function checkLocation(
  ctx: FrameContext,
  t: Tally,
  text: string,
  location: Location,
  range: [number, number],
) {
  const { v } = ctx;
  const kv = pairs(text);
  t.computed(v, location.alarm, num(kv.get('alarm')), 'alarm');
  t.computed(v, location.status, num(kv.get('status')), 'status');
  t.computed(v, location.flags.acc ? 1 : 0, num(kv.get('acc')), 'acc');
  t.computed(v, location.flags.located ? 1 : 0, num(kv.get('fix')), 'fix');
  t.computed(v, Math.abs(location.lat - Number(kv.get('lat'))) < 1e-9, true, `lat ${location.lat}`);
  t.computed(v, Math.abs(location.lon - Number(kv.get('lon'))) < 1e-9, true, `lon ${location.lon}`);
  t.computed(v, location.altitude, num(kv.get('alt_m')), 'altitude');
  t.computed(v, Math.abs(location.speed - Number(kv.get('speed_kmh'))) < 1e-9, true, 'speed');
  t.computed(v, location.direction, num(kv.get('course')), 'course');
  t.computed(v, location.timeBcd, kv.get('timeBCD'), 'time BCD');
  const extras = /extras=\[([^\]]*)\]/.exec(text)?.[1] ?? '';
  const expected = extras === '' ? [] : extras.split(' ');
  t.computed(v, itemList(ctx.packet?.body ?? Buffer.alloc(0), range[0], range[1]), expected, 'items');
}

export function checkComputed(ctx: FrameContext, t: Tally): void {
  const { v, packet } = ctx;
  if (!packet) return;
  const header = packet.header;
  for (const line of v.computed) {
    if (line.startsWith('msgId=') || line.startsWith('NOTE: this string is in ESCAPED')) {
      const kv = pairs(line.slice(line.indexOf('msgId=')));
      const v2019 = kv.get('v2019') === 'yes';
      if (v2019 !== (header.version === 2019)) continue; // read as 2013 under the version flag (quirk)
      t.computed(v, header.msgId, num(kv.get('msgId')), 'msgId');
      t.computed(v, header.attributes, num(kv.get('attr')), 'attributes');
      t.computed(v, header.bodyLength, num(kv.get('bodyLen')), 'body length');
      if (v2019) t.computed(v, header.protocolVersion, num(kv.get('protoVer')), 'protocol version');
      t.computed(v, header.encryption, num(kv.get('encFlags') ?? '0'), 'encryption');
      const sub = kv.get('subpackage');
      t.computed(
        v,
        header.packet ? `${header.packet.index}/${header.packet.total}` : undefined,
        sub,
        'subpackage',
      );
      t.computed(v, header.phone, kv.get('phoneBCD'), 'phone');
      t.computed(v, header.serial, num(kv.get('serial')), 'serial');
      t.computed(v, packet.checksum, num(kv.get('checksum')), 'check code');
      t.computed(
        v,
        ctx.strictError?.reason,
        line.includes('(MISMATCH: xor=') ? 'checksum' : undefined,
        'check',
      );
      const traccarId = kv.get('traccarUniqueId');
      if (traccarId) t.computed(v, header.tid, traccarId.replace(/^0+/, '') || '0', 'tid vs Traccar id');
    } else if (/^location( \(de-escaped\))?:/.test(line) || /^0x0704 item\d+/.test(line)) {
      if (header.version === 2013 && header.versionFlag) continue; // COMPUTED read it as 2019
      if (/TRUNCATED/.test(line)) {
        t.computed(v, ctx.messageError?.reason, 'truncated', 'truncated item refused');
        continue;
      }
      const batch = /^0x0704 item(\d+)/.exec(line);
      const index = batch ? Number(batch[1]) - 1 : 0;
      const location = locationsOf(ctx.message)[index];
      expect(location, `${v.id} location ${index + 1} decoded`).toBeDefined();
      const range = batch ? batchRanges(packet.body)[index] : ([0, packet.body.length] as [number, number]);
      if (location && range) checkLocation(ctx, t, line, location, range);
    } else if (line.startsWith('0x0704 count=')) {
      const kv = pairs(line);
      const message = ctx.message;
      t.computed(
        v,
        message?.kind === 'batchLocation' ? message.locations.length : -1,
        num(kv.get('count')),
        'count',
      );
      t.computed(v, message?.kind === 'batchLocation' ? message.type : -1, num(kv.get('type')), 'type');
    } else if (line.startsWith('2013 register body:')) {
      const m = ctx.message;
      expect(m?.kind).toBe('register');
      if (m?.kind !== 'register') continue;
      const kv = pairs(line);
      t.computed(v, m.province, num(kv.get('province')), 'province');
      t.computed(v, m.city, num(kv.get('city')), 'city');
      t.computed(v, m.plateColor, num(kv.get('plateColor')), 'plate colour');
      t.computed(v, m.manufacturer, /maker=b'([^']*)'/.exec(line)?.[1], 'maker');
      t.computed(v, m.model, /model=b'([^']*)'/.exec(line)?.[1], 'model');
      t.computed(v, m.terminalId, /terminalId=b'([^']*)'/.exec(line)?.[1], 'terminal id');
      t.computed(v, m.plate, /plate\(GBK\)='([^']*)'/.exec(line)?.[1], 'plate');
    } else if (line.startsWith('auth code =')) {
      const m = ctx.message;
      t.computed(v, m?.kind === 'auth' ? m.code : undefined, /'([^']*)'/.exec(line)?.[1], 'auth code');
    }
  }
}
