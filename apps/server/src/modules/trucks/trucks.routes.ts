import {
  normalizePlate,
  PICK_LIST_PAGE_SIZE,
  recordWriteCodes,
  TRUCK_RECORD,
  TRUCK_TYPES,
  WAYBILL_RECORD,
} from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { badInput, needsConfirm, notFound } from '../../http/envelope';
import { idField } from '../../http/form-fields';
import { usableRecord } from '../../http/references';
import { pageOffset, paging, route } from '../../http/route';
import { inScope } from '../../http/scope';
import { changeableRow, readableRows, recordLog, takenValues } from '../../records/repository';
import { describeChanges } from '../operate-log/changes';
import { recordOperation } from '../operate-log/operate-log.repository';
import { findTeam } from '../teams/teams.repository';
import { announceTerminals } from '../terminals/bindings';
import {
  TRUCK_CODES,
  TRUCK_UNIQUE,
  type TruckColumns,
  type TruckForm,
  truckBody,
  truckColumns,
} from './truck-fields';
import type { TruckRecord } from './trucks.record';
import type { TruckTable } from './trucks.table';
import { isUniqueViolation } from './unique';

// The truck's own routes: their paths, payloads and messages are not the recipe's common shape.

/** Video pages also ask for a truck's channels. */
const CHANNEL_CODES = ['car090101', 'car050102', 'car050103', 'car050303', 'car050306'] as const;

const { labels } = TRUCK_RECORD;
const NOT_VISIBLE = '车辆不存在或无权查看';

const lookupQuery = z.object({
  id: idField('车辆不正确').optional(),
  vin: z.string().trim().max(17).optional(),
  carNo: z.string().trim().max(20).optional(),
});

type TruckRow = Selectable<TruckTable>;

/** Which of a plate and a VIN another live truck of the merchant holds. */
export async function takenPlateOrVin(
  db: Kysely<Database>,
  merchantId: number,
  key: { carNo?: string; vin?: string; exceptId?: number | null },
) {
  const asked = { car_no: key.carNo, vin: key.vin } as Record<string, string | undefined>;
  const taken = await takenValues(
    db,
    merchantId,
    TRUCK_RECORD,
    TRUCK_UNIQUE,
    (column) => (asked[column] ? [asked[column]] : []),
    key.exceptId ?? undefined,
  );
  return {
    carNo: key.carNo !== undefined && Boolean(taken.get('car_no')?.has(key.carNo)),
    vin: key.vin !== undefined && Boolean(taken.get('vin')?.has(key.vin)),
  };
}

/** Checks the team, plate, VIN, driver and terminal of a truck form; answers 400 naming the field. */
async function checkTruck(db: Kysely<Database>, auth: AuthContext, form: TruckForm, id: number | null) {
  if (!(await findTeam(db, auth.scope, form.teamCode)))
    throw badInput('所属车队: 不存在或不在您的管辖范围内');
  const taken = await takenPlateOrVin(db, auth.merchantId, {
    carNo: form.carNo,
    vin: form.vin,
    exceptId: id,
  });
  if (taken.carNo) throw badInput(`车牌号: ${form.carNo} 已存在`);
  if (taken.vin) throw badInput(`车架号: ${form.vin} 已存在`);
  if (form.driverId !== null) await usableRecord(db, auth.scope, 'driver', form.driverId, '司机');
  if (form.terminalId !== null) {
    const terminal = await usableRecord(db, auth.scope, 'terminal', form.terminalId, '终端');
    const bound = await db
      .selectFrom('truck')
      .select(['id', 'car_no'])
      .where('terminal_id', '=', terminal.id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (bound && bound.id !== id)
      throw badInput(`终端: ${terminal.name} 已绑定车辆 ${bound.car_no}，请先解绑`);
  }
}

/** A terminal bound to a truck belongs to the truck's team (whoever sees the truck sees its terminal). */
export async function followTruck(tx: Kysely<Database>, terminalId: number, teamCode: string, now: number) {
  await tx
    .updateTable('terminal')
    .set({ team_code: teamCode, updated_at: now })
    .where('id', '=', terminalId)
    .execute();
}

/** The team, driver and terminal of a truck by their names, for the log. */
async function names(
  db: Kysely<Database>,
  merchantId: number,
  c: Pick<TruckColumns, 'team_code' | 'driver_id' | 'terminal_id'>,
) {
  const team = await db
    .selectFrom('team')
    .select('team_name')
    .where('merchant_id', '=', merchantId)
    .where('team_code', '=', c.team_code)
    .executeTakeFirst();
  const driver = c.driver_id
    ? await db.selectFrom('driver').select(['name', 'phone']).where('id', '=', c.driver_id).executeTakeFirst()
    : undefined;
  const terminal = c.terminal_id
    ? await db.selectFrom('terminal').select('phone').where('id', '=', c.terminal_id).executeTakeFirst()
    : undefined;
  return {
    teamCode: team?.team_name ?? c.team_code,
    driverId: driver ? `${driver.name}（${driver.phone}）` : '',
    terminalId: terminal?.phone ?? '',
  };
}

/** Runs a write; a unique index refusing it (a racing writer) answers the same 400 as the checks. */
async function uniqueGuard<T>(write: () => Promise<T>, form: TruckForm): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error))
      throw badInput(`车架号: ${form.vin} 或所选终端已被其他车辆使用，请刷新后重试`);
    throw error;
  }
}

export function registerTruckRoutes(app: FastifyInstance, ctx: AppContext, def: TruckRecord): void {
  const { tag } = def;
  const { db } = ctx;
  const now = ctx.config.now;
  const log = (
    tx: Kysely<Database>,
    auth: AuthContext,
    id: number,
    teamCode: string,
    content: string,
    at: number,
  ) => recordOperation(tx, auth, recordLog(TRUCK_RECORD, id, teamCode, content), at);

  /** One readable truck as the API gives it, by id, VIN or plate; 404 when none. */
  const readTruck = async (auth: AuthContext, key: z.output<typeof lookupQuery>) => {
    let q = readableRows(db, auth, def).select(def.selection as string[]);
    if (key.id) q = q.where('truck.id', '=', key.id);
    if (key.vin) q = q.where('truck.vin', '=', key.vin.toUpperCase());
    if (key.carNo) q = q.where('truck.car_no', '=', normalizePlate(key.carNo));
    const row = await q.executeTakeFirst();
    if (!row) throw notFound(NOT_VISIBLE);
    return def.view(row as never);
  };

  route(app, tag, {
    method: 'GET',
    url: '/v2/web/base/info/:id',
    summary: '车辆详情（含终端、司机、在线状态与最后上报时间）',
    // a waybill's form reads the driver of the truck it picked
    access: [...TRUCK_CODES, ...recordWriteCodes(WAYBILL_RECORD)],
    params: z.object({ id: idField('车辆不正确') }),
    handler: ({ auth, params }) => readTruck(auth, { id: params.id }),
  });

  route(app, tag, {
    method: 'GET',
    url: '/truck/info',
    summary: '按 id、车架号或车牌号查询一辆车',
    access: TRUCK_CODES,
    query: lookupQuery,
    handler: async ({ auth, query }) => {
      if (!query.id && !query.vin && !query.carNo) throw badInput('请指定车辆');
      return readTruck(auth, query);
    },
  });

  route(app, tag, {
    method: 'GET',
    url: '/truck/existCheck',
    summary: '车牌号或车架号是否已被本商户的其他车辆使用（编辑时传 id 排除自己）',
    access: TRUCK_CODES,
    query: lookupQuery,
    handler: async ({ auth, query }) => {
      const carNo = query.carNo ? normalizePlate(query.carNo) : undefined;
      const vin = query.vin ? query.vin.toUpperCase() : undefined;
      if (!carNo && !vin) throw badInput('请输入车牌号或车架号');
      const taken = await takenPlateOrVin(db, auth.merchantId, { carNo, vin, exceptId: query.id ?? null });
      const lines = [
        ...(taken.carNo ? [`车牌号 ${carNo} 已存在`] : []),
        ...(taken.vin ? [`车架号 ${vin} 已存在`] : []),
      ];
      return { exist: lines.length > 0, carNoExist: taken.carNo, vinExist: taken.vin, msg: lines.join('，') };
    },
  });

  /** Adds a checked truck, binding its terminal, with its log entry. */
  const addTruck = async (tx: Kysely<Database>, auth: AuthContext, form: TruckForm, at: number) => {
    const columns = truckColumns(form);
    const row = await tx
      .insertInto('truck')
      .values({ merchant_id: auth.merchantId, ...columns, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (form.terminalId !== null) await followTruck(tx, form.terminalId, form.teamCode, at);
    const named = await names(tx, auth.merchantId, columns);
    const parts = [`新增车辆 ${form.carNo}（车架号 ${form.vin}）`, `所属车队 ${named.teamCode}`];
    if (named.terminalId) parts.push(`绑定终端 ${named.terminalId}`);
    if (named.driverId) parts.push(`司机 ${named.driverId}`);
    await log(tx, auth, row.id, form.teamCode, parts.join('，'), at);
    return row.id;
  };

  /**
   * Saves a checked truck over its stored row and logs what changed; answers the terminals whose
   * binding or truck changed (the gateway re-reads them).
   */
  const editTruck = async (
    tx: Kysely<Database>,
    auth: AuthContext,
    before: TruckRow,
    form: TruckForm,
    at: number,
  ) => {
    const columns = truckColumns(form);
    await tx
      .updateTable('truck')
      .set({ ...columns, updated_at: at })
      .where('id', '=', before.id)
      .execute();
    if (form.terminalId !== null) await followTruck(tx, form.terminalId, form.teamCode, at);
    const shown = async (c: TruckColumns) => ({
      ...def.form.logFields(c),
      ...(await names(tx, auth.merchantId, c)),
    });
    const changes = describeChanges(labels, await shown(before), await shown(columns));
    const content = changes.length
      ? `修改车辆 ${form.carNo}：${changes.join('；')}`
      : `保存车辆 ${form.carNo}（无变化）`;
    await log(tx, auth, before.id, form.teamCode, content, at);
    const touched = new Set<number>();
    const moved = before.team_code !== form.teamCode || before.driver_id !== form.driverId;
    if (before.terminal_id !== form.terminalId || moved) {
      if (before.terminal_id !== null) touched.add(before.terminal_id);
      if (form.terminalId !== null) touched.add(form.terminalId);
    }
    return [...touched];
  };

  route(app, tag, {
    method: 'POST',
    url: '/truck/update',
    summary: '保存车辆：不带 id 为新增，带 id 为修改；可同时绑定终端和司机',
    access: TRUCK_CODES,
    labels,
    body: truckBody,
    handler: async ({ auth, body }) => {
      const { id, ...form } = body;
      const before = id ? ((await changeableRow(db, auth, TRUCK_RECORD, id)) as TruckRow) : undefined;
      await checkTruck(db, auth, form, id);
      const at = now();
      if (!before) {
        const newId = await uniqueGuard(
          () => db.transaction().execute((tx) => addTruck(tx, auth, form, at)),
          form,
        );
        if (form.terminalId !== null) await announceTerminals(ctx, [form.terminalId]);
        return { id: newId };
      }
      const touched = await uniqueGuard(
        () => db.transaction().execute((tx) => editTruck(tx, auth, before, form, at)),
        form,
      );
      await announceTerminals(ctx, touched);
      return { id: before.id };
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/truck/delete',
    summary: '删除车辆（可批量）；行程未结束的车辆不能删除（409 列出原因）；删除后终端解绑',
    access: TRUCK_CODES,
    labels: { id: '车辆', ids: '车辆' },
    body: z
      .object({
        id: idField('车辆不正确').optional(),
        ids: z.array(idField('车辆不正确')).max(500, '一次最多删除500辆车').optional(),
      })
      .refine((b) => b.id !== undefined || (b.ids?.length ?? 0) > 0, '请选择要删除的车辆'),
    handler: async ({ auth, body }) => {
      const ids = [...new Set([...(body.id ? [body.id] : []), ...(body.ids ?? [])])];
      const rows: TruckRow[] = [];
      for (const id of ids) rows.push((await changeableRow(db, auth, TRUCK_RECORD, id)) as TruckRow);
      const running = await db
        .selectFrom('trip')
        .select('truck_id')
        .where('truck_id', 'in', ids)
        .where('end_time', 'is', null)
        .execute();
      if (running.length > 0) {
        const busy = new Set(running.map((r) => r.truck_id));
        const plates = rows.filter((r) => busy.has(r.id)).map((r) => r.car_no);
        throw needsConfirm([
          '以下车辆行程未结束，暂不能删除：',
          plates.join('、'),
          '请在车辆停驶、行程结束后再删除。',
        ]);
      }
      const at = now();
      await db.transaction().execute(async (tx) => {
        for (const row of rows) {
          await tx
            .updateTable('truck')
            .set({ deleted_at: at, updated_at: at, terminal_id: null })
            .where('id', '=', row.id)
            .execute();
          const tid = row.terminal_id
            ? (
                await tx
                  .selectFrom('terminal')
                  .select('phone')
                  .where('id', '=', row.terminal_id)
                  .executeTakeFirst()
              )?.phone
            : undefined;
          const content = `删除车辆 ${row.car_no}（车架号 ${row.vin}）${tid ? `，解绑终端 ${tid}` : ''}`;
          await log(tx, auth, row.id, row.team_code, content, at);
        }
      });
      await announceTerminals(
        ctx,
        rows.flatMap((r) => (r.terminal_id === null ? [] : [r.terminal_id])),
      );
      return { deleted: rows.length };
    },
  });

  route(app, tag, {
    method: 'GET',
    url: '/getDriveList',
    summary: '可为车辆选择的司机（本车队及下级车队，按姓名或手机号搜索），带其当前车辆',
    access: TRUCK_CODES,
    list: true,
    query: z.object({
      pageNum: paging.pageNum,
      pageSize: paging.pageSize.default(PICK_LIST_PAGE_SIZE),
      keyword: z.string().trim().max(30).optional(),
    }),
    handler: async ({ auth, query }) => {
      let q = db
        .selectFrom('driver as d')
        .leftJoin('truck as t', (j) => j.onRef('t.driver_id', '=', 'd.id').on('t.deleted_at', 'is', null))
        .where(inScope(auth.scope, 'd'))
        .where('d.deleted_at', 'is', null);
      const keyword = query.keyword?.replace(/[%_\\]/g, '');
      if (keyword)
        q = q.where((eb) =>
          eb.or([eb('d.name', 'like', `%${keyword}%`), eb('d.phone', 'like', `%${keyword}%`)]),
        );
      const [rows, total] = await Promise.all([
        q
          .select(['d.id', 'd.name', 'd.phone', 'd.team_code', 'd.license_class', 't.car_no'])
          .orderBy('d.name')
          .orderBy('d.id')
          .limit(query.pageSize)
          .offset(pageOffset(query))
          .execute(),
        q.select((eb) => eb.fn.count<number>('d.id').distinct().as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        list: rows.map((r) => ({
          id: r.id,
          driverName: r.name,
          phone: r.phone,
          teamCode: r.team_code,
          licenseClass: r.license_class ?? '',
          carNo: r.car_no ?? '',
        })),
        total: Number(total.n),
      };
    },
  });

  route(app, tag, {
    method: 'GET',
    url: '/getTypeList',
    summary: '车辆类型（CAR_TYPE 字典：GA 802 货车与挂车类型）',
    access: TRUCK_CODES,
    handler: async () => TRUCK_TYPES.map((t) => ({ code: t.code, name: t.name })),
  });

  route(app, tag, {
    method: 'GET',
    url: '/getCarChannel',
    summary: '车辆的视频通道（通道号与名称）及终端在线状态',
    access: CHANNEL_CODES,
    query: lookupQuery,
    handler: async ({ auth, query }) => {
      if (!query.id && !query.vin && !query.carNo) throw badInput('请指定车辆');
      let q = readableRows(db, auth, def).select([
        'truck.id',
        'truck.car_no',
        'truck.vin',
        'truck.video_channels',
        'truck.channel_names',
        'tm.phone',
        'tm.video_channels as terminal_channels',
      ]);
      if (query.id) q = q.where('truck.id', '=', query.id);
      if (query.vin) q = q.where('truck.vin', '=', query.vin.toUpperCase());
      if (query.carNo) q = q.where('truck.car_no', '=', normalizePlate(query.carNo));
      const row = (await q.executeTakeFirst()) as
        | (Pick<TruckRow, 'id' | 'car_no' | 'vin' | 'video_channels' | 'channel_names'> & {
            phone: string | null;
            terminal_channels: number | null;
          })
        | undefined;
      if (!row) throw notFound(NOT_VISIBLE);
      const count = row.video_channels > 0 ? row.video_channels : (row.terminal_channels ?? 0);
      const names = (row.channel_names ?? '').split(',').map((n) => n.trim());
      return {
        id: row.id,
        carNo: row.car_no,
        vin: row.vin,
        tid: row.phone ?? '',
        online: row.phone ? ctx.telematics.isOnline(row.phone) : false,
        channels: Array.from({ length: count }, (_, i) => ({
          channel: i + 1,
          name: names[i] || `通道${i + 1}`,
        })),
      };
    },
  });
}
