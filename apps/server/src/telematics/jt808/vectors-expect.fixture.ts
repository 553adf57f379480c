import { ALARM_BITS, type AlarmName } from './flags';
import { type FrameContext, locationsOf, reencode, reencodeRaw, type Tally } from './vectors-tally.fixture';

/**
 * Checks of the EXPECT lines of each source, from the values the lines state. Every statement about
 * a value this codec decodes is asserted; the rest is recorded in `Tally.unsatisfied` with the reason.
 */

/** Traccar attributes that come from vendor items or messages this codec does not decode. */
const TRACCAR_NOT_DECODED = new Set([
  'batteryLevel',
  'battery',
  'power',
  'motion',
  'charge',
  'rpm',
  'temp1',
  'temp3',
  'fuel1',
  'fuel2',
  'fuelUsed',
  'iccid',
  'imei',
  'dtcs',
  'driverUniqueId',
  'driver',
  'cardCode',
  'lock1Locked',
  'lock2Battery',
  'tire1Pressure',
  'steps',
  'deviceTemp',
  'tag1Mac',
  'unlockResult',
  'tilt',
  'result',
  'event',
  'timezone',
]);

/** Alarm names Traccar derives from the standard alarm word, and the bits it reads (per model). */
function traccarAlarmBits(name: string, model: string | undefined): number[] | undefined {
  if (model === 'AL300' || model === 'GL100') return name === 'movement' ? [16] : undefined;
  const bits: Record<string, number[]> = {
    sos: [0],
    overspeed: [1],
    fatigueDriving: [2],
    gpsAntennaCut: [5, 6],
    fault: [4, 9, 10, 11],
    lowBattery: [7, 18],
    powerOff: [8],
    vibration: [15],
    tampering: [16, 17],
    parking: [19],
    geofence: [20],
    general: [26],
    movement: [28],
    accident: [29, 30],
  };
  return bits[name];
}

const BIT_NAMES: AlarmName[] = [];
for (const [n, bit] of Object.entries(ALARM_BITS)) BIT_NAMES[bit] = n as AlarmName;

function checkPositionSanity(ctx: FrameContext, t: Tally, line: number, many: boolean): void {
  const { v } = ctx;
  const locations = locationsOf(ctx.message);
  if (locations.length === 0) {
    const why = ctx.messageError ?? ctx.strictError;
    t.skip(
      v,
      why
        ? `Traccar decodes a position; refused here: ${why.reason} (${why.message})`
        : `Traccar decodes a position from message 0x${ctx.packet?.header.msgId.toString(16).padStart(4, '0')}, not decoded here (header parsed)`,
    );
    return;
  }
  t.check(v, line, many || locations.length === 1, true, 'position count');
  for (const p of locations) {
    t.check(v, line, Math.abs(p.lat) <= 90 && Math.abs(p.lon) <= 180, true, `lat/lon ${p.lat},${p.lon}`);
    t.check(
      v,
      line,
      p.time !== null && p.time > Date.UTC(1999, 11, 31) && p.time < Date.now() + 25 * 3600_000,
      true,
      'fix time',
    );
    t.check(v, line, p.altitude >= -12262 && p.altitude <= 18000, true, 'altitude');
    t.check(v, line, p.speed >= 0 && p.speed <= 869 * 1.852, true, 'speed');
    t.check(v, line, p.direction >= 0 && p.direction <= 360, true, 'course');
  }
}

export function checkTraccar(ctx: FrameContext, t: Tally): void {
  const { v } = ctx;
  const model = v.expects.map((e) => /model override in force: "([^"]+)"/.exec(e)?.[1]).find(Boolean);
  v.expects.forEach((e, line) => {
    if (e.startsWith('(model override')) return;
    const frameOut = /^frame (decoder|encoder) output = ([0-9a-f]+)/.exec(e);
    if (frameOut) return; // checked by the framing test of TR-FD-* / TR-FE-*
    if (e.startsWith('frame decoder returns the same bytes')) {
      t.skip(
        v,
        'Traccar passes ASCII "(...)" frames through; they are not JT/T 808 and the splitter skips them',
      );
      return;
    }
    const attr = /attribute "(\w+)" == (.+?)\s+\[java/.exec(e);
    if (attr) {
      const [, name = '', raw = ''] = attr;
      const value = raw.replace(/^"|"$/g, '').replace(/L$/, '');
      const p = locationsOf(ctx.message).at(-1);
      if (name === 'result' && ctx.message?.kind === 'waybillReport') {
        t.check(v, line, ctx.message.text, value, '0x0701 waybill content');
      } else if (name === 'sat') t.check(v, line, p?.extras.satellites, Number(value), 'satellites (0x31)');
      else if (name === 'videoAlarm')
        t.check(v, line, p?.extras.videoAlarm, Number(value), 'video alarm (0x14)');
      else if (name === 'alarmLabel') {
        const id = p?.extras.adas ?? p?.extras.dsm ?? p?.extras.bsd ?? p?.extras.tyre;
        t.check(v, line, id?.identification.raw, value, 'alarm identification of item 0x64');
      } else if (name === 'door') {
        t.check(
          v,
          line,
          p?.flags.door4Open,
          value === 'true',
          'status bit 16 (door 4), read by Traccar for this model',
        );
      } else if (name === 'alarm') {
        for (const alarm of value.split(',')) {
          if (alarm === 'door' && model === 'MV710G') {
            t.check(v, line, p?.flags.door4Open, true, 'door alarm: status bit 16 (door 4) for MV710G');
            continue;
          }
          const set = (traccarAlarmBits(alarm, model) ?? []).filter((b) => p && (p.alarm >>> b) & 1);
          if (p && set.length > 0) {
            const names = set.map((b) => BIT_NAMES[b]);
            t.check(
              v,
              line,
              names.every((n) => n && p.alarms.includes(n)),
              true,
              `alarm ${alarm} = ${names}`,
            );
          } else {
            const word = `0x${(p?.alarm ?? 0).toString(16)}`;
            t.skip(
              v,
              `alarm "${alarm}" comes from a vendor item (model ${model ?? 'default'}; alarm word ${word})`,
            );
          }
        }
      } else if (TRACCAR_NOT_DECODED.has(name)) {
        t.skip(v, `attribute "${name}" comes from a vendor item or a message not decoded here`);
      } else {
        throw new Error(`${v.id}: unhandled Traccar attribute ${name}`);
      }
      return;
    }
    const downlink = /^(?:engineStop command|custom command|model "\w+" custom command)/.test(e);
    if (downlink) {
      const m = ctx.message;
      const body = ctx.packet?.body;
      if (m?.kind === 'textMessage') {
        const text = /from text "([^"]+)" \(flag (\d+)\)/.exec(e);
        t.check(v, line, [m.flag, m.text], [Number(text?.[2]), text?.[1]], '0x8300 flag and text');
        t.check(
          v,
          line,
          ctx.packet && reencode(ctx.packet, m)?.toString('hex'),
          ctx.wire.toString('hex'),
          're-encoded',
        );
      } else if (/\(body f0\)/.test(e)) t.check(v, line, body?.toString('hex'), 'f0', '0x8105 body');
      else if (/custom command "(\w+)"/.test(e)) {
        const text = /custom command "(\w+)"/.exec(e)?.[1] ?? '';
        t.check(v, line, body?.toString('hex'), `f0${Buffer.from(text).toString('hex')}`, '0x8900 body');
      } else throw new Error(`${v.id}: unhandled downlink ${e}`);
      return;
    }
    if (e.startsWith('verifyPositions')) checkPositionSanity(ctx, t, line, true);
    else if (e.startsWith('verifyPosition')) checkPositionSanity(ctx, t, line, false);
    else if (e.startsWith('verifyNull')) {
      if (!v.hex.startsWith('7e')) t.check(v, line, ctx.packet, undefined, 'not a JT/T 808 frame');
      else
        t.check(
          v,
          line,
          locationsOf(ctx.message).length === 0 && ctx.message !== undefined,
          true,
          `no position (${ctx.message?.kind})`,
        );
    } else if (e.startsWith('verifyNotNull')) t.check(v, line, ctx.message !== undefined, true, 'decodes');
    else if (e.startsWith('verifyAttributes')) {
      const p = locationsOf(ctx.message)[0];
      t.check(
        v,
        line,
        p !== undefined && (Object.keys(p.extras).length > 0 || p.unknown.length > 0),
        true,
        'attributes',
      );
    } else throw new Error(`${v.id}: unhandled Traccar EXPECT ${e}`);
  });
}

export function checkRoundTrip(ctx: FrameContext, t: Tally, line: number, what: string): void {
  const { v, packet, message } = ctx;
  if (!packet) return;
  const wire = ctx.wire.toString('hex');
  t.check(v, line, reencodeRaw(packet).toString('hex'), wire, `${what}: header + raw body re-encoded`);
  if (message) {
    const typed = reencode(packet, message);
    if (typed) t.check(v, line, typed.toString('hex'), wire, `${what}: ${message.kind} re-encoded`);
  }
}
