import { PLATE_HISTORY_LIMIT, pushHistory } from '@fleet/domain';

/** The plates last chosen in a vehicle picker, newest first, kept in localStorage (spec core section 3). */
export const PLATE_HISTORY_KEY = 'carHistory';

type HistoryStorage = Pick<Storage, 'getItem' | 'setItem'>;

function browserStorage(): HistoryStorage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

export function readPlateHistory(storage: HistoryStorage | undefined = browserStorage()): string[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(PLATE_HISTORY_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((plate): plate is string => typeof plate === 'string' && plate !== '')
      .slice(0, PLATE_HISTORY_LIMIT);
  } catch {
    return [];
  }
}

/** Puts a plate first in the history (no repeats, at most 10) and returns the new history. */
export function rememberPlate(
  plate: string,
  storage: HistoryStorage | undefined = browserStorage(),
): string[] {
  const history = pushHistory(readPlateHistory(storage), plate, PLATE_HISTORY_LIMIT);
  try {
    storage?.setItem(PLATE_HISTORY_KEY, JSON.stringify(history));
  } catch {
    // A full or blocked storage only loses the history.
  }
  return history;
}
