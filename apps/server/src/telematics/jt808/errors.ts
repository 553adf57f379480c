/**
 * The one error the JT/T 808 codec throws. Every malformed input (a frame from the network, a body,
 * an encoder argument out of range) ends in a `Jt808Error` with a machine-readable `reason`; nothing
 * else is thrown on bad input.
 */
export type Jt808ErrorReason =
  /** XOR check code does not match the content. */
  | 'checksum'
  /** 0x7d followed by something other than 0x01 / 0x02, or a 0x7d at the very end. */
  | 'escape'
  /** Body length in the header attributes does not match the bytes received. */
  | 'length'
  /** A field, item or message is shorter than its layout requires. */
  | 'truncated'
  /** A BCD field holds a nibble above 9 where a decimal digit is required. */
  | 'bcd'
  /** A frame, a body or a reassembled set is longer than allowed. */
  | 'too-long'
  /** Not a frame: missing 0x7e delimiters, or a 0x7e inside the content. */
  | 'frame'
  /** Subpackage numbers that cannot be right (index 0, index above total). */
  | 'subpackage'
  /** Text that cannot be written in GBK. */
  | 'encoding'
  /** An encoder argument outside the range of its field. */
  | 'range';

export class Jt808Error extends Error {
  override readonly name = 'Jt808Error';
  readonly reason: Jt808ErrorReason;

  constructor(reason: Jt808ErrorReason, message: string) {
    super(message);
    this.reason = reason;
  }
}

export function isJt808Error(error: unknown): error is Jt808Error {
  return error instanceof Jt808Error;
}
