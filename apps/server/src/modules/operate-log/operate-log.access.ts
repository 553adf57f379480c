import {
  ALARM_PAGE_CODES,
  APPROVE_SETTING_CODES,
  OPERATE_LOG_PAGES,
  type OperateLogPage,
  PLAN_RECORD,
  RECORD_TYPES,
  recordInfoCodes,
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
import { CONFIG_CODES as DRIVER_SALARY_CODES } from '../driver-salary/salary-codes';
import { PUSH_CODES } from '../push/push.routes';
import { ROLE_CODES } from '../roles/roles.routes';
import { USER_ADMIN_CODES } from '../users/system-users.routes';

/** The table a logged record lives in, and whether it is reference data shared down the team tree. */
interface RecordTable {
  table: string;
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
  /** Each business record type: the codes that open one record, and its table and scope. */
  const records = Object.values(RECORD_TYPES).map((meta): [OperateLogPage, LogAccess] => [
    meta.pageEnum,
    { codes: recordInfoCodes(meta), record: { table: meta.table, shared: meta.scope === 'shared' } },
  ]);
  return {
    ...(Object.fromEntries(records) as Record<OperateLogPage, LogAccess>),
    [P.user]: { codes: USER_ADMIN_CODES, record: 'user' },
    [P.role]: { codes: ROLE_CODES },
    [P.alarm]: { codes: ALARM_PAGE_CODES, record: { table: 'alarm', shared: false } },
    [P.push]: { codes: PUSH_CODES, record: { table: 'push', shared: false } },
    [P.authorization]: { codes: AUTHORIZATION_CODES, record: { table: 'user_authorization', shared: false } },
    [P.alarmSetting]: { codes: ALARM_SETTING_CODES },
    [P.fenceSet]: { codes: FENCE_SET_CODES, record: { table: 'fence_set', shared: false } },
    [P.driverRegistration]: { codes: [...REVIEW_CODES, ...INVITE_CODES] },
    [P.loadingAppointment]: { codes: ['car060101'], record: { table: 'loading_appointment', shared: false } },
    [P.planCostSetting]: { codes: PLAN_RECORD.readCodes },
    [P.approveSetting]: { codes: APPROVE_SETTING_CODES },
    [P.driverSalary]: { codes: DRIVER_SALARY_CODES },
    // 车辆折旧 of 成本分析, logged under the truck's id
    [P.truckDepreciation]: { codes: ['car080201'], record: { table: 'truck', shared: false } },
    // a truck's calibration table (油箱标定), logged under the truck's id
    [P.fuelCalibration]: { codes: ['car050301'], record: { table: 'truck', shared: false } },
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
