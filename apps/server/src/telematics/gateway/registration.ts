import { encodeGbk, type Register, registerFieldWidths } from '../jt808';
import type { KnownTerminal } from './terminals';

/**
 * Whether a 0x0100 registration is the terminal the operator recorded: its terminal ID, and its
 * manufacturer and model where recorded, must be the ones the frame claims (compared without case
 * and surrounding blanks; a recorded value longer than its field in the frame's layout may arrive
 * cut to the field). Answers the name of the first field that differs, or null when all match.
 */
export function registrationMismatch(
  terminal: KnownTerminal,
  message: Register,
): 'terminalId' | 'manufacturer' | 'model' | null {
  const widths = registerFieldWidths(message.layout);
  const checks = [
    ['terminalId', terminal.terminalNo, message.terminalId],
    ['manufacturer', terminal.manufacturer, message.manufacturer],
    ['model', terminal.model, message.model],
  ] as const;
  for (const [field, recorded, claimed] of checks) {
    if (!sameAs(recorded, claimed, widths[field])) return field;
  }
  return null;
}

function sameAs(recorded: string | null, claimed: string, width: number): boolean {
  const want = recorded?.trim().toUpperCase() ?? '';
  if (want === '') return true;
  const got = claimed.trim().toUpperCase();
  if (got === want) return true;
  // a recorded value that does not fit the field arrives cut: then the claim fills the field
  return got.length > 0 && want.startsWith(got) && fits(claimed) >= width;
}

function fits(text: string): number {
  try {
    return encodeGbk(text, 'field').length;
  } catch {
    return 0;
  }
}
