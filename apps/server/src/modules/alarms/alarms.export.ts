import { PassThrough } from 'node:stream';
import { durationText } from '@fleet/domain';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../app-context';
import type { AuthContext } from '../../http/auth';
import { badInput } from '../../http/envelope';
import { XLSX_TYPE } from '../monitor/xlsx';
import { type AlarmFilter, countAlarms, iterateAlarms } from './alarms.repository';
import { type AlarmView, alarmView } from './alarms.view';

/** An export holds at most this many rows; above it the user is asked to narrow the search. */
export const EXPORT_MAX_ROWS = 100_000;

export interface AlarmExportColumn {
  header: string;
  width?: number;
  value: (row: AlarmView) => string | number | null | undefined;
}

const unknownDriver = (name: string) => (name === '' || name === '未知' ? '未知司机' : name);

/** Columns every alarm export starts with, in the order of the list. */
export const BASE_COLUMNS: readonly AlarmExportColumn[] = [
  { header: '车牌号', width: 12, value: (r) => r.carNo },
  { header: 'VIN', width: 20, value: (r) => r.vin },
  { header: '所属车队', width: 16, value: (r) => r.teamName },
  { header: '司机', width: 10, value: (r) => unknownDriver(r.driverName) },
  { header: '报警类型', width: 16, value: (r) => r.eventName },
  { header: '报警等级', width: 10, value: (r) => r.levelName },
  { header: '开始时间', width: 20, value: (r) => r.startTime },
  { header: '结束时间', width: 20, value: (r) => r.endTime || '持续中' },
  { header: '持续时长', width: 16, value: (r) => durationText(r.duration) },
  { header: '速度(km/h)', width: 10, value: (r) => r.speed },
  { header: '经度', width: 12, value: (r) => r.longitude },
  { header: '纬度', width: 12, value: (r) => r.latitude },
];

/** Columns every alarm export ends with: the handling record. */
export const HANDLE_COLUMNS: readonly AlarmExportColumn[] = [
  { header: '处理状态', width: 10, value: (r) => r.handleStatusName },
  { header: '处理方式', width: 14, value: (r) => r.handleTypeName },
  { header: '处理备注', width: 24, value: (r) => r.handleRemark },
  { header: '处理人', width: 10, value: (r) => r.handlerName },
  { header: '处理时间', width: 20, value: (r) => r.handleTime },
];

function fileHeader(fileName: string): string {
  return `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Answers an .xlsx of exactly the rows the filter selects, in list order, written as the rows are
 * read (ExcelJS streaming writer, batches of 1,000), so memory stays flat however many rows there are.
 * Over EXPORT_MAX_ROWS the answer is a 400 asking to narrow the search, before anything is sent.
 */
export async function sendAlarmExport(
  ctx: AppContext,
  auth: AuthContext,
  reply: FastifyReply,
  options: { title: string; filter: AlarmFilter; columns: readonly AlarmExportColumn[] },
): Promise<FastifyReply> {
  const count = await countAlarms(ctx.db, auth.scope, options.filter, EXPORT_MAX_ROWS);
  if (count > EXPORT_MAX_ROWS) {
    throw badInput(`导出数据超过${EXPORT_MAX_ROWS}条，请缩小查询范围后再导出`);
  }
  const now = ctx.config.now();
  const out = new PassThrough();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  book.created = new Date(now);
  const sheet = book.addWorksheet(options.title);
  sheet.columns = options.columns.map((c) => ({ header: c.header, width: c.width ?? 16 }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  const write = async () => {
    for await (const batch of iterateAlarms(ctx.db, auth.scope, options.filter)) {
      for (const row of batch) {
        const view = alarmView(row, now);
        sheet.addRow(options.columns.map((c) => c.value(view) ?? '')).commit();
      }
    }
    sheet.commit();
    await book.commit();
  };
  write().catch((error: unknown) => {
    reply.log.error({ err: error }, 'alarm export failed');
    out.destroy(error as Error);
  });
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', fileHeader(`${options.title}.xlsx`))
    .send(out);
}
