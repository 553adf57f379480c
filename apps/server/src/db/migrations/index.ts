import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation';
import * as m0002 from './0002_shell_support';
import * as m0003 from './0003_fleet_and_telematics';
import * as m0004 from './0004_telematics_open_trips';

/** Every migration in order; names never change once released. */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_shell_support': m0002,
  '0003_fleet_and_telematics': m0003,
  '0004_telematics_open_trips': m0004,
};
