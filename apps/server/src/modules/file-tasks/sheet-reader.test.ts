import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { cellText, cellValue, NO_FORMULA_RESULT, readFirstSheet } from './sheet-reader';
import { checkZip } from './zip-guard';

async function read(build: (book: ExcelJS.Workbook) => void, maxRows = 100) {
  const book = new ExcelJS.Workbook();
  build(book);
  const parts = await checkZip(Buffer.from(await book.xlsx.writeBuffer()));
  return readFirstSheet(parts, maxRows);
}

describe('reading the first sheet of an upload', () => {
  it('gives cell texts: shared strings, numbers, dates, rich text, formulas, hyperlinks', async () => {
    const sheet = await read((book) => {
      const hidden = book.addWorksheet('隐藏');
      hidden.state = 'hidden';
      hidden.addRow(['不读']);
      const ws = book.addWorksheet('车辆');
      ws.addRow(['车牌号', '入网日期', '载重', '备注']);
      ws.getColumn(2).numFmt = 'yyyy-mm-dd';
      ws.addRow([
        ' 京A12345 ',
        new Date(Date.UTC(2024, 2, 1)),
        { formula: '10+20', result: 30 },
        { richText: [{ text: '冷' }, { text: '链' }] },
      ]);
      ws.addRow([
        '京B54321',
        new Date(Date.UTC(2024, 2, 1, 8, 30)),
        49.5,
        { text: '链接', hyperlink: 'http://x' },
      ]);
      book.addWorksheet('其他').addRow(['不读']);
    });
    expect(sheet).toEqual({
      headers: [undefined, '车牌号', '入网日期', '载重', '备注'],
      rows: [
        { row: 2, cells: [undefined, '京A12345', '2024-03-01', '30', '冷链'], problems: [] },
        { row: 3, cells: [undefined, '京B54321', '2024-03-01 08:30:00', '49.5', '链接'], problems: [] },
      ],
    });
  });

  it('keeps Chinese text whole where it straddles two unpacked chunks', async () => {
    const names = Array.from(
      { length: 6000 },
      (_, i) => `蒙B${String(i).padStart(5, '0')}鄂尔多斯东胜区装货点${i}`,
    );
    const sheet = await read((book) => {
      const ws = book.addWorksheet('站点');
      ws.addRow(['站点名称', '备注']);
      for (const name of names) ws.addRow([name, `${name}备注`]);
    }, 10_000);
    expect(sheet?.rows.map((r) => r.cells[1])).toEqual(names);
    expect(sheet?.rows.map((r) => r.cells[2])).toEqual(names.map((n) => `${n}备注`));
  });

  it('stops at the row limit', async () => {
    const build = (book: ExcelJS.Workbook) => {
      const ws = book.addWorksheet('a');
      for (let i = 0; i < 6; i++) ws.addRow([`r${i}`]);
    };
    expect((await read(build, 5))?.rows).toHaveLength(5);
    await expect(read(build, 4)).rejects.toThrow('more than 4 rows');
  });

  it('reads formulas by their saved result, dates as dates, and refuses formulas without one by column', async () => {
    const sheet = await read((book) => {
      const ws = book.addWorksheet('a');
      ws.addRow(['日期', '数量', '链接', '错误']);
      ws.getColumn(1).numFmt = 'yyyy-mm-dd';
      ws.addRow([
        { formula: 'DATE(2024,3,1)', result: new Date(Date.UTC(2024, 2, 1)) },
        { formula: '10+20', result: 30 },
        { text: { richText: [{ text: '链' }, { text: '接' }] }, hyperlink: 'http://x' },
        'x',
      ]);
      ws.addRow([{ formula: 'TODAY()' }, { formula: 'B2*2' }, '', { error: '#N/A' }]);
    });
    expect(sheet?.rows).toEqual([
      { row: 2, cells: [undefined, '2024-03-01', '30', '链接', 'x'], problems: [] },
      {
        row: 3,
        cells: [undefined, '', '', undefined, ''],
        problems: [
          { column: 1, message: NO_FORMULA_RESULT },
          { column: 2, message: NO_FORMULA_RESULT },
          { column: 4, message: expect.stringContaining('#N/A') },
        ],
      },
    ]);
    expect(JSON.stringify(sheet)).not.toContain('[object Object]');
  });

  it('refuses what has no readable value, never giving [object Object]', () => {
    expect(cellValue({ formula: 'A1' })).toEqual({ problem: NO_FORMULA_RESULT });
    expect(cellValue({ sharedFormula: 'A1', result: 7 })).toBe('7');
    expect(cellValue({ formula: 'A1', result: 45352 }, 'yyyy-mm-dd')).toBe('2024-03-01');
    expect(cellValue({ formula: 'A1', result: 45352 }, '0.00')).toBe('45352');
    expect(cellValue({ text: { richText: [{ text: '甲' }] }, hyperlink: 'http://x' })).toBe('甲');
    expect(cellValue({ some: 'object' })).toEqual({ problem: '无法读取的单元格内容' });
  });

  it('reduces odd values to text', () => {
    expect(cellText(null)).toBe('');
    expect(cellText(true)).toBe('TRUE');
    expect(cellText(Number.NaN)).toBe('');
    expect(cellText({ error: '#N/A' })).toBe('');
    expect(cellText(13800138000)).toBe('13800138000');
  });
});
