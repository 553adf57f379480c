import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Reader of /work/shared/testdata/jt808-vectors.md (frames of third-party projects with what each
 * asserts), for the vector tests. Lines: `<KIND> <id> <source> <data>` then indented `EXPECT`,
 * `COMPUTED`, `WIRE` and `NOTE` lines; an indented line without a keyword continues the previous one.
 */
export type VectorKind = 'FRAME' | 'FRAME1078' | 'BODY' | 'HEADER' | 'PACKET' | 'STREAM';

export interface Vector {
  kind: VectorKind;
  id: string;
  source: string;
  /** Lower-case hex of the data, or '' when the data is not hex (`text` then holds it). */
  hex: string;
  text: string;
  expects: string[];
  computed: string[];
  /** Escaped wire form, given when `hex` is de-escaped and holds 0x7e / 0x7d. */
  wire?: string;
  line: number;
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = path.resolve(here, '../../../../..');
export const VECTORS_PATH = path.resolve(REPO_ROOT, '../shared/testdata/jt808-vectors.md');

const KINDS = new Set<string>(['FRAME', 'FRAME1078', 'BODY', 'HEADER', 'PACKET', 'STREAM']);

export function loadVectors(file = VECTORS_PATH): Vector[] {
  if (!existsSync(file)) throw new Error(`JT/T 808 vectors file is missing: ${file}`);
  const lines = readFileSync(file, 'utf8').split('\n');
  const vectors: Vector[] = [];
  let current: Vector | undefined;
  let last: string[] | undefined;
  lines.forEach((line, index) => {
    const first = line.split(' ', 1)[0] ?? '';
    const tokens = line.trim().split(/\s+/);
    if (KINDS.has(first) && line.includes('@')) {
      // `<KIND> <id> ["quoted name"] <source> <data...>`
      let at = 2;
      if (tokens[at]?.startsWith('"')) {
        while (at < tokens.length && !tokens[at]?.endsWith('"')) at++;
        at++;
      }
      const data = tokens.slice(at + 1).join('');
      const isHex = /^[0-9a-fA-F]+$/.test(data) && data.length % 2 === 0;
      current = {
        kind: first as VectorKind,
        id: tokens[1] ?? '',
        source: tokens[at] ?? '',
        hex: isHex ? data.toLowerCase() : '',
        text: isHex ? '' : tokens.slice(at + 1).join(' '),
        expects: [],
        computed: [],
        line: index + 1,
      };
      vectors.push(current);
      last = undefined;
      return;
    }
    if (!current || !line.startsWith(' ')) {
      if (line.startsWith('#') || line.trim() === '') last = undefined;
      return;
    }
    const body = line.trim();
    const keyword = body.split(' ', 1)[0];
    const rest = body.slice((keyword ?? '').length).trim();
    if (keyword === 'EXPECT') {
      current.expects.push(rest);
      last = current.expects;
    } else if (keyword === 'COMPUTED') {
      current.computed.push(rest);
      last = current.computed;
    } else if (keyword === 'WIRE') {
      current.wire = rest.replace(/\s+/g, '').toLowerCase();
      last = undefined;
    } else if (keyword === 'NOTE') {
      last = undefined;
    } else if (last && last.length > 0) {
      last[last.length - 1] += ` ${body}`;
    }
  });
  return vectors;
}
