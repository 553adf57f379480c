import {
  ADDRESS_RECORD,
  ALARM_PAGE_CODES,
  CUSTOMER_RECORD,
  DRIVER_RECORD,
  FEE_TYPE_RECORD,
  LINE_RECORD,
  OPERATE_LOG_PAGES,
  type OperateLogPage,
  recordInfoCodes,
  STATION_RECORD,
} from '@fleet/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { inReferenceScope, inScope } from '../../http/scope';
import { ALARM_SETTING_CODES } from '../alarm-settings/alarm-settings.routes';
import { FENCE_SET_CODES } from '../alarm-settings/fence-sets.routes';
import { AUTHORIZATION_CODES } from '../authorization/authorization.routes';
import { INVITE_CODES } from '../driver-registrations/invites.routes';
import { REVIEW_CODES } from '../driver-registrations/review.routes';
import { PUSH_CODES } from '../push/push.routes';
import { ROLE_CODES } from '../roles/roles.routes';
import { TERMINAL_CODES } from '../terminals/terminals.record';
import { TRUCK_CODES } from '../trucks/truck-fields';
import { USER_ADMIN_CODES } from '../users/system-users.routes';

/** The table a logged record lives in, and whether it is reference data shared down the team tree. */
interface RecordTable {
  table: 'customer' | 'line' | 'station' | 'common_address' | 'truck' | 'driver' | 'terminal' | 'fee_type';
  shared: boolean;
}
type OtherTable = 'alarm' | 'push' | 'fence_set' | 'user_authorization' | 'driver_registration';

interface LogAccess {
  /** Menu codes of the pages that show the record; a caller needs one of them. */
  codes: readonly string[];
  /**
   * Where the record is, to check that the caller may open it; without one (records of modules that
   * keep no table of their own, or are named by something other than an id) the entries' own team
   * codes decide.
   */
  record?: RecordTable | { table: OtherTable; shared: false } | 'user';
}

/**
 * Who may read the history of each kind of record: the menu codes of its page and the record's
 * scope. Built on first use, since it names the codes of many modules.
 */
function accessTable(): Readonly<Record<OperateLogPage, LogAccess>> {
  const P = OPERATE_LOG_PAGES;
  return {
    [P.user]: { codes: USER_ADMIN_CODES, record: 'user' },
    [P.role]: { codes: ROLE_CODES },
    [P.customer]: { codes: CUSTOMER_RECORD.readCodes, record: { table: 'customer', shared: true } },
    [P.line]: { codes: LINE_RECORD.readCodes, record: { table: 'line', shared: true } },
    [P.transportPrice]: { codes: ['car090107', 'tc010504'] },
    [P.waybill]: { codes: ['car110102', 'tc010102', 'car050204'] },
    [P.feeType]: { codes: FEE_TYPE_RECORD.readCodes, record: { table: 'fee_type', shared: true } },
    [P.truck]: { codes: TRUCK_CODES, record: { table: 'truck', shared: false } },
    [P.driver]: { codes: recordInfoCodes(DRIVER_RECORD), record: { table: 'driver', shared: false } },
    [P.station]: { codes: STATION_RECORD.readCodes, record: { table: 'station', shared: true } },
    [P.alarm]: { codes: ALARM_PAGE_CODES, record: { table: 'alarm', shared: false } },
    [P.terminal]: { codes: TERMINAL_CODES, record: { table: 'terminal', shared: false } },
    [P.address]: { codes: ADDRESS_RECORD.readCodes, record: { table: 'common_address', shared: true } },
    [P.push]: { codes: PUSH_CODES, record: { table: 'push', shared: false } },
    [P.authorization]: { codes: AUTHORIZATION_CODES, record: { table: 'user_authorization', shared: false } },
    [P.alarmSetting]: { codes: ALARM_SETTING_CODES },
    [P.fenceSet]: { codes: FENCE_SET_CODES, record: { table: 'fence_set', shared: false } },
    [P.driverRegistration]: { codes: [...REVIEW_CODES, ...INVITE_CODES] },
  };
}

let table: Readonly<Record<OperateLogPage, LogAccess>> | undefined;

/**
 * Whether the caller may read the history of record `dataId` of kind `pageEnum`: `false` when not,
 * `'entries'` when the entries' own team codes decide, `'record'` when the record itself is in reach
 * (then every entry of it is shown, also those written while it belonged to another team).
 */
export async function logAccess(
  db: Kysely<Database>,
  auth: AuthContext,
  pageEnum: OperateLogPage,
  dataId: string,
): Promise<false | 'entries' | 'record'> {
  table ??= accessTable();
  const access = table[pageEnum];
  if (!access.codes.some((code) => auth.codes.has(code))) return false;
  if (!access.record) return 'entries';
  if (!/^[1-9]\d{0,15}$/.test(dataId)) return false;
  const id = Number(dataId);
  if (access.record === 'user') {
    const member = await db
      .selectFrom('user_merchant')
      .select('user_id')
      .where(inScope(auth.scope, 'user_merchant'))
      .where('user_id', '=', id)
      .executeTakeFirst();
    return member ? 'record' : false;
  }
  const { table: name, shared } = access.record;
  // biome-ignore lint/suspicious/noExplicitAny: each table named above has id, merchant_id and team_code
  const found = await (db as Kysely<any>)
    .selectFrom(name)
    .select('id')
    .where(shared ? inReferenceScope(auth.scope, name) : inScope(auth.scope, name))
    .where('id', '=', id)
    .executeTakeFirst();
  return found ? 'record' : false;
}
