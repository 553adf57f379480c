/**
 * When the tiles are not there. Offline machines and many intranets reach no tile server: the
 * images fail at once (no DNS) or never come (a firewall swallows them). The map then drops its
 * tile layers and draws on a plain light background with a graticule, so tracks, vehicles and
 * fences still show.
 */

export interface TileStats {
  /** When the tile layers were added (ms). */
  startedAt: number;
  loaded: number;
  failed: number;
  /** Failures since the last tile that loaded. */
  failedInRow: number;
}

export type BackgroundDecision = 'pending' | 'tiles' | 'plain';

export const TILE_FALLBACK = {
  /** This many failures before any tile loaded: the server is unreachable. */
  failuresWithoutLoad: 3,
  /** No tile at all after this long: the requests hang. */
  timeoutMs: 6000,
  /** Tiles loaded before, but then this many failed in a row: the connection went away. */
  failuresInRow: 12,
} as const;

export function newTileStats(now: number): TileStats {
  return { startedAt: now, loaded: 0, failed: 0, failedInRow: 0 };
}

export function tileLoaded(stats: TileStats): TileStats {
  return { ...stats, loaded: stats.loaded + 1, failedInRow: 0 };
}

export function tileFailed(stats: TileStats): TileStats {
  return { ...stats, failed: stats.failed + 1, failedInRow: stats.failedInRow + 1 };
}

export function decideBackground(
  stats: TileStats,
  now: number,
  limits: { failuresWithoutLoad: number; timeoutMs: number; failuresInRow: number } = TILE_FALLBACK,
): BackgroundDecision {
  if (stats.loaded > 0) return stats.failedInRow >= limits.failuresInRow ? 'plain' : 'tiles';
  if (stats.failed >= limits.failuresWithoutLoad) return 'plain';
  if (now - stats.startedAt >= limits.timeoutMs) return 'plain';
  return 'pending';
}

/**
 * Tile servers found unreachable in this page load, so the next map starts plain instead of
 * trying again; they are tried again after `retryAfterMs`.
 */
export class UnreachableTiles {
  private readonly since = new Map<string, number>();

  constructor(private readonly retryAfterMs = 5 * 60_000) {}

  mark(url: string, now: number): void {
    this.since.set(url, now);
  }

  clear(url: string): void {
    this.since.delete(url);
  }

  isUnreachable(url: string, now: number): boolean {
    const at = this.since.get(url);
    if (at === undefined) return false;
    if (now - at >= this.retryAfterMs) {
      this.since.delete(url);
      return false;
    }
    return true;
  }
}
