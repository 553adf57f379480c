import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { badInput, notFound } from '../../http/envelope';
import { idField } from '../../http/form-fields';
import { route } from '../../http/route';
import { filteredRows, readableRows, recordViews } from '../../records/repository';
import { searchTerm } from '../monitor/vehicles.repository';
import { TRUCK_CODES } from '../trucks/truck-fields';
import { registerTerminalAuthCodeRoutes } from './auth-code.routes';
import { announceTerminals, followTerminalChanges } from './bindings';
import { registerTerminalSettingRoutes } from './terminal-settings.routes';
import {
  TERMINAL_CODES,
  TERMINAL_LABELS,
  type TerminalRecord,
  type TerminalRow,
  terminalAddBody,
  terminalEditBody,
} from './terminals.record';
import {
  bind,
  checkTerminal,
  deleteTerminal,
  findBindableTruck,
  findOwnTerminal,
  insertTerminal,
  tidGuard,
  unbind,
  updateTerminal,
} from './terminals.service';

/**
 * The terminal's own routes beside the recipe's list, export and import: its detail (whose missing
 * message is its own), the free list for the truck form, and adding, editing and deleting, which bind
 * or free trucks and tell the gateway; binding, unbinding, the auth code and the T-BOX settings.
 */
export function registerTerminalOwnRoutes(app: FastifyInstance, ctx: AppContext, def: TerminalRecord): void {
  const tag = '设备管理';
  const { db } = ctx;
  const now = ctx.config.now;
  followTerminalChanges(app, ctx);
  registerTerminalSettingRoutes(app, ctx);
  registerTerminalAuthCodeRoutes(app, ctx);

  route(app, tag, {
    method: 'GET',
    url: '/terminal/info',
    summary: '终端详情',
    access: TERMINAL_CODES,
    query: z.object({ id: idField('终端不正确') }),
    handler: async ({ auth, query }) => {
      const row = await readableRows(db, auth, def)
        .select(def.selection as string[])
        .where('terminal.id', '=', query.id)
        .executeTakeFirst();
      if (!row) throw notFound('终端不存在或无权查看');
      return (await recordViews(db, def, [row]))[0];
    },
  });

  route(app, tag, {
    method: 'GET',
    url: '/terminal/freeList',
    summary: '未绑定车辆的终端（车辆表单选择终端用），按终端手机号或终端ID搜索，最多50条',
    access: [...TERMINAL_CODES, ...TRUCK_CODES],
    list: true,
    query: z.object({ keyword: z.string().trim().max(30).optional() }),
    handler: async ({ auth, query }) => {
      let q = filteredRows(db, auth, def, { bindState: 0 });
      const keyword = searchTerm(query.keyword);
      if (keyword)
        q = q.where((eb) =>
          eb.or([eb('terminal.phone', 'like', keyword), eb('terminal.terminal_no', 'like', keyword)]),
        );
      const rows = (await q
        .select([
          'terminal.id',
          'terminal.phone',
          'terminal.terminal_no',
          'terminal.model',
          'terminal.video_channels',
        ])
        .orderBy('terminal.phone')
        .limit(50)
        .execute()) as Pick<TerminalRow, 'id' | 'phone' | 'terminal_no' | 'model' | 'video_channels'>[];
      return rows.map((r) => ({
        id: r.id,
        tid: r.phone,
        terminalNo: r.terminal_no ?? '',
        model: r.model ?? '',
        videoChannels: r.video_channels,
      }));
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/terminal/add',
    summary: '新增终端（终端手机号全平台唯一），可同时绑定车辆',
    access: TERMINAL_CODES,
    labels: TERMINAL_LABELS,
    body: terminalAddBody,
    handler: async ({ auth, body }) => {
      const { truckId, ...values } = body;
      await checkTerminal(db, auth, values);
      const truck = truckId ? await findBindableTruck(db, auth, truckId) : undefined;
      const at = now();
      const id = await tidGuard(values.tid, () =>
        db.transaction().execute(async (tx) => {
          const newId = await insertTerminal(tx, auth, values, at);
          if (truck) await bind(tx, auth, { id: newId, phone: values.tid }, truck, at);
          return newId;
        }),
      );
      await announceTerminals(ctx, [id]);
      return { id };
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/terminal/update',
    summary: '修改终端；已绑定车辆的终端属于车辆所在车队',
    access: TERMINAL_CODES,
    labels: TERMINAL_LABELS,
    body: terminalEditBody,
    handler: async ({ auth, body }) => {
      const { id, ...values } = body;
      const before = await findOwnTerminal(db, auth, id);
      await checkTerminal(db, auth, values, id);
      await tidGuard(values.tid, () =>
        db.transaction().execute((tx) => updateTerminal(tx, auth, before, values, now())),
      );
      await announceTerminals(ctx, [id]);
      return { id };
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/terminal/delete',
    summary: '删除终端（须先解绑车辆）；其终端手机号可再次使用，连接中的终端被断开',
    access: TERMINAL_CODES,
    labels: TERMINAL_LABELS,
    body: z.object({ id: idField('终端不正确') }),
    handler: async ({ auth, body }) => {
      const row = await findOwnTerminal(db, auth, body.id);
      await db.transaction().execute((tx) => deleteTerminal(tx, auth, row, now()));
      await announceTerminals(ctx, [row.id]);
      return { id: row.id };
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/terminal/bind',
    summary: '把终端绑定到车辆（一车一终端）；网关随即按新车辆接收该终端的上报',
    access: TERMINAL_CODES,
    labels: { terminalId: '终端', truckId: '绑定车辆' },
    body: z.object({ terminalId: idField('终端不正确'), truckId: idField('请选择车辆') }),
    handler: async ({ auth, body }) => {
      const terminal = await findOwnTerminal(db, auth, body.terminalId);
      if (terminal.truck_id !== null) {
        throw badInput(`终端 ${terminal.phone} 已绑定车辆 ${terminal.car_no}，请先解绑`);
      }
      const truck = await findBindableTruck(db, auth, body.truckId);
      await tidGuard(terminal.phone, () =>
        db.transaction().execute((tx) => bind(tx, auth, terminal, truck, now())),
      );
      await announceTerminals(ctx, [terminal.id]);
      return { terminalId: terminal.id, truckId: truck.id };
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/terminal/unbind',
    summary: '解除终端与车辆的绑定；网关随即不再为该车辆接收此终端的上报',
    access: TERMINAL_CODES,
    labels: { terminalId: '终端' },
    body: z.object({ terminalId: idField('终端不正确') }),
    handler: async ({ auth, body }) => {
      const terminal = await findOwnTerminal(db, auth, body.terminalId);
      await db.transaction().execute((tx) => unbind(tx, auth, terminal, now()));
      await announceTerminals(ctx, [terminal.id]);
      return { terminalId: terminal.id };
    },
  });
}
