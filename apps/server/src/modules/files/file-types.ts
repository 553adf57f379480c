/** File kinds the platform accepts, recognised by their first bytes, never by the name alone. */
export interface FileKind {
  ext: string;
  mime: string;
  /** Extensions a file of this kind may carry. */
  names: readonly string[];
  magic: readonly number[];
}

export const FILE_KINDS: readonly FileKind[] = [
  { ext: 'png', mime: 'image/png', names: ['png'], magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { ext: 'jpg', mime: 'image/jpeg', names: ['jpg', 'jpeg'], magic: [0xff, 0xd8, 0xff] },
  { ext: 'pdf', mime: 'application/pdf', names: ['pdf'], magic: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  {
    ext: 'xlsx',
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    names: ['xlsx'],
    magic: [0x50, 0x4b, 0x03, 0x04],
  },
  {
    ext: 'xls',
    mime: 'application/vnd.ms-excel',
    names: ['xls'],
    magic: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1],
  },
];

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The kind of a file when its content and its name agree; otherwise null. */
export function detectFileKind(name: string, head: Uint8Array): FileKind | null {
  const ext = extensionOf(name);
  const kind = FILE_KINDS.find((k) => k.magic.every((byte, i) => head[i] === byte));
  return kind?.names.includes(ext) ? kind : null;
}

export function kindByExt(ext: string): FileKind | undefined {
  return FILE_KINDS.find((k) => k.ext === ext);
}
