import ExcelJS from 'exceljs';
import type { ImportDef } from './file-tasks.contract';
import { DEFAULT_COLUMN_WIDTH } from './sheet-writer';

const RED = { argb: 'FFFF0000' };

/**
 * The import template of a feature: sheet 1 holds only the header row (required columns in red,
 * each with a note giving an example), so nothing in it is imported by mistake; sheet 2 (填写说明)
 * lists every column, whether it is required and an example value.
 */
export async function templateBuffer(def: Pick<ImportDef<unknown>, 'title' | 'columns'>): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.created = new Date();
  const sheet = book.addWorksheet(def.title.slice(0, 31) || '导入数据');
  sheet.columns = def.columns.map((c) => ({ header: c.header, width: c.width ?? DEFAULT_COLUMN_WIDTH }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  def.columns.forEach((column, i) => {
    const cell = header.getCell(i + 1);
    if (column.required) cell.font = { bold: true, color: RED };
    const note = [column.required ? '必填' : '选填', column.example ? `例如：${column.example}` : '']
      .filter(Boolean)
      .join('，');
    cell.note = note;
  });
  sheet.views = [{ state: 'frozen', ySplit: 1 }];

  const help = book.addWorksheet('填写说明');
  help.columns = [
    { header: '列名', width: 20 },
    { header: '是否必填', width: 10 },
    { header: '示例', width: 30 },
  ];
  help.getRow(1).font = { bold: true };
  for (const column of def.columns)
    help.addRow([column.header, column.required ? '是' : '否', column.example ?? '']);
  help.addRow([]);
  help.addRow(['说明：在第一个工作表中从第2行起逐行填写，不要留空行，不要修改表头；只导入第一个工作表。']);
  return Buffer.from(await book.xlsx.writeBuffer());
}
