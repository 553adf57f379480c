import { formatDateTime } from '@fleet/domain';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import { teamCodeListField } from '../../http/form-fields';
import { inScope, type Scope } from '../../http/scope';
import { ONLINE_WITHIN_MS } from '../monitor/vehicle-status';
import { searchTerm } from '../monitor/vehicles.repository';

/** The filter of the terminal list, shared by the list and its export. */
export const terminalFilterFields = {
  tid: z.string().trim().max(20, '终端手机号最多20位').optional(),
  terminalNo: z.string().trim().max(30).optional(),
  carNo: z.string().trim().max(20).optional(),
  teamCodeList: teamCodeListField,
  protocolVersion: z.enum(['2013', '2019'], { error: '协议版本只能是2013或2019' }).optional(),
  /** 1 bound to a truck, 0 free. */
  bindState: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number({ error: '绑定状态只能为0或1' })
      .refine((v) => v === 0 || v === 1, '绑定状态只能为0或1')
      .optional(),
  ),
};
export const terminalFilter = z.object(terminalFilterFields);
export type TerminalFilter = z.output<typeof terminalFilter>;

/** In-scope terminals (not deleted) matching the filter, with their truck, team and the truck's latest state. */
export function terminalQuery(db: Kysely<Database>, scope: Scope, filter: TerminalFilter) {
  let q = db
    .selectFrom('terminal as tm')
    .leftJoin('team as tt', (j) =>
      j.onRef('tt.merchant_id', '=', 'tm.merchant_id').onRef('tt.team_code', '=', 'tm.team_code'),
    )
    .leftJoin('truck as t', (j) => j.onRef('t.terminal_id', '=', 'tm.id').on('t.deleted_at', 'is', null))
    .leftJoin('vehicle_state as vs', 'vs.truck_id', 't.id')
    .leftJoin('terminal_setting as ts', 'ts.terminal_id', 'tm.id')
    .where(inScope(scope, 'tm'))
    .where('tm.deleted_at', 'is', null);
  const tid = searchTerm(filter.tid);
  if (tid) q = q.where('tm.phone', 'like', tid);
  const terminalNo = searchTerm(filter.terminalNo);
  if (terminalNo) q = q.where('tm.terminal_no', 'like', terminalNo);
  const carNo = searchTerm(filter.carNo);
  if (carNo) q = q.where('t.car_no', 'like', carNo);
  const teams = filter.teamCodeList ?? [];
  if (teams.length > 0)
    q = q.where((eb) => eb.or(teams.map((code) => eb('tm.team_code', 'like', `${code}%`))));
  if (filter.protocolVersion) q = q.where('tm.protocol_version', '=', filter.protocolVersion);
  if (filter.bindState === 1) q = q.where('t.id', 'is not', null);
  if (filter.bindState === 0) q = q.where('t.id', 'is', null);
  return q;
}

export function selectTerminal(q: ReturnType<typeof terminalQuery>) {
  return q.select([
    'tm.id',
    'tm.phone',
    'tm.terminal_no',
    'tm.model',
    'tm.manufacturer',
    'tm.protocol_version',
    'tm.sim_no',
    'tm.video_channels',
    'tm.team_code',
    'tt.team_name',
    'tm.registered_at',
    'tm.last_online_at',
    'tm.remark',
    'tm.created_at',
    't.id as truck_id',
    't.car_no',
    't.vin',
    'vs.online',
    'vs.received_at',
    'ts.sent_at',
    'ts.send_result',
  ]);
}

export type TerminalDbRow = Awaited<ReturnType<ReturnType<typeof selectTerminal>['execute']>>[number];

const dateTime = (ms: number | null | undefined) => (ms ? formatDateTime(new Date(Number(ms))) : '');

/**
 * A terminal as the API gives it. Online: its connection is open on this server's gateway, or its
 * truck reported within the last minutes (the rule of the monitoring pages).
 */
export function terminalView(r: TerminalDbRow, now: number, connected: (tid: string) => boolean) {
  const receivedAt = r.received_at === null ? null : Number(r.received_at);
  const reporting = receivedAt !== null && (r.online === 1 || now - receivedAt <= ONLINE_WITHIN_MS);
  const online = connected(r.phone) || reporting;
  return {
    id: r.id,
    tid: r.phone,
    terminalNo: r.terminal_no ?? '',
    model: r.model ?? '',
    manufacturer: r.manufacturer ?? '',
    protocolVersion: r.protocol_version,
    simNo: r.sim_no ?? '',
    videoChannels: r.video_channels,
    teamCode: r.team_code,
    teamName: r.team_name ?? '',
    truckId: r.truck_id,
    carNo: r.car_no ?? '',
    vin: r.vin ?? '',
    online,
    onlineState: online ? 1 : 0,
    lastReportTime: dateTime(receivedAt),
    lastOnlineTime: dateTime(r.last_online_at),
    registerTime: dateTime(r.registered_at),
    settingSentTime: dateTime(r.sent_at),
    settingSendResult: r.send_result,
    remark: r.remark ?? '',
    createTime: dateTime(r.created_at),
  };
}

export type TerminalView = ReturnType<typeof terminalView>;

/** A terminal row of the caller's scope (not deleted) with the truck it is bound to, for writes. */
export function ownTerminal(db: Kysely<Database>, scope: Scope, id: number) {
  return db
    .selectFrom('terminal as tm')
    .leftJoin('truck as t', (j) => j.onRef('t.terminal_id', '=', 'tm.id').on('t.deleted_at', 'is', null))
    .selectAll('tm')
    .select(['t.id as truck_id', 't.car_no', 't.team_code as truck_team_code'])
    .where(inScope(scope, 'tm'))
    .where('tm.deleted_at', 'is', null)
    .where('tm.id', '=', id)
    .executeTakeFirst();
}

export type OwnTerminal = NonNullable<Awaited<ReturnType<typeof ownTerminal>>>;

/** Another terminal (not deleted, any merchant) that has this phone number; tids are unique everywhere. */
export function terminalByTid(db: Kysely<Database>, tid: string, exceptId?: number) {
  let q = db.selectFrom('terminal').select(['id', 'merchant_id']).where('phone', '=', tid);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return q.executeTakeFirst();
}
