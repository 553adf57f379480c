import { formatDateTime } from '@fleet/domain';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { optionalText } from '../../http/form-fields';
import { inReferenceScope, inScope } from '../../http/scope';
import type { ImportRowError } from '../file-tasks/file-tasks.contract';
import { trucksByPlate } from '../trucks/trucks-by-plate';
import { DRIVER_MISSING, LINE_MISSING, TRUCK_MISSING } from './trip-reports.refs';
import { arriveAfterDepart, reportFields } from './trip-reports.repository';

// The sheet of a 行程报告 import: its columns, each row read with the form's rules, plates, driver
// and line names resolved in the caller's scope, and trips reported twice refused by row.

type Db = Kysely<Database>;

export const importRow = z
  .object({
    carNo: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string().min(1, '请填写车牌号')),
    driverName: optionalText(32),
    lineName: optionalText(64),
    ...reportFields,
  })
  .superRefine(arriveAfterDepart);
export type ImportRow = z.output<typeof importRow>;
type ResolvedRow = ImportRow & {
  /** The sheet's row number. */
  row: number;
  truckId: number;
  teamCode: string;
  driverId: number | null;
  lineId: number | null;
};

export const IMPORT_COLUMNS = [
  { header: '车牌号', key: 'carNo', required: true, example: '蒙K10001' },
  { header: '司机姓名', key: 'driverName', example: '张三' },
  { header: '线路名称', key: 'lineName', example: '东胜至天津港' },
  { header: '出发时间', key: 'departTime', required: true, example: '2026-11-20 08:00:00', width: 20 },
  { header: '到达时间', key: 'arriveTime', required: true, example: '2026-11-20 18:30:00', width: 20 },
  { header: '上报里程(公里)', key: 'mileage', required: true, example: '650.5' },
  { header: '上报油耗(升)', key: 'fuel', required: true, example: '210.0' },
  { header: '载货吨数', key: 'cargoTons', example: '32.5' },
  { header: '备注', key: 'remark', width: 24 },
] as const;

/** Resolves plates, driver names and line names of the sheet in the caller's scope; errors by row. */
export async function resolveRows(db: Db, auth: AuthContext, rows: readonly ImportRow[]) {
  const errors: ImportRowError[] = [];
  const resolved: ResolvedRow[] = [];
  const trucks = await trucksByPlate(
    db,
    auth.scope,
    rows.map((r) => r.carNo),
  );
  const names = [...new Set(rows.map((r) => r.driverName).filter((n): n is string => !!n))];
  const drivers = new Map<string, number[]>();
  if (names.length > 0) {
    const found = await db
      .selectFrom('driver')
      .select(['id', 'name'])
      .where(inScope(auth.scope, 'driver'))
      .where('deleted_at', 'is', null)
      .where('name', 'in', names)
      .execute();
    for (const d of found) drivers.set(d.name, [...(drivers.get(d.name) ?? []), d.id]);
  }
  const lineNames = [...new Set(rows.map((r) => r.lineName).filter((n): n is string => !!n))];
  const lines = new Map<string, number>();
  if (lineNames.length > 0) {
    const found = await db
      .selectFrom('line')
      .select(['id', 'name'])
      .where(inReferenceScope(auth.scope, 'line'))
      .where('deleted_at', 'is', null)
      .where('name', 'in', lineNames)
      .execute();
    for (const l of found) lines.set(l.name, l.id);
  }
  for (const [i, r] of rows.entries()) {
    const row = i + 2;
    const truck = trucks.get(r.carNo);
    if (!truck) {
      errors.push({ row, message: `车牌号: ${r.carNo}${TRUCK_MISSING}` });
      continue;
    }
    let driverId: number | null = null;
    if (r.driverName) {
      const ids = drivers.get(r.driverName) ?? [];
      if (ids.length === 0) {
        errors.push({ row, message: `司机姓名: ${r.driverName}${DRIVER_MISSING}` });
        continue;
      }
      if (ids.length > 1) {
        errors.push({ row, message: `司机姓名: 有多名司机叫${r.driverName}，请在页面上录入` });
        continue;
      }
      driverId = ids[0] as number;
    }
    let lineId: number | null = null;
    if (r.lineName) {
      const id = lines.get(r.lineName);
      if (!id) {
        errors.push({ row, message: `线路名称: ${r.lineName}${LINE_MISSING}` });
        continue;
      }
      lineId = id;
    }
    resolved.push({ ...r, row, truckId: truck.id, teamCode: truck.team_code, driverId, lineId });
  }
  errors.push(...(await duplicates(db, auth, resolved)));
  return { errors, resolved };
}

/**
 * Trips reported twice: two rows of one truck whose times overlap, or a row whose truck already has a
 * report departing at the same time (the same sheet imported again).
 */
async function duplicates(
  db: Db,
  auth: AuthContext,
  rows: readonly ResolvedRow[],
): Promise<ImportRowError[]> {
  const errors: ImportRowError[] = [];
  const byTruck = new Map<number, ResolvedRow[]>();
  for (const r of rows) byTruck.set(r.truckId, [...(byTruck.get(r.truckId) ?? []), r]);
  for (const list of byTruck.values()) {
    const sorted = [...list].sort((a, b) => a.departTime - b.departTime || a.row - b.row);
    for (let i = 1; i < sorted.length; i += 1) {
      const [before, r] = [sorted[i - 1] as ResolvedRow, sorted[i] as ResolvedRow];
      if (r.departTime < before.arriveTime) {
        const [first, second] = before.row < r.row ? [before, r] : [r, before];
        errors.push({ row: second.row, message: `出发时间: 与第${first.row}行同一车辆的行程时间重叠` });
      }
    }
  }
  const trucks = [...byTruck.keys()];
  const departs = [...new Set(rows.map((r) => r.departTime))];
  const known = new Set<string>();
  for (let i = 0; i < trucks.length && departs.length > 0; i += 500)
    for (let j = 0; j < departs.length; j += 500) {
      const found = await db
        .selectFrom('trip_report')
        .select(['truck_id', 'depart_at'])
        .where(inScope(auth.scope, 'trip_report'))
        .where('truck_id', 'in', trucks.slice(i, i + 500))
        .where('depart_at', 'in', departs.slice(j, j + 500))
        .execute();
      for (const f of found) known.add(`${f.truck_id}:${Number(f.depart_at)}`);
    }
  for (const r of rows)
    if (known.has(`${r.truckId}:${r.departTime}`))
      errors.push({
        row: r.row,
        message: `出发时间: ${r.carNo}在${formatDateTime(new Date(r.departTime))}出发的行程已有报告，请勿重复导入`,
      });
  return errors;
}
