import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { type BuiltPages, pageKeyOfModule } from './routeTable';

/**
 * Every page file `features/<feature>/pages/<PageName>.tsx`, each loaded on demand as its own chunk.
 * The public pages (login, 404, 401) are part of the first load and not menu pages.
 */
const modules = import.meta.glob<{ default: ComponentType }>([
  '../features/*/pages/*.tsx',
  '!../features/session/pages/*.tsx',
  '!../features/errors/pages/*.tsx',
]);

const loaders = new Map<string, () => Promise<{ default: ComponentType }>>();
for (const [file, load] of Object.entries(modules)) {
  const key = pageKeyOfModule(file);
  if (key) loaders.set(key, load);
}

/** Page keys with a file behind them. */
export const BUILT_PAGES: BuiltPages = new Set(loaders.keys());

const components = new Map<string, LazyExoticComponent<ComponentType>>();

/** The lazily loaded component of a page key (one instance a key, so React keeps its state). */
export function pageComponent(key: string): LazyExoticComponent<ComponentType> | undefined {
  const cached = components.get(key);
  if (cached) return cached;
  const load = loaders.get(key);
  if (!load) return undefined;
  const component = lazy(load);
  components.set(key, component);
  return component;
}
