import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { badInput } from '../../http/envelope';
import { usableRecords } from '../../http/references';
import { inScope } from '../../http/scope';
import type { ReportFilter, ReportForm } from './trip-reports.repository';

// The records a trip report points at (truck, driver, line, import batch), each checked to lie in
// the caller's scope, in a form or in a list's filter, and the columns a report is stored in.

type Db = Kysely<Database>;

export const TRUCK_MISSING = '车辆不存在或无权操作';
export const DRIVER_MISSING = '司机不存在或无权操作';
export const LINE_MISSING = '线路不存在或无权操作';
export const BATCH_MISSING = '导入批次不存在或无权操作';

type Refs = { truckId?: number | null; driverId?: number | null; lineId?: number | null };

/** Refuses a truck, driver or line id outside the caller's scope, naming the field; the truck found. */
async function checkIds(db: Db, auth: AuthContext, f: Refs) {
  const truck = f.truckId
    ? (await usableRecords(db, auth.scope, 'truck', [f.truckId])).get(f.truckId)
    : undefined;
  if (f.truckId && !truck) throw badInput(`车辆: ${TRUCK_MISSING}`);
  if (f.driverId && !(await usableRecords(db, auth.scope, 'driver', [f.driverId])).has(f.driverId))
    throw badInput(`司机: ${DRIVER_MISSING}`);
  if (f.lineId && !(await usableRecords(db, auth.scope, 'line', [f.lineId])).has(f.lineId))
    throw badInput(`线路: ${LINE_MISSING}`);
  return truck;
}

/** The ids a report names, each in the caller's scope; the report's truck. */
export async function checkRefs(
  db: Db,
  auth: AuthContext,
  f: Pick<ReportForm, 'truckId' | 'driverId' | 'lineId'>,
) {
  const truck = await checkIds(db, auth, f);
  if (!truck) throw badInput(`车辆: ${TRUCK_MISSING}`);
  return truck;
}

/** The ids a list's filter names (truck, driver, line, import batch), each in the caller's scope. */
export async function checkFilterRefs(db: Db, auth: AuthContext, f: ReportFilter): Promise<void> {
  await checkIds(db, auth, f);
  if (f.importId) {
    const batch = await db
      .selectFrom('trip_report_import')
      .select('id')
      .where(inScope(auth.scope, 'trip_report_import'))
      .where('id', '=', f.importId)
      .executeTakeFirst();
    if (!batch) throw badInput(`导入批次: ${BATCH_MISSING}`);
  }
}

/** The stored columns of a report's fields (mileage 0.1 km, fuel 0.1 L, cargo kg). */
export const reportColumns = (f: Omit<ReportForm, 'truckId' | 'id'>) => ({
  driver_id: f.driverId ?? null,
  line_id: f.lineId ?? null,
  depart_at: f.departTime,
  arrive_at: f.arriveTime,
  mileage: Math.round(f.mileage * 10),
  fuel: Math.round(f.fuel * 10),
  cargo_kg: f.cargoTons === undefined ? null : Math.round(f.cargoTons * 1000),
  remark: f.remark,
});
