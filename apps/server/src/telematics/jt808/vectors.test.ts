import { describe, expect, it } from 'vitest';
import { decodeMessage, type Jt808Packet, parseFrame, readPacket } from './decode';
import { encodeFrame, encodeSubpackaged } from './encode';
import { Jt808Error } from './errors';
import { escapeBytes, FrameSplitter, unescapeBytes, wrapFrame, xorChecksum } from './frame';
import { readHeader } from './header';
import { Reassembler } from './reassembly';
import { loadVectors, type Vector } from './vectors.fixture';
import { checkComputed } from './vectors-computed.fixture';
import { checkTraccar } from './vectors-expect.fixture';
import { checkGo, checkKeyValues, checkProse, checkYezhihao } from './vectors-sources.fixture';
import { type FrameContext, reencodeRaw, Tally } from './vectors-tally.fixture';

/**
 * Every JT/T 808 line of /work/shared/testdata/jt808-vectors.md (the file must exist: a missing file
 * fails here). FRAME lines go through the splitter and the decoder; what their EXPECT lines state is
 * asserted where this codec decodes it, and the COMPUTED lines are cross-checked.
 */
const vectors = loadVectors();
const tally = new Tally();
const refused: string[] = [];
const quirks: string[] = [];
const bodyRefused: string[] = [];
const byId = (id: string) => vectors.find((v) => v.id === id) as Vector;

function jt808Error(run: () => unknown): Jt808Error | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(Jt808Error);
    return error as Jt808Error;
  }
}

function splitAll(data: Buffer, byteByByte: boolean): Buffer[] {
  const splitter = new FrameSplitter();
  if (!byteByByte) return splitter.push(data);
  const frames: Buffer[] = [];
  for (let i = 0; i < data.length; i++) frames.push(...splitter.push(data.subarray(i, i + 1)));
  return frames;
}

function checkFramingVector(v: Vector): void {
  const out = /^frame (decoder|encoder) output = ([0-9a-f]+)/.exec(v.expects[0] ?? '');
  if (!out) return;
  const expected = out[2] ?? '';
  if (out[1] === 'encoder') {
    const escaped = escapeBytes(Buffer.from(v.hex.slice(2, -2), 'hex'));
    tally.check(v, 0, `7e${escaped.toString('hex')}7e`, expected, 'escaped');
    return;
  }
  const frames = splitAll(Buffer.from(v.hex, 'hex'), true);
  tally.check(v, 0, frames.length, 1, 'one frame');
  const inner = unescapeBytes((frames[0] as Buffer).subarray(1, -1));
  tally.check(v, 0, `7e${inner.toString('hex')}7e`, expected, 'unescaped');
}

function runFrame(v: Vector): void {
  if (v.id.startsWith('TR-FD-') || v.id.startsWith('TR-FE-')) {
    checkFramingVector(v);
    if (v.id === 'TR-FD-1') checkTraccar({ v, wire: Buffer.from(v.hex, 'hex') }, tally);
    return;
  }
  const wire = Buffer.from(v.wire ?? v.hex, 'hex');
  if (v.text || wire[0] !== 0x7e) {
    const data = v.text ? Buffer.from(v.text, 'latin1') : wire;
    expect(splitAll(data, false), `${v.id} is not 0x7e-framed`).toEqual([]);
    checkTraccar({ v, wire: data }, tally);
    return;
  }
  const frames = splitAll(wire, false);
  expect(
    frames.map((f) => f.toString('hex')),
    `${v.id} splits into one frame`,
  ).toEqual([wire.toString('hex')]);
  expect(splitAll(wire, true), `${v.id} byte by byte`).toEqual(frames);
  const frame = frames[0] as Buffer;
  const ctx: FrameContext = { v, wire };
  ctx.strictError = jt808Error(() => {
    ctx.packet = parseFrame(frame);
  });
  if (ctx.strictError) {
    jt808Error(() => {
      ctx.packet = parseFrame(frame, { verifyChecksum: false });
    });
  }
  const headerLine = v.computed.find((c) => c.includes('msgId=')) ?? '';
  const quirk = /v2019=yes/.test(headerLine) && ctx.packet?.header.version === 2013;
  // Traccar's proprietary 0x5501 / 0x5502 carry a one-byte serial (section 0 of the file): under the
  // standard two-byte serial their body length cannot match, so they are refused like any bad frame.
  const proprietary = /^msgId=0x550[12]/.test(headerLine);
  const flagged =
    proprietary ||
    headerLine.includes('(MISMATCH: xor=') ||
    (headerLine.includes('(MISMATCH: actual') && !quirk) ||
    v.expects.some((e) => e.includes('must return an ERROR'));
  expect(ctx.strictError !== undefined, `${v.id} refused iff the file flags it malformed`).toBe(flagged);
  if (ctx.strictError) refused.push(`${v.id}: ${ctx.strictError.reason}`);
  if (v.expects.some((e) => e.includes('must return an ERROR'))) {
    tally.check(v, 0, ctx.strictError?.reason, 'checksum', 'decode error');
  }
  if (quirk) quirks.push(v.id);
  if (ctx.packet) {
    const packet = ctx.packet;
    ctx.messageError = jt808Error(() => {
      ctx.message = decodeMessage(packet);
    });
    if (ctx.messageError) bodyRefused.push(`${v.id}: ${ctx.messageError.reason}`);
    const header = packet.header;
    const canonical = !ctx.strictError && !quirk && (header.attributes & 0x8000) === 0;
    if (canonical)
      tally.computed(v, reencodeRaw(packet).toString('hex'), wire.toString('hex'), 'header re-encoded');
  }
  checkComputed(ctx, tally);
  const source = v.id.split('-')[0];
  if (source === 'TR') checkTraccar(ctx, tally);
  else if (source === 'SC' || source === 'FK') {
    if (ctx.messageError) tally.skip(v, `body refused here (${ctx.messageError.message})`);
    else {
      checkKeyValues(ctx, tally);
      checkProse(ctx, tally);
    }
  } else if (source === 'GO') checkGo(ctx, tally);
  else if (source === 'YZ') checkYezhihao(ctx, tally);
}

/** A packet for a BODY vector: the body under a synthetic header of `msgId` and `version`. */
function bodyPacket(msgId: number, version: 2013 | 2019, hex: string): Jt808Packet {
  return parseFrame(encodeFrame({ msgId, phone: '0', serial: 0, version }, Buffer.from(hex, 'hex')));
}

describe('JT/T 808 vectors file', () => {
  it('holds the expected lines', () => {
    const count = (kind: string) => vectors.filter((v) => v.kind === kind).length;
    expect([count('FRAME'), count('HEADER'), count('BODY'), count('PACKET'), count('STREAM')]).toEqual([
      298, 2, 2, 4, 11,
    ]);
  });

  it('decodes every FRAME line and checks its EXPECT and COMPUTED lines', () => {
    for (const v of vectors) if (v.kind === 'FRAME') runFrame(v);
  });

  it('checks HEADER, BODY, PACKET and STREAM lines', () => {
    for (const v of vectors.filter((x) => x.kind === 'HEADER')) {
      const { header } = readHeader(Buffer.from(v.hex, 'hex'));
      checkKeyValues(
        { v, wire: Buffer.alloc(0), packet: { header, body: Buffer.alloc(0), checksum: -1 } },
        tally,
      );
    }
    for (const [id, msgId, version] of [
      ['SC-10', 0x0102, 2019],
      ['SC-28', 0x0200, 2013],
    ] as const) {
      const v = byId(id);
      const packet = bodyPacket(msgId, version, v.hex);
      checkKeyValues({ v, wire: Buffer.alloc(0), packet, message: decodeMessage(packet) }, tally);
    }
    const fk04 = byId('FK-04');
    tally.check(fk04, 0, xorChecksum(Buffer.from(fk04.hex, 'hex')), 0xb5, 'checksum');
    for (const id of ['FK-05', 'FK-06', 'FK-07']) {
      const v = byId(id);
      const content = Buffer.from(v.hex, 'hex');
      const packet = readPacket(content);
      const e = v.expects[0] ?? '';
      const m = packet.body.length > 0 ? decodeMessage(packet) : undefined;
      tally.check(v, 0, wrapFrame(content).toString('hex'), reencodeRaw(packet).toString('hex'), 'encode');
      if (id === 'FK-05' && m?.kind === 'register') {
        const f =
          /phone "(\d+)", serial (\d+); ProvinceID (\d+), CityID (\d+), ManufacturerID "([^"]+)".*DeviceMode "([^"]+)".*DeviceID "([^"]+)".*PlateColor (\d+), PlateNumber "([^"]+)"/.exec(
            e,
          );
        const got = [
          packet.header.phone,
          packet.header.serial,
          m.province,
          m.city,
          m.manufacturer,
          m.model,
          m.terminalId,
          m.plateColor,
          m.plate,
        ];
        tally.check(v, 0, got.map(String), f?.slice(1), 'register fields');
      } else if (id === 'FK-06' && m?.kind === 'registerResponse') {
        const f = /AnswerSerialNumber (\d+), Result (\d+), AuthCode "(\w+)"/.exec(e);
        tally.check(
          v,
          0,
          [m.replySerial, m.result, m.authCode].map(String),
          f?.slice(1),
          'register response',
        );
      } else if (id === 'FK-07') {
        tally.check(v, 0, [packet.header.msgId, packet.header.bodyLength], [0x0100, 0], 'header');
      } else throw new Error(`${id}: decoded as ${m?.kind}`);
    }
    for (const v of vectors.filter((x) => x.kind === 'STREAM')) {
      const e = v.expects[0] ?? '';
      const expected = e.startsWith('frames: ') ? e.slice(8).split(', ') : [];
      if (!e.startsWith('frames: ')) expect(e).toMatch(/^error/);
      const data = Buffer.from(v.hex, 'hex');
      tally.check(
        v,
        0,
        splitAll(data, false).map((f) => f.toString('hex')),
        expected,
        'frames',
      );
      tally.check(
        v,
        0,
        splitAll(data, true).map((f) => f.toString('hex')),
        expected,
        'frames, byte by byte',
      );
    }
  });

  it('joins the subpackages of SC-18/19 and GO-1205, and splits GO-1205 the same way', () => {
    const join = (ids: string[]) => {
      const reassembler = new Reassembler();
      const out = ids.map((id) => reassembler.push(parseFrame(Buffer.from(byId(id).hex, 'hex')), 0));
      expect(out.slice(0, -1)).toEqual(ids.slice(1).map(() => null));
      return out.at(-1) as Jt808Packet;
    };
    const sc = join(['SC-18', 'SC-19']);
    tally.check(
      byId('SC-19'),
      0,
      [sc.header.msgId, sc.body.length, sc.header.packet],
      [0x1205, 930 + 56, undefined],
      'joined',
    );
    const goIds = [1, 2, 3, 4, 5, 6].map((n) => `GO-1205-${n}`);
    const go = join(goIds);
    expect(go.body.length).toBe(5046);
    const frames = encodeSubpackaged(
      { ...go.header, msgId: 0x1205, serial: 17148, version: 2019 },
      go.body,
      1000,
    );
    expect(frames.map((f) => f.toString('hex'))).toEqual(goIds.map((id) => byId(id).hex));
  });

  it('refuses exactly the frames the file flags, and records what it cannot satisfy', () => {
    expect(refused).toEqual([
      // Traccar's proprietary 0x5501 / 0x5502 (one-byte serial): the standard reading cannot match.
      ...['TR-033: length', 'TR-034: checksum', 'TR-035: length', 'TR-045: length', 'TR-067: length'],
      ...['TR-070: length', 'TR-071: length'],
      // Check code or body length wrong in the source (Traccar never verifies them).
      ...['TR-088: checksum', 'TR-109: checksum', 'TR-110: checksum', 'TR-112: length'],
      // SmallChi tests run with SkipCRCCode; fakeyanss expects an error.
      ...['SC-20: checksum', 'SC-21: checksum'],
      'FK-01: checksum',
    ]);
    // Version flag set over a 2013 layout (real devices): read as 2013, as the file suggests.
    expect(quirks).toEqual(['SC-22', 'SC-23']);
    expect(bodyRefused).toEqual([
      'TR-065: truncated', // an item declares 120 bytes, 8 remain
      'SC-21: truncated', // item 0xF6 declares 4 bytes, 2 remain
      ...['2011', '2013', '2019'].map((v) => `GO-8001-${v}-reply: truncated`), // 0x8001 with no body
      ...['2011', '2013', '2019'].map((v) => `GO-8100-${v}-reply: truncated`), // 0x8100 with no body
    ]);
    const traccar = [
      ...['FD-1', '002', '003', '004', '007', '008', '009', '010', '011', '012', '013', '014', '016', '017'],
      ...['019', '020', '021', '023', '024', '027', '028', '029', '030', '031', '032', '033', '034', '035'],
      ...['036', '037', '039', '040', '041', '042', '043', '044', '045', '046', '049', '050', '051', '052'],
      ...['054', '055', '057', '058', '064', '065', '066', '067', '068', '069', '070', '071', '072', '073'],
      ...['074', '088', '094', '095', '096', '099', '100', '101', '106', '107', '108', '110', '111', '112'],
      '113',
    ].map((n) => `TR-${n}`);
    const others = ['SC-20', 'SC-21', 'SC-26', 'SC-27'];
    const go = ['8001', '8100'].flatMap((id) => ['2011', '2013', '2019'].map((v) => `GO-${id}-${v}-reply`));
    expect(tally.unsatisfied.map((u) => u.slice(0, u.indexOf(':')))).toEqual([...traccar, ...others, ...go]);
    // EXPECT lines with at least one assertion, EXPECT assertions, COMPUTED cross-checks.
    expect([tally.expectLines.size, tally.expectAssertions, tally.computedAssertions]).toEqual([
      236, 894, 4356,
    ]);
  });
});
