import { FUEL_TYPES, PLATE_COLOURS, TRUCK_RECORD } from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { requiredText } from '../../http/form-fields';
import { inScope } from '../../http/scope';
import { recordLog, takenValues } from '../../records/repository';
import type { ImportRowError } from '../file-tasks/file-tasks.contract';
import { registerImport } from '../file-tasks/file-tasks.register';
import { recordOperations } from '../operate-log/changes';
import { chunks, teamLookup } from '../teams/team-lookup';
import { announceTerminals } from '../terminals/bindings';
import { CAR_INFO_TYPES, TRUCK_CODES, TRUCK_UNIQUE, truckColumns, truckFields } from './truck-fields';
import { followTruck } from './trucks.routes';

// POST /truck/import: not the recipe's import, whose rows name a team by `team` and each stand for
// one form. A truck's row names its team (required), its terminal by phone and its driver by phone,
// binds the terminal, and the log gives the VIN.

/** A cell naming one of a list's labels (or its value) becomes the value; others stay for the error. */
function byLabel(options: readonly { value: number; label: string }[]) {
  return (cell: unknown) => {
    const text = typeof cell === 'string' ? cell.trim() : cell;
    if (text === '' || text === undefined || text === null) return '';
    const found = options.find((o) => o.label === text || String(o.value) === String(text));
    return found ? found.value : text;
  };
}

const fuelOptions = FUEL_TYPES.map((f) => ({ value: f.type, label: f.desc }));
const listText = (options: readonly { label: string }[]) => options.map((o) => o.label).join('、');

const importRow = z.object({
  ...truckFields,
  teamCode: requiredText(36, '请填写所属车队'),
  plateColor: z.preprocess(
    byLabel(PLATE_COLOURS),
    z
      .union([z.literal(''), z.number()], { error: `应为${listText(PLATE_COLOURS)}之一` })
      .transform((v) => v || 2),
  ),
  fuelType: z.preprocess(byLabel(fuelOptions), z.number({ error: `应为${listText(fuelOptions)}之一` })),
  carInfoType: z.preprocess(
    byLabel(CAR_INFO_TYPES),
    z.union([z.literal(''), z.number()], { error: '应为自有车或外协车' }).transform((v) => v || 1),
  ),
  tid: z.string().trim().max(20, '终端手机号最多20位'),
  driverPhone: z.string().trim().max(20, '司机手机号最多20位'),
});
type ImportRow = z.output<typeof importRow>;

/** The team, terminal and driver each row names, and the errors of rows whose names do not resolve. */
async function resolveRows(db: Kysely<Database>, auth: AuthContext, rows: readonly ImportRow[]) {
  const errors: ImportRowError[] = [];
  const lookup = await teamLookup(db, auth.scope);
  const tids = [...new Set(rows.map((r) => r.tid.replace(/^0+/, '')).filter(Boolean))];
  const phones = [...new Set(rows.map((r) => r.driverPhone).filter(Boolean))];
  const terminals = new Map<string, { id: number; bound: string | null }>();
  for (const part of chunks(tids, 500)) {
    const found = await db
      .selectFrom('terminal as tm')
      .leftJoin('truck as t', (j) => j.onRef('t.terminal_id', '=', 'tm.id').on('t.deleted_at', 'is', null))
      .select(['tm.id', 'tm.phone', 't.car_no'])
      .where(inScope(auth.scope, 'tm'))
      .where('tm.deleted_at', 'is', null)
      .where('tm.phone', 'in', part)
      .execute();
    for (const f of found) terminals.set(f.phone, { id: f.id, bound: f.car_no });
  }
  const drivers = new Map<string, number>();
  for (const part of chunks(phones, 500)) {
    const found = await db
      .selectFrom('driver')
      .select(['id', 'phone'])
      .where(inScope(auth.scope, 'driver'))
      .where('deleted_at', 'is', null)
      .where('phone', 'in', part)
      .execute();
    for (const f of found) drivers.set(f.phone, f.id);
  }
  const seenTid = new Map<string, number>();
  const resolved = rows.map((r, i) => {
    const row = i + 2;
    const team = lookup(r.teamCode);
    if ('error' in team) errors.push({ row, message: team.error });
    let terminalId: number | null = null;
    const tid = r.tid.replace(/^0+/, '');
    if (tid) {
      const terminal = terminals.get(tid);
      const earlier = seenTid.get(tid);
      if (!terminal) errors.push({ row, message: `终端手机号: ${r.tid} 不存在或不在您的管辖范围内` });
      else if (terminal.bound)
        errors.push({ row, message: `终端手机号: ${r.tid} 已绑定车辆 ${terminal.bound}` });
      else if (earlier) errors.push({ row, message: `终端手机号: 与第${earlier}行重复` });
      else terminalId = terminal.id;
      seenTid.set(tid, row);
    }
    const driverId = r.driverPhone ? (drivers.get(r.driverPhone) ?? null) : null;
    if (r.driverPhone && driverId === null) {
      errors.push({ row, message: `司机手机号: ${r.driverPhone} 不是您管辖范围内的司机` });
    }
    return { ...r, teamCode: 'error' in team ? '' : team.teamCode, terminalId, driverId };
  });
  return { resolved, errors };
}

/** Rows that repeat a plate or VIN of an earlier row or of a truck on file. */
async function duplicateErrors(db: Kysely<Database>, merchantId: number, rows: readonly ImportRow[]) {
  const errors: ImportRowError[] = [];
  const seen = { carNo: new Map<string, number>(), vin: new Map<string, number>() };
  const taken = { carNo: new Set<unknown>(), vin: new Set<unknown>() };
  for (const part of chunks(rows, 400)) {
    const found = await takenValues(db, merchantId, TRUCK_RECORD, TRUCK_UNIQUE, (column) =>
      part.map((r) => (column === 'car_no' ? r.carNo : r.vin)),
    );
    for (const v of found.get('car_no') ?? []) taken.carNo.add(v);
    for (const v of found.get('vin') ?? []) taken.vin.add(v);
  }
  rows.forEach((r, i) => {
    const row = i + 2;
    for (const [key, label] of [
      ['carNo', '车牌号'],
      ['vin', '车架号'],
    ] as const) {
      const earlier = seen[key].get(r[key]);
      if (earlier) errors.push({ row, message: `${label}: 与第${earlier}行重复` });
      else seen[key].set(r[key], row);
      if (taken[key].has(r[key])) errors.push({ row, message: `${label}: ${r[key]} 已存在` });
    }
  });
  return errors;
}

/** POST /truck/import: the form's rules on every row, plates and VINs unique; all rows or none. */
export function truckImport(app: FastifyInstance, ctx: AppContext): void {
  registerImport<ImportRow>(app, '车辆管理', {
    url: '/truck/import',
    summary: '导入车辆（新增）',
    access: TRUCK_CODES,
    title: '车辆',
    columns: [
      { header: '车牌号', key: 'carNo', required: true, example: '京A12345', width: 12 },
      { header: '车牌颜色', key: 'plateColor', example: '黄色', width: 10 },
      { header: '车架号', key: 'vin', required: true, example: 'LFWADRJF011002346', width: 20 },
      { header: '车辆类型', key: 'carType', example: '重型半挂牵引车', width: 16 },
      { header: '品牌', key: 'brand', example: '解放', width: 10 },
      { header: '车系', key: 'series', example: 'J6P', width: 10 },
      { header: '燃料类型', key: 'fuelType', required: true, example: '燃油', width: 10 },
      { header: '车辆性质', key: 'carInfoType', example: '自有车', width: 10 },
      { header: '所属车队', key: 'teamCode', required: true, example: '干线一分队', width: 18 },
      { header: '终端手机号', key: 'tid', example: '13800000001', width: 14 },
      { header: '司机手机号', key: 'driverPhone', example: '13912345678', width: 14 },
      { header: '视频通道数', key: 'videoChannels', example: '4', width: 10 },
      { header: '通道名称', key: 'channelNames', example: '前向,驾驶员,车厢,后向', width: 20 },
      { header: '油箱容积(L)', key: 'tankCapacity', example: '600', width: 12 },
      { header: '限速(km/h)', key: 'speedLimit', example: '89', width: 12 },
      { header: '核定载质量(kg)', key: 'loadCapacity', example: '40000', width: 14 },
      { header: '发动机号', key: 'engineNo', example: 'CA6DM3420E6', width: 16 },
      { header: '注册日期', key: 'registerDate', example: '2022-03-15', width: 12 },
      { header: '行驶证到期日期', key: 'drivingLicenseExpiry', example: '2028-03-14', width: 14 },
      { header: '道路运输证号', key: 'operatingLicenseNo', example: '110108000001', width: 16 },
      { header: '道路运输证到期日期', key: 'operatingLicenseExpiry', example: '2028-03-14', width: 18 },
      { header: '保险到期日期', key: 'insuranceExpiry', example: '2027-03-14', width: 14 },
      { header: '年检到期日期', key: 'annualInspectionExpiry', example: '2027-03-31', width: 14 },
      { header: '车主姓名', key: 'ownerName', width: 10 },
      { header: '车主电话', key: 'ownerPhone', width: 14 },
      { header: '备注', key: 'remark', width: 24 },
    ],
    // every cell arrives as text; the preprocessing steps of the form's fields accept it
    row: importRow as unknown as z.ZodType<ImportRow, Record<string, string>>,
    check: async (db, auth, rows) => [
      ...(await resolveRows(db, auth, rows)).errors,
      ...(await duplicateErrors(db, auth.merchantId, rows)),
    ],
    write: async (tx, auth, rows, now) => {
      const { resolved, errors } = await resolveRows(tx, auth, rows);
      if (errors.length > 0) throw new Error(errors[0]?.message);
      const terminalIds: number[] = [];
      for (const part of chunks(resolved, 200)) {
        const added = await tx
          .insertInto('truck')
          .values(
            part.map((r) => ({
              merchant_id: auth.merchantId,
              ...truckColumns(r),
              created_at: now,
              updated_at: now,
            })),
          )
          .returning(['id', 'car_no', 'vin', 'team_code', 'terminal_id'])
          .execute();
        for (const a of added) {
          if (a.terminal_id === null) continue;
          terminalIds.push(a.terminal_id);
          await followTruck(tx, a.terminal_id, a.team_code, now);
        }
        await recordOperations(
          tx,
          auth,
          added.map((a) =>
            recordLog(TRUCK_RECORD, a.id, a.team_code, `导入新增车辆 ${a.car_no}（车架号 ${a.vin}）`),
          ),
          now,
        );
      }
      // The framework commits right after `write` returns; the gateway is told a moment later (a
      // terminal without a truck also looks for its binding again by itself every 30 s).
      if (terminalIds.length > 0) {
        setTimeout(() => void announceTerminals(ctx, terminalIds).catch(() => undefined), 1000).unref();
      }
    },
  });
}
