import {
  encodeLocationQuery,
  encodeSetParameters,
  encodeShootNow,
  encodeTextMessage,
  type FrameHeader,
  MSG,
  type TerminalParameter,
} from '../jt808';

/**
 * Every platform command to a terminal, as plain data: it crosses processes on the event bus when
 * another process holds the terminal's connection (see `CommandRouter`), so a new command is a new
 * kind here and a line in `commandFrame`, never a new path. `probe` asks whether a held connection
 * still answers (see `Gateway.heldAlive`).
 */
export type TerminalCommand =
  | { kind: 'locationQuery' }
  | { kind: 'text'; flags: number; text: string }
  | { kind: 'setParameters'; parameters: TerminalParameter[] }
  | { kind: 'shootNow'; channel: number }
  | { kind: 'probe' };

/** One photo, uploaded at once (0x0801), 640×480, good quality, the camera's usual picture settings. */
const PHOTO = { command: 1, interval: 0, save: 0, resolution: 2, quality: 5 } as const;
const PICTURE = { brightness: 128, contrast: 64, saturation: 64, chroma: 128 } as const;

/**
 * The message id a command is sent with, its encoder, and how its answer reads (null: not a frame
 * of its own). 0x8801 is answered by 0x0805 (`ShotTaken`), by 0x0001 on older terminals.
 */
export function commandFrame(command: TerminalCommand): {
  msgId: number;
  encode: (h: FrameHeader) => Buffer;
  answer?: (value: unknown) => unknown;
} | null {
  switch (command.kind) {
    case 'locationQuery':
      return { msgId: MSG.locationQuery, encode: (h) => encodeLocationQuery(h) };
    case 'text':
      return {
        msgId: MSG.textMessage,
        encode: (h) => encodeTextMessage(h, { flag: command.flags, text: command.text }),
      };
    case 'setParameters':
      return {
        msgId: MSG.setParameters,
        encode: (h) => encodeSetParameters(h, { parameters: command.parameters }),
      };
    case 'shootNow':
      return {
        msgId: MSG.shootNow,
        encode: (h) => encodeShootNow(h, { channel: command.channel, ...PHOTO, ...PICTURE }),
        answer: (value) => (typeof value === 'number' ? { result: value, mediaIds: [] } : value),
      };
    case 'probe':
      return null;
  }
}

const KINDS = new Set<string>(['locationQuery', 'text', 'setParameters', 'shootNow', 'probe']);

/** The command as JSON carries it (byte values of parameters as hex). */
export function commandToWire(command: TerminalCommand): unknown {
  if (command.kind !== 'setParameters') return command;
  return {
    kind: command.kind,
    parameters: command.parameters.map((p) => ({
      id: p.id,
      value: typeof p.value === 'number' ? p.value : { hex: Buffer.from(p.value).toString('hex') },
    })),
  };
}

/** A command read from the bus; null when its shape is not one the encoders can take. */
export function commandFromWire(value: unknown): TerminalCommand | null {
  if (typeof value !== 'object' || value === null) return null;
  const command = value as Record<string, unknown>;
  if (typeof command.kind !== 'string' || !KINDS.has(command.kind)) return null;
  if (command.kind === 'text') {
    return typeof command.flags === 'number' && typeof command.text === 'string'
      ? { kind: 'text', flags: command.flags, text: command.text }
      : null;
  }
  if (command.kind === 'shootNow') {
    return typeof command.channel === 'number' ? { kind: 'shootNow', channel: command.channel } : null;
  }
  if (command.kind === 'setParameters') {
    if (!Array.isArray(command.parameters)) return null;
    const parameters: TerminalParameter[] = [];
    for (const p of command.parameters as { id?: unknown; value?: unknown }[]) {
      if (typeof p?.id !== 'number') return null;
      const hex = (p.value as { hex?: unknown } | null)?.hex;
      if (typeof p.value === 'number') parameters.push({ id: p.id, value: p.value });
      else if (typeof hex === 'string') parameters.push({ id: p.id, value: Buffer.from(hex, 'hex') });
      else return null;
    }
    return { kind: 'setParameters', parameters };
  }
  return command as TerminalCommand;
}
