import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

export interface XlsxColumn<T> {
  header: string;
  width: number;
  value: (row: T, index: number) => string | number | boolean | null;
}

/** A one-sheet workbook: a bold header row, then a row an item. */
export async function xlsxBuffer<T>(sheet: string, columns: readonly XlsxColumn<T>[], rows: readonly T[]) {
  const book = new ExcelJS.Workbook();
  book.created = new Date();
  const ws = book.addWorksheet(sheet);
  ws.columns = columns.map((c) => ({ header: c.header, width: c.width }));
  ws.getRow(1).font = { bold: true };
  rows.forEach((row, i) => {
    ws.addRow(columns.map((c) => c.value(row, i) ?? ''));
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Answers an .xlsx download named `fileName`. */
export function sendXlsx(reply: FastifyReply, fileName: string, buffer: Buffer): FastifyReply {
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .send(buffer);
}
