import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { importSelectionError, readableInBrowser } from './importRules';
import { plainCellValue, readFirstSheet } from './readSheet';

describe('import file checks', () => {
  it('takes a single .xlsx or .xls file by default', () => {
    expect(importSelectionError([{ name: '车辆.xlsx' }])).toBeNull();
    expect(importSelectionError([{ name: 'OLD.XLS' }])).toBeNull();
    expect(importSelectionError([])).toBeNull();
  });

  it('refuses several files: 仅支持单个文件上传!', () => {
    expect(importSelectionError([{ name: 'a.xlsx' }, { name: 'b.xlsx' }])).toBe('仅支持单个文件上传!');
  });

  it('refuses other suffixes, naming the accepted ones', () => {
    expect(importSelectionError([{ name: 'a.csv' }])).toBe('仅支持后缀为 .xlsx,.xls 的文件!');
    expect(importSelectionError([{ name: 'a.xls' }], ['.xlsx'])).toBe('仅支持后缀为 .xlsx 的文件!');
  });

  it('reads only .xlsx in the browser', () => {
    expect(readableInBrowser('a.xlsx')).toBe(true);
    expect(readableInBrowser('a.xls')).toBe(false);
  });
});

async function workbookBytes(build: (book: ExcelJS.Workbook) => void): Promise<ArrayBuffer> {
  const book = new ExcelJS.Workbook();
  build(book);
  const buffer = await book.xlsx.writeBuffer();
  return new Uint8Array(buffer as ArrayBuffer).slice().buffer;
}

describe('readFirstSheet', () => {
  it('gives the rows of the first sheet keyed by the headers of row 1', async () => {
    const data = await workbookBytes((book) => {
      const sheet = book.addWorksheet('车辆');
      sheet.addRow(['车牌号', '载重(吨)', '入网日期', '备注']);
      sheet.addRow([
        '京A12345',
        49,
        new Date(Date.UTC(2024, 2, 1)),
        { richText: [{ text: '冷' }, { text: '链' }] },
      ]);
      sheet.addRow([]);
      sheet.addRow(['京B54321', { formula: '10+20', result: 30 }, null, '  ']);
      book.addWorksheet('其他').addRow(['不读']);
    });
    expect(await readFirstSheet(data)).toEqual([
      { 车牌号: '京A12345', '载重(吨)': 49, 入网日期: '2024-03-01', 备注: '冷链' },
      { 车牌号: '京B54321', '载重(吨)': 30, 入网日期: null, 备注: '' },
    ]);
  });

  it('gives no rows for a sheet with headers only', async () => {
    const data = await workbookBytes((book) => book.addWorksheet('a').addRow(['车牌号']));
    expect(await readFirstSheet(data)).toEqual([]);
  });

  it('rejects a file that is no workbook', async () => {
    await expect(readFirstSheet(new TextEncoder().encode('not a workbook').buffer)).rejects.toThrow();
  });

  it('reduces cell values to plain data', () => {
    expect(plainCellValue(new Date(Date.UTC(2024, 0, 2, 8, 30, 0)))).toBe('2024-01-02 08:30:00');
    expect(plainCellValue({ text: '链接', hyperlink: 'http://x' })).toBe('链接');
    expect(plainCellValue({ error: '#N/A' })).toBeNull();
    expect(plainCellValue(true)).toBe(true);
  });
});
