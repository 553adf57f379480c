/**
 * The synthetic feature of spreadsheets.bench.ts: a table of truck-like rows (plate, VIN, type,
 * brand, fuel, tank, speed limit, insurance and inspection dates) with an export and an import
 * declared the way the truck feature declares its own.
 */
import { plateSchema, vinCheckChar, vinSchema } from '@fleet/domain';
import type { AppContext } from '@fleet/server/src/app-context';
import { withId } from '@fleet/server/src/db/migrations/helpers';
import { inScope } from '@fleet/server/src/http/scope';
import type {
  ExportDef,
  ImportDef,
  ImportRowError,
} from '@fleet/server/src/modules/file-tasks/file-tasks.contract';
import { registerExport, registerImport } from '@fleet/server/src/modules/file-tasks/file-tasks.register';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';

// biome-ignore lint/suspicious/noExplicitAny: the bench table exists only in the bench database
type AnyDb = Kysely<any>;

interface BenchTruck {
  id: number;
  team_code: string;
  car_no: string;
  vin: string;
  car_type: string;
  brand: string;
  fuel_type: string;
  tank_capacity: number;
  speed_limit: number;
  insurance_expiry: string;
  inspection_expiry: string;
  remark: string;
  created_at: number;
}

const SERIAL = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
const FUELS = ['柴油', '汽油', '天然气', '电'] as const;
const TEAM = '10000010010001';

/** Letters and digits of plates (no I, O) and of VINs (no I, O, Q). */
const VIN_CHARS = SERIAL.replace('Q', '');

function serial(i: number, length: number, chars = SERIAL): string {
  let out = '';
  for (let n = i; out.length < length; n = Math.floor(n / chars.length)) out = chars[n % chars.length] + out;
  return out;
}

function vinOf(i: number): string {
  const draft = `LFWSA${serial(i, 3, VIN_CHARS)}0${serial(i * 7 + 3, 8, VIN_CHARS)}`;
  return `${draft.slice(0, 8)}${vinCheckChar(draft)}${draft.slice(9)}`;
}

/** Rows as a user fills the sheet (cell texts by column key). */
export function benchTruckRows(count: number, kind: 'export' | 'import'): Record<string, string>[] {
  const office = kind === 'export' ? 'K' : 'B';
  return Array.from({ length: count }, (_, i) => ({
    carNo: `蒙${office}${serial(i, 5)}`,
    vin: vinOf(kind === 'export' ? i : i + 5_000_000),
    carType: i % 3 ? '重型半挂牵引车' : '重型厢式货车',
    brand: ['解放', '东风', '重汽', '陕汽'][i % 4] as string,
    fuelType: FUELS[i % FUELS.length] as string,
    tankCapacity: String(400 + (i % 5) * 100),
    speedLimit: String(80 + (i % 3) * 10),
    insuranceExpiry: `2027-${String((i % 12) + 1).padStart(2, '0')}-15`,
    inspectionExpiry: `2027-${String(((i + 6) % 12) + 1).padStart(2, '0')}-01`,
    remark: i % 10 ? '' : '长途干线',
  }));
}

export async function createBenchTrucks(db: AnyDb, count: number): Promise<void> {
  await withId(db, db.schema.createTable('bench_truck'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('team_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('car_no', 'varchar(20)', (c) => c.notNull())
    .addColumn('vin', 'varchar(17)', (c) => c.notNull())
    .addColumn('car_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('brand', 'varchar(20)', (c) => c.notNull())
    .addColumn('fuel_type', 'varchar(10)', (c) => c.notNull())
    .addColumn('tank_capacity', 'integer', (c) => c.notNull())
    .addColumn('speed_limit', 'integer', (c) => c.notNull())
    .addColumn('insurance_expiry', 'varchar(10)', (c) => c.notNull())
    .addColumn('inspection_expiry', 'varchar(10)', (c) => c.notNull())
    .addColumn('remark', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('bench_truck_scope_idx')
    .on('bench_truck')
    .columns(['merchant_id', 'team_code'])
    .execute();
  await db.schema
    .createIndex('bench_truck_car_no_idx')
    .on('bench_truck')
    .columns(['merchant_id', 'car_no'])
    .execute();
  // Keyset pages in id order within a merchant: without this index SQLite picks the scope index and
  // sorts the whole scope for every page (3.8 s instead of 0.9 s of queries for 100,000 rows).
  await db.schema
    .createIndex('bench_truck_page_idx')
    .on('bench_truck')
    .columns(['merchant_id', 'id'])
    .execute();
  const rows = benchTruckRows(count, 'export');
  const now = Date.now();
  for (let i = 0; i < rows.length; i += 500) {
    const values = rows.slice(i, i + 500).map((r) => dbRow(1, TEAM, parsedRow.parse(r), now));
    await db.insertInto('bench_truck').values(values).execute();
  }
}

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为YYYY-MM-DD');
const parsedRow = z.object({
  carNo: plateSchema,
  vin: vinSchema,
  carType: z.string().min(1, '请填写车辆类型').max(20, '车辆类型最多20个字符'),
  brand: z.string().max(20, '品牌最多20个字符'),
  fuelType: z.enum(FUELS, { error: `燃料类型只能是${FUELS.join('、')}` }),
  tankCapacity: z
    .string()
    .regex(/^\d{1,4}(\.\d)?$/, '油箱容量最多4位整数和1位小数')
    .transform((v) => Math.round(Number(v) * 10)),
  speedLimit: z
    .string()
    .regex(/^\d{1,3}$/, '限速须为整数')
    .transform(Number)
    .refine((v) => v >= 1 && v <= 200, '限速须在1-200之间'),
  insuranceExpiry: date,
  inspectionExpiry: date,
  remark: z.string().max(200, '备注最多200个字符'),
});
type ParsedRow = z.output<typeof parsedRow>;

function dbRow(merchantId: number, teamCode: string, r: ParsedRow, now: number) {
  return {
    merchant_id: merchantId,
    team_code: teamCode,
    car_no: r.carNo,
    vin: r.vin,
    car_type: r.carType,
    brand: r.brand,
    fuel_type: r.fuelType,
    tank_capacity: r.tankCapacity,
    speed_limit: r.speedLimit,
    insurance_expiry: r.insuranceExpiry,
    inspection_expiry: r.inspectionExpiry,
    remark: r.remark,
    created_at: now,
  };
}

const IMPORT_COLUMNS = [
  { header: '车牌号', key: 'carNo', required: true },
  { header: '车架号', key: 'vin', required: true },
  { header: '车辆类型', key: 'carType', required: true },
  { header: '品牌', key: 'brand' },
  { header: '燃料类型', key: 'fuelType', required: true },
  { header: '油箱容量(L)', key: 'tankCapacity', required: true },
  { header: '限速(km/h)', key: 'speedLimit', required: true },
  { header: '保险到期', key: 'insuranceExpiry', required: true },
  { header: '年检到期', key: 'inspectionExpiry', required: true },
  { header: '备注', key: 'remark' },
] as const;

const benchExport: ExportDef<Record<string, never>, BenchTruck> = {
  url: '/bench/truck/export',
  method: 'POST',
  summary: '基准：车辆导出',
  access: 'login',
  input: z.object({}),
  title: '车辆列表',
  columns: [
    { header: '车牌号', value: (r) => r.car_no },
    { header: '车架号', width: 20, value: (r) => r.vin },
    { header: '所属车队', value: (r) => r.team_code },
    { header: '车辆类型', value: (r) => r.car_type },
    { header: '品牌', value: (r) => r.brand },
    { header: '燃料类型', value: (r) => r.fuel_type },
    { header: '油箱容量(L)', value: (r) => r.tank_capacity / 10 },
    { header: '限速(km/h)', value: (r) => r.speed_limit },
    { header: '保险到期', value: (r) => r.insurance_expiry },
    { header: '年检到期', value: (r) => r.inspection_expiry },
    { header: '备注', value: (r) => r.remark },
    {
      header: '创建时间',
      width: 20,
      value: (r) => new Date(r.created_at).toISOString().slice(0, 19).replace('T', ' '),
    },
  ],
  count: async (db, auth) => {
    const row = await (db as AnyDb)
      .selectFrom('bench_truck')
      .where(inScope(auth.scope, 'bench_truck'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },
  rows: async function* (db, auth, _input, pageSize) {
    let after = 0;
    for (;;) {
      const page = (await (db as AnyDb)
        .selectFrom('bench_truck')
        .selectAll()
        .where(inScope(auth.scope, 'bench_truck'))
        .where('id', '>', after)
        .orderBy('id')
        .limit(pageSize)
        .execute()) as BenchTruck[];
      if (page.length === 0) return;
      yield page;
      after = page[page.length - 1]?.id ?? after;
    }
  },
};

const benchImport: ImportDef<ParsedRow> = {
  url: '/bench/truck/import',
  summary: '基准：车辆导入',
  access: 'login',
  title: '车辆导入',
  columns: IMPORT_COLUMNS,
  row: parsedRow,
  check: async (db, auth, rows) => {
    const errors: ImportRowError[] = [];
    const first = new Map<string, number>();
    rows.forEach((r, i) => {
      const seen = first.get(r.carNo);
      if (seen) errors.push({ row: i + 2, message: `车牌号与第${seen}行重复` });
      else first.set(r.carNo, i + 2);
    });
    const plates = [...first.keys()];
    for (let i = 0; i < plates.length; i += 1000) {
      const taken = await (db as AnyDb)
        .selectFrom('bench_truck')
        .select('car_no')
        .where('merchant_id', '=', auth.merchantId)
        .where('car_no', 'in', plates.slice(i, i + 1000))
        .execute();
      for (const t of taken)
        errors.push({ row: first.get(t.car_no) ?? 0, message: `车牌号${t.car_no}已存在` });
    }
    return errors;
  },
  write: async (tx, auth, rows, now) => {
    for (let i = 0; i < rows.length; i += 500) {
      const values = rows.slice(i, i + 500).map((r) => dbRow(auth.merchantId, auth.teamCode, r, now));
      await (tx as AnyDb).insertInto('bench_truck').values(values).execute();
    }
  },
};

export function registerBenchSheets(app: FastifyInstance, _ctx: AppContext): void {
  registerExport(app, '基准', benchExport);
  registerImport(app, '基准', benchImport);
}

/** An .xlsx of the import columns and the rows, as a user fills the template. */
export async function truckSheet(rows: readonly Record<string, string>[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('车辆');
  sheet.addRow(IMPORT_COLUMNS.map((c) => c.header));
  for (const r of rows) sheet.addRow(IMPORT_COLUMNS.map((c) => r[c.key] ?? ''));
  return Buffer.from(await book.xlsx.writeBuffer());
}
