import { OPERATE_LOG_PAGES } from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { requiredText } from '../../http/form-fields';
import { countOf } from '../../http/route';
import { pagesByIdDesc } from '../file-tasks/export-pages';
import type { ExportDef, ImportDef, ImportRowError } from '../file-tasks/file-tasks.contract';
import { registerExport, registerImport } from '../file-tasks/file-tasks.register';
import { recordOperations } from '../operate-log/changes';
import { chunks, teamLookup } from '../teams/team-lookup';
import { TERMINAL_CODES, terminalFields } from './terminal-fields';
import {
  selectTerminal,
  type TerminalFilter,
  type TerminalView,
  terminalFilter,
  terminalQuery,
  terminalView,
} from './terminals.repository';

/** POST /terminal/export: exactly the rows of the list filter, newest first. */
export function terminalExport(ctx: AppContext): ExportDef<TerminalFilter, TerminalView> {
  const connected = (tid: string) => ctx.telematics.isOnline(tid);
  return {
    url: '/terminal/export',
    method: 'POST',
    summary: '导出终端（与列表筛选条件一致）',
    access: TERMINAL_CODES,
    input: terminalFilter,
    title: '终端列表',
    columns: [
      { header: '终端手机号', width: 14, value: (r) => r.tid },
      { header: '终端ID', width: 12, value: (r) => r.terminalNo },
      { header: '终端型号', width: 12, value: (r) => r.model },
      { header: '制造商', width: 10, value: (r) => r.manufacturer },
      { header: '协议版本', width: 10, value: (r) => r.protocolVersion },
      { header: 'SIM卡号', width: 20, value: (r) => r.simNo },
      { header: '视频通道数', width: 10, value: (r) => r.videoChannels },
      { header: '所属车队', width: 18, value: (r) => r.teamName },
      { header: '绑定车辆', width: 12, value: (r) => r.carNo },
      { header: '车架号', width: 20, value: (r) => r.vin },
      { header: '在线状态', width: 10, value: (r) => (r.online ? '在线' : '离线') },
      { header: '最后上报时间', width: 20, value: (r) => r.lastReportTime },
      { header: '最后上线时间', width: 20, value: (r) => r.lastOnlineTime },
      { header: '备注', width: 24, value: (r) => r.remark },
      { header: '创建时间', width: 20, value: (r) => r.createTime },
    ],
    count: (db, auth, filter) => countOf(terminalQuery(db, auth.scope, filter)),
    rows: async function* (db, auth, filter, pageSize) {
      const pages = pagesByIdDesc(pageSize, (before) => {
        let q = terminalQuery(db, auth.scope, filter);
        if (before !== undefined) q = q.where('tm.id', '<', before);
        return selectTerminal(q).orderBy('tm.id', 'desc').limit(pageSize).execute();
      });
      for await (const rows of pages) {
        const at = ctx.config.now();
        yield rows.map((r) => terminalView(r, at, connected));
      }
    },
  };
}

const importRow = z.object({ ...terminalFields, teamCode: requiredText(36, '请填写所属车队') });
type ImportRow = z.output<typeof importRow>;

/** POST /terminal/import: new terminals (phone numbers unique everywhere); all rows or none. */
export function terminalImport(): ImportDef<ImportRow> {
  return {
    url: '/terminal/import',
    summary: '导入终端（新增）',
    access: TERMINAL_CODES,
    title: '终端',
    columns: [
      { header: '终端手机号', key: 'tid', required: true, example: '13800000001', width: 14 },
      { header: '终端ID', key: 'terminalNo', example: 'T000001', width: 12 },
      { header: '终端型号', key: 'model', example: 'FL-808A', width: 12 },
      { header: '制造商', key: 'manufacturer', example: 'FLEET', width: 10 },
      { header: '协议版本', key: 'protocolVersion', example: '2013', width: 10 },
      { header: 'SIM卡号', key: 'simNo', example: '89860000000000000001', width: 22 },
      { header: '视频通道数', key: 'videoChannels', example: '4', width: 10 },
      { header: '所属车队', key: 'teamCode', required: true, example: '干线一分队', width: 18 },
      { header: '备注', key: 'remark', width: 24 },
    ],
    row: importRow as unknown as z.ZodType<ImportRow, Record<string, string>>,
    check: async (db, auth, rows) => {
      const errors: ImportRowError[] = [];
      const lookup = await teamLookup(db, auth.scope);
      const seen = new Map<string, number>();
      const taken = new Set<string>();
      for (const part of chunks(rows, 500)) {
        const found = await db
          .selectFrom('terminal')
          .select('phone')
          .where(
            'phone',
            'in',
            part.map((r) => r.tid),
          )
          .execute();
        for (const f of found) taken.add(f.phone);
      }
      rows.forEach((r, i) => {
        const row = i + 2;
        const team = lookup(r.teamCode);
        if ('error' in team) errors.push({ row, message: team.error });
        const earlier = seen.get(r.tid);
        if (earlier) errors.push({ row, message: `终端手机号: 与第${earlier}行重复` });
        else seen.set(r.tid, row);
        if (taken.has(r.tid)) errors.push({ row, message: `终端手机号: ${r.tid} 已被其他终端使用` });
      });
      return errors;
    },
    write: async (tx, auth, rows, now) => {
      const lookup = await teamLookup(tx, auth.scope);
      for (const part of chunks(rows, 300)) {
        const added = await tx
          .insertInto('terminal')
          .values(
            part.map((r) => {
              const team = lookup(r.teamCode);
              if ('error' in team) throw new Error(team.error);
              return {
                merchant_id: auth.merchantId,
                team_code: team.teamCode,
                phone: r.tid,
                terminal_no: r.terminalNo,
                model: r.model,
                manufacturer: r.manufacturer,
                protocol_version: r.protocolVersion,
                sim_no: r.simNo,
                video_channels: r.videoChannels,
                remark: r.remark,
                created_at: now,
                updated_at: now,
              };
            }),
          )
          .returning(['id', 'phone', 'team_code'])
          .execute();
        await recordOperations(
          tx,
          auth,
          added.map((a) => ({
            pageEnum: OPERATE_LOG_PAGES.terminal,
            dataId: a.id,
            teamCode: a.team_code,
            content: `导入新增终端 ${a.phone}`,
          })),
          now,
        );
      }
    },
  };
}

export function registerTerminalSheets(app: FastifyInstance, ctx: AppContext): void {
  registerExport(app, '设备管理', terminalExport(ctx));
  registerImport(app, '设备管理', terminalImport());
}
