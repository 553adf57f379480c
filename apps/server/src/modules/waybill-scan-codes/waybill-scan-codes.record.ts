import { randomBytes } from 'node:crypto';
import { formatDateTime, scanWaybillUrl, WAYBILL_SCAN_CODE_RECORD } from '@fleet/domain';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import { badInput } from '../../http/envelope';
import { idField, optionalText, teamCodeField } from '../../http/form-fields';
import { usableRecord } from '../../http/references';
import { blank, enabledFilter, teamFilter, withTeamName } from '../../records/filters';
import { defineRecord, type RecordQuery } from '../../records/record';

const labels = WAYBILL_SCAN_CODE_RECORD.labels;

/** A new code's token: 24 random bytes as 32 URL-safe characters (SCAN_TOKEN_PATTERN). */
export function newScanToken(): string {
  return randomBytes(24).toString('base64url');
}

/** The public page's path of a token, e.g. '/scan-waybill?token=…' (the QR code holds it on the site's origin). */
export const scanWaybillPath = (token: string) => scanWaybillUrl('', token);

const cargoField = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v === null || v === undefined ? '' : v),
  z.string({ error: '应为文本' }).max(30, '最多输入30个字符'),
);

const scanCodeForm = z.object({
  customerId: idField('请选择客户'),
  lineId: idField('请选择线路'),
  /** '' (or nothing): the driver's waybills carry no cargo name. */
  cargo: cargoField,
  remark: optionalText(200),
  teamCode: teamCodeField.optional(),
});
type ScanCodeForm = z.output<typeof scanCodeForm>;

const scanCodeFilter = z.object({
  customerId: z.preprocess(blank, idField('客户不正确').optional()),
  lineId: z.preprocess(blank, idField('线路不正确').optional()),
  cargo: z.preprocess(blank, z.string().max(30, '最多输入30个字符').optional()),
  valid: enabledFilter,
  teamCode: teamFilter,
});
type ScanCodeFilter = z.output<typeof scanCodeFilter>;

/** The loading (start) and unloading (end) station of a line, as a waybill takes them. */
export interface LineEnds {
  loadingStationId: number | null;
  loadingStationName: string;
  unloadingStationId: number | null;
  unloadingStationName: string;
}

/** The start and end stations of lines (rows of their station tables that are stations), by line id. */
export async function lineEndStations(
  db: Kysely<Database>,
  lineIds: readonly number[],
): Promise<Map<number, LineEnds>> {
  const ends = new Map<number, LineEnds>();
  const ids = [...new Set(lineIds)];
  if (ids.length === 0) return ends;
  const rows = await db
    .selectFrom('line_station as ls')
    .leftJoin('station as s', 's.id', 'ls.station_id')
    .select(['ls.line_id', 'ls.station_type', 'ls.station_id', 'ls.address', 's.name'])
    .where('ls.line_id', 'in', ids)
    .where('ls.station_type', 'in', [1, 3])
    .orderBy('ls.line_id')
    .orderBy('ls.seq')
    .execute();
  for (const r of rows) {
    const e = ends.get(r.line_id) ?? {
      loadingStationId: null,
      loadingStationName: '',
      unloadingStationId: null,
      unloadingStationName: '',
    };
    const name = r.name ?? r.address;
    if (r.station_type === 1) Object.assign(e, { loadingStationId: r.station_id, loadingStationName: name });
    else Object.assign(e, { unloadingStationId: r.station_id, unloadingStationName: name });
    ends.set(r.line_id, e);
  }
  return ends;
}

interface ScanCodeRow {
  id: number;
  token: string;
  team_code: string;
  team_name: string | null;
  customer_id: number;
  customer_name: string | null;
  line_id: number;
  line_name: string | null;
  cargo: string;
  remark: string | null;
  valid: number;
  created_at: number;
  updated_at: number;
}

function scanCodeView(row: ScanCodeRow, ends?: LineEnds) {
  return {
    id: row.id,
    token: row.token,
    /** The public page, '/scan-waybill?token=…'; the QR code holds it on the site's origin. */
    path: scanWaybillPath(row.token),
    customerId: row.customer_id,
    customerName: row.customer_name ?? '',
    lineId: row.line_id,
    lineName: row.line_name ?? '',
    loadingStationName: ends?.loadingStationName ?? '',
    unloadingStationName: ends?.unloadingStationName ?? '',
    cargo: row.cargo,
    remark: row.remark ?? '',
    valid: row.valid,
    teamCode: row.team_code,
    teamName: row.team_name ?? '',
    createTime: formatDateTime(new Date(row.created_at)),
    updateTime: formatDateTime(new Date(row.updated_at)),
  };
}
type ScanCodeView = ReturnType<typeof scanCodeView>;

const joins = (q: RecordQuery) =>
  withTeamName('waybill_scan_code')(q)
    .leftJoin('customer', 'customer.id', 'waybill_scan_code.customer_id')
    .leftJoin('line', 'line.id', 'waybill_scan_code.line_id');

/**
 * 扫码运单码 (car090104, tc010503): a QR code for a customer and line (and cargo) kept by a team. The
 * server makes its random token on add (the printed URL holds it); the customer and line must be
 * usable by the caller, and the line must start and end at stations (a waybill's loading and
 * unloading station). Enabled or disabled, never deleted.
 */
export const waybillScanCodeRecord = defineRecord<ScanCodeForm, ScanCodeFilter, ScanCodeView>({
  meta: WAYBILL_SCAN_CODE_RECORD,
  tag: '扫码运单',
  summaries: {
    page: '扫码运单码分页：客户、线路、货物名称（模糊）、状态（valid 1启用 0停用）、车队；path 为司机扫码打开的公开页面',
    info: '扫码运单码详情（GET ?id）',
    add: '新增扫码运单码：客户、线路（起点与终点须为站点）、货物名称、备注；二维码令牌由服务端随机生成',
    edit: '修改扫码运单码（令牌不变，已打印的二维码继续有效）',
    valid: '启用（valid 1）或停用（valid 0）扫码运单码；停用后扫码不能开单',
  },
  missing: '扫码运单码不存在或无权操作',
  joins,
  selection: [
    'waybill_scan_code.id',
    'waybill_scan_code.token',
    'waybill_scan_code.team_code',
    'waybill_scan_code.customer_id',
    'customer.customer_name',
    'waybill_scan_code.line_id',
    'line.name as line_name',
    'waybill_scan_code.cargo',
    'waybill_scan_code.remark',
    'waybill_scan_code.valid',
    'waybill_scan_code.created_at',
    'waybill_scan_code.updated_at',
    'team.team_name',
  ],
  view: (row: ScanCodeRow) => scanCodeView(row),
  views: async (db, rows: ScanCodeRow[]) => {
    const ends = await lineEndStations(
      db,
      rows.map((r) => r.line_id),
    );
    return rows.map((r) => scanCodeView(r, ends.get(r.line_id)));
  },
  filter: {
    schema: scanCodeFilter,
    apply: (q, f) => {
      if (f.customerId) q = q.where('waybill_scan_code.customer_id', '=', f.customerId);
      if (f.lineId) q = q.where('waybill_scan_code.line_id', '=', f.lineId);
      if (f.cargo) q = q.where('waybill_scan_code.cargo', 'like', `%${f.cargo}%`);
      if (f.valid !== undefined) q = q.where('waybill_scan_code.valid', '=', f.valid);
      if (f.teamCode) q = q.where('waybill_scan_code.team_code', 'like', `${f.teamCode}%`);
      return q;
    },
  },
  form: {
    schema: scanCodeForm,
    columns: (form) => ({
      team_code: form.teamCode,
      customer_id: form.customerId,
      line_id: form.lineId,
      cargo: form.cargo,
      remark: form.remark,
    }),
    // the token is made once, on add; an edit keeps it so printed codes stay good
    savedColumns: (_columns, _at, before) => (before ? {} : { token: newScanToken() }),
    logFields: (c) => ({
      customerId: c.customer_id,
      lineId: c.line_id,
      cargo: c.cargo,
      teamCode: c.team_code,
      remark: c.remark,
    }),
    hiddenChanges: ['customerId', 'lineId'],
    addedText: (c) => (c.cargo ? String(c.cargo) : '（未指定货物）'),
  },
  check: async (db, auth, form) => {
    await usableRecord(db, auth.scope, 'customer', form.customerId, labels.customerId);
    await usableRecord(db, auth.scope, 'line', form.lineId, labels.lineId);
    const ends = (await lineEndStations(db, [form.lineId])).get(form.lineId);
    if (!ends?.loadingStationId || !ends.unloadingStationId)
      throw badInput(`${labels.lineId}: 线路的起点和终点须为站点，才能用于扫码运单`);
  },
});
