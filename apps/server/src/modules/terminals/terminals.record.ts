import { ALPHANUMERIC_MESSAGE, formatDateTime, isAlphanumeric, TERMINAL_RECORD } from '@fleet/domain';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { optionalText, requiredText, teamCodeField, teamCodeListField } from '../../http/form-fields';
import { withTeamName } from '../../records/filters';
import { defineRecord, type RecordDef } from '../../records/record';
import { recordLog } from '../../records/repository';
import type { ImportRowError } from '../file-tasks/file-tasks.contract';
import { ONLINE_WITHIN_MS } from '../monitor/vehicle-status';
import { searchTerm } from '../monitor/vehicles.repository';
import { recordOperations } from '../operate-log/changes';
import { chunks, teamLookup } from '../teams/team-lookup';
import { optionalInt } from '../trucks/truck-fields';
import { registerTerminalOwnRoutes } from './terminals.routes';

/** 设备管理 and its T-BOX settings page. */
export const TERMINAL_CODES = TERMINAL_RECORD.readCodes;
export const TERMINAL_LABELS: Readonly<Record<string, string>> = TERMINAL_RECORD.labels;

const TID_MESSAGE = '终端手机号应为11到20位数字';
const PROTOCOL_MESSAGE = '协议版本只能是2013或2019';
const PROTOCOL_VERSIONS = ['2013', '2019'] as const;

/**
 * The terminal phone number as the JT/T 808 header carries it, leading zeros dropped (the gateway
 * knows `013800000001` and `00000000013800000001` both as terminal `13800000001`).
 */
const tidField = z
  .string({ error: TID_MESSAGE })
  .trim()
  .regex(/^\d{11,20}$/, TID_MESSAGE)
  .transform((tid) => tid.replace(/^0+/, ''))
  .refine((tid) => tid.length > 0, TID_MESSAGE);

const alphanumeric = (max: number) =>
  optionalText(max).refine((v): boolean => v === null || isAlphanumeric(v), ALPHANUMERIC_MESSAGE);

const terminalFields = {
  tid: tidField,
  terminalNo: alphanumeric(30),
  model: optionalText(30),
  manufacturer: optionalText(11),
  protocolVersion: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? '2013' : String(v).trim()),
    z.enum(PROTOCOL_VERSIONS, { error: PROTOCOL_MESSAGE }),
  ),
  simNo: alphanumeric(20),
  videoChannels: optionalInt(0, 16, '视频通道数').transform((v) => v ?? 0),
  teamCode: teamCodeField,
  remark: optionalText(200),
};
const terminalForm = z.object(terminalFields);
export type TerminalValues = z.output<typeof terminalForm>;

/** The table columns of a terminal's form. */
export function terminalColumns(v: TerminalValues) {
  return {
    phone: v.tid,
    terminal_no: v.terminalNo,
    model: v.model,
    manufacturer: v.manufacturer,
    protocol_version: v.protocolVersion,
    sim_no: v.simNo,
    video_channels: v.videoChannels,
    team_code: v.teamCode,
    remark: v.remark,
  };
}

const optionalId = (message: string) =>
  z
    .preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.coerce.number({ error: message }).int(message).positive(message).optional(),
    )
    .transform((v) => v ?? null);

/** /terminal/add: a terminal, and the truck it is bound to at once. */
export const terminalAddBody = z.object({ ...terminalFields, truckId: optionalId('绑定车辆不正确') });
/** /terminal/update. */
export const terminalEditBody = z.object({
  id: z.coerce.number({ error: '终端不正确' }).int().positive('终端不正确'),
  ...terminalFields,
});

/** The filter of the terminal list, shared by the list and its export. */
const terminalFilter = z.object({
  tid: z.string().trim().max(20, '终端手机号最多20位').optional(),
  terminalNo: z.string().trim().max(30).optional(),
  carNo: z.string().trim().max(20).optional(),
  teamCodeList: teamCodeListField,
  protocolVersion: z.enum(PROTOCOL_VERSIONS, { error: PROTOCOL_MESSAGE }).optional(),
  /** 1 bound to a truck, 0 free. */
  bindState: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number({ error: '绑定状态只能为0或1' })
      .refine((v) => v === 0 || v === 1, '绑定状态只能为0或1')
      .optional(),
  ),
});
type TerminalFilter = z.output<typeof terminalFilter>;

export interface TerminalRow {
  id: number;
  phone: string;
  terminal_no: string | null;
  model: string | null;
  manufacturer: string | null;
  protocol_version: string;
  sim_no: string | null;
  video_channels: number;
  team_code: string;
  team_name: string | null;
  registered_at: number | null;
  last_online_at: number | null;
  remark: string | null;
  created_at: number;
  truck_id: number | null;
  car_no: string | null;
  vin: string | null;
  online: number | null;
  received_at: number | string | null;
  sent_at: number | null;
  send_result: number | null;
}

const dateTime = (ms: number | string | null | undefined) => (ms ? formatDateTime(new Date(Number(ms))) : '');

/**
 * A terminal as the API gives it. Online: its connection is open on this server's gateway, or its
 * truck reported within the last minutes (the rule of the monitoring pages).
 */
function terminalView(r: TerminalRow, now: number, connected: (tid: string) => boolean) {
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
type TerminalView = ReturnType<typeof terminalView>;

const importRow = z.object({ ...terminalFields, teamCode: requiredText(36, '请填写所属车队') });
type TerminalImportRow = z.output<typeof importRow>;

export type TerminalRecord = RecordDef<TerminalValues, TerminalFilter, TerminalView, TerminalImportRow>;

/**
 * 终端: terminals of the caller's team subtree, deleted softly (their phone number is given back).
 * Online states are of this server's gateway and clock, so the definition is made with the app's
 * context.
 */
export function terminalRecord(ctx: AppContext): TerminalRecord {
  const connected = (tid: string) => ctx.telematics.isOnline(tid);
  const now = ctx.config.now;
  const def: TerminalRecord = defineRecord<TerminalValues, TerminalFilter, TerminalView, TerminalImportRow>({
    meta: TERMINAL_RECORD,
    tag: '设备管理',
    summaries: {
      page: '终端列表：终端手机号、终端ID、车牌、车队、协议版本、绑定状态筛选；在线状态与最后上报时间',
      import: '导入终端（新增）',
    },
    /** Its team, the truck it is bound to, that truck's latest state and the terminal's settings. */
    joins: (q) =>
      withTeamName('terminal')(q)
        .leftJoin('truck as t', (j) =>
          j.onRef('t.terminal_id', '=', 'terminal.id').on('t.deleted_at', 'is', null),
        )
        .leftJoin('vehicle_state as vs', 'vs.truck_id', 't.id')
        .leftJoin('terminal_setting as ts', 'ts.terminal_id', 'terminal.id'),
    selection: [
      'terminal.id',
      'terminal.phone',
      'terminal.terminal_no',
      'terminal.model',
      'terminal.manufacturer',
      'terminal.protocol_version',
      'terminal.sim_no',
      'terminal.video_channels',
      'terminal.team_code',
      'team.team_name',
      'terminal.registered_at',
      'terminal.last_online_at',
      'terminal.remark',
      'terminal.created_at',
      't.id as truck_id',
      't.car_no',
      't.vin',
      'vs.online',
      'vs.received_at',
      'ts.sent_at',
      'ts.send_result',
    ],
    view: (row: TerminalRow) => terminalView(row, now(), connected),
    // one clock for a page
    views: async (_db, rows: TerminalRow[]) => {
      const at = now();
      return rows.map((r) => terminalView(r, at, connected));
    },
    filter: {
      schema: terminalFilter,
      apply: (q, f) => {
        const tid = searchTerm(f.tid);
        if (tid) q = q.where('terminal.phone', 'like', tid);
        const terminalNo = searchTerm(f.terminalNo);
        if (terminalNo) q = q.where('terminal.terminal_no', 'like', terminalNo);
        const carNo = searchTerm(f.carNo);
        if (carNo) q = q.where('t.car_no', 'like', carNo);
        const teams = f.teamCodeList ?? [];
        if (teams.length > 0)
          q = q.where((eb) => eb.or(teams.map((code) => eb('terminal.team_code', 'like', `${code}%`))));
        if (f.protocolVersion) q = q.where('terminal.protocol_version', '=', f.protocolVersion);
        if (f.bindState === 1) q = q.where('t.id', 'is not', null);
        if (f.bindState === 0) q = q.where('t.id', 'is', null);
        return q;
      },
    },
    form: {
      schema: terminalForm,
      columns: terminalColumns,
      logFields: (c) => ({
        tid: c.phone,
        terminalNo: c.terminal_no,
        model: c.model,
        manufacturer: c.manufacturer,
        protocolVersion: c.protocol_version,
        simNo: c.sim_no,
        videoChannels: c.video_channels,
        teamCode: c.team_code,
        remark: c.remark,
      }),
    },
    export: {
      title: '终端列表',
      columns: [
        { header: '终端手机号', width: 14, value: (r) => r.tid },
        { header: '终端ID', width: 12, value: (r) => r.terminalNo },
        { header: '终端型号', width: 12, value: (r) => r.model },
        { header: '制造商', width: 10, value: (r) => r.manufacturer },
        { header: '协议版本', width: 10, value: (r) => r.protocolVersion },
        { header: 'SIM卡号', width: 20, value: (r) => r.simNo },
        { header: '视频通道数', width: 10, value: (r) => r.videoChannels },
        { header: '所属车队', width: 18, value: (r) => r.teamName },
        { header: '绑定车辆', width: 12, value: (r) => r.carNo },
        { header: '车架号', width: 20, value: (r) => r.vin },
        { header: '在线状态', width: 10, value: (r) => (r.online ? '在线' : '离线') },
        { header: '最后上报时间', width: 20, value: (r) => r.lastReportTime },
        { header: '最后上线时间', width: 20, value: (r) => r.lastOnlineTime },
        { header: '备注', width: 24, value: (r) => r.remark },
        { header: '创建时间', width: 20, value: (r) => r.createTime },
      ],
    },
    // phone numbers are unique on the whole platform, and the team is a required cell: the import's own
    import: {
      title: '终端',
      columns: [
        { header: '终端手机号', key: 'tid', required: true, example: '13800000001', width: 14 },
        { header: '终端ID', key: 'terminalNo', example: 'T000001', width: 12 },
        { header: '终端型号', key: 'model', example: 'FL-808A', width: 12 },
        { header: '制造商', key: 'manufacturer', example: 'FLEET', width: 10 },
        { header: '协议版本', key: 'protocolVersion', example: '2013', width: 10 },
        { header: 'SIM卡号', key: 'simNo', example: '89860000000000000001', width: 22 },
        { header: '视频通道数', key: 'videoChannels', example: '4', width: 10 },
        { header: '所属车队', key: 'teamCode', required: true, example: '干线一分队', width: 18 },
        { header: '备注', key: 'remark', width: 24 },
      ],
      row: importRow,
      check: async (db, auth, rows) => {
        const errors: ImportRowError[] = [];
        const lookup = await teamLookup(db, auth.scope);
        const seen = new Map<string, number>();
        const taken = new Set<string>();
        for (const part of chunks(rows, 500)) {
          const found = await db
            .selectFrom('terminal')
            .select('phone')
            .where(
              'phone',
              'in',
              part.map((r) => r.tid),
            )
            .execute();
          for (const f of found) taken.add(f.phone);
        }
        rows.forEach((r, i) => {
          const row = i + 2;
          const team = lookup(r.teamCode);
          if ('error' in team) errors.push({ row, message: team.error });
          const earlier = seen.get(r.tid);
          if (earlier) errors.push({ row, message: `终端手机号: 与第${earlier}行重复` });
          else seen.set(r.tid, row);
          if (taken.has(r.tid)) errors.push({ row, message: `终端手机号: ${r.tid} 已被其他终端使用` });
        });
        return errors;
      },
      write: async (tx, auth, rows, at) => {
        const lookup = await teamLookup(tx, auth.scope);
        for (const part of chunks(rows, 300)) {
          const added = await tx
            .insertInto('terminal')
            .values(
              part.map((r) => {
                const team = lookup(r.teamCode);
                if ('error' in team) throw new Error(team.error);
                return {
                  merchant_id: auth.merchantId,
                  ...terminalColumns({ ...r, teamCode: team.teamCode }),
                  created_at: at,
                  updated_at: at,
                };
              }),
            )
            .returning(['id', 'phone', 'team_code'])
            .execute();
          await recordOperations(
            tx,
            auth,
            added.map((a) => recordLog(TERMINAL_RECORD, a.id, a.team_code, `导入新增终端 ${a.phone}`)),
            at,
          );
        }
      },
    },
    routes: (app) => registerTerminalOwnRoutes(app, ctx, def),
  });
  return def;
}
