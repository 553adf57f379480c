/**
 * Cross-window messages (spec core section 2): the energy-saving page posts
 * `{ from: 'energy-saving', type: 'Jump', path, query }` and the shell navigates there.
 */
export const JUMP_SOURCE = 'energy-saving';

export interface JumpTarget {
  readonly pathname: string;
  readonly search: string;
}

function searchOf(query: unknown): string {
  if (query === null || query === undefined) return '';
  if (typeof query === 'string') return query && !query.startsWith('?') ? `?${query}` : query;
  if (typeof query !== 'object') return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item === null || item === undefined) continue;
      if (['string', 'number', 'boolean'].includes(typeof item)) params.append(key, String(item));
    }
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}

/**
 * The route a window message asks for, or undefined for any other message: it must come from this
 * origin, be flagged as the energy-saving page's Jump, and name a path of this site.
 */
export function jumpTarget(data: unknown, origin: string, ownOrigin: string): JumpTarget | undefined {
  if (origin !== ownOrigin || typeof data !== 'object' || data === null) return undefined;
  const message = data as { from?: unknown; type?: unknown; path?: unknown; query?: unknown };
  if (message.from !== JUMP_SOURCE || message.type !== 'Jump' || typeof message.path !== 'string') {
    return undefined;
  }
  const path = message.path;
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return undefined;
  const pathname = path.split(/[?#]/, 1)[0] ?? path;
  return { pathname, search: searchOf(message.query) };
}
