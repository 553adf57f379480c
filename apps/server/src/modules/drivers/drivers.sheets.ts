import { DRIVER_SOURCES, enumRecord, OPERATE_LOG_PAGES } from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { badInput } from '../../http/envelope';
import { requiredText } from '../../http/form-fields';
import { countOf } from '../../http/route';
import { pagesByIdDesc } from '../file-tasks/export-pages';
import type { ExportDef, ImportDef, ImportRowError } from '../file-tasks/file-tasks.contract';
import { registerExport, registerImport } from '../file-tasks/file-tasks.register';
import { recordOperations } from '../operate-log/changes';
import { chunks, type TeamLookup, teamLookup } from '../teams/team-lookup';
import { driverFields } from './drivers.fields';
import {
  boundPlates,
  type DriverFilter,
  type DriverView,
  driverFilterSchema,
  driverQuery,
  driverView,
  selectDriverRows,
} from './drivers.repository';
import { DRIVER_CODES } from './drivers.routes';

const SOURCES = enumRecord(DRIVER_SOURCES);

/** /driver/export: exactly the rows of the list filter, in list order (newest first). */
export function driverExport(ctx: AppContext): ExportDef<DriverFilter, DriverView> {
  return {
    url: '/driver/export',
    method: 'POST',
    summary: '导出司机（与列表筛选条件一致）',
    access: DRIVER_CODES,
    input: driverFilterSchema,
    title: '司机列表',
    columns: [
      { header: '司机姓名', value: (d) => d.driverName },
      { header: '手机号', width: 14, value: (d) => d.driverPhone },
      { header: '身份证号', width: 22, value: (d) => d.idCard },
      { header: '准驾车型', value: (d) => d.licenseClassName },
      { header: '驾驶证有效期', width: 14, value: (d) => d.licenseExpiry },
      { header: '从业资格证号', width: 20, value: (d) => d.qualificationNo },
      { header: '从业资格证有效期', width: 16, value: (d) => d.qualificationExpiry },
      { header: '所属车队', width: 20, value: (d) => d.teamName },
      { header: '绑定车辆', width: 20, value: (d) => d.carNo },
      { header: '状态', width: 8, value: (d) => (d.status === 1 ? '在职' : '离职') },
      { header: '来源', width: 10, value: (d) => SOURCES[d.source] ?? '' },
      { header: '备注', width: 24, value: (d) => d.remark },
      { header: '创建时间', width: 20, value: (d) => d.createTime },
    ],
    count: (db, auth, filter) => countOf(driverQuery(db, auth, filter, ctx.config.now())),
    rows: async function* (db, auth, filter, pageSize) {
      const pages = pagesByIdDesc(pageSize, (before) => {
        let q = selectDriverRows(driverQuery(db, auth, filter, ctx.config.now()));
        if (before !== undefined) q = q.where('driver.id', '<', before);
        return q.orderBy('driver.id', 'desc').limit(pageSize).execute();
      });
      for await (const rows of pages) {
        const plates = await boundPlates(
          db,
          rows.map((r) => r.id),
        );
        yield rows.map((r) => driverView(r, plates.get(r.id) ?? [], ctx.config.now()));
      }
    },
  };
}

const importRow = z.object({ ...driverFields, team: requiredText(36, '请填写所属车队') });
type ImportRow = z.output<typeof importRow>;

/** Errors of rows that repeat a phone or ID of an earlier row or of a driver already on file. */
async function duplicateErrors(db: Kysely<Database>, merchantId: number, rows: readonly ImportRow[]) {
  const errors: ImportRowError[] = [];
  const seenPhone = new Map<string, number>();
  const seenId = new Map<string, number>();
  rows.forEach((r, i) => {
    const row = i + 2;
    const phoneRow = seenPhone.get(r.driverPhone);
    if (phoneRow) errors.push({ row, message: `手机号: 与第${phoneRow}行重复` });
    else seenPhone.set(r.driverPhone, row);
    if (!r.idCard) return;
    const idRow = seenId.get(r.idCard);
    if (idRow) errors.push({ row, message: `身份证号: 与第${idRow}行重复` });
    else seenId.set(r.idCard, row);
  });
  const takenPhones = new Set<string>();
  const takenIds = new Set<string>();
  for (const part of chunks(rows, 500)) {
    const phones = part.map((r) => r.driverPhone);
    const ids = part.flatMap((r) => (r.idCard ? [r.idCard] : []));
    const found = await db
      .selectFrom('driver')
      .select(['phone', 'id_card'])
      .where('merchant_id', '=', merchantId)
      .where('deleted_at', 'is', null)
      .where((eb) => eb.or([eb('phone', 'in', phones), ...(ids.length ? [eb('id_card', 'in', ids)] : [])]))
      .execute();
    for (const f of found) {
      takenPhones.add(f.phone);
      if (f.id_card) takenIds.add(f.id_card);
    }
  }
  rows.forEach((r, i) => {
    if (takenPhones.has(r.driverPhone))
      errors.push({ row: i + 2, message: '手机号: 该手机号已被其他司机使用' });
    if (r.idCard && takenIds.has(r.idCard))
      errors.push({ row: i + 2, message: '身份证号: 该身份证号已被其他司机使用' });
  });
  return errors;
}

function teamErrors(lookup: TeamLookup, rows: readonly ImportRow[]): ImportRowError[] {
  return rows.flatMap((r, i) => {
    const found = lookup(r.team);
    return 'error' in found ? [{ row: i + 2, message: found.error }] : [];
  });
}

/** /driver/import: the form's rules on every row; phone and ID unique; all rows or none. */
export function driverImport(): ImportDef<ImportRow> {
  return {
    url: '/driver/import',
    summary: '导入司机',
    access: DRIVER_CODES,
    title: '司机',
    columns: [
      { header: '司机姓名', key: 'driverName', required: true, example: '张三' },
      { header: '手机号', key: 'driverPhone', required: true, example: '13912345678', width: 14 },
      { header: '身份证号', key: 'idCard', example: '110101198001010010', width: 22 },
      { header: '所属车队', key: 'team', required: true, example: '干线一分队', width: 20 },
      { header: '准驾车型', key: 'licenseClass', example: 'A2' },
      { header: '驾驶证有效期', key: 'licenseExpiry', example: '2030-06-30', width: 14 },
      { header: '从业资格证号', key: 'qualificationNo', example: '110101198001010010', width: 20 },
      { header: '从业资格证有效期', key: 'qualificationExpiry', example: '2029-12-31', width: 16 },
      { header: '备注', key: 'remark', width: 24 },
    ],
    // every cell arrives as text; the preprocessing steps of the form's fields accept it
    row: importRow as unknown as z.ZodType<ImportRow, Record<string, string>>,
    check: async (db, auth, rows) => [
      ...teamErrors(await teamLookup(db, auth.scope), rows),
      ...(await duplicateErrors(db, auth.merchantId, rows)),
    ],
    write: async (tx, auth: AuthContext, rows, now) => {
      const lookup = await teamLookup(tx, auth.scope);
      const values = rows.map((r) => {
        const team = lookup(r.team);
        if ('error' in team) throw badInput(team.error);
        return {
          merchant_id: auth.merchantId,
          team_code: team.teamCode,
          name: r.driverName,
          phone: r.driverPhone,
          id_card: r.idCard,
          license_class: r.licenseClass,
          license_expiry: r.licenseExpiry,
          qualification_no: r.qualificationNo,
          qualification_expiry: r.qualificationExpiry,
          remark: r.remark,
          source: 2,
          created_at: now,
          updated_at: now,
        };
      });
      for (const part of chunks(values, 300)) {
        const added = await tx
          .insertInto('driver')
          .values(part)
          .returning(['id', 'name', 'phone', 'team_code'])
          .execute();
        await recordOperations(
          tx,
          auth,
          added.map((d) => ({
            pageEnum: OPERATE_LOG_PAGES.driver,
            dataId: d.id,
            teamCode: d.team_code,
            content: `导入新增司机 ${d.name}（${d.phone}）`,
          })),
          now,
        );
      }
    },
  };
}

export function registerDriverSheets(app: FastifyInstance, ctx: AppContext): void {
  registerExport(app, '司机管理', driverExport(ctx));
  registerImport(app, '司机管理', driverImport());
}
