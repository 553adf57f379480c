import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';

/**
 * An .xlsx is a zip. Before an uploaded one is unpacked, this checks that it cannot exhaust memory
 * or disk: the central directory lists few entries of bounded unpacked size, the local entries are
 * exactly those (nothing hidden in between for a streaming unzipper to find), and each entry really
 * unpacks to no more than it declares.
 */
export interface ZipLimits {
  maxEntries: number;
  /** Unpacked bytes of any one entry. */
  maxEntryBytes: number;
  /** Unpacked bytes of all entries together. */
  maxTotalBytes: number;
  /** Unpacked bytes of xl/sharedStrings.xml, which a reader keeps in memory whole. */
  maxSharedStringsBytes: number;
}

export const XLSX_ZIP_LIMITS: ZipLimits = {
  maxEntries: 1000,
  maxEntryBytes: 64 * 1024 * 1024,
  maxTotalBytes: 160 * 1024 * 1024,
  maxSharedStringsBytes: 32 * 1024 * 1024,
};

/** Why a zip was refused: `format` when it is no sound zip, `size` when it unpacks too large. */
export class ZipRefused extends Error {
  constructor(
    readonly reason: 'format' | 'size',
    detail: string,
  ) {
    super(detail);
    this.name = 'ZipRefused';
  }
}

interface Entry {
  name: string;
  flags: number;
  method: number;
  packed: number;
  unpacked: number;
  localOffset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const DESCRIPTOR = Buffer.from([0x50, 0x4b, 0x07, 0x08]);
const ZIP64_MARK = 0xffffffff;

const bad = (detail: string) => new ZipRefused('format', detail);
const tooLarge = (detail: string) => new ZipRefused('size', detail);

function u32(buf: Buffer, at: number): number {
  if (at + 4 > buf.length) throw bad('truncated');
  return buf.readUInt32LE(at);
}

function u16(buf: Buffer, at: number): number {
  if (at + 2 > buf.length) throw bad('truncated');
  return buf.readUInt16LE(at);
}

function findEndOfCentralDirectory(buf: Buffer): number {
  const stop = Math.max(0, buf.length - 22 - 0xffff);
  for (let at = buf.length - 22; at >= stop; at--) if (buf.readUInt32LE(at) === EOCD) return at;
  throw bad('no end of central directory');
}

function centralDirectory(buf: Buffer, limits: ZipLimits): { entries: Entry[]; offset: number } {
  const eocd = findEndOfCentralDirectory(buf);
  const count = u16(buf, eocd + 10);
  const size = u32(buf, eocd + 12);
  const offset = u32(buf, eocd + 16);
  if (count === 0xffff || size === ZIP64_MARK || offset === ZIP64_MARK) throw bad('zip64');
  if (count > limits.maxEntries) throw tooLarge(`${count} entries`);
  if (offset + size > eocd) throw bad('central directory out of bounds');
  const entries: Entry[] = [];
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (u32(buf, at) !== CENTRAL) throw bad('central header signature');
    const nameLength = u16(buf, at + 28);
    const entry: Entry = {
      flags: u16(buf, at + 8),
      method: u16(buf, at + 10),
      packed: u32(buf, at + 20),
      unpacked: u32(buf, at + 24),
      localOffset: u32(buf, at + 42),
      name: buf.toString('utf8', at + 46, at + 46 + nameLength),
    };
    if (entry.packed === ZIP64_MARK || entry.unpacked === ZIP64_MARK) throw bad('zip64 entry');
    if (entry.flags & 0x1) throw bad('encrypted');
    if (entry.method !== 0 && entry.method !== 8) throw bad(`compression method ${entry.method}`);
    entries.push(entry);
    at += 46 + nameLength + u16(buf, at + 30) + u16(buf, at + 32);
  }
  if (at !== offset + size) throw bad('central directory size');
  return { entries, offset };
}

function checkDeclaredSizes(entries: readonly Entry[], limits: ZipLimits): void {
  let total = 0;
  for (const entry of entries) {
    const limit = entry.name === 'xl/sharedStrings.xml' ? limits.maxSharedStringsBytes : limits.maxEntryBytes;
    if (entry.unpacked > limit) throw tooLarge(`${entry.name} declares ${entry.unpacked} bytes`);
    total += entry.unpacked;
  }
  if (total > limits.maxTotalBytes) throw tooLarge(`entries declare ${total} bytes`);
}

/**
 * Walks the local headers from the start as a streaming reader does; they must be the central
 * directory's entries, back to back, ending where the central directory starts. Answers where each
 * entry's packed data lies.
 */
function localLayout(buf: Buffer, entries: readonly Entry[], centralOffset: number): number[] {
  const ordered = [...entries].sort((a, b) => a.localOffset - b.localOffset);
  const dataStarts = new Map<Entry, number>();
  let at = 0;
  for (const entry of ordered) {
    if (entry.localOffset !== at || u32(buf, at) !== LOCAL) throw bad('local header out of place');
    const flags = u16(buf, at + 6);
    const packed = u32(buf, at + 18);
    const nameLength = u16(buf, at + 26);
    const data = at + 30 + nameLength + u16(buf, at + 28);
    if (u16(buf, at + 8) !== entry.method) throw bad('method differs');
    if (buf.toString('utf8', at + 30, at + 30 + nameLength) !== entry.name) throw bad('name differs');
    const end = data + entry.packed;
    if (end > centralOffset) throw bad('entry data out of bounds');
    if (flags & 0x8 && packed === 0) {
      // Data followed by a descriptor, found by its signature: it must not occur inside the data.
      if (buf.indexOf(DESCRIPTOR, data) !== end) throw bad('data descriptor out of place');
      at = end + 16;
    } else {
      if (packed !== entry.packed) throw bad('packed size differs');
      at = end;
    }
    dataStarts.set(entry, data);
  }
  if (at !== centralOffset) throw bad('data between entries and central directory');
  return entries.map((entry) => dataStarts.get(entry) ?? 0);
}

/** Unpacks one entry only to count its bytes; refuses it once it exceeds what it declared. */
function unpackedSize(packed: Buffer, declared: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflate = createInflateRaw();
    let size = 0;
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > declared) {
        inflate.destroy();
        reject(tooLarge(`unpacks beyond the declared ${declared} bytes`));
      }
    });
    inflate.on('error', () => reject(bad('broken compressed data')));
    inflate.on('end', () => resolve(size));
    inflate.end(packed);
  });
}

/** A checked entry: its packed bytes and how they are packed (0 stored, 8 deflated). */
export interface ZipPart {
  method: number;
  packed: Buffer;
}

/**
 * Resolves with the entries by name when `buf` is a zip that is safe to unpack within `limits`;
 * rejects with ZipRefused otherwise.
 */
export async function checkZip(
  buf: Buffer,
  limits: ZipLimits = XLSX_ZIP_LIMITS,
): Promise<Map<string, ZipPart>> {
  if (buf.length < 22) throw bad('too short');
  const { entries, offset } = centralDirectory(buf, limits);
  checkDeclaredSizes(entries, limits);
  const starts = localLayout(buf, entries, offset);
  const parts = new Map<string, ZipPart>();
  for (const [i, entry] of entries.entries()) {
    const start = starts[i] ?? 0;
    const packed = buf.subarray(start, start + entry.packed);
    if (entry.method === 0) {
      if (entry.packed !== entry.unpacked) throw bad('stored size differs');
    } else {
      await unpackedSize(packed, entry.unpacked);
    }
    if (parts.has(entry.name)) throw bad('duplicate entry');
    parts.set(entry.name, { method: entry.method, packed });
  }
  return parts;
}

/**
 * The unpacked content of a checked entry, as a stream of UTF-8 text: decoded by the stream, so a
 * character split between two chunks stays whole (ExcelJS decodes each chunk on its own otherwise).
 */
export function openPart(part: ZipPart): Readable {
  const raw = Readable.from([part.packed], { objectMode: false });
  const stream = part.method === 8 ? raw.pipe(createInflateRaw()) : raw;
  return stream.setEncoding('utf8');
}
