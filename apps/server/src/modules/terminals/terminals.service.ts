import { OPERATE_LOG_PAGES, TERMINAL_RECORD } from '@fleet/domain';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { badInput } from '../../http/envelope';
import { usableRecord } from '../../http/references';
import { changeableRow, recordLog } from '../../records/repository';
import { describeChanges } from '../operate-log/changes';
import { recordOperation } from '../operate-log/operate-log.repository';
import { findTeam } from '../teams/teams.repository';
import { isUniqueViolation } from '../trucks/unique';
import { TERMINAL_LABELS, type TerminalValues, terminalColumns } from './terminals.record';

const terminalLog = (id: number, teamCode: string, content: string) =>
  recordLog(TERMINAL_RECORD, id, teamCode, content);
const truckLog = (id: number, teamCode: string, content: string) => ({
  pageEnum: OPERATE_LOG_PAGES.truck,
  dataId: id,
  teamCode,
  content,
});

export const TID_TAKEN = (tid: string) => `终端手机号: ${tid} 已被其他终端使用`;

/** A terminal the caller may change, with the truck it is bound to (its team owns the terminal). */
export interface OwnTerminal extends Selectable<Database['terminal']> {
  truck_id: number | null;
  car_no: string | null;
  truck_team_code: string | null;
}

/** A terminal of the caller's scope (not deleted) with the truck it is bound to, for writes; 404 otherwise. */
export async function findOwnTerminal(
  db: Kysely<Database>,
  auth: AuthContext,
  id: number,
): Promise<OwnTerminal> {
  const row = (await changeableRow(db, auth, TERMINAL_RECORD, id)) as unknown as Selectable<
    Database['terminal']
  >;
  const truck = await db
    .selectFrom('truck')
    .select(['id', 'car_no', 'team_code'])
    .where('terminal_id', '=', row.id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return {
    ...row,
    truck_id: truck?.id ?? null,
    car_no: truck?.car_no ?? null,
    truck_team_code: truck?.team_code ?? null,
  };
}

/** Another terminal (not deleted, any merchant) that has this phone number; tids are unique everywhere. */
function terminalByTid(db: Kysely<Database>, tid: string, exceptId?: number) {
  let q = db.selectFrom('terminal').select(['id', 'merchant_id']).where('phone', '=', tid);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return q.executeTakeFirst();
}

/** A truck of the caller's scope (not deleted) to bind a terminal to. */
export async function findBindableTruck(db: Kysely<Database>, auth: AuthContext, truckId: number) {
  await usableRecord(db, auth.scope, 'truck', truckId, '绑定车辆');
  const truck = await db
    .selectFrom('truck as t')
    .leftJoin('terminal as tm', 'tm.id', 't.terminal_id')
    .select(['t.id', 't.car_no', 't.team_code', 't.terminal_id', 'tm.phone'])
    .where('t.id', '=', truckId)
    .executeTakeFirstOrThrow();
  if (truck.terminal_id !== null)
    throw badInput(`绑定车辆: ${truck.car_no} 已绑定终端 ${truck.phone}，请先解绑`);
  return truck;
}

export async function checkTerminal(
  db: Kysely<Database>,
  auth: AuthContext,
  values: TerminalValues,
  id?: number,
) {
  if (!(await findTeam(db, auth.scope, values.teamCode)))
    throw badInput('所属车队: 不存在或不在您的管辖范围内');
  if (await terminalByTid(db, values.tid, id)) throw badInput(TID_TAKEN(values.tid));
}

/** A write that may race another writer of the same phone number: the unique index answers 400. */
export async function tidGuard<T>(tid: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw badInput(TID_TAKEN(tid));
    throw error;
  }
}

/** Binds in the transaction given; the terminal follows the truck's team. Both records log it. */
export async function bind(
  tx: Kysely<Database>,
  auth: AuthContext,
  terminal: { id: number; phone: string },
  truck: { id: number; car_no: string; team_code: string },
  now: number,
) {
  const done = await tx
    .updateTable('truck')
    .set({ terminal_id: terminal.id, updated_at: now })
    .where('id', '=', truck.id)
    .where('terminal_id', 'is', null)
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1)
    throw badInput(`绑定车辆: ${truck.car_no} 已绑定其他终端，请刷新后重试`);
  await tx
    .updateTable('terminal')
    .set({ team_code: truck.team_code, updated_at: now })
    .where('id', '=', terminal.id)
    .execute();
  await recordOperation(tx, auth, terminalLog(terminal.id, truck.team_code, `绑定车辆 ${truck.car_no}`), now);
  await recordOperation(tx, auth, truckLog(truck.id, truck.team_code, `绑定终端 ${terminal.phone}`), now);
}

/** Unbinds in the transaction given; both records log it. */
export async function unbind(tx: Kysely<Database>, auth: AuthContext, terminal: OwnTerminal, now: number) {
  if (terminal.truck_id === null) throw badInput('该终端未绑定车辆');
  await tx
    .updateTable('truck')
    .set({ terminal_id: null, updated_at: now })
    .where('id', '=', terminal.truck_id)
    .execute();
  const teamCode = terminal.truck_team_code ?? terminal.team_code;
  await recordOperation(tx, auth, terminalLog(terminal.id, teamCode, `解绑车辆 ${terminal.car_no}`), now);
  await recordOperation(tx, auth, truckLog(terminal.truck_id, teamCode, `解绑终端 ${terminal.phone}`), now);
}

export async function insertTerminal(
  tx: Kysely<Database>,
  auth: AuthContext,
  values: TerminalValues,
  now: number,
  how = '新增终端',
) {
  const row = await tx
    .insertInto('terminal')
    .values({ merchant_id: auth.merchantId, ...terminalColumns(values), created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const content = `${how} ${values.tid}（协议 ${values.protocolVersion}${values.model ? `，型号 ${values.model}` : ''}）`;
  await recordOperation(tx, auth, terminalLog(row.id, values.teamCode, content), now);
  return row.id;
}

function described(row: OwnTerminal): Record<string, unknown> {
  return {
    tid: row.phone,
    terminalNo: row.terminal_no,
    model: row.model,
    manufacturer: row.manufacturer,
    protocolVersion: row.protocol_version,
    simNo: row.sim_no,
    videoChannels: row.video_channels,
    teamCode: row.team_code,
    remark: row.remark,
  };
}

export async function updateTerminal(
  tx: Kysely<Database>,
  auth: AuthContext,
  before: OwnTerminal,
  values: TerminalValues,
  now: number,
) {
  // a bound terminal belongs to its truck's team
  const teamCode = before.truck_team_code ?? values.teamCode;
  const after = { ...values, teamCode };
  await tx
    .updateTable('terminal')
    .set({ ...terminalColumns(after), updated_at: now })
    .where('id', '=', before.id)
    .execute();
  const changes = describeChanges(TERMINAL_LABELS, described(before), after);
  const content = changes.length
    ? `修改终端 ${after.tid}：${changes.join('；')}`
    : `保存终端 ${after.tid}（无变化）`;
  await recordOperation(tx, auth, terminalLog(before.id, teamCode, content), now);
}

/** Soft delete: the phone number is given back (the row keeps it in deleted_phone). */
export async function deleteTerminal(tx: Kysely<Database>, auth: AuthContext, row: OwnTerminal, now: number) {
  if (row.truck_id !== null) throw badInput(`终端 ${row.phone} 已绑定车辆 ${row.car_no}，请先解绑`);
  await tx
    .updateTable('terminal')
    .set({
      deleted_at: now,
      updated_at: now,
      deleted_phone: row.phone,
      phone: `del-${row.id}`,
      auth_code_hash: null,
    })
    .where('id', '=', row.id)
    .execute();
  await recordOperation(tx, auth, terminalLog(row.id, row.team_code, `删除终端 ${row.phone}`), now);
}
