import { type CalibrationRow, calibrationProblem, formatDateTime, OPERATE_LOG_PAGES } from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { badInput } from '../../http/envelope';
import { usableRecord } from '../../http/references';
import { pageOffset, paging, route } from '../../http/route';
import { inScope } from '../../http/scope';
import { blank } from '../../records/filters';
import { numberCell } from '../../records/sheets';
import type { ImportRowError } from '../file-tasks/file-tasks.contract';
import { registerImport } from '../file-tasks/file-tasks.register';
import { recordOperation } from '../operate-log/operate-log.repository';
import { trucksByPlate } from '../trucks/trucks-by-plate';
import { forgetCalibration } from './calibration-cache';
import { FUEL_LABELS, fuelFilter, idFilter } from './fuel.repository';
import { FIRST_SCAN_MS, scanFuelEvents } from './fuel-scan';

// 油箱标定 (/oil-consumption/oil-consumption-calibration, car050301): per truck a table from the
// sensor reading to litres, at least 2 rows, both columns increasing. Saving, deleting or importing
// a table replaces the truck's rows, logs old and new, and finds and reconciles the truck's fuel
// events of the last 31 days again with the new table (litres everywhere go through it, the live
// monitor's through its cache, dropped here).

const TAG = '油箱标定';
export const CALIBRATION_CODES = ['car050301'] as const;
/** Most rows a table may have. */
const MAX_ROWS = 200;

type Db = Kysely<Database>;

const tenths = (label: string) =>
  z.coerce
    .number({ error: `${label}应为数字` })
    .min(0, `${label}不能小于0`)
    .max(100_000, `${label}不能大于100000`)
    .transform((v) => Math.round(v * 10));

const rowsField = z
  .array(z.object({ reading: tenths('传感器读数'), litres: tenths('油量') }), { error: '请填写标定数据' })
  .min(2, '标定表至少需要2行')
  .max(MAX_ROWS, `标定表最多${MAX_ROWS}行`);

const saveBody = z.object({
  truckId: z.coerce.number({ error: '请选择车辆' }).int('请选择车辆').positive('请选择车辆'),
  rows: rowsField,
});

const tableText = (rows: readonly CalibrationRow[]) =>
  rows.length === 0 ? '无' : rows.map((r) => `${r.reading / 10}→${r.litres / 10}L`).join('，');

async function tableOf(db: Db, truckId: number): Promise<CalibrationRow[]> {
  return db
    .selectFrom('fuel_calibration')
    .select(['reading', 'litres'])
    .where('truck_id', '=', truckId)
    .orderBy('reading')
    .execute();
}

/**
 * Replaces a truck's table (none: deletes it) and its log entry, and drops the truck's events of the
 * last 31 days and its scan mark so that they are found again with the new table; in `tx`.
 */
async function writeTable(
  tx: Db,
  auth: AuthContext,
  truck: { id: number; teamCode: string; name: string },
  rows: readonly CalibrationRow[],
  now: number,
  how: string,
): Promise<void> {
  const before = await tableOf(tx, truck.id);
  await tx.deleteFrom('fuel_calibration').where('truck_id', '=', truck.id).execute();
  if (rows.length > 0)
    await tx
      .insertInto('fuel_calibration')
      .values(
        rows.map((r) => ({
          truck_id: truck.id,
          reading: r.reading,
          litres: r.litres,
          merchant_id: auth.merchantId,
          team_code: truck.teamCode,
          updated_by: auth.userId,
          updated_at: now,
        })),
      )
      .execute();
  await tx
    .deleteFrom('fuel_event')
    .where('truck_id', '=', truck.id)
    .where('start_time', '>', now - FIRST_SCAN_MS)
    .execute();
  await tx.deleteFrom('fuel_scan').where('truck_id', '=', truck.id).execute();
  await recordOperation(
    tx,
    auth,
    {
      pageEnum: OPERATE_LOG_PAGES.fuelCalibration,
      dataId: truck.id,
      teamCode: truck.teamCode,
      content: `${how}油箱标定 ${truck.name}：${tableText(before)} → ${tableText(rows)}`,
    },
    now,
  );
}

function sorted(rows: readonly CalibrationRow[]): CalibrationRow[] {
  return [...rows].sort((a, b) => a.reading - b.reading);
}

export function registerCalibrationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const now = () => ctx.config.now();
  const access = [...CALIBRATION_CODES];
  const labels = { ...FUEL_LABELS, calibrated: '标定状态' };

  route(app, TAG, {
    method: 'POST',
    url: '/oilCalibration/page',
    summary:
      '油箱标定列表：范围内车辆及其标定行数；条件 truckId、teamCode、calibrated(1已标定 0未标定)；分页',
    access,
    list: true,
    labels,
    body: z.object({
      truckId: idFilter('请选择车辆'),
      teamCode: fuelFilter.shape.teamCode,
      calibrated: z.preprocess(blank, z.coerce.number().int().min(0).max(1).optional()),
      ...paging,
    }),
    handler: async ({ auth, body }) => {
      if (body.truckId) await usableRecord(db, auth.scope, 'truck', body.truckId, '车牌号');
      const counts = db
        .selectFrom('fuel_calibration')
        .select((eb) => [
          'truck_id',
          eb.fn.countAll<number>().as('rows'),
          eb.fn.max('updated_at').as('updated_at'),
          eb.fn.max('litres').as('max_litres'),
        ])
        .groupBy('truck_id')
        .as('c');
      let q = db
        .selectFrom('truck')
        .leftJoin(counts, 'c.truck_id', 'truck.id')
        .leftJoin('team', (j) =>
          j
            .onRef('team.merchant_id', '=', 'truck.merchant_id')
            .onRef('team.team_code', '=', 'truck.team_code'),
        )
        .where(inScope(auth.scope, 'truck'))
        .where('truck.deleted_at', 'is', null);
      if (body.truckId) q = q.where('truck.id', '=', body.truckId);
      if (body.teamCode) q = q.where('truck.team_code', 'like', `${body.teamCode}%`);
      if (body.calibrated === 1) q = q.where('c.truck_id', 'is not', null);
      if (body.calibrated === 0) q = q.where('c.truck_id', 'is', null);
      const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const rows = await q
        .select([
          'truck.id',
          'truck.car_no',
          'truck.vin',
          'truck.tank_capacity',
          'team.team_name',
          'c.rows',
          'c.updated_at',
          'c.max_litres',
        ])
        .orderBy('c.updated_at', (ob) => ob.desc().nullsLast())
        .orderBy('truck.car_no')
        .offset(pageOffset(body))
        .limit(body.pageSize)
        .execute();
      return {
        total: Number(total.n),
        list: rows.map((r) => ({
          truckId: r.id,
          carNo: r.car_no,
          vin: r.vin,
          teamName: r.team_name ?? '',
          tankCapacity: r.tank_capacity,
          calibrated: r.rows !== null && Number(r.rows) > 0,
          rowCount: r.rows === null ? 0 : Number(r.rows),
          maxLitres: r.max_litres === null ? null : Number(r.max_litres) / 10,
          updatedAt: r.updated_at === null ? '' : formatDateTime(new Date(Number(r.updated_at))),
        })),
      };
    },
  });

  route(app, TAG, {
    method: 'GET',
    url: '/oilCalibration/info',
    summary:
      '一辆车的油箱标定表：truckId；返回 {truckId, carNo, tankCapacity, rows: [{reading, litres}]}（读数与升数各一位小数）',
    access,
    labels,
    query: z.object({
      truckId: z.coerce.number({ error: '请选择车辆' }).int('请选择车辆').positive('请选择车辆'),
    }),
    handler: async ({ auth, query }) => {
      const truck = await usableRecord(db, auth.scope, 'truck', query.truckId, '车牌号');
      const capacity = await db
        .selectFrom('truck')
        .select('tank_capacity')
        .where('id', '=', truck.id)
        .executeTakeFirstOrThrow();
      const rows = await tableOf(db, truck.id);
      return {
        truckId: truck.id,
        carNo: truck.name,
        tankCapacity: capacity.tank_capacity,
        rows: rows.map((r) => ({ reading: r.reading / 10, litres: r.litres / 10 })),
      };
    },
  });

  route(app, TAG, {
    method: 'POST',
    url: '/oilCalibration/save',
    summary: `保存一辆车的油箱标定表（整表替换）：truckId、rows [{reading 传感器读数, litres 油量(升)}]，至少2行、最多${MAX_ROWS}行，读数与油量都逐行递增；记入操作日志，并按新表重新识别该车近31天的加油与掉油`,
    access,
    labels,
    body: saveBody,
    handler: async ({ auth, body }) => {
      const truck = await usableRecord(db, auth.scope, 'truck', body.truckId, '车牌号');
      const rows = sorted(body.rows);
      const problem = calibrationProblem(rows);
      if (problem) throw badInput(`标定数据: ${problem}`);
      const at = now();
      await db.transaction().execute((tx) => writeTable(tx, auth, truck, rows, at, '保存'));
      forgetCalibration(db, truck.id);
      await scanFuelEvents(db, [truck.id], at);
      return { truckId: truck.id, rows: rows.length };
    },
  });

  route(app, TAG, {
    method: 'POST',
    url: '/oilCalibration/delete',
    summary:
      '删除一辆车的油箱标定表：truckId；此后按油箱容积与读数换算，记入操作日志并重新识别该车近31天的加油与掉油',
    access,
    labels,
    body: z.object({ truckId: saveBody.shape.truckId }),
    handler: async ({ auth, body }) => {
      const truck = await usableRecord(db, auth.scope, 'truck', body.truckId, '车牌号');
      const at = now();
      await db.transaction().execute((tx) => writeTable(tx, auth, truck, [], at, '删除'));
      forgetCalibration(db, truck.id);
      await scanFuelEvents(db, [truck.id], at);
      return { truckId: truck.id };
    },
  });

  interface ImportRow {
    carNo: string;
    reading: number;
    litres: number;
  }
  const importRow = z.object({
    carNo: z.string().trim().min(1, '请填写车牌号').max(20, '车牌号不能超过20个字符'),
    reading: numberCell('传感器读数').pipe(
      z.number().min(0, '传感器读数不能小于0').max(100_000, '传感器读数不能大于100000'),
    ),
    litres: numberCell('油量(L)').pipe(z.number().min(0, '油量不能小于0').max(100_000, '油量不能大于100000')),
  }) as unknown as z.ZodType<ImportRow, Record<string, string>>;

  /** The trucks of the sheet by plate, in the caller's scope. */
  const trucksOf = (on: Db, auth: AuthContext, rows: readonly ImportRow[]) =>
    trucksByPlate(
      on,
      auth.scope,
      rows.map((r) => r.carNo),
    );
  const groups = (rows: readonly ImportRow[]) => {
    const byPlate = new Map<string, { row: number; reading: number; litres: number }[]>();
    rows.forEach((r, i) => {
      const list = byPlate.get(r.carNo) ?? [];
      list.push({ row: i + 2, reading: Math.round(r.reading * 10), litres: Math.round(r.litres * 10) });
      byPlate.set(r.carNo, list);
    });
    return byPlate;
  };

  registerImport<ImportRow>(app, TAG, {
    url: '/oilCalibration/import',
    summary:
      '导入油箱标定：每行 车牌号、传感器读数、油量(L)；同一车牌的各行组成该车的标定表（整表替换，至少2行，读数与油量逐行递增）',
    access,
    title: '油箱标定',
    columns: [
      { header: '车牌号', key: 'carNo', required: true, example: '蒙A12345', width: 14 },
      { header: '传感器读数', key: 'reading', required: true, example: '0', width: 14 },
      { header: '油量(L)', key: 'litres', required: true, example: '0', width: 12 },
    ],
    row: importRow,
    check: async (_db, auth, rows) => {
      const errors: ImportRowError[] = [];
      const trucks = await trucksOf(db, auth, rows);
      for (const [plate, list] of groups(rows)) {
        if (!trucks.has(plate)) {
          errors.push({ row: list[0]?.row ?? 2, message: `车牌号: ${plate}不存在或无权操作` });
          continue;
        }
        const ordered = [...list].sort((a, b) => a.reading - b.reading);
        const problem = calibrationProblem(ordered);
        if (!problem) continue;
        const at = Number(/第(\d+)行/.exec(problem)?.[1] ?? 1);
        const row = ordered[at - 1]?.row ?? list[0]?.row ?? 2;
        errors.push({ row, message: `${plate}的标定表：${problem.replace(/^第\d+行：/, '')}` });
      }
      return errors;
    },
    write: async (tx, auth, rows, at) => {
      const trucks = await trucksOf(tx, auth, rows);
      const ids: number[] = [];
      for (const [plate, list] of groups(rows)) {
        const truck = trucks.get(plate);
        if (!truck) throw badInput(`车牌号: ${plate}不存在或无权操作`);
        const table = sorted(list.map((r) => ({ reading: r.reading, litres: r.litres })));
        await writeTable(
          tx,
          auth,
          { id: truck.id, teamCode: truck.team_code, name: truck.car_no },
          table,
          at,
          '导入',
        );
        ids.push(truck.id);
      }
      // found again once the import is committed
      setTimeout(() => {
        for (const id of ids) forgetCalibration(db, id);
        scanFuelEvents(db, ids, now()).catch((err: unknown) =>
          app.log.error({ err }, 'fuel events not scanned'),
        );
      }, 50).unref();
    },
  });
}
