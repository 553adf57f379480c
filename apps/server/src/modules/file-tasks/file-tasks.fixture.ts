import { crc32, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { withId } from '../../db/migrations/helpers';
import { AppError } from '../../http/envelope';
import { inScope } from '../../http/scope';
import type { ExportDef, ImportDef, ImportRowError } from './file-tasks.contract';
import { registerExport, registerImport } from './file-tasks.register';

/**
 * A demo feature for the spreadsheet tests only (never part of the app): items with a name and an
 * amount, in a table the test creates, exported and imported through the framework.
 */
export interface DemoItem {
  id: number;
  merchant_id: number;
  team_code: string;
  name: string;
  amount: number;
  remark: string;
}

// biome-ignore lint/suspicious/noExplicitAny: the demo table exists only in the test database
type AnyDb = Kysely<any>;

export async function createDemoTable(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('demo_item'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('team_code', 'varchar(36)', (c) => c.notNull())
    .addColumn('name', 'varchar(30)', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('remark', 'varchar(50)', (c) => c.notNull())
    .execute();
}

export async function insertDemoItems(db: AnyDb, items: Omit<DemoItem, 'id'>[]): Promise<void> {
  for (let i = 0; i < items.length; i += 500)
    await db
      .insertInto('demo_item')
      .values(items.slice(i, i + 500))
      .execute();
}

const filter = z.object({
  name: z.string().trim().max(30).optional(),
  pageNum: z.coerce.number().optional(),
  pageSize: z.coerce.number().optional(),
});
type Filter = z.output<typeof filter>;

function filtered(db: AnyDb, auth: { scope: { merchantId: number; teamCode: string } }, input: Filter) {
  let q = db.selectFrom('demo_item').where(inScope(auth.scope, 'demo_item'));
  if (input.name) q = q.where('name', 'like', `%${input.name}%`);
  return q;
}

export const demoExport: ExportDef<Filter, DemoItem> = {
  url: '/test/demo/export',
  method: 'POST',
  summary: '演示导出',
  access: 'login',
  input: filter,
  title: '演示列表',
  columns: [
    { header: '名称', width: 20, value: (r) => r.name },
    { header: '数量', value: (r) => r.amount },
    { header: '班组', value: (r) => r.team_code },
    { header: '备注', value: (r) => r.remark || null },
  ],
  count: async (db, auth, input) => {
    const row = await filtered(db as AnyDb, auth, input)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },
  rows: async function* (db, auth, input, pageSize) {
    let after = 0;
    for (;;) {
      const page = (await filtered(db as AnyDb, auth, input)
        .selectAll()
        .where('id', '>', after)
        .orderBy('id')
        .limit(pageSize)
        .execute()) as DemoItem[];
      if (page.length === 0) return;
      yield page;
      after = page[page.length - 1]?.id ?? after;
    }
  },
};

const row = z.object({
  name: z.string().min(1, '请填写名称').max(30, '名称最多30个字符'),
  amount: z
    .string()
    .regex(/^\d{1,6}$/, '请填写6位以内的整数')
    .transform(Number),
  remark: z.string().max(50, '备注最多50个字符'),
});
type DemoRow = z.output<typeof row>;

export const demoImport: ImportDef<DemoRow> = {
  url: '/test/demo/import',
  summary: '演示导入',
  access: 'login',
  title: '演示导入',
  columns: [
    { header: '名称', key: 'name', required: true, example: '螺纹钢' },
    { header: '数量', key: 'amount', required: true, example: '12' },
    { header: '备注', key: 'remark' },
  ],
  row,
  check: async (db, auth, rows) => {
    const errors: ImportRowError[] = [];
    const seen = new Map<string, number>();
    rows.forEach((r, i) => {
      const first = seen.get(r.name);
      if (first !== undefined) errors.push({ row: i + 2, message: `名称与第${first}行重复` });
      else seen.set(r.name, i + 2);
    });
    const names = [...seen.keys()];
    const taken =
      names.length === 0
        ? []
        : await (db as AnyDb)
            .selectFrom('demo_item')
            .select('name')
            .where('merchant_id', '=', auth.merchantId)
            .where('name', 'in', names)
            .execute();
    for (const { name } of taken) errors.push({ row: seen.get(name) ?? 0, message: `名称“${name}”已存在` });
    return errors;
  },
  write: async (tx, auth, rows) => {
    const values = rows.map((r) => ({ merchant_id: auth.merchantId, team_code: auth.teamCode, ...r }));
    await insertDemoItems(tx as AnyDb, values);
    if (rows.some((r) => r.name === '写入失败')) throw new AppError(400, '演示：写入时拒绝');
  },
};

export function registerDemoSpreadsheets(app: FastifyInstance, _ctx: AppContext): void {
  registerExport(app, '演示', demoExport);
  registerImport(app, '演示', demoImport);
}

/** An .xlsx of a header row and data rows, as a user would fill it in. */
export async function sheetFile(rows: (string | number | null)[][], sheetName = '导入数据'): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetName);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Every row of the first sheet as cell values (header first). */
export async function readBack(data: Buffer): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(data as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  book.worksheets[0]?.eachRow((r) => {
    rows.push((r.values as unknown[]).slice(1));
  });
  return rows;
}

export interface ZipEntrySpec {
  name: string;
  data: Buffer;
  /** 8 deflate (default), 0 stored. */
  method?: 0 | 8;
  /** What the headers claim the entry unpacks to (default: the truth). */
  declaredSize?: number;
  /** Sizes in a data descriptor after the data instead of the local header. */
  descriptor?: boolean;
}

/** A zip written by hand, so tests can make the malformed and malicious ones too. */
export function zipOf(entries: ZipEntrySpec[], options: { hidden?: ZipEntrySpec } = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  const local = (e: ZipEntrySpec) => {
    const method = e.method ?? 8;
    const packed = method === 8 ? deflateRawSync(e.data) : e.data;
    const name = Buffer.from(e.name);
    const size = e.declaredSize ?? e.data.length;
    const crc = crc32(e.data);
    const flags = e.descriptor ? 0x808 : 0x800;
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    head.writeUInt16LE(20, 4);
    head.writeUInt16LE(flags, 6);
    head.writeUInt16LE(method, 8);
    head.writeUInt32LE(e.descriptor ? 0 : crc, 14);
    head.writeUInt32LE(e.descriptor ? 0 : packed.length, 18);
    head.writeUInt32LE(e.descriptor ? 0 : size, 22);
    head.writeUInt16LE(name.length, 26);
    const parts = [head, name, packed];
    if (e.descriptor) {
      const d = Buffer.alloc(16);
      d.writeUInt32LE(0x08074b50, 0);
      d.writeUInt32LE(crc, 4);
      d.writeUInt32LE(packed.length, 8);
      d.writeUInt32LE(size, 12);
      parts.push(d);
    }
    const bytes = Buffer.concat(parts);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    return { bytes, central: Buffer.concat([central, name]) };
  };
  for (const e of entries) {
    const { bytes, central } = local(e);
    locals.push(bytes);
    centrals.push(central);
    offset += bytes.length;
  }
  if (options.hidden) {
    const { bytes } = local(options.hidden);
    locals.push(bytes);
    offset += bytes.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length, 8);
  end.writeUInt16LE(centrals.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}
