import { WAYBILL_RECORD, WAYBILL_SOURCE } from '@fleet/domain';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { badInput } from '../../http/envelope';
import { optionalDateTime, optionalText, requiredText } from '../../http/form-fields';
import { inReferenceScope, inScope } from '../../http/scope';
import type { OwnImport } from '../../records/record';
import { recordLog } from '../../records/repository';
import type { ImportColumn, ImportRowError } from '../file-tasks/file-tasks.contract';
import { recordOperations } from '../operate-log/changes';
import { chunks, teamLookup } from '../teams/team-lookup';
import { trucksByPlate } from '../trucks/trucks-by-plate';
import { createWaybills, type NewWaybill } from './waybill-flow';
import { lineStations, lineStationsRefusal } from './waybill-repository';

// 运单 import: a sheet row is one waybill of the add form, naming its customer and line by name, its
// truck by plate and its driver by name or phone. Every name of the whole sheet is looked up in a
// few queries (never one per row), the bill numbers come in one bump of the day's sequence, and the
// rows are written in multi-row inserts: 10,000 rows in a few seconds. All rows or none.

const COLUMNS = [
  { header: '客户名称', key: 'customer', required: true, example: '鄂尔多斯伊泰煤炭销售有限公司', width: 28 },
  { header: '线路名称', key: 'line', required: true, example: '东胜至天津港煤炭干线', width: 24 },
  { header: '货物名称', key: 'cargo', required: true, example: '动力煤', width: 12 },
  { header: '车牌号', key: 'carNo', required: true, example: '蒙K12345', width: 12 },
  { header: '司机', key: 'driver', example: '13912345678', width: 16 },
  { header: '计划装货时间', key: 'plannedLoadTime', example: '2026-11-27 08:00:00', width: 20 },
  { header: '计划到达时间', key: 'plannedArriveTime', example: '2026-11-28 18:00:00', width: 20 },
  { header: '所属车队', key: 'team', example: '鄂尔多斯一分队', width: 18 },
  { header: '备注', key: 'remark', width: 24 },
] as const satisfies readonly ImportColumn[];

const header = (key: (typeof COLUMNS)[number]['key']) => COLUMNS.find((c) => c.key === key)?.header ?? key;

/** One sheet row with the add form's rules (cells arrive as text). */
const importRow = z
  .object({
    customer: requiredText(50, '请填写客户名称'),
    line: requiredText(50, '请填写线路名称'),
    cargo: requiredText(30, '请填写货物名称'),
    carNo: requiredText(20, '请填写车牌号'),
    /** A driver's name or phone; empty: the truck's bound driver. */
    driver: optionalText(20),
    plannedLoadTime: optionalDateTime,
    plannedArriveTime: optionalDateTime,
    /** A team's name or code; empty: the truck's team. */
    team: optionalText(36),
    remark: optionalText(200),
  })
  .refine(
    (r) =>
      r.plannedLoadTime === null || r.plannedArriveTime === null || r.plannedArriveTime >= r.plannedLoadTime,
    { message: '计划到达时间不能早于计划装货时间', path: ['plannedArriveTime'] },
  );
export type WaybillImportRow = z.output<typeof importRow>;
type ImportRow = WaybillImportRow;

const PHONE = /^1\d{10}$/;

/** Rows of `table` whose `column` is one of `values`, in chunks, with the given where. */
async function byValues<T>(values: readonly string[], find: (part: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (const part of chunks([...new Set(values)], 500)) out.push(...(await find(part)));
  return out;
}

/**
 * The waybill each row stands for, or the rows' errors: customers and lines by name among those
 * the caller may use (its subtree and the teams above), trucks by plate and drivers by name or phone
 * in the caller's subtree, the team by name or code (the truck's when empty).
 */
async function resolveRows(
  db: Kysely<Database>,
  auth: AuthContext,
  rows: readonly ImportRow[],
): Promise<{ waybills: NewWaybill[]; errors: ImportRowError[] }> {
  const customers = await byValues(
    rows.map((r) => r.customer),
    (part) =>
      db
        .selectFrom('customer')
        .select(['id', 'customer_name as name'])
        .where(inReferenceScope(auth.scope, 'customer'))
        .where('customer_name', 'in', part)
        .execute(),
  );
  const lines = await byValues(
    rows.map((r) => r.line),
    (part) =>
      db
        .selectFrom('line')
        .select(['id', 'name'])
        .where(inReferenceScope(auth.scope, 'line'))
        .where('deleted_at', 'is', null)
        .where('name', 'in', part)
        .execute(),
  );
  const trucks = [
    ...(
      await trucksByPlate(
        db,
        auth.scope,
        rows.map((r) => r.carNo),
      )
    ).values(),
  ];
  const named = rows.map((r) => r.driver).filter((d): d is string => d !== null);
  const drivers = await byValues(named, (part) =>
    db
      .selectFrom('driver')
      .select(['id', 'name', 'phone'])
      .where(inScope(auth.scope, 'driver'))
      .where('deleted_at', 'is', null)
      .where((eb) => eb.or([eb('name', 'in', part), eb('phone', 'in', part)]))
      .execute(),
  );
  const boundIds = trucks.map((t) => t.driver_id).filter((id): id is number => id !== null);
  const bound = new Set<number>();
  for (const part of chunks([...new Set(boundIds)], 500)) {
    const found = await db
      .selectFrom('driver')
      .select('id')
      .where(inScope(auth.scope, 'driver'))
      .where('deleted_at', 'is', null)
      .where('id', 'in', part)
      .execute();
    for (const d of found) bound.add(d.id);
  }
  const ends = await lineStations(
    db,
    lines.map((l) => l.id),
  );
  const lookup = await teamLookup(db, auth.scope);

  const customerOf = new Map(customers.map((c) => [c.name, c.id]));
  const lineOf = new Map(lines.map((l) => [l.name, l.id]));
  const truckOf = new Map(trucks.map((t) => [t.car_no, t]));
  const byPhone = new Map(drivers.map((d) => [d.phone, d.id]));
  const byName = new Map<string, number[]>();
  for (const d of drivers) byName.set(d.name, [...(byName.get(d.name) ?? []), d.id]);

  const errors: ImportRowError[] = [];
  const waybills: NewWaybill[] = [];
  rows.forEach((r, i) => {
    const row = i + 2;
    const before = errors.length;
    const customerId = customerOf.get(r.customer);
    if (customerId === undefined)
      errors.push({ row, message: `${header('customer')}: “${r.customer}”不存在或不在您的管辖范围内` });
    const lineId = lineOf.get(r.line);
    const lineEnds = lineId === undefined ? undefined : ends.get(lineId);
    if (lineId === undefined)
      errors.push({ row, message: `${header('line')}: “${r.line}”不存在或不在您的管辖范围内` });
    else {
      const refusal = lineStationsRefusal(lineEnds);
      if (refusal) errors.push({ row, message: `${header('line')}: ${refusal}` });
    }
    const truck = truckOf.get(r.carNo);
    if (!truck) errors.push({ row, message: `${header('carNo')}: “${r.carNo}”不存在或不在您的管辖范围内` });
    let driverId: number | null = null;
    if (r.driver !== null) {
      const ids = PHONE.test(r.driver)
        ? [byPhone.get(r.driver)].filter((id): id is number => id !== undefined)
        : (byName.get(r.driver) ?? []);
      if (ids.length === 0)
        errors.push({ row, message: `${header('driver')}: “${r.driver}”不存在或不在您的管辖范围内` });
      else if (ids.length > 1)
        errors.push({ row, message: `${header('driver')}: 有多个名为“${r.driver}”的司机，请填写手机号` });
      else driverId = ids[0] as number;
    } else if (truck?.driver_id && bound.has(truck.driver_id)) driverId = truck.driver_id;
    let teamCode = truck?.team_code ?? '';
    if (r.team !== null) {
      const team = lookup(r.team);
      if ('error' in team) errors.push({ row, message: team.error });
      else teamCode = team.teamCode;
    }
    if (errors.length > before || !truck || customerId === undefined || lineId === undefined || !lineEnds)
      return;
    waybills.push({
      merchantId: auth.merchantId,
      teamCode,
      customerId,
      lineId,
      loadingStationId: lineEnds.loading as number,
      unloadingStationId: lineEnds.unloading as number,
      cargo: r.cargo,
      truckId: truck.id,
      driverId,
      plannedLoadAt: r.plannedLoadTime,
      plannedArriveAt: r.plannedArriveTime,
      remark: r.remark,
      createdBy: auth.userId,
    });
  });
  return { waybills, errors };
}

/**
 * Trucks of the waybills an import wrote, by the importing request's caller: told to the trucks'
 * fence watch once the import's transaction committed (see `waybills.record.ts`).
 */
export const importedTrucks = new WeakMap<AuthContext, number[]>();

export const waybillImport: OwnImport<ImportRow> = {
  title: '运单',
  columns: COLUMNS,
  row: importRow as unknown as z.ZodType<ImportRow>,
  check: async (db, auth, rows) => (await resolveRows(db, auth, rows)).errors,
  write: async (tx, auth, rows, now) => {
    const { waybills, errors } = await resolveRows(tx, auth, rows);
    if (errors.length > 0) throw badInput(`第${errors[0]?.row}行：${errors[0]?.message}`);
    const created = await createWaybills(
      tx,
      waybills,
      { source: WAYBILL_SOURCE.import, userId: auth.userId, name: auth.nickname },
      now,
    );
    await recordOperations(
      tx,
      auth,
      created.map((w) =>
        recordLog(WAYBILL_RECORD, w.id, w.team_code, `导入新增${WAYBILL_RECORD.entity} ${w.bill_no}`),
      ),
      now,
    );
    importedTrucks.set(auth, [...new Set(created.map((w) => w.truck_id))]);
  },
};
