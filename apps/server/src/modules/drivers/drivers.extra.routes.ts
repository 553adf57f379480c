import {
  DRIVER_RECORD,
  enumRecord,
  fenToYuan,
  formatDateTime,
  moneySchema,
  SALARY_SETTLE_TYPES,
  yuanToFen,
} from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { badInput } from '../../http/envelope';
import { idField, optionalText, teamCodeField } from '../../http/form-fields';
import { pageOf, paging, route } from '../../http/route';
import { changeableRow, readableRows, recordLog } from '../../records/repository';
import { recordOperation } from '../operate-log/operate-log.repository';
import type { DriverRecord } from './drivers.record';

const DRIVER_CODES = DRIVER_RECORD.readCodes;
const driverLog = (id: number, teamCode: string, content: string) =>
  recordLog(DRIVER_RECORD, id, teamCode, content);

/** Salary settlement: per trip, per ton, per ton-kilometre. */
export const SETTLE_TYPES = enumRecord(SALARY_SETTLE_TYPES);

const salaryLabels = {
  driverId: '司机',
  settleType: '计薪方式',
  baseSalary: '底薪',
  unitPrice: '计薪单价',
  deduction: '固定扣款',
  bankName: '开户银行',
  bankAccount: '银行卡号',
  accountName: '开户名',
  remark: '备注',
};

/**
 * Photos of drivers not yet checked (POST /driver/getUntouchedDriverPhotos) and marking them checked;
 * salary settings of a driver (/driverSalaryInfoSave, /driverSalaryInfoDetail/{id}).
 *
 * "Untouched" photos are pictures that came from outside the office and nobody there has looked at
 * yet: those a driver uploaded when registering (司机自助注册; approving the registration admits the
 * driver, the photos still wait). Photos staff enter themselves count as checked. Staff look at
 * them (licence, ID card, portrait) and mark them checked, which the driver's log records.
 */
export function registerDriverExtraRoutes(app: FastifyInstance, ctx: AppContext, def: DriverRecord): void {
  const tag = '司机管理';
  const { db } = ctx;
  const now = ctx.config.now;

  route(app, tag, {
    method: 'POST',
    url: '/driver/getUntouchedDriverPhotos',
    summary: '照片尚未核对的司机（司机自助注册上传、尚未经人核对），最早的在前',
    access: DRIVER_CODES,
    list: true,
    body: z.object({
      ...paging,
      teamCode: teamCodeField.optional(),
    }),
    handler: async ({ auth, body }) => {
      let q = readableRows(db, auth, def)
        .where('driver.photos', 'is not', null)
        .where('driver.photos_checked_at', 'is', null);
      if (body.teamCode) q = q.where('driver.team_code', 'like', `${body.teamCode}%`);
      const { rows, total } = await pageOf(
        q,
        (q) =>
          q
            .select([
              'driver.id',
              'driver.name',
              'driver.phone',
              'driver.photos',
              'driver.source',
              'driver.updated_at',
              'team.team_name',
            ])
            .orderBy('driver.updated_at')
            .orderBy('driver.id'),
        body,
      );
      return {
        list: rows.map((r) => ({
          id: r.id,
          driverName: r.name,
          driverPhone: r.phone,
          teamName: r.team_name ?? '',
          photos: r.photos ?? '',
          source: r.source,
          updateTime: formatDateTime(new Date(r.updated_at)),
        })),
        total,
      };
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/driver/photos/check',
    summary: '将司机当前照片标记为已核对',
    access: DRIVER_CODES,
    labels: { ids: '司机' },
    body: z.object({ ids: z.array(idField('司机不正确')).min(1, '请选择司机').max(200, '一次最多200个') }),
    handler: async ({ auth, body }) => {
      const ids = [...new Set(body.ids)];
      const drivers = (await readableRows(db, auth, def)
        .select(['driver.id', 'driver.name', 'driver.team_code'])
        .where('driver.photos', 'is not', null)
        .where('driver.photos_checked_at', 'is', null)
        .where('driver.id', 'in', ids)
        .execute()) as { id: number; name: string; team_code: string }[];
      if (drivers.length !== ids.length) throw badInput('司机不存在、无权操作或照片已核对');
      const at = now();
      await db.transaction().execute(async (tx) => {
        await tx.updateTable('driver').set({ photos_checked_at: at }).where('id', 'in', ids).execute();
        for (const d of drivers)
          await recordOperation(tx, auth, driverLog(d.id, d.team_code, '核对司机照片'), at);
      });
      return { checked: drivers.length };
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/driverSalaryInfoSave',
    summary: '保存司机工资信息：计薪方式（1按趟 2按吨 3按吨公里）、底薪、单价、固定扣款（元）与收款账户',
    access: DRIVER_CODES,
    labels: salaryLabels,
    body: z.object({
      driverId: idField('司机不正确'),
      settleType: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: '请选择计薪方式' }),
      baseSalary: moneySchema.default('0'),
      unitPrice: moneySchema.default('0'),
      deduction: moneySchema.default('0'),
      bankName: optionalText(50),
      bankAccount: z.preprocess(
        (v) => (typeof v === 'string' ? v.replace(/\s/g, '') : v === null ? undefined : v),
        z
          .string()
          .regex(/^(\d{8,30})?$/, '银行卡号须为8-30位数字')
          .optional()
          .transform((v) => v || null),
      ),
      accountName: optionalText(30),
      remark: optionalText(200),
    }),
    handler: async ({ auth, body }) => {
      const driver = await changeableRow(db, auth, DRIVER_RECORD, body.driverId);
      const values = {
        settle_type: body.settleType,
        base_salary: yuanToFen(body.baseSalary),
        unit_price: yuanToFen(body.unitPrice),
        deduction: yuanToFen(body.deduction),
        bank_name: body.bankName,
        bank_account: body.bankAccount,
        account_name: body.accountName,
        remark: body.remark,
        updated_by: auth.userId,
        updated_at: now(),
      };
      await db.transaction().execute(async (tx) => {
        const existing = await tx
          .selectFrom('driver_salary_info')
          .select('driver_id')
          .where('driver_id', '=', driver.id)
          .executeTakeFirst();
        if (existing)
          await tx.updateTable('driver_salary_info').set(values).where('driver_id', '=', driver.id).execute();
        else
          await tx
            .insertInto('driver_salary_info')
            .values({ driver_id: driver.id, merchant_id: auth.merchantId, ...values })
            .execute();
        const text = `保存工资信息：${SETTLE_TYPES[body.settleType]}，底薪${fenToYuan(values.base_salary)}元，单价${fenToYuan(values.unit_price)}元，固定扣款${fenToYuan(values.deduction)}元`;
        await recordOperation(tx, auth, driverLog(driver.id, driver.team_code, text), values.updated_at);
      });
    },
  });

  route(app, tag, {
    method: 'GET',
    url: '/driverSalaryInfoDetail/:id',
    summary: '司机工资信息（金额为元，两位小数）；未设置时 saved 为 false',
    access: DRIVER_CODES,
    params: z.object({ id: idField('司机不正确') }),
    handler: async ({ auth, params }) => {
      const driver = await changeableRow(db, auth, DRIVER_RECORD, params.id);
      const row = await db
        .selectFrom('driver_salary_info')
        .selectAll()
        .where('driver_id', '=', driver.id)
        .executeTakeFirst();
      return {
        driverId: driver.id,
        driverName: driver.name,
        saved: row !== undefined,
        settleType: row?.settle_type ?? null,
        settleTypeName: row ? (SETTLE_TYPES[row.settle_type] ?? '') : '',
        baseSalary: fenToYuan(row?.base_salary ?? 0),
        unitPrice: fenToYuan(row?.unit_price ?? 0),
        deduction: fenToYuan(row?.deduction ?? 0),
        bankName: row?.bank_name ?? '',
        bankAccount: row?.bank_account ?? '',
        accountName: row?.account_name ?? '',
        remark: row?.remark ?? '',
        updateTime: row ? formatDateTime(new Date(row.updated_at)) : '',
      };
    },
  });
}
