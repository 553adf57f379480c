import type { Kysely } from 'kysely';
import type { AppConfig } from './config';
import type { Dialect } from './db/connection';
import type { Database } from './db/schema';
import type { SmsProvider } from './modules/auth/sms';
import type { EventBus } from './realtime/bus';
import type { Telematics } from './telematics/telematics';

/** What every feature's routes receive: the database, the settings and the outside services. */
export interface AppContext {
  db: Kysely<Database>;
  dialect: Dialect;
  config: AppConfig;
  sms: SmsProvider;
  /** Live events; shared between processes on PostgreSQL. */
  bus: EventBus;
  /** Latest vehicle states, the JT/T 808 gateway and its commands (location query, text message). */
  telematics: Telematics;
}
