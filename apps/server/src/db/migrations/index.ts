import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation';
import * as m0002 from './0002_shell_support';

/** Every migration in order; names never change once released. */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_shell_support': m0002,
};
